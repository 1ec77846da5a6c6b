"""Fiscal years named by the year they end in, and the naming the evidence declares (policy
fiscal_years "declared_names", gate 2.78.0, d945-d947; issue 28, d906, d912).

A 52/53-week retail year ends late in January or early in February. Best Buy names it by the
year it ends in ("fiscal 2024" ends February 3, 2024: its second quarter is the three months
ended July 29, 2023), Ulta by the year it starts in ("fiscal 2021" = the 52 weeks ended January
29, 2022, d912). An answer's "$1,093 million in Q2 of FY 2024" of Best Buy's "July 29, 2023"
column is right, and a calendar reading refuses it (another_period: 2024 against 2023).

The naming is read from the case's cited excerpts (every one, not only the value's: a release
declares it once, in one paragraph): a sentence pairing "fiscal N" / "fiscal year N" with a late
January or early February day by "ended"/"ending" or a parenthesis, in either order -

  - "fiscal 2024 ... ending February 3, 2024", "the 53 weeks ended February 3, 2024 ("fiscal
    2024")": named by its end ("ends");
  - "fiscal 2021 (the 52 weeks ended January 29, 2022)": named by its start ("starts", d912).

Then a year the answer's sentence names as a fiscal year ("FY 2024", "fiscal 2024", "Q2 of
FY2024", "fiscal year 2024") - never a plain "2024" - is also the year of:

  - "ends", or no declaration (neither, or both) where the value's excerpt dates a column or a
    year's end by a late January or early February day ("January 28, 2023" heading a column,
    "52 weeks ended January 28, 2023"): a day of March to November of the year before (the 12
    months up to that January or February, December left out: a December day is a calendar
    year's end, read as its own year);
  - "starts": a day of January or February of the year after (as d912 reads it).

Anything else keeps the calendar reading: a December year, a year named by no "FY"/"fiscal",
an excerpt with no retail year end. With "chunk_names" (d977) the retail year end of a cell
its chunk headed (a row quoted without its header, d940) is read on the chunk's text up to the
excerpt's end (chunk_headers.headed_text), not on the header-less excerpt. English words only.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from groundgate.engine.context.periods import contradicts
from groundgate.engine.quantities import Quantity, typed
from groundgate.engine.text_memo import text_memo
from groundgate.engine.values.scanned import NumericValue

# A late January or early February day: a 52/53-week retail year's end (Jan 25 - Feb 8 in
# practice; the 20th - 10th read).
_RETAIL_DAY = (
    r"(?:(?:jan(?:uary)?\.?\s+(?:2\d|3[01])|feb(?:ruary)?\.?\s+(?:0?[1-9]|10))(?:st|nd|rd|th)?,?\s+"
    r"|(?:2\d|3[01])\s+jan(?:uary)?\.?,?\s+|(?:0?[1-9]|10)\s+feb(?:ruary)?\.?,?\s+)"
    r"(?P<end>(?:19|20)\d\d)\b"
)
_FISCAL = r"fiscal\s+(?:year\s+)?(?P<named>(?:19|20)\d\d)\b"
# "fiscal 2024 ... ending February 3, 2024" / "fiscal 2021 (the 52 weeks ended January 29, 2022)"
_NAMED_FIRST = re.compile(
    rf"(?i)\b{_FISCAL}[^.;]{{0,60}}?(?:\bend(?:s|ed|ing)\b|\()[^.;()]{{0,40}}?\b{_RETAIL_DAY}"
)
# "the 53 weeks ended February 3, 2024 ("fiscal 2024")"
_DAY_FIRST = re.compile(
    rf"(?i)\b(?:ended|ending)\s+(?:on\s+)?{_RETAIL_DAY}[,\s]*\(\W{{0,2}}"
    + _FISCAL.replace("named", "n2")
)
# A year's end by such a day: "52 Weeks Ended January 28, 2023", "fiscal year ended ...".
_YEAR_ENDED = re.compile(rf"(?i)\b(?:weeks|year)\s+(?:ended|ending)\s+(?:on\s+)?{_RETAIL_DAY}")
_RETAIL_COLUMN = re.compile(rf"(?i)(?<![A-Za-z]){_RETAIL_DAY}")
# A year the answer names as a fiscal one: "FY 2024", "FY24", "fiscal 2024", "fiscal year 2024".
_FISCAL_SAID = re.compile(
    r"(?i)(?<![A-Za-z0-9])(?:FY\s*'?(?P<y>(?:19|20)?\d\d)|fiscal(?:\s+year)?\s+(?P<y4>(?:19|20)\d\d))"
    r"(?!\d)"
)


class _Cited(Protocol):
    @property
    def excerpt(self) -> str: ...


class FiscalSaid(NamedTuple):
    """What the rule reads beyond the value's excerpt: the answer's sentence and the case's
    cited excerpts (context_findings' `accepted`)."""

    sentence: str
    accepted: Sequence[tuple[int, _Cited]]


@text_memo(max_bytes=2**20, item_bytes=50)
def declared_naming(text: str) -> str:
    """How `text` names its retail fiscal years: "ends", "starts", "both" or "" (nothing
    declared; the module's doc)."""
    if "iscal" not in text:
        return ""
    found: set[str] = set()
    pairs = [(m.group("named"), m.group("end")) for m in _NAMED_FIRST.finditer(text)]
    pairs += [(m.group("n2"), m.group("end")) for m in _DAY_FIRST.finditer(text)]
    for named, end in pairs:
        if int(end) == int(named):
            found.add("ends")
        elif int(end) == int(named) + 1:
            found.add("starts")
    return "both" if len(found) == 2 else next(iter(found), "")


def case_naming(accepted: Sequence[tuple[int, _Cited]]) -> str:
    """The naming the case's cited excerpts declare: "ends", "starts", or "" (none, or both).
    An excerpt without "iscal" declares none (declared_naming): where no cited excerpt holds
    it, no excerpt is looked up (asked of every case, d982)."""
    if not any("iscal" in evidence.excerpt for _, evidence in accepted):
        return ""
    found = {declared_naming(evidence.excerpt) for _, evidence in accepted} - {""}
    return next(iter(found)) if len(found) == 1 and "both" not in found else ""


@text_memo(max_bytes=2**20, item_bytes=50)
def retail_year_end(text: str) -> bool:
    """Whether `text` dates a column or a year's end by a late January or early February day:
    a line that holds such a date and no other words than dates ("January 28, 2023", "July 29,
    2023 January 28, 2023 July 30, 2022"), or "weeks/year ended <the day>"."""
    if _YEAR_ENDED.search(text):
        return True
    for line in text.splitlines():
        if _RETAIL_COLUMN.search(line) and _only_dates(line):
            return True
    return False


_DATE_LINE = re.compile(
    r"(?i)(?:\s|,|as\s+of|at|(?:three|six|nine|twelve|3|6|9|12|13|26|39|52|53)\s+"
    r"(?:months|weeks)\s+ended|ended|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d\d"
    r"|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?\s+(?:19|20)\d\d)+"
)


def _only_dates(line: str) -> bool:
    return _DATE_LINE.fullmatch(line.strip()) is not None


_MONTH3 = "jan feb mar apr may jun jul aug sep oct nov dec".split()
_ANY_DAY = re.compile(
    r"(?i)(?<![A-Za-z])(?P<m>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+"
    r"\d{1,2},?[ \t]+(?P<y>(?:19|20)\d\d)\b"
)


# A quarter or part of a year named with its fiscal year: "the second quarter of fiscal 2024",
# "the first six months of fiscal 2024", "Q2 FY24".
_PART_OF = re.compile(
    r"(?i)\b(?:quarters?|q[1-4]|(?:three|six|nine)\s+months|first\s+half)\b[^.;\n]{0,40}?"
    r"(?:\bFY\s*'?(?P<y>(?:19|20)?\d\d)|\bfiscal(?:\s+year)?\s+(?P<y4>(?:19|20)\d\d))(?!\d)"
)


@text_memo(max_bytes=2**20, item_bytes=50)
def _latest(text: str) -> tuple[int, int, int]:
    """(the latest fiscal year `text` names a quarter or part of, the year and the month of
    the latest day heading its columns - a line of dates alone, "Three Months Ended July 29,
    2023"; 0: none)."""
    named = 0
    for m in _PART_OF.finditer(text):
        y = m.group("y") or m.group("y4")
        named = max(named, int(y if len(y) == 4 else "20" + y))
    days = [
        (int(m.group("y")), _MONTH3.index(m.group("m").lower()[:3]) + 1)
        for line in text.splitlines()
        if _only_dates(line)
        for m in _ANY_DAY.finditer(line)
    ]
    year, month = max(days, default=(0, 0))
    return named, year, month


def paired_month(accepted: Sequence[tuple[int, _Cited]]) -> int:
    """The month of the year that the case's cited excerpts pair with a fiscal year named by
    the year after: where the latest fiscal year they name a quarter or part of is N ("the
    second quarter of fiscal 2024") and the latest day heading their columns is of March to
    November of N-1 ("Three Months Ended July 29, 2023"), that day's month (7): fiscal N holds
    it (Best Buy's second quarter, Microsoft's first, "September 30, 2023" of fiscal 2024). 0
    where they pair none (an annual report's years, a year named in prose alone)."""
    found = [_latest(evidence.excerpt) for _, evidence in accepted]
    named = max((n for n, _, _ in found), default=0)
    year, month = max(((y, m) for _, y, m in found), default=(0, 0))
    return month if year == named - 1 and 3 <= month <= 11 else 0


@text_memo(max_bytes=2**20, item_bytes=50)
def fiscal_years_said(sentence: str) -> frozenset[str]:
    """The years `sentence` names as fiscal years ("FY 2024", "FY24": "Y2024")."""
    if "FY" not in sentence and "iscal" not in sentence and "fy" not in sentence.lower():
        return frozenset()
    out = set()
    for m in _FISCAL_SAID.finditer(sentence):
        y = m.group("y") or m.group("y4")
        out.add("Y" + (y if len(y) == 4 else "20" + y))
    return frozenset(out)


def fiscal_fits(
    named: tuple[str, ...],
    held: tuple[str, ...],
    excerpt: str,
    said: FiscalSaid,
    open_names: bool = False,
) -> bool:
    """Whether a value of periods `held` (of `excerpt`) is of the periods `named` once a
    fiscal year the answer's sentence names is read as the case's naming (the module's doc).
    With `open_names` (fiscal_years "open_names", d987) a part of a fiscal year the case does
    not place may end in the year before (open_part)."""
    fiscal = fiscal_years_said(said.sentence) & set(named)
    if not fiscal:
        return False
    months = [int(p[1:]) for p in held if p[0] == "M" and p[1:].isdigit()]
    years = [int(p[1:]) for p in held if p[0] == "Y" and p[1:].isdigit()]
    if len(months) != 1 or len(years) != 1:
        return False  # a day of one month of one year only
    month, year = months[0], years[0]
    naming = case_naming(said.accepted)
    if naming == "starts":
        extra = f"Y{year - 1}" if month <= 2 else ""
    elif naming == "ends" or (naming == "" and retail_year_end(excerpt)):
        extra = f"Y{year + 1}" if 3 <= month <= 11 else ""
    elif naming == "" and month == paired_month(said.accepted):
        extra = f"Y{year + 1}"  # the month the case pairs with the year after's name
    elif naming == "" and open_names and open_part(named, month, said.accepted):
        extra = f"Y{year + 1}"  # a part of fiscal Y+1 the case does not place (d987)
    else:
        return False
    return extra in fiscal and not contradicts(named, (*held, extra))


# The earliest month of the year before fiscal N in which a part of it may end (fiscal N named
# by its end: it ends in some month of N, so its quarter q ends 3 * (4 - q) months earlier).
_PART_ENDS = {"Q1": 4, "Q2": 7, "Q3": 10, "H1": 7, "S3": 4, "S6": 7, "S9": 10}


def open_part(named: tuple[str, ...], month: int, accepted: Sequence[tuple[int, _Cited]]) -> bool:
    """Whether a day of `month` of the year before may end the part of fiscal N that `named`
    says, where the case places no naming (no declaration, no retail year end, no paired month,
    d987): fiscal N may end in any month of N, so its second quarter ends in July of N-1 at
    the earliest ("Q2 of FY 2024" of Best Buy's July 29, 2023 column, of a January year); a
    quarter ordinal, a half or a length pins the earliest month (Q1 April, Q2/H1/six months
    July, Q3/nine months October); a whole year, Q4 or H2 never end in the year before."""
    parts = [p for p in named if p in _PART_ENDS or p in ("Q4", "H2", "S12")]
    ordinal = [p for p in parts if p[0] in "QH"]
    said = ordinal or parts
    if not said or any(p not in _PART_ENDS for p in said) or paired_month(accepted):
        return False
    return month >= max(_PART_ENDS[p] for p in said)


def fiscal_elsewhere(named: tuple[str, ...], held: tuple[str, ...], said: FiscalSaid) -> bool:
    """Whether a day of March to November of year Y (`held`) is said to be of fiscal Y (named
    "FY"/"fiscal") where the case's excerpts declare the years named by their end: it is of
    fiscal Y+1 ("$1,093 million in FY 2023" of Best Buy's "July 29, 2023" column, the second
    quarter of fiscal 2024). Undeclared, or named by the start: not judged (the calendar)."""
    fiscal = fiscal_years_said(said.sentence) & set(named)
    if not fiscal:
        return False
    months = [int(p[1:]) for p in held if p[0] == "M" and p[1:].isdigit()]
    years = [p for p in held if p[0] == "Y"]
    if len(months) != 1 or len(years) != 1 or not 3 <= months[0] <= 11:
        return False
    after = f"Y{int(years[0][1:]) + 1}"
    if years[0] not in fiscal or after in named:
        return False
    return case_naming(said.accepted) == "ends"


def start_named(accepted: Sequence[tuple[int, _Cited]]) -> bool:
    """Whether the case's cited excerpts name its retail years by their start (case_naming):
    then each excerpt offers start_years (d947)."""
    return case_naming(accepted) == "starts"


def start_years(text: str) -> list[Quantity]:
    """Each late January or early February day of year Y that `text` writes on one line, as the
    number Y-1, the fiscal year that day ends where the case names its retail years by their
    start (start_named: "fiscal 2022 (the 52 weeks ended January 28, 2023)"), at the day's
    span: the number check's offer (evidence_values, fiscal_years "declared_names", d947), so
    "2021" of "$1,059,265 thousand in fiscal 2021" citing the "January 29, 2022" column is
    grounded there, as a quarter named without its year is (d854)."""
    out: list[Quantity] = []
    for m in _RETAIL_COLUMN.finditer(text):
        if "\n" in m.group(0):
            continue  # ("January 28, January 29," over "2023 2022": not the day's year)
        year = str(int(m.group("end")) - 1)
        out.append(typed(NumericValue(m.group(0), m.start(), m.end(), "number", year, "")))
    return out
