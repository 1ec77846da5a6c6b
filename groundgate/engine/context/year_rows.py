"""A table whose years are its row labels (policy `year_rows: "transposed"`, gate 2.26.0).

A schedule of payments prints a year a line under a header of quantities:

    Operating Leases  Finance Leases
    2021  $138  $6
    2022  135  6

Read as rows labelled by a year, each cell would be about "2021" and have no column. It is the
table printed turned: the cell 138 is the row "Operating Leases" (what the value is about, the
header part over it) in the column "2021" (its period), as it would be in a table printed
"Operating Leases  138  135" under "2021  2022". So every rule that binds a value to its row and
its period (grounding's row and period rules, a change of one row across two named years, a sum
or an average of one row across the named years) reads it without knowing the table was turned.

Only a line of values alone whose first value is a year at the line's start is read so, under a
header line of as many parts as the line has cells after the year (two or more; a dash, "—", is
a blank cell) and whose parts name no period; any other line is read as before. A range of
years ("2020 – 2024  381  697") is not: an answer that names it names two years, and a change
across two named years is of one row.

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.rows import LETTER, Line, row_slots
from groundgate.engine.numbers import NumericValue

_YEAR = re.compile(r"(?:19|20)\d\d")


def _year_label(v: NumericValue) -> bool:
    """A year ("2021") standing as a row's label. A range of years ("2020 – 2024") is not read
    so: an answer naming it names two years, which would bind a change across them."""
    return v.kind in ("number", "date") and bool(_YEAR.fullmatch(v.quantity))


def year_row_heads(line: Line, header: list[list[str]]) -> list[tuple[str, NumericValue]] | None:
    """Each cell of a row line labelled by a year, with the header part over it (the row the
    cell is about); None when the line is no such row: not values alone, its first value no
    year at the line's start, fewer than two cells, or no header line (of the last four) of as
    many parts naming no period."""
    values = line.values
    if len(values) < 2 or LETTER.search(line.text) or not _year_label(values[0]):
        return None
    if line.text[: values[0].start].strip():
        return None  # "$2021  ...": an amount, not a label
    _, slots = row_slots(line, 1)
    n = len(values) - 1 if slots is None else slots[1]
    at = list(range(n)) if slots is None else slots[0]
    if n < 2:
        return None
    if any(_year_label(v) for v in values[1:]):
        return None  # "2019 $’000  2018 $’000": a header of years, not a row of one
    heads: list[list[str]] = []
    exact = False
    for parts in header[-4:]:
        # Each header line of as many parts, or of one more (the label column's own head,
        # "Fiscal Year  Leases  Leases" under "Ground  Building"), names the cells under it.
        if len(parts) in (n, n + 1) and not any(periods_in(p) for p in parts[-n:]):
            heads.append(parts[-n:])
            exact = exact or len(parts) == n
    if not exact:
        return None
    return [(" ".join(h[k] for h in heads), v) for k, v in zip(at, values[1:], strict=True)]
