"""The evidence values a value may be (policy context_candidates, d704).

A value grounded by a rounding - "87.65亿元" for the cell 8,765,432,100.00 of a table in 元,
"$4.6 billion" for 4,625 in millions - was not judged by the context rule (gate 2.50.0): the
evidence value the equivalence found is one of those near it, so its row alone says nothing
about the answer's. Chinese answers restate a report's 元 figures in 亿元 or 万元 to two
decimals almost always, so another row's or another year's figure so restated passed. Here the
value is judged by every evidence value that rounds to it as the one found does (the same
written form, the same sign, the same power of ten between them): it is out of context when
each of them is. And where the answer gives the value's sign in words ("投资损失2,345.68万元",
"decreased 5%"), a value of the other sign may be it too (the sign equivalence's reading), so
its cells are judged with those of the sign found. "zh_clauses" (the default) reads so only a
value said in a Chinese clause (the form the labelled sets do not hold, d647); "every_candidate"
any value (selectable: on FinanceBench's one-cell-a-line pages a rounded figure's row is often
misread, and right answers were refused). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation
from typing import TYPE_CHECKING, NamedTuple

from groundgate.engine.context.chunk_headers import Parts, evidence_seen
from groundgate.engine.context.excerpt_index import _Seen
from groundgate.engine.context.facts import Fact, TableReading
from groundgate.engine.findings import Finding
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.values.typed import typed

# The rule of the equivalence this module widens the context rule to (values/rules.py).
ROUNDED = "rounded"
if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence

CJK = re.compile(r"[\u4e00-\u9fff]")  # a Chinese character (also plain_negatives)
_WINDOW = 12  # the characters before a value that tell its clause's language


def said_in_chinese(conclusion: str, start: int) -> bool:
    """Whether the value at `start` is said in a Chinese clause (a CJK character just before)."""
    return CJK.search(conclusion, max(0, start - _WINDOW), start) is not None


class Step(NamedTuple):
    """How the answer's value rounds the evidence's: `wanted` is the answer's figure at the
    evidence's scale, `step` the answer's last digit there; `shape` is how the evidence value
    that grounded it is written (its kind, magnitude and sign), which a candidate shares."""

    wanted: Decimal
    step: Decimal
    shape: tuple[str, int]
    negative: bool
    digits: str  # the leading significant digits every candidate starts with


def rounding_step(answer: NumericValue, source_text: str, padded: bool = False) -> Step | None:
    """The rounding that took the evidence value `source_text` to `answer` (None: none found,
    or a value of no figure). `padded` (padded_decimals "written_first", d831): where none is
    at the decimals written, one at the answer's last nonzero decimal ("1.70亿元" grounded as
    1.7 by 165,000,000.00, cents_zeros "scaled_padding")."""
    found = extract_numbers(source_text)
    if not found:
        return None
    a, e = typed(answer), typed(found[0])
    if a.figure is None or e.figure is None or not a.figure or not e.figure:
        return None
    base = e.figure.adjusted() - a.figure.adjusted()
    decimals = [a.decimals]
    if padded and a.decimals:
        zeros = len(a.digits) - len(a.digits.rstrip("0"))
        decimals.append(max(0, a.decimals - zeros))
    for places in dict.fromkeys(decimals):
        for shift in (base, base - 1, base + 1):
            step = Decimal(1).scaleb(shift - places)
            wanted = a.figure.scaleb(shift)
            if _rounds(e.figure, step, wanted):
                significant = a.digits.lstrip("0").rstrip("0")
                return Step(wanted, step, (e.kind, e.magnitude), e.negative, significant[:-1])
    return None


def rounding_facts(
    step: Step, facts: list[Fact], needle: str, either_sign: bool = False
) -> Iterator[Fact]:
    """The facts other than those of quantity `needle` (the exact path finds them) whose value
    is written as the grounding one and rounds to the answer's as it does (`either_sign`: of
    either sign, else of the grounding one's)."""
    for fact in facts:
        quantity = fact.value.quantity
        if quantity == needle:
            continue
        digits = "".join(ch for ch in quantity if ch.isdigit()).lstrip("0")
        if not digits.startswith(step.digits):
            continue
        q = typed(fact.value)
        if q.figure is None or (q.kind, q.magnitude) != step.shape:
            continue
        if q.negative != step.negative and not either_sign:
            continue
        if _rounds(q.figure, step.step, step.wanted):
            yield fact


def _rounds(figure: Decimal, step: Decimal, wanted: Decimal) -> bool:
    try:
        return wanted in (
            figure.quantize(step, rounding=ROUND_HALF_UP),
            figure.quantize(step, rounding=ROUND_HALF_EVEN),
        )
    except InvalidOperation:
        return False


def candidate_matches(
    read: dict[tuple[int, bool], _Seen],
    accepted: list[tuple[int, Evidence]],
    value: NumericValue,
    finding: Finding | None,
    needle: str,
    with_periods: bool,
    reading: TableReading,
    either_sign: bool,
    parts: Parts | None = None,
) -> list[tuple[int, Fact, _Seen]]:
    """The facts of the accepted excerpts other than the needle's that `value` may be: that
    round to it as the evidence value that grounded it does, of either sign with `either_sign`
    (rounded_cells.py, d704). Excerpts read on need (`parts`: with their chunk's header, as
    the context rule reads them, d940)."""
    source = getattr(finding, "grounded_by", None) if finding is not None else None
    step = rounding_step(
        value, source.text if source is not None else value.text, reading.padded_steps
    )
    if step is None:
        return []
    out: list[tuple[int, Fact, _Seen]] = []
    for index, evidence in accepted:
        key = (index, with_periods)
        seen = read.get(key)
        if seen is None:
            part = parts.get(index) if parts else None
            seen = read[key] = evidence_seen(evidence.excerpt, with_periods, reading, part)
        found = rounding_facts(step, seen.facts, needle, either_sign)
        out.extend((index, f, seen) for f in found)
    return out
