"""The range kind: two values read as one ("10-20%" is 10% to 20%, "3-5 million", "5-10pm" two
times, "2019—2023年" two years). A range is the same range when each end is the same value, each
compared by its own kind in the evidence range's context (its declared scale: values/within.py);
an answer's range whose ends the evidence gives apart is grounded by number_grounding under the
rule `range_endpoints`. Ranges are indexed as ranges and take no part in derivations.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from groundgate.engine.values.date.kind import compare as compare_dates
from groundgate.engine.values.date.value import CalendarDate
from groundgate.engine.values.grammar import FULLWIDTH
from groundgate.engine.values.kind import Key, ValueKind
from groundgate.engine.values.number.sameness import same_number
from groundgate.engine.values.number.value import typed_number
from groundgate.engine.values.quantity import Quantity
from groundgate.engine.values.range.rules_en import year_span_end
from groundgate.engine.values.scanned import NumericValue
from groundgate.engine.values.time.kind import compare as compare_times
from groundgate.engine.values.time.value import parse_time
from groundgate.engine.values.within import Within

_YEAR = re.compile(r"1[0-9]{3}|2[0-9]{3}")
# How an end is compared: the ends typed() makes are times, years (dates) or numbers (counts,
# amounts, percentages - none with a rule of its own), so the range imports those kinds'
# sameness itself rather than the dispatcher (values/sameness.py), which lists it.
_END_COMPARE: dict[str, Callable[[Quantity, Quantity, Within], tuple[str, ...] | None]] = {
    "time": compare_times,
    "date": compare_dates,
}


def typed(value: NumericValue, _quantity: str) -> Quantity:
    """The range's two ends (value.endpoints), each typed: two times ("5-10pm"), two years
    ("2019—2023年"; "2007—11年" and "2007 -- 11" end in 2011: rules_en.year_span_end), or two
    numbers that share the second's unit, percent sign and magnitude ("10-20%", "3-5 million").
    Such an end keeps the characters it is written with (quantity "11"; its text is the span's,
    "2007 -- 11"), so the answer's "2011" is grounded by it as the same value written otherwise
    (format), never verbatim."""
    if value.endpoints[1][-1:] in ("m", "M"):  # hours with am/pm: "5-10pm"
        lo, hi = (
            Quantity(
                NumericValue(e, value.start, value.end, "time", e),
                "time",
                time=parse_time(e.translate(FULLWIDTH)),
            )
            for e in value.endpoints
        )
        return Quantity(value, "range", endpoints=(lo, hi))
    written = shown = ends = value.endpoints
    year_end = year_span_end(value.quantity, *written)
    if year_end is not None:  # the end is shown as the span that gives it ("2007 -- 11")
        ends, shown = (written[0], year_end), (written[0], value.text)
    lo, hi = (
        typed_number(
            NumericValue(t, value.start, value.end, "number", w, value.unit),
            e.translate(FULLWIDTH),
        )
        for t, w, e in zip(shown, written, ends, strict=True)
    )
    if lo.unit == "" and hi.unit in ("%", "‰"):  # "10-20%" is 10% to 20%
        lo = lo._replace(unit=hi.unit, kind=hi.kind)
    if value.unit == "年" and all(_YEAR.fullmatch(e) for e in ends):
        # "2019—2023年": a span of years, each end a year ("2019年至2023年"), not a duration.
        lo, hi = (
            Quantity(
                NumericValue(t, value.start, value.end, "date", w),
                "date",
                date=CalendarDate(int(e), None, None),
            )
            for t, w, e in zip(shown, written, ends, strict=True)
        )
        return Quantity(value, "range", endpoints=(lo, hi))
    if lo.magnitude == 0 and hi.magnitude:  # "3-5 million"
        lo = lo._replace(magnitude=hi.magnitude)
    return Quantity(value, "range", endpoints=(lo, hi), unit=hi.unit)


def compare(a: Quantity, e: Quantity, within: Within) -> tuple[str, ...] | None:
    """An evidence range whose ends are the answer range's, each written the same way in the
    evidence's context (format); None otherwise (number_grounding then tries the ends apart)."""
    if e.kind != "range":
        return None
    # Each end by its own kind, in the evidence's context alone (nothing of the answer's own:
    # no question scale, rounding, "about" or bound).
    ends = Within(within.context)
    for x, y in zip(a.endpoints, e.endpoints, strict=True):
        same = _END_COMPARE.get(x.kind, same_number)
        if same(x, y, ends) != ():
            return None
    return ("format",)


def keys(_q: Quantity) -> list[Key]:
    return [("range",)]


KIND = ValueKind(
    name="range",
    about="two values read as one (10-20%, 3-5 million, 5-10pm), the same when both ends are",
    scanned_as=("range",),
    typed=typed,
    compare=compare,
    rules=("format", "range_endpoints"),
    index_keys=keys,
    query_keys=keys,
    value_of=lambda q: tuple(end.number or end.date or end.time for end in q.endpoints),
)
