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
from decimal import Decimal, InvalidOperation
from typing import NamedTuple, Protocol

from groundgate.engine.chinese_numerals import NUMERAL_CHARACTERS, arabic, numeral_quantity
from groundgate.engine.dates_and_times import (
    HOURS_12,
    other_half_of_day,
    parse_date,
    parse_time,
    time_of_day,
)
from groundgate.engine.declarations import Declaration
from groundgate.engine.english_numbers import to_int as english_to_int
from groundgate.engine.nearness import rounds_to, within_bound
from groundgate.engine.numbers import NumericValue
from groundgate.engine.units import (
    CURRENCIES,
    UNIT_MAGNITUDE,
    normalise_unit,
    same_in_units,
    same_unit,
)

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
# The unit of a date whose day the evidence writes once for several years (evidence_dates.py).
SHARED_DAY = "shared_day"

_MAGNITUDE_WORDS = {
    "万亿": 12,
    "千亿": 11,
    "百亿": 10,
    "亿": 8,
    "千万": 7,
    "百万": 6,
    "十万": 5,
    "万": 4,
    "trillion": 12,
    "billion": 9,
    "million": 6,
    "thousand": 3,
    "bn": 9,
    "mn": 6,
    "m": 6,  # only after a currency sign ("$95,156m", "$4,625M", "$1.5k"): numbers.py decides
    "k": 3,
    "M": 6,
    "K": 3,
    "B": 9,
    "b": 9,
}
_MAGNITUDE_ORDER = sorted(_MAGNITUDE_WORDS, key=len, reverse=True)
_FULLWIDTH = str.maketrans("０１２３４５６７８９．，％－＋：", "0123456789.,%-+:")
_DIGITS = re.compile(r"[0-9]+")
_NON_DIGITS = re.compile(r"[^0-9]+")


class Quantity(NamedTuple):
    """One value with its meaning. Numbers are absolute: the sign is kept apart (`negative`)
    because the direction of a change is often said in words ("fell 5%" for "-5%"). (A
    NamedTuple: the gate makes many of them, and tuples are cheap to make.)"""

    value: NumericValue
    kind: str  # count, amount, percent, permille, date, time, identifier, score, ordinal, range
    figure: Decimal | None = None  # the number as written, without magnitude or sign
    magnitude: int = 0  # the power of ten written with it (万: 4, million: 6)
    decimals: int = 0  # decimals written in the figure (its precision)
    negative: bool = False
    unit: str = ""  # normalised unit or currency ("USD", "CNY", "kg"); percentages: "%", "‰"
    date: tuple[int | None, int | None, int | None] | None = None
    time: tuple[int, int, int] | None = None
    digits: str = (
        ""  # identifiers: the digits only; numbers: the figure's digits ("1,050.0" -> "10500")
    )
    endpoints: tuple[Quantity, ...] = ()  # a recursive NamedTuple

    @property
    def number(self) -> Decimal | None:
        """The figure with its magnitude applied."""
        if self.figure is None:
            return None
        return self.figure.scaleb(self.magnitude) if self.magnitude else self.figure

    @property
    def numeric(self) -> bool:
        return self.figure is not None and self.kind not in ("date", "time", "identifier")

    @property
    def significant_digits(self) -> str:
        """The digits that carry the value ("1,050.0" -> "105")."""
        if self.figure is None:
            return ""
        return _NON_DIGITS.sub("", format(self.figure, "f")).strip("0")

    def is_year(self) -> bool:
        """A bare four-digit integer that reads as a year (1000-2999)."""
        return (
            self.kind == "count"
            and not self.unit
            and not self.magnitude
            and self.decimals == 0
            and self.figure is not None
            and 1000 <= self.figure <= 2999
            and "," not in self.value.quantity
        )


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
    if kind == "number" or kind == "percent":  # most values: straight to the number
        if q[0].isalpha():  # "three years", "twenty-five minutes"
            q = str(english_to_int(q))
        return _typed_number(value, q)
    if kind == "date":
        return Quantity(value, "date", date=parse_date(q))
    if kind == "time":
        time, half_day = time_of_day(q)
        return Quantity(value, "time", time=time, unit="" if half_day else HOURS_12)
    if kind == "identifier":
        return Quantity(value, "identifier", digits=_NON_DIGITS.sub("", q))
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
            _typed_number(
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
                    date=(int(e), None, None),
                )
                for e in value.endpoints
            )
            return Quantity(value, "range", endpoints=(lo, hi))
        if lo.magnitude == 0 and hi.magnitude:  # "3-5 million"
            lo = lo._replace(magnitude=hi.magnitude)
        return Quantity(value, "range", endpoints=(lo, hi), unit=hi.unit)
    return _typed_number(value, q)


def _typed_number(value: NumericValue, q: str) -> Quantity:
    kind: str = value.kind
    negative = q[:1] in "-−"
    q = q.lstrip("+-−±")
    unit = ""
    magnitude = 0
    if kind == "score":
        # "4.5/5", "4.5outof5", "4starsoutof5" (whitespace is gone): the scale is its unit, so
        # that 4.5/5 is never 4.5/10; a plain number (a table's "stars: 4.5") has no unit.
        q, scale = _SCORE_SPLIT.split(q, 1)
        unit = "/" + scale
    elif kind == "ordinal":
        q = q[:-2]
    if q.endswith("%"):
        unit, q, kind = "%", q[:-1], "percent"
    elif q.endswith("‰"):
        unit, q, kind = "‰", q[:-1], "permille"
    if q and not q[-1].isdigit():
        for word in _MAGNITUDE_ORDER:
            if q.endswith(word):
                magnitude = _MAGNITUDE_WORDS[word]
                q = q[: -len(word)]
                break
    written_unit = value.unit
    if written_unit in UNIT_MAGNITUDE:
        written_unit, extra = UNIT_MAGNITUDE[written_unit]
        magnitude += extra
    if not unit:
        unit = normalise_unit(written_unit)
    q = q.replace(",", "")
    try:
        figure = Decimal(q)
    except InvalidOperation:
        return Quantity(value, kind if kind in ("score", "ordinal") else "count")
    decimals = len(q) - q.index(".") - 1 if "." in q else 0
    if kind == "number":
        kind = "amount" if unit in CURRENCIES else "count"
    if unit == "成":  # "三成" is 30%: tenths, as Chinese says a share
        figure, unit, kind = figure * 10, "%", "percent"
        decimals = max(decimals - 1, 0)
        q = format(figure, "f")
    digits = q.replace(".", "").lstrip("0")
    # Quantity(value, kind, figure, magnitude, decimals, negative, unit, digits=digits) without
    # the NamedTuple's Python-level __new__ (every excerpt value of a case is typed here).
    fields = (value, kind, figure, magnitude, decimals, negative, unit, None, None, digits, ())
    return tuple.__new__(Quantity, fields)


_SCORE_SPLIT = re.compile(r"/|(?:stars?)?outof")
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
    if a.kind == "date":
        return _compare_dates(a, e)
    if a.kind == "time":
        if e.kind != "time" or a.time is None or e.time is None:
            return None
        if e.time == a.time:
            return ("time_format",)
        if (a.unit == HOURS_12 or e.unit == HOURS_12) and e.time == other_half_of_day(a.time):
            return ("time_12_hour",)
        return None
    if a.kind == "identifier":
        if e.kind == "identifier" and e.digits == a.digits:
            return () if e.value.quantity == a.value.quantity else ("identifier_digits",)
        if e.kind == "identifier" and _country_code_apart(a, e):
            return ("country_code",)
        if e.kind == "count" and e.figure is not None and e.value.quantity == a.digits:
            return ("identifier_digits",)
        return None
    if a.kind == "range":
        if e.kind == "range" and all(
            compare(x, y, context) == () for x, y in zip(a.endpoints, e.endpoints, strict=True)
        ):
            return ("format",)
        return None
    if e.kind == "identifier" and long_digit_run(a):
        # "13800138000" for "+86 138-0013-8000": the digits of a phone number written as one run.
        if e.digits == a.digits:
            return ("identifier_digits",)
        return ("country_code",) if _country_code_apart(a, e) else None
    if not a.numeric:
        return None
    if e.kind == "date":
        if a.is_year() and e.date is not None and e.date[0] == int(a.figure or 0):
            return ("date_less_precise",)
        return None
    if not e.numeric:
        return None
    return _compare_numbers(
        a, e, context, question_exponent, rounding_min_significant, approximately, bound
    )


def long_digit_run(q: Quantity) -> bool:
    """A count of seven digits or more written without separators: possibly a phone number."""
    return q.kind == "count" and len(q.value.quantity) >= 7 and q.value.quantity.isdigit()


def _country_code_apart(a: Quantity, e: Quantity) -> bool:
    """Whether two phone numbers differ only by a country code written on one of them: the
    longer one's extra leading digits (at most three) are "1" or follow a "+"."""
    short, long = (a, e) if len(a.digits) < len(e.digits) else (e, a)
    extra = len(long.digits) - len(short.digits)
    if not (1 <= extra <= 3 and len(short.digits) >= 10 and long.digits.endswith(short.digits)):
        return False
    return long.value.quantity.startswith("+") or long.digits[:extra] == "1"


def _compare_dates(a: Quantity, e: Quantity) -> tuple[str, ...] | None:
    assert a.date is not None
    if e.kind != "date" or e.date is None:
        # A year alone ("2024年") is grounded by the year as a table writes it ("2024").
        if a.date[1] is None and a.date[2] is None and e.is_year():
            return ("date_format",)
        return None
    rules: tuple[str, ...] = ()
    for mine, theirs in zip(a.date, e.date, strict=True):
        if mine is None:
            if theirs is not None:
                rules = ("date_less_precise",)
        elif mine != theirs:
            return None
    if e.unit == SHARED_DAY:  # evidence_dates.shared_day_dates
        return (*rules, "date_shared_day")
    if rules:
        return rules
    return () if e.value.quantity == a.value.quantity else ("date_format",)


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
    if a.kind == "score" or e.kind == "score":
        rules.append("score")
    if a.kind == "ordinal" or e.kind == "ordinal":
        rules.append("ordinal")
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
