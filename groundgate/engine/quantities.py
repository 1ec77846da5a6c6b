"""Numbers as quantities: the one place that says when two written values are the same value.

numbers.py finds each value in a text (its grammar); this module gives each value a type and a
meaning - an amount with its currency and magnitude, a percentage, a date (year, month, day), a
time of day, an identifier, a score, an ordinal, a plain count - and compares values of the same
type, not strings. Every way a value may be grounded other than verbatim is a named *rule*
(EQUIVALENCE_RULES); a policy lists the rules it allows, and the gate reports each one it used
as an info finding, so a reviewer always sees why "$4.625 billion" counted as "4,625".

What a text declares about its figures (scales, percent columns) is in declarations.py.
Reference for humans, with examples of every type and rule: docs/number-grammar.md.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from groundgate.engine.declarations import Declaration
from groundgate.engine.nearness import rounds_to, within_bound
from groundgate.engine.numbers import NumericValue
from groundgate.engine.units import (
    same_in_units,
    same_unit,
)
from groundgate.engine.values.date.kind import SHARED_DAY, year_in_date
from groundgate.engine.values.date.value import CalendarDate
from groundgate.engine.values.identifier.kind import long_digit_run, phone_digits
from groundgate.engine.values.number.numerals_zh import NUMERAL_CHARACTERS, arabic, numeral_quantity
from groundgate.engine.values.number.value import typed_number
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.registry import BY_SCANNED, NUMBER_RULES, OWN
from groundgate.engine.values.time.value import parse_time

# The equivalence rules, each with what it means. A policy allows a subset (the verbatim policy
# none). Risk orders them: when several evidence values ground a value, the least risky wins.
EQUIVALENCE_RULES: dict[str, str] = {
    "format": "the same value written differently",
    "date_format": "the same date written differently",
    "date_shared_day": "a day written once for the years after it, as a table header writes it",
    "time_format": "the same time of day written differently",
    "time_12_hour": "a time of day given without am/pm (or 上午/下午), in either half of the day",
    "identifier_digits": "the same digits with other punctuation",
    "country_code": "a phone number with or without its country code",
    "score": "a score's value without or with its scale",
    "ordinal": "an ordinal and its number",
    "sign": "the sign given in words or parentheses",
    "rescaled": "the same amount at another magnitude",
    "unit_converted": "the same duration or measure in another unit (2 years = 24 months)",
    "declared_scale": "the evidence's scale is declared for its table or paragraph",
    "question_scale": "the answer's scale is declared in the question",
    "as_written": "the figure as the evidence writes it, without its declared or written scale",
    "percent_declared": "the evidence's figure is in a column or text declared as percent",
    "date_less_precise": "the date given less precisely than the evidence gives it",
    "rounded": "the evidence's value rounded to the answer's precision",
    "bound": "the evidence's value is within the bound the answer states, near it",
    "range_endpoints": "each end of the range is in the evidence",
    "undeclared_scale": "the answer adds a magnitude that the evidence states nowhere",
}
_RISK = {rule: risk for risk, rule in enumerate(EQUIVALENCE_RULES)}

_FULLWIDTH = str.maketrans("０１２３４５６７８９．，％－＋：", "0123456789.,%-+:")
_DIGITS = re.compile(r"[0-9]+")

# The typed value every kind makes (values/quantity.py), here as before for its readers.
__all__ = ["EQUIVALENCE_RULES", "SHARED_DAY", "Context", "Quantity", "compare", "risk", "typed"]


def typed(value: NumericValue) -> Quantity:
    """The typed value of one value the grammar found."""
    kind = value.kind
    q = value.quantity
    if not q.isascii():  # (the translation only maps full-width characters)
        q = q.translate(_FULLWIDTH)
        if not NUMERAL_CHARACTERS.isdisjoint(q):  # "四十五", "晚上九点", "二〇二四年"
            if kind == "number" or kind == "percent":  # "一点五", "百分之八十五", "八五折"
                q = numeral_quantity(q, value.unit)
            else:
                q = arabic(q)
    moved = BY_SCANNED.get(kind)  # a kind of values/registry.py
    if moved is not None:
        return moved.typed(value, q)
    if kind == "range":
        if value.endpoints[1][-1:] in ("m", "M"):  # hours with am/pm: "5-10pm"
            lo, hi = (
                Quantity(
                    NumericValue(e, value.start, value.end, "time", e),
                    "time",
                    time=parse_time(e.translate(_FULLWIDTH)),
                )
                for e in value.endpoints
            )
            return Quantity(value, "range", endpoints=(lo, hi))
        lo, hi = (
            typed_number(
                NumericValue(e, value.start, value.end, "number", e, value.unit),
                e.translate(_FULLWIDTH),
            )
            for e in value.endpoints
        )
        if lo.unit == "" and hi.unit in ("%", "‰"):  # "10-20%" is 10% to 20%
            lo = lo._replace(unit=hi.unit, kind=hi.kind)
        if value.unit == "年" and all(_YEAR.fullmatch(e) for e in value.endpoints):
            # "2019—2023年": a span of years, each end a year ("2019年至2023年"), not a duration.
            lo, hi = (
                Quantity(
                    NumericValue(e, value.start, value.end, "date", e),
                    "date",
                    date=CalendarDate(int(e), None, None),
                )
                for e in value.endpoints
            )
            return Quantity(value, "range", endpoints=(lo, hi))
        if lo.magnitude == 0 and hi.magnitude:  # "3-5 million"
            lo = lo._replace(magnitude=hi.magnitude)
        return Quantity(value, "range", endpoints=(lo, hi), unit=hi.unit)
    return typed_number(value, q)


_YEAR = re.compile(r"1[0-9]{3}|2[0-9]{3}")


# --- Comparing two values ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Context:
    """What surrounds an evidence value: the scale declared for it, whether its table or text
    declares percentages."""

    declaration: Declaration | None = None
    percent_declared: bool = False


NO_CONTEXT = Context()


class ContextLike(Protocol):
    """A Context, or anything that reads like one (number_grounding looks it up lazily)."""

    @property
    def declaration(self) -> Declaration | None: ...
    @property
    def percent_declared(self) -> bool: ...


def compare(
    a: Quantity,
    e: Quantity,
    context: ContextLike = NO_CONTEXT,
    *,
    question_exponent: int | None = None,
    rounding_min_significant: int = 2,
    approximately: bool = False,
    bound: str | None = None,
) -> tuple[str, ...] | None:
    """The rules under which evidence value `e` grounds answer value `a` (() when they are the
    same value written the same way), or None when it does not. Every rule is returned, allowed
    or not; the caller checks them against its policy. `bound`: the answer states a bound, not
    the value ("over 50%": declarations.bound_of)."""
    kind = OWN.get(a.kind)  # a kind of values/registry.py with a sameness of its own
    if kind is not None and kind.compare is not None:
        return kind.compare(a, e)
    if a.kind == "range":
        if e.kind == "range" and all(
            compare(x, y, context) == () for x, y in zip(a.endpoints, e.endpoints, strict=True)
        ):
            return ("format",)
        return None
    if e.kind == "identifier" and long_digit_run(a):
        return phone_digits(a, e)  # "13800138000" for "+86 138-0013-8000"
    if not a.numeric:
        return None
    if e.kind == "date":
        return year_in_date(a, e)
    if not e.numeric:
        return None
    return _compare_numbers(
        a, e, context, question_exponent, rounding_min_significant, approximately, bound
    )


def _compare_numbers(
    a: Quantity,
    e: Quantity,
    context: ContextLike,
    question_exponent: int | None,
    rounding_min_significant: int,
    approximately: bool = False,
    bound: str | None = None,
) -> tuple[str, ...] | None:
    rules: list[str] = []
    # Units: a percentage only matches a percentage (or a figure declared as one); two named
    # units must be the same; a unit on one side only is fine (tables put it in a header).
    if a.unit in ("%", "‰") or e.unit in ("%", "‰"):
        if a.unit == e.unit:
            pass
        elif a.unit == "%" and not e.unit and context.percent_declared:
            rules.append("percent_declared")
        else:
            return None
    elif a.unit and e.unit and not same_unit(a.unit, e.unit):
        return _converted(a, e)
    # A cheap necessary condition first (most pairs fail here, before any context is looked
    # up): the same significant digits, or the answer's are the evidence's rounded - all but
    # their last digit are the evidence's leading digits.
    a_digits, e_digits = a.digits.rstrip("0"), e.digits.rstrip("0")
    if a_digits != e_digits and not (
        len(a_digits) <= len(e_digits) and e_digits.startswith(a_digits[:-1])
    ):
        return None
    if a.kind in NUMBER_RULES or e.kind in NUMBER_RULES:  # a score, an ordinal: its own rule
        rules.extend(r for k, r in NUMBER_RULES.items() if k == a.kind or k == e.kind)
    if a.negative != e.negative:
        rules.append("sign")
    assert a.figure is not None and e.figure is not None
    declaration = context.declaration if e.magnitude == 0 else None
    # The ways the two may be the same amount, least assuming first.
    candidates: list[tuple[Decimal, Decimal, int, tuple[str, ...]]] = []
    if a.magnitude == e.magnitude:
        if a.magnitude == 0 and declaration is not None and declaration.exponent:
            if question_exponent is not None:
                shift = question_exponent - declaration.exponent
                candidates.append((a.figure, e.figure, shift, ("question_scale", "declared_scale")))
            candidates.append((a.figure, e.figure, 0, ("as_written",)))
        else:
            candidates.append((a.figure, e.figure, 0, ()))
    else:
        candidates.append((a.figure, e.figure, a.magnitude - e.magnitude, ("rescaled",)))
    if e.magnitude == 0 and a.magnitude:
        if declaration is not None:
            candidates.append(
                (a.figure, e.figure, a.magnitude - declaration.exponent, ("declared_scale",))
            )
        else:
            candidates.append((a.figure, e.figure, 0, ("undeclared_scale",)))
    elif e.magnitude == 0 and not a.magnitude and a.decimals == 0:
        # The answer writes the whole amount: "$381,603,000" for 381,603 (in thousands).
        if declaration is not None and declaration.exponent:
            candidates.append((a.figure, e.figure, -declaration.exponent, ("declared_scale",)))
        elif declaration is None and a.figure >= 1000:
            for exponent in (3, 6, 9):
                candidates.append((a.figure, e.figure, -exponent, ("undeclared_scale",)))
    if a.magnitude == 0 and not a.unit and e.magnitude:
        # "12.50" in the answer's working for "12.50 million": the figure as the evidence
        # writes it, without its magnitude word (a unit or currency would claim an amount).
        candidates.append((a.figure, e.figure, 0, ("as_written",)))
    if a.magnitude == 0 and question_exponent is not None and e.magnitude:
        shift = question_exponent - e.magnitude
        candidates.append((a.figure, e.figure, shift, ("question_scale",)))
    best: tuple[str, ...] | None = None
    for mine, theirs, shift, how in candidates:
        # mine x 10^shift == theirs, exactly or after rounding to the answer's precision.
        scaled = mine.scaleb(shift) if shift else mine
        if scaled == theirs:
            found = how
        elif rounds_to(mine, a.decimals, shift, theirs, rounding_min_significant, approximately):
            found = (*how, "rounded")
        elif (
            bound is not None
            and not (a.negative or e.negative)
            # A bound's window is wide: only a value written like the answer's may meet it - a
            # table's bare figure is no "90 days", nor a figure read at a scale it does not
            # write (as written, undeclared, the question's): "not less than 10 directors" is
            # no $10 million.
            and bool(a.unit) == bool(e.unit)
            and not {"as_written", "undeclared_scale", "question_scale"} & set(how)
            and within_bound(mine, a.decimals, shift, theirs, bound)
        ):
            found = (*how, "bound")
        else:
            continue
        if best is None or risk(found) < risk(best):
            best = found
    if best is None:
        return None
    return tuple(dict.fromkeys([*rules, *best]))


def _converted(a: Quantity, e: Quantity) -> tuple[str, ...] | None:
    """A duration or measure in another unit of its family (units.same_in_units)."""
    if a.number is None or e.number is None or a.negative != e.negative:
        return None
    return ("unit_converted",) if same_in_units(a.number, a.unit, e.number, e.unit) else None


def risk(rules: tuple[str, ...]) -> tuple[int, int]:
    """Order of preference between two ways of grounding a value (lower is safer)."""
    return (max((_RISK.get(r, 0) for r in rules), default=-1), len(rules))
