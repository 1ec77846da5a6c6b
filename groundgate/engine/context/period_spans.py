"""How long a period is (policy period_spans "lengths", gate 2.51.0, d694): a 10-Q prints the
same day twice, "Three Months Ended September 30," over "2023  2022" beside "Nine Months
Ended September 30," over "2023  2022", and an earnings release "Q4 2023" beside "Full Year
2023". Both columns of a year name the same day and year (periods.py: M9, Y2023), so the
quarter's cell grounded a figure said "for the nine months ended September 30, 2023" and the
reverse. A period's length is a kind of its own ("S", compared kind by kind as
periods.contradicts does): "S3" a quarter ("three months", "13 weeks", "Q3", "third
quarter"), "S6" a half ("six months", "26 weeks", "first half", "H1"), "S9" nine months ("39
weeks"), "S12" a year ("twelve months", "52 weeks", "full year", "year ended", "annual").

A column's lengths are read from its header; an answer value's from its own clause, else from
the nearest clause before it that names one (answer_periods.clause_spans). "Year to date" names
a length it does not say: a clause that says it has none (it is not judged). A fiscal year's
name ("FY2023", "fiscal 2023") names the year, not a length ("the third quarter of fiscal
2023"). Kinds only one side names decide nothing: a "2023" column has no length, nor has an
answer that says none. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from typing import Final

from groundgate.engine.context.duration_headers import durations_in
from groundgate.engine.text_memo import text_memo

_MONTHS: Final = {"three": 3, "3": 3, "six": 6, "6": 6, "nine": 9, "9": 9, "twelve": 12, "12": 12}
# Retail calendars: 12-17 week quarters (Costco's 16-week fourth), 24-28 week halves, 36-40
# week three quarters, 52-53 week years.
_WEEKS: Final = {12: 3, 13: 3, 14: 3, 16: 3, 17: 3, 24: 6, 26: 6, 27: 6, 28: 6, 36: 9, 39: 9,
                 40: 9, 52: 12, 53: 12}  # fmt: skip
_SPAN = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:"
    r"(?P<m>three|six|nine|twelve|3|6|9|12)[\s-]+months?(?![\s-]+(?:or|to|and)\b)"
    r"|(?P<w>\d\d)[\s-]+weeks?"
    r"|(?P<ww>fifty[\s-]+(?:two|three))[\s-]+weeks?"
    # A quarter: not "a quarter of", "three quarters", "quarter-end" (a day), "quarterly".
    r"|(?P<q>(?<!a\s)(?<!one\s)quarter(?![\s-]+end)|Q[1-4]|[1-4]Q(?:\d\d)?|QTD)"
    r"|(?P<h>(?:first|second)[\s-]+half|half[\s-]+year|H[12]|[12]H(?:\d\d)?)"
    r"|(?P<y>full[\s-]+(?:fiscal[\s-]+)?year|(?:fiscal[\s-]+)?years?[\s-]+ended|(?:trailing[\s-]+)?twelve[\s-]+months"
    r"|annual(?![\s-]+(?:report|meeting|filing|general))|TTM|LTM)"
    r"|(?P<ytd>year[\s-]+to[\s-]+date|YTD)"
    r")(?![A-Za-z0-9])"
)
UNSAID: Final = "S?"  # "year to date": a length not said


@text_memo(max_bytes=2**20, item_bytes=60)
def lengths(text: str) -> tuple[str, ...]:
    """Every length `text` names, \"S?\" for one it does not give (\"year to date\")."""
    out: list[str] = []
    for m in _SPAN.finditer(text):
        if m.group("m"):
            token = f"S{_MONTHS[m.group('m').casefold()]}"
        elif m.group("w"):
            n = _WEEKS.get(int(m.group("w")))
            if n is None:
                continue
            token = f"S{n}"
        elif m.group("ww"):
            token = "S12"
        elif m.group("q"):
            token = "S3"
        elif m.group("h"):
            token = "S6"
        elif m.group("y"):
            token = "S12"
        else:
            token = UNSAID
        if token not in out:
            out.append(token)
    return tuple(out)


def spans_in(text: str) -> tuple[str, ...]:
    """The lengths of period `text` names ("Three Months Ended September 30, 2023" -> ("S3",),
    "Full Year 2023" -> ("S12",), "2023" -> ()), in order, without repeats; a text that says a
    length it does not give ("year to date") none."""
    if not may_name(text):
        return ()
    found = lengths(text)
    return () if UNSAID in found else found


# Every match of _SPAN holds one of these, lower-cased (a text without any names no length).
_ANCHORS: Final = ("month", "week", "quarter", "q", "h", "half", "year", "annual", "ttm", "ltm")


def may_name(text: str) -> bool:
    low = text.casefold()
    return any(a in low for a in _ANCHORS)


def extra_periods(text: str, durations: bool, spans: bool) -> tuple[str, ...]:
    """The periods a derivation's sentence names beyond periods_in's: with `durations`
    (duration_headers "columns", d602) its durations, with `spans` (period_spans "lengths",
    d694) its lengths."""
    found = durations_in(text) if durations else ()
    return found + spans_in(text) if spans else found
