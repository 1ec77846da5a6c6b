"""The calculations an answer writes out: "(509 / 11,303) * 100 = 4.5%" holds its own operands.

People show their working: "($87,896 million + $87,270 million) / 2 = $87,583 million", "4.3% -
4.1% = 0.2%", "(15.0% + 4.5% + 11.4%) / 3 = 10.3%", "$3,049 million / $62,286 million ≈ 4.89%",
"（120 − 100）÷ 100 ＝ 20%". The result of such a written calculation is no figure of the evidence
and no coincidence either: its operands are the ones the answer names (each of them checked as a
value on its own), and the arithmetic can be checked. This module reads those calculations -
values joined by + - * / × ÷ x and brackets alone, then "=", "≈" or "＝" and one value - and
says which values are results whose arithmetic holds (policy `written_calculations`, d412).

A result holds when the written expression gives it at the result's own precision, rounded or
cut ("34.63%" for 34.636%: models cut as often as they round), with the figures read as written
or with their magnitudes ("$5,466,312 thousand / 1,000 = $5,466.312 million"), percentages as
written or as fractions, and a ratio shown as a percentage ("≈ 4.89%" for 0.04895). A result of
one significant digit is held to rounding alone. A later mention of the same result ("... is
4.89%") restates it. Years, dates and times take no part. Pure: no Django, no I/O.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from groundgate.engine.findings import Derivation, ValueRef
from groundgate.engine.numbers import NumericValue
from groundgate.engine.quantities import Quantity, typed
from groundgate.engine.rounded_results import rounded_restatements
from groundgate.engine.said_changes import said_changes
from groundgate.engine.typed_values import TypedValues
from groundgate.engine.written_arith import SLIP_DIGITS as _SLIP_DIGITS
from groundgate.engine.written_arith import agrees as _agrees
from groundgate.engine.written_arith import evaluate as _evaluate
from groundgate.engine.written_lines import bullet_brackets, bullet_gap, label_figures, label_words
from groundgate.engine.written_steps import rewritten_operands

# What may stand between two values of one calculation: operators, brackets, spaces, a relation.
_GAP = re.compile(r"[\s()（）\[\]+\-−–*×/÷xX=≈＝]*")
_RELATIONS = "=≈＝"
_MINUS = "-−–"
_OPS = {"+": "+", "*": "*", "×": "*", "x": "*", "X": "*", "/": "/", "÷": "/"}
_OPEN = "(（["
_CLOSE = ")）]"
_NO_OPERAND = frozenset(("date", "time", "identifier", "range", "score", "ordinal"))


@dataclass(frozen=True, slots=True)
class Written:
    """A result of a written calculation: the calculation's text and its operands' spans."""

    formula: str
    operands: tuple[tuple[int, int], ...]


class WrittenResults:
    """The written calculations of one conclusion, read on first need (policy
    `written_calculations`; `on=False`: none)."""

    def __init__(
        self,
        text: str,
        values: Sequence[NumericValue],
        *,
        on: bool,
        rounded: bool = False,
        changes: bool = False,
        coded: bool = False,
        slips: bool = False,
        steps: bool = False,
        lines: bool = False,
        bullets: bool = False,
        typed_values: TypedValues | None = None,
    ) -> None:
        self.text, self.values, self.on = text, values, on
        # the values typed once per case (typed_values.py, d933), shared with the number check
        self.typed = typed_values if typed_values is not None else TypedValues(values)
        self.rounded = rounded  # restated_results "rounded" (rounded_results.py, d758)
        self.changes = changes  # said_changes "same_sentence" (said_changes.py, d838)
        self.coded = coded  # written_labels "coded_words" (d839)
        self.slips = slips  # written_slips "last_digit" (d840)
        self.steps = steps  # written_steps "rewritten" (written_steps.py, d877)
        self.lines = lines  # written_lines "labels" (written_lines.py, d955)
        self.bullets = bullets  # written_lines "labels_bullets" (d956)
        self._said: dict[tuple[int, int], tuple[str, tuple[tuple[int, int], ...]]] | None = None
        self._found: dict[tuple[int, int], Written] | None = None
        self._failed: dict[tuple[int, int], str] | None = None

    def failed(self, value: NumericValue) -> str | None:
        """The calculation written out before `value` ("365 * $1,381 / $7,890 = 50 days") when
        its arithmetic does not give it (policy `written_failures`, d599), or None."""
        if not self.on:
            return None
        return self._read()[1].get((value.start, value.end))

    def _read(self) -> tuple[dict[tuple[int, int], Written], dict[tuple[int, int], str]]:
        """The results and the failed ones, of one reading of the text (d932: `failed` asks
        what `derivation` read; written_results' results do not depend on its `failed`)."""
        if self._found is None or self._failed is None:
            self._failed = {}
            self._found = written_results(
                self.text,
                self.values,
                self._failed,
                rounded=self.rounded,
                coded=self.coded,
                slips=self.slips,
                steps=self.steps,
                lines=self.lines,
                bullets=self.bullets,
                quantities=self.typed.all(),
            )
        return self._found, self._failed

    def derivation(self, value: NumericValue) -> Derivation | None:
        """The calculation whose result `value` is, as a derivation whose operands are the
        answer's own values (operation "written"), or None."""
        if not self.on:
            return None
        written = self._read()[0].get((value.start, value.end))
        if written is None and self.changes:  # a change said beside its two values (d838)
            if self._said is None:
                self._said = said_changes(self.text, self.values, self.typed.all())
            said = self._said.get((value.start, value.end))
            written = Written(formula=said[0], operands=said[1]) if said is not None else None
        if written is None:
            return None
        return Derivation(
            operation="written",
            formula=written.formula,
            operands=[
                ValueRef(text=self.text[a:b], span=(a, b), field="answer.conclusion")
                for a, b in written.operands
            ],
        )


def written_results(
    text: str,
    values: Sequence[NumericValue],
    failed: dict[tuple[int, int], str] | None = None,
    *,
    rounded: bool = False,
    coded: bool = False,
    slips: bool = False,
    steps: bool = False,
    lines: bool = False,
    bullets: bool = False,
    quantities: list[Quantity] | None = None,
) -> dict[tuple[int, int], Written]:
    """The values of `text` (its extract_numbers, in order) that are results of a calculation
    the text writes out and whose arithmetic holds, by span; and their later restatements
    (`rounded`: also a later value a result rounds to, rounded_results.py, d758). `failed`
    collects the results whose written expression evaluates to something else (their formula,
    by span). `coded`: labels with coded words (d839); `slips`: last-digit slips (d840);
    `steps`: a line that rewrites the one before with a part worked out (written_steps.py, d877);
    `lines`: a label's opening figure is no operand (written_lines.py, d955); `bullets`: nor is
    a bullet's dash a minus (d956)."""
    out: dict[tuple[int, int], Written] = {}
    if quantities is None:  # (else: the values typed, in order; d933)
        quantities = [typed(v) for v in values]
    if lines and (figures := label_figures(text, values)):
        values = [v for k, v in enumerate(values) if k not in figures]
        quantities = [q for k, q in enumerate(quantities) if k not in figures]
    n = len(values)
    i = 0
    while i < n:
        # A run of values joined by operator gaps only, or by the label its calculation began
        # with, said again before the next step ("ROA = $1,248 million / $87,583 million ROA =
        # 0.01424"): the working of one quantity, a line at a time.
        label = _label_before(text[: values[i].start], coded)
        j = i
        while j + 1 < n and (
            _operator_gap(gap := text[values[j].end : values[j + 1].start])
            or (label is not None and _label_gap(gap, label, lines) is not None)
        ):
            if bullets and bullet_gap(gap):  # a bulleted line starts a run of its own (d956)
                break
            j += 1
        if j > i:
            _read_run(
                text, values, quantities, i, j, out, label, failed, slips, steps, lines, bullets
            )
        i = j + 1
    if out:
        _restatements(text, values, quantities, out)
        if rounded:
            rounded_restatements(values, quantities, out, Written)
    return out


# "ROA =", "Operating Cash Flow Ratio ≈", "净利润率 =": the words a line of working begins with.
_LABEL = re.compile(r"([^\W\d_][^\d=≈＝\n:：.;；,，]{0,59}?)\s*[=≈＝][\s(（\[\-−–]*$")
# written_labels "coded_words" (d839): also a digit after a letter or digit of a word ("Ratio
# for FY2017 =", "Q4 margin ="); a figure of its own ("2017 margin") starts no label.
_CODED_LABEL = re.compile(
    r"([^\W\d_](?:[^\d=≈＝\n:：.;；,，]|(?<=[^\W_])\d){0,59}?)\s*[=≈＝][\s(（\[\-−–]*$"
)


def _label_before(before: str, coded: bool = False) -> str | None:
    tail = before[-80:]
    # _LABEL ends in a relation and what _TRAILING holds: without a relation there, no label
    # (most values; the search of the pattern from every position is not made for them).
    end = len(tail)
    while end and (tail[end - 1].isspace() or tail[end - 1] in _TRAILING):
        end -= 1
    if not end or tail[end - 1] not in _RELATIONS:
        return None
    m = (_CODED_LABEL if coded else _LABEL).search(tail)
    return " ".join(m.group(1).split()).casefold() if m else None


# What _LABEL allows after its relation besides whitespace (re's \s is str.isspace).
_TRAILING = "(（[-−–"


def _label_gap(gap: str, label: str, lines: bool = False) -> tuple[str, str] | None:
    """A gap that says the run's label again before a relation: (before it, after the
    relation), or None. `lines`: the label may open with its figure again (d955)."""
    m = re.fullmatch(r"([\s)）\]]*)\s(.+?)\s*[=≈＝]([\s(（\[\-−–]*)", gap, re.DOTALL)
    if m is None:
        return None
    said = label_words(m.group(2)) if lines else m.group(2)
    if " ".join(said.split()).casefold() != label:
        return None
    return m.group(1), m.group(3)


def _operator_gap(gap: str) -> bool:
    if not _GAP.fullmatch(gap):
        return False
    # "x" multiplies only as a word of its own ("100 x 12"), never glued to a value.
    bare = gap.strip()
    return not any(c in "xX" for c in bare) or bare in ("x", "X") or " x " in gap or " X " in gap


def _read_run(
    text: str,
    values: Sequence[NumericValue],
    quantities: list[Quantity],
    first: int,
    last: int,
    out: dict[tuple[int, int], Written],
    label: str | None = None,
    failed: dict[tuple[int, int], str] | None = None,
    slips: bool = False,
    steps: bool = False,
    lines: bool = False,
    bullets: bool = False,
) -> None:
    """Split a run at its relations into segments; a one-value segment after a segment that
    evaluates is a result when the two agree (into `failed` when it evaluates and they do
    not)."""
    lead = _tail_brackets(text[: values[first].start], bullets)
    segments: list[list[object]] = [list(lead)]
    for k in range(first, last + 1):
        segments[-1].append(k)
        if k == last:
            break
        gap = text[values[k].end : values[k + 1].start]
        said = (
            _label_gap(gap, label, lines) if label is not None and not _GAP.fullmatch(gap) else None
        )
        if said is not None:
            segments[-1].extend(_gap_tokens(said[0]))
            segments.append(list(_gap_tokens(said[1])))
            continue
        rel = [c for c in gap if c in _RELATIONS]
        if len(rel) > 1:
            return
        if rel:
            ahead, _, behind = gap.partition(rel[0])
            segments[-1].extend(_gap_tokens(ahead))
            segments.append(list(_gap_tokens(behind)))
        else:
            segments[-1].extend(_gap_tokens(gap))
    trail = text[values[last].end :]
    closing = len(trail) - len(trail.lstrip(" )）]"))
    segments[-1].extend(")" for c in trail[:closing] if c in _CLOSE)
    for left, right in itertools.pairwise(segments):
        if steps:  # a line that rewrites the one before with a part worked out (d877)
            for k in rewritten_operands(left, right, quantities, _NO_OPERAND):
                held = [t for t in left if isinstance(t, int)]
                start = _open_before(text, values[held[0]].start, left)
                end = values[max(t for t in right if isinstance(t, int))].end
                out.setdefault(
                    (values[k].start, values[k].end),
                    Written(
                        formula=text[start:end].strip(),
                        operands=tuple((values[o].start, values[o].end) for o in held),
                    ),
                )
        # The result is the value just after the relation ("= 0.6537 * 100 = 65.37%": 0.6537
        # is the left side's result, and the next segment's first operand).
        if not right or not isinstance(right[0], int):
            continue
        operands = [t for t in left if isinstance(t, int)]
        if len(operands) < 2 and not any(t in ("+", "*", "/") for t in left):
            continue  # "A = B": a restatement, no calculation
        k = right[0]
        if any(quantities[o].kind in _NO_OPERAND or quantities[o].is_year() for o in operands):
            continue
        # "... x 100 = 0.3972 x 100": the result rewritten with the constant still to apply.
        then = _then(right, quantities)
        start = _open_before(text, values[operands[0]].start, left)
        formula = text[start : values[k].end].strip()
        if _holds(left, quantities, quantities[k], then, slips):
            out[values[k].start, values[k].end] = Written(
                formula=formula,
                operands=tuple((values[o].start, values[o].end) for o in operands),
            )
        elif (
            failed is not None
            and (len(right) == 1 or then)
            and _fails(left, quantities, quantities[k], then)
        ):
            failed[values[k].start, values[k].end] = formula


def _tail_brackets(before: str, bullets: bool = False) -> list[str]:
    """The opening brackets and a unary minus just before the run's first value (`bullets`: a
    bullet's dash is none, d956)."""
    if bullets and (brackets := bullet_brackets(before)) is not None:
        return ["(" for c in brackets if c in _OPEN]
    tail = re.search(r"[\s(（\[\-−–]*$", before)
    chars = tail.group() if tail else ""
    return [("(" if c in _OPEN else "-") for c in chars if c in _OPEN or c in _MINUS]


def _open_before(text: str, start: int, left: list[object]) -> int:
    """The formula's start: back over the brackets (and the minus) opened before its first
    operand."""
    lead = 0
    for t in left:
        if isinstance(t, int):
            break
        lead += 1
    while lead and start > 0 and text[start - 1] in " (（[-−–":
        start -= 1
        lead -= text[start] != " "
    return start


def _gap_tokens(gap: str) -> list[str]:
    tokens: list[str] = []
    for c in gap:
        if c in _OPEN:
            tokens.append("(")
        elif c in _CLOSE:
            tokens.append(")")
        elif c in _MINUS:
            tokens.append("-")
        elif c in _OPS:
            tokens.append(_OPS[c])
    return tokens


def _then(right: list[object], quantities: list[Quantity]) -> tuple[str, float] | None:
    """The one operation the result's own segment still applies to it ("0.3972 x 100"), if
    that is all the segment holds."""
    if len(right) != 3 or right[1] not in ("*", "/") or not isinstance(right[2], int):
        return None
    q = quantities[right[2]]
    if q.figure is None or q.unit or q.magnitude or q.negative or q.figure == 0:
        return None
    return str(right[1]), float(q.figure)


def _holds(
    left: list[object],
    quantities: list[Quantity],
    result: Quantity,
    then: tuple[str, float] | None = None,
    slips: bool = False,
) -> bool:
    if result.figure is None or result.kind in _NO_OPERAND or result.is_year():
        return False
    r = float(result.figure) * (-1 if result.negative else 1)
    unit = 10.0 ** (-result.decimals)
    short = len(result.significant_digits) < 2
    # written_slips "last_digit" (d840): four significant digits or more, one unit off.
    slip = slips and len(result.significant_digits) >= _SLIP_DIGITS
    percent = result.unit == "%"
    for magnitudes in (True, False):
        for fractions in (False, True):
            value = _evaluate(left, quantities, magnitudes=magnitudes, fractions=fractions)
            if value is None:
                continue
            if then is not None:  # undo the operation still to apply
                value = value / then[1] if then[0] == "*" else value * then[1]
            scale = 10.0**result.magnitude if magnitudes else 1.0
            candidates = [value / scale]
            if percent:
                candidates.append(value * 100 / scale)
            if any(_agrees(c, r, unit, short, slip) for c in candidates):
                return True
    return False


def _fails(
    left: list[object],
    quantities: list[Quantity],
    result: Quantity,
    then: tuple[str, float] | None,
) -> bool:
    """Whether the written expression has a value and no reading of it (magnitudes, percentages
    as fractions, a ratio as a percentage) comes within 2% of the result's size: models' last
    digits are often off ("19,038 / 34,350 = 55.5%"), and a dash before a line of working is
    often a bullet, so the rounding and the sign are left to _holds and only a far figure
    fails ("365 * $1,381 / $7,890 = 50 days")."""
    if result.figure is None or result.kind in _NO_OPERAND or result.is_year():
        return False
    r = abs(float(result.figure))
    seen = False
    for magnitudes in (True, False):
        for fractions in (False, True):
            value = _evaluate(left, quantities, magnitudes=magnitudes, fractions=fractions)
            if value is None:
                continue
            seen = True
            if then is not None:
                value = value / then[1] if then[0] == "*" else value * then[1]
            scale = 10.0**result.magnitude if magnitudes else 1.0
            for c in (value / scale, value * 100 / scale):
                if abs(abs(c) - r) <= 0.02 * max(abs(c), r):
                    return False
    return seen


def _restatements(
    text: str,
    values: Sequence[NumericValue],
    quantities: list[Quantity],
    out: dict[tuple[int, int], Written],
) -> None:
    """A later mention of a result, the same figure and unit ("≈ 4.89%" ... "is 4.89%")."""
    seen: dict[tuple[str, str], Written] = {}
    for k, v in enumerate(values):
        key = (v.quantity, quantities[k].unit)
        written = out.get((v.start, v.end))
        if written is not None:
            seen.setdefault(key, written)
        elif key in seen:
            out[v.start, v.end] = written = seen[key]
        if written is None or k + 1 == len(values):
            continue
        # "-0.0153 or -1.53%", "0.25，即25%": the same result as a percentage.
        after, q, ratio = values[k + 1], quantities[k + 1], quantities[k]
        if (
            q.unit == "%"
            and _OR.fullmatch(text[v.end : after.start])
            and ratio.unit != "%"
            and ratio.figure is not None
            and q.figure is not None
            and ratio.negative == q.negative
            and _agrees(
                float(ratio.figure) * 100,
                float(q.figure),
                10.0 ** (-q.decimals),
                len(q.significant_digits) < 2,
            )
        ):
            out[after.start, after.end] = written


_OR = re.compile(r"\s*(?:or|i\.e\.,?|[,，]?\s*即|或)\s*")
