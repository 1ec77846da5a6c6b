"""An aggregate of cells all printed negative, stated by its size (policy `aggregate_signs:
"sizes_alike"`, gate 2.62.0, d796).

derivations.explain reads a pair of cells both printed negative as their sizes as well as
signed (d380): "(5,940) and (598)" average 3,269 or -3,269, as a report's reader says "the
average interest expense was 3,269". aggregates.py's sums and averages of three cells or more
(the named row across the named periods, the named rows down one column) compared only the
signed result, so "the average losses recognized ... across the 3 year period was 236" of
"(64)  (255)  (389)" was refused while the same row's two-year average was accepted. This
module gives the aggregates the pair's reading, and only it:
  - every cell of the set is printed negative (a set of mixed signs keeps its one signed
    result: "5,121 + (5,946) + 17,592" is no size of anything);
  - the value is stated without a sign: the size of the signed result (a value stated
    negative is compared signed, as before);
  - the cells are the set aggregates.py already chose (named rows, named periods, the named
    operation): no other set is searched.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence


def sized_results(signed: Sequence[float], stated_negative: bool) -> bool:
    """Whether an aggregate of `signed` (the cells with their printed signs) may also be
    compared by its size: every cell printed negative and the value stated without a sign."""
    return bool(signed) and not stated_negative and all(v < 0 for v in signed)
