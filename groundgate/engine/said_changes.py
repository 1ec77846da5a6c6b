"""A change the answer states beside the two values it is the change of (policy `said_changes`
"same_sentence", gate 2.66.0, d838).

People write a one-step calculation in words as often as with "=": "The effective tax rate
changed from 20% in FY2021 to 23% in FY2022, an increase of 3 percentage points", "Gross profit
decreased by 3% from $2,820 million in FY2022 to $2,725 million in FY2023", "revenue of $23.6
billion in 2022, up 44% from $16.4 billion in 2021". Like a calculation written out
(written.py, d412), such a value is no figure of the evidence and no coincidence either: its
operands are two values the same sentence states (each checked as a value on its own), and
the arithmetic can be checked. Here a value is the result of such a change when:
  - a change word stands right before it, after the value before it, with at most three
    words such as "of", "by", "approximately" between ("an increase of 3 percentage points",
    "up 44%", "decreased by 3%"; _CUE: "up from $6.8 billion" and "increased to" name an
    operand, not a change);
  - two other values of the sentence that no change word precedes so (the operands), of one
    unit, neither a year, a date, a time nor a bare one-digit number (a list's "(1)", "(2)"),
    give it at its own precision (rounded, or cut at two significant digits and more), as
      - the points between two percentages (a value in "%" or "percentage points");
      - the difference of two amounts or counts (the value in their unit);
      - the percentage change of two amounts or counts (a value in "%"), of either of them;
  - it is neither operand's figure; a sentence of more than eight values (a table pasted as
    one sentence) states no change.
The operands are checked as values of their own, so the result is accepted only beside them;
three values of which each is the change of the other two ("improved by ~13% from 143% to
156%") give the change word's value alone. The sign is the words', not the figure's ("a
decrease of 3%" is written 3%). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from groundgate.engine.numbers import NumericValue
from groundgate.engine.quantities import Quantity
from groundgate.engine.sentences import split_sentences

_CHANGE_WORDS = re.compile(
    r"(?i)\b(?:increas|decreas|up\b|down\b|grew|grow|rose|rise|risen|fell|fall|fallen|declin"
    r"|drop|chang|improv|deteriorat|expand|contract|shrank|shrink|decelerat|accelerat|jump"
    r"|climb|gain|reduc|lower|higher)"
)
# A change word right before the result, with at most three of these words between: "an
# increase of 3 percentage points", "up 44%", "decreased by 3%", "a growth of approximately 7%".
_CUE = re.compile(
    rf"(?:{_CHANGE_WORDS.pattern[4:]})[\w-]*\s+(?:(?:of|by|approximately|about|around|roughly"
    r"|nearly|some|just|only|marginally|slightly|almost|over|a|an|~)\s*){0,3}$",
    re.IGNORECASE,
)
_CUE_SPAN = 64
_NO_OPERAND = frozenset(("date", "time", "identifier", "range", "score", "ordinal"))
_PERCENT = "%"
_POINTS = "pp"
# The most values one sentence may hold for its pairs to be tried (a table pasted as one
# "sentence" is no statement of a change).
_MAX_VALUES = 8


def _amount(q: Quantity) -> float | None:
    if q.figure is None or q.kind in _NO_OPERAND or q.is_year():
        return None
    return float(q.figure) * (-1.0 if q.negative else 1.0) * 10.0**q.magnitude


def _agrees(computed: float, result: Quantity) -> bool:
    """`computed` (in units, any magnitude) written as `result` at its own precision: rounded,
    or (two significant digits and more) cut towards zero; sizes compared (the sentence's
    words give the direction)."""
    if result.figure is None:
        return False
    written = abs(float(result.figure))
    value = abs(computed) / 10.0**result.magnitude
    unit = 10.0 ** (-result.decimals)
    if abs(value - written) <= unit / 2 * (1 + 1e-9):
        return True
    if len(result.significant_digits) < 2:
        return False
    return written <= value < written + unit * (1 - 1e-9)


def said_changes(
    text: str, values: Sequence[NumericValue], quantities: Sequence[Quantity]
) -> dict[tuple[int, int], tuple[str, tuple[tuple[int, int], ...]]]:
    """The values of `text` that are the change of two other values of their sentence: by
    span, (the calculation as a formula, the two operands' spans)."""
    out: dict[tuple[int, int], tuple[str, tuple[tuple[int, int], ...]]] = {}
    if not values:
        return out
    for sentence in split_sentences(text):
        inside = [
            k for k, v in enumerate(values) if sentence.start <= v.start and v.end <= sentence.end
        ]
        if len(inside) < 3 or len(inside) > _MAX_VALUES:
            continue
        cued = [k for k in inside if _cued(text, values, k, sentence.start)]
        operands = [k for k in inside if k not in cued and not _enumerator(quantities[k])]
        for k in cued:
            found = _change_of(text, values, quantities, k, operands)
            if found is not None:
                out[values[k].start, values[k].end] = found
    return out


def _enumerator(q: Quantity) -> bool:
    """A bare one-digit whole number: a list's "(1)", "2)", no operand of a change."""
    return not q.unit and not q.magnitude and q.decimals == 0 and abs(float(q.figure or 0)) < 10


def _cued(text: str, values: Sequence[NumericValue], k: int, start: int) -> bool:
    """Whether a change word stands right before the k-th value, after the value before it."""
    if k:
        start = max(start, values[k - 1].end)
    start = max(start, values[k].start - _CUE_SPAN)
    return _CUE.search(text[start : values[k].start]) is not None


def _change_of(
    text: str,
    values: Sequence[NumericValue],
    quantities: Sequence[Quantity],
    k: int,
    others: list[int],
) -> tuple[str, tuple[tuple[int, int], ...]] | None:
    result = quantities[k]
    if result.figure is None or result.kind in _NO_OPERAND or result.is_year():
        return None
    percent = result.unit == _PERCENT
    points = result.unit == _POINTS
    for a_pos, i in enumerate(others):
        for j in others[a_pos + 1 :]:
            qa, qb = quantities[i], quantities[j]
            a, b = _amount(qa), _amount(qb)
            if a is None or b is None or qa.unit != qb.unit or a == b:
                continue
            if float(qa.figure or 0) == float(result.figure) or float(qb.figure or 0) == float(
                result.figure
            ):
                continue
            first, second = (i, j) if values[i].start < values[j].start else (j, i)
            fa = _amount(quantities[first]) or 0.0
            fb = _amount(quantities[second]) or 0.0
            formula: str | None = None
            if qa.unit == _PERCENT:
                if (percent or points) and _agrees(fb - fa, result):
                    formula = f"{values[second].text} − {values[first].text}"
            elif qa.unit != _POINTS:
                if percent:
                    for base, other in ((first, second), (second, first)):
                        size = _amount(quantities[base]) or 0.0
                        if size and _agrees(
                            ((_amount(quantities[other]) or 0.0) - size) / size * 100, result
                        ):
                            formula = (
                                f"({values[other].text} − {values[base].text}) / "
                                f"{values[base].text} × 100"
                            )
                            break
                elif not points and result.unit == qa.unit and _agrees(fb - fa, result):
                    formula = f"{values[second].text} − {values[first].text}"
            if formula is not None:
                spans = (
                    (values[first].start, values[first].end),
                    (values[second].start, values[second].end),
                )
                return f"{formula} ≈ {values[k].text}", spans
    return None
