"""A written result said again, rounded: "... / 3 = 10.28%" then "... rounded to one decimal
place, is 10.3%" (policy `restated_results` "rounded", gate 2.57.0, d758).

People show their working at full precision and then give the figure the question asks for, at
the precision it asks for ("Answer in units of percents and round to one decimal place"). The
second figure is no new claim about the evidence: it is the result of the calculation the answer
wrote out, rounded. written.py restates a result said again with the same figure; this module
also takes a later value that the result rounds to at the later value's own precision (half a
unit of its last digit, either way), of the same kind, unit and sign, and coarser than the
result. A later value with no decimal and one significant digit ("1" after "= 1.00447") is of too
many roundings to say which it restates, and is not taken. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from groundgate.engine.numbers import NumericValue
from groundgate.engine.quantities import Quantity

if TYPE_CHECKING:  # written.py imports this module (no import cycle at run time)
    from groundgate.engine.written import Written

_KINDS = frozenset(("count", "amount", "percent", "permille"))


def rounded_restatements(
    values: Sequence[NumericValue],
    quantities: Sequence[Quantity],
    out: dict[tuple[int, int], Written],
    make: type[Written],
) -> None:
    """Adds to `out` (written results by span) each later value that an earlier result rounds
    to, as that result's calculation with the rounding shown ("... = 10.28% ≈ 10.3%")."""
    results: list[tuple[Quantity, Written]] = []
    for k, v in enumerate(values):
        written = out.get((v.start, v.end))
        q = quantities[k]
        if written is not None:
            results.append((q, written))
            continue
        if not results or not _may_restate(q):
            continue
        for result, by in reversed(results):  # the nearest result before it
            if _rounds_to(result, q):
                out[v.start, v.end] = make(
                    formula=f"{by.formula} ≈ {v.text.strip()}", operands=by.operands
                )
                break


def _may_restate(q: Quantity) -> bool:
    return (
        q.kind in _KINDS
        and q.figure is not None
        and not q.is_year()
        and (q.decimals > 0 or len(q.significant_digits) >= 2)
    )


def _rounds_to(result: Quantity, q: Quantity) -> bool:
    """Whether `result` rounded at `q`'s precision is `q` (kind, unit and sign alike)."""
    if (
        result.kind != q.kind
        or result.unit != q.unit
        or result.negative != q.negative
        or result.figure is None
        or q.figure is None
    ):
        return False
    step = Decimal(1).scaleb(q.magnitude - q.decimals)  # a unit of q's last digit
    if step <= Decimal(1).scaleb(result.magnitude - result.decimals):
        return False  # not coarser: the same figure is written.py's restatement
    got, said = result.number, q.number
    assert got is not None and said is not None  # (figures checked above)
    return abs(got - said) * 2 <= step
