"""Table headers: which lines head a table's columns, and the column header over a cell
(facts.py reads the rows; this module reads what is above them).

A line of periods only ("2019  2018", or one year a line) gives the columns, a line of words
without values ("Years Ended September 30,") is a prefix of every column, a unit mark in it
("Number of shares (1,000)") is no cell (d407); quarter ordinals ("First  Second  Third
Fourth" over "Quarter  Quarter ...", policy quarter_ordinals) name quarter columns; below rows,
a line that only names a day ("December 31, 2018", "As at 31 December 2018", "2018年12月31日")
starts a section of that day (d406); words over runs of one repeated series of periods
("Financial assets  Financial liabilities" over "2019  2018  2019  2018") head each run
(header_groups, d538); a row as wide as its header's leading period columns is of them
(short_rows, d540, selectable). A cell whose row and header do not pair one to one has no
column. Moved out of facts.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.dated_headers import dated_parts
from groundgate.engine.context.duration_headers import label_head
from groundgate.engine.context.header_parts import header_parts
from groundgate.engine.context.periods import periods_in
from groundgate.engine.context.rows import LETTER, REFERENCE, Line, footnote
from groundgate.engine.context.segment_columns import segment_head
from groundgate.engine.context.unit_headers import label_unit, unit_part
from groundgate.engine.numbers import NumericValue, extract_numbers
from groundgate.engine.values.registry import PERIODS

# The label column's own header ("项目  账面余额  坏账准备"): the other parts are the columns.
_LABEL_HEAD = re.compile(r"(?i)项目|科目|类别|名称|items?|descriptions?|particulars")
# With statement_headers "indicator_heads" (d789): a 业绩快报 / 主要财务指标 table's "指标" too.
_INDICATOR_HEAD = re.compile(r"(?:主要)?(?:财务|会计)?指标(?:名称)?")


_FILLER = re.compile(r"[\s$€£¥()%\-–—*]*")


_NOTE = re.compile(r"(?i)notes?")


_YEAR = re.compile(r"(?:19|20)\d\d")


def _rest(line: Line) -> str:
    """The line without its values: what names them."""
    parts, last = [], 0
    for v in line.values:
        parts.append(line.text[last : v.start])
        last = v.end
    parts.append(line.text[last:])
    return "".join(parts)


def _period_only(line: Line) -> tuple[str, ...] | None:
    """The line's column periods when it holds only periods ("2019  2018", "Q3 2019"); a
    footnote mark after a year is no column ("2019 (1)  2018  2017 (2)")."""
    years = [v for v in line.values if not footnote(line.text, v)]
    if not years or not all(_is_year(v) for v in years):
        return None
    rest = _rest(line)
    if LETTER.search(rest) and not periods_in(line.text):
        return None
    words = re.sub(r"(?i)\b(fy|fiscal|year|years|ended|q[1-4]|quarter|h[12])\b", "", rest)
    if len(_FILLER.sub("", words)) > 12:
        return None
    return tuple(v.text for v in years)


_YEAR_RANGE = re.compile(r"(?:19|20)\d\d\s*[-–—]\s*(?:(?:19|20)\d\d|\d\d)")


def _year_range(v: NumericValue) -> bool:
    """ "2021-2022", "2020 – 2024", "2021-22": a range of years (a column of several)."""
    return v.kind == "range" and bool(_YEAR_RANGE.fullmatch(v.text.strip()))


def _is_year(v: NumericValue) -> bool:
    return v.kind in ("number", "date") and bool(_YEAR.fullmatch(v.quantity))


def _all_years(parts: list[str]) -> bool:
    return all(_YEAR.fullmatch(p) for p in parts)


def _column(
    header: list[list[str]],
    k: int,
    n: int,
    units: bool = False,
    groups: bool = False,
    short: bool = False,
    durations: bool = False,
    word_lines: bool = False,
    indicators: bool = False,
    segments: bool = False,
) -> str:
    """The header of cell k of a row of n cells: every header line's part over it. `word_lines`
    (column_naming "word_columns", d681): the one line of words that heads the columns, its
    label column's head first ("Segment  Americas  Europe  Asia": _word_columns). `indicators`
    (statement_headers "indicator_heads", d789): "指标" heads the label column as "项目" does
    ("指标  本报告期  上年同期  增减（百分点）")."""
    if short and (found := _period_lead(header, k, n)) is not None:
        return found
    words: list[str] = []
    matched = False
    for i, parts in enumerate(header):
        if len(parts) == 1 and n > 1:
            words.append(parts[0])
        elif len(parts) == n:
            words.append(parts[k])
            matched = True
        elif (
            len(parts) == n - 1
            and n > 1
            and all(map(periods_in, parts))
            and any(_NOTE.fullmatch(other[0]) for other in header if len(other) == n)
        ):
            # "Note  £m  £m" over "Investments  3  1,216.0  1,212.9": the periods are over the
            # value columns, right of the notes column.
            if k > 0:
                words.append(parts[k - 1])
            matched = True
        elif (
            len(parts) == n + 1
            and not _years_in(parts[0])
            and (
                sum(1 for part in parts[1:] if periods_in(part)) >= min(2, n)
                or bool(_LABEL_HEAD.fullmatch(parts[0]))
                or (indicators and bool(_INDICATOR_HEAD.fullmatch(parts[0])))
                or (segments and segment_head(parts[0]))  # "分行业  营业收入 ..." (d886)
                or (units and label_unit(parts))  # header_units: "(In millions)  As Reported"
                or (durations and label_head(parts, n))  # "Contractual Obligations  Total ..."
                or (word_lines and _word_columns(header, parts))
            )
        ):
            # The label column's own header first ("As of"); when it names a day or month
            # ("Years Ended December 31,") that day is every column's.
            if segments and segment_head(parts[0]):  # a title names no metric (d886)
                words = [w for w in words if periods_in(w)]
            if periods_in(parts[0]):
                words.append(parts[0])
            words.append(parts[k + 1])
            matched = True
        elif len(parts) > 1 and n % len(parts) == 0 and all(map(periods_in, parts)):
            words.append(parts[k // (n // len(parts))])
            matched = True
        elif groups and (span := group_span(header, i, n)) is not None:
            # "Financial assets  Financial liabilities" over "2019  2018  2019  2018": each
            # part heads its run of the periods below (header_groups, d538).
            lead, width = span
            if k >= lead:
                words.append(parts[len(parts) - (n - k + width - 1) // width])
    return " ".join(words) if matched or n == 1 else ""


# A column's name of words: a capital first, then letters, spaces, "&", "-", "'" or "." only (no
# figure, unit, currency or parenthesis: "£m", "$M", "(Shares in thousands)" are none).
_WORD_NAME = re.compile(r"[A-Z][A-Za-z .&'’-]*")
_MARKERS = frozenset({"None", "N/A", "NM", "Nil"})


def _word_columns(header: list[list[str]], parts: list[str]) -> bool:
    """ "Segment  Americas  Europe  Asia" over rows of three cells: the only header line of
    several parts (a title line above aside), of distinct names of words - segments, regions,
    products - after the label column's head; nothing names a period. Not where another line
    of several parts heads the same columns ("Amortized  Unrealized ..." over "Cost  Gains
    ..."), which a row short of a blank cell would shift."""
    names = parts[1:]
    return (
        sum(1 for other in header if len(other) > 1) == 1
        and len(names) >= 2
        and len(set(names)) == len(names)
        and all(_WORD_NAME.fullmatch(p) and p not in _MARKERS for p in parts)
        and not any(map(periods_in, parts))
    )


def _period_lead(header: list[list[str]], k: int, n: int) -> str | None:
    """The header of cell k of a row of n cells narrower than its header (policy short_rows
    "period_columns", d540): where a header line prints more than n columns, the first n of
    them periods and the others none ("(In millions)  2018  2017  Dollar  Percent" over
    "Operating margin  49%  50%"), the row's cells are those period columns (a margin or a
    ratio has no change in dollars). A line of n parts naming no period above it ("Fiscal
    Year  Variance in") heads groups of its columns, not this row's cells. None otherwise."""
    for j in range(len(header) - 1, -1, -1):
        parts = header[j]
        # The label column's own head first ("(In millions)", "Years Ended December 31,":
        # no year), its day every column's.
        head = len(parts) > 1 and not _years_in(parts[0]) and bool(periods_in(parts[1]))
        cols = parts[1:] if head else parts
        if len(cols) <= n:
            continue
        if all(map(periods_in, cols[:n])) and not any(map(periods_in, cols[n:])):
            words = [p[0] for p in header if len(p) == 1]
            if head and periods_in(parts[0]):
                words.append(parts[0])
            return " ".join([*words, cols[k]])
        return None
    return None


def group_span(header: list[list[str]], i: int, n: int) -> tuple[int, int] | None:
    """(lead, width) where header line i, m parts of words naming no period, heads runs of
    the columns of a row of n cells: the first line below it of n parts (or n + 1, its
    first the label column's) prints one run of two or more distinct periods m times at
    its end ("2019  2018  2019  2018"; "August 31, 2019  August 31, 2019  August 31, 2018
    August 31, 2019  August 31, 2018": one leading column, then two runs); the line's last m
    parts head the runs in order (a first part more is the label column's head: "项目",
    "(In millions)"). None otherwise."""
    parts = header[i]
    if len(parts) > 2 and (_LABEL_HEAD.fullmatch(parts[0]) or label_unit(parts)):
        parts = parts[1:]
    m = len(parts)
    if m < 2 or n < 2 * m or any(map(periods_in, parts)):
        return None
    for lower in header[i + 1 :]:
        if len(lower) not in (n, n + 1):
            continue
        cols = [periods_in(p) for p in (lower if len(lower) == n else lower[1:])]
        for width in range(n // m, 1, -1):
            lead = n - width * m
            run = cols[lead : lead + width]
            if lead < width and all(run) and len(set(run)) == width and cols[lead:] == run * m:
                return lead, width
        return None
    return None


_ORDINAL = re.compile(r"(?i)first|second|third|fourth|1st|2nd|3rd|4th")


_ORDINAL_NUMBER: dict[str, int] = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1,
                                   "2nd": 2, "3rd": 3, "4th": 4}  # fmt: skip


_QUARTER = re.compile(r"(?i)quarters?")


_QUARTER_COLUMN = re.compile(r"(?i)(?:first|second|third|fourth|1st|2nd|3rd|4th) quarter")


def _quarter_columns(header: list[list[str]], parts: list[str], nxt: Line | None) -> list[str]:
    """A header line's parts with quarters read (policy quarter_ordinals): a line of three or
    more ordinals in order ("First  Second  Third  Fourth"), or of two over a line of
    "Quarter"s, names quarter columns ("First Quarter", ...); the line of "Quarter"s under
    them ("Quarter  Quarter  Quarter  Quarter  Total") is merged into them, its further parts
    ("Total") the columns after them. [] when merged into the line above."""
    above = header[-1] if header else None
    if (
        above
        and all(_QUARTER_COLUMN.fullmatch(p) for p in above)
        and len(parts) >= len(above)
        and all(_QUARTER.fullmatch(p) for p in parts[: len(above)])
    ):
        above.extend(parts[len(above) :])
        return []
    if len(parts) < 2 or not all(_ORDINAL.fullmatch(p) for p in parts):
        return parts
    numbers = [_ORDINAL_NUMBER[p.casefold()] for p in parts]
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return parts
    under = header_parts(nxt.text) if nxt is not None else []
    if len(parts) < 3 and not (under and _QUARTER.fullmatch(under[0])):
        return parts
    return [f"{p} Quarter" for p in parts]


def _year_section(header: list[list[str]], years: tuple[str, ...]) -> bool:
    """Whether a lone year line below rows, right above rows ("2018"), replaces the year line
    of a header of quarter columns ("First Quarter .. Fourth Quarter" over "2019"): True when
    it did."""
    if len(years) != 1 or not any(
        parts and all(_QUARTER_COLUMN.match(p) for p in parts[:2]) for parts in header
    ):
        return False
    for i in range(len(header) - 1, -1, -1):
        if len(header[i]) == 1 and _all_years(header[i]):
            header[i] = [years[0]]
            return True
    return False


def _years_in(text: str) -> bool:
    return any(p[0] == "Y" for p in periods_in(text))


# The words a section's day may stand with: "As at 31 December 2018", "截至2019年12月31日".
_SECTION_WORDS = re.compile(
    r"(?i)^[\s,:]*(?:(?:as\s+)?(?:at|of|on)|balance\s+at|截至|于)?[\s,:：]*$"
)


# With ended_headers "period_phrases" (gate 2.28.0, d534): the period a day ends, "Year ended
# 30 June 2018", "Fiscal year ended May 31, 2019", "For the period ending ...", "Six months
# ended ...", "52 weeks ended ..." (the number of weeks a value of the line: _span_ended).
_ENDED_WORDS = re.compile(
    r"(?i)^[\s,:]*(?:for\s+the\s+)?(?:(?:fiscal|financial)\s+)?"
    r"(?:year|period|half[\s-]?year|(?:[a-z]+(?:-[a-z]+)?\s+)?(?:months?|weeks?)|)"
    r"[\s-]*end(?:ed|ing)[\s,:]*$"
)


def _section_period(line: Line, ended: bool = False) -> bool:
    """A line that only names a day with a year ("December 31, 2018", "As at 31 December 2018",
    "2019年12月31日"): below rows, the day of the section of rows that follows (d406). With
    `ended` (ended_headers), also the year or period that day ends ("Year ended 30 June
    2018")."""
    days = [v for v in line.values if not (ended and _span_ended(line.text, v))]
    if not (
        len(days) == 1
        and days[0].kind in PERIODS
        and _years_in(days[0].text)
        and not _is_year(days[0])
    ):
        return False
    rest = _rest(line)
    if len(days) < len(line.values):  # "52 weeks ended 31 Mar 2018": the weeks name no section
        return bool(_ENDED_WORDS.match(rest))
    return bool(_SECTION_WORDS.match(rest)) or (ended and bool(_ENDED_WORDS.match(rest)))


def _replace_section(header: list[list[str]], text: str) -> None:
    """The header with `text` as its section line: the last section line (one part naming a
    day) replaced, else `text` added."""
    for i in range(len(header) - 1, -1, -1):
        parts = header[i]
        if len(parts) == 1 and _years_in(parts[0]) and not _all_years(parts):
            header[i] = [text]
            return
    header.append([text])


def _header_words(
    line: Line,
    year_ranges: bool = False,
    ended: bool = False,
    unit_head: bool = False,
    dated: bool = False,
) -> bool:
    """Words above the columns: short, no values but periods (dates, times: registry.PERIODS),
    years and footnote marks; with `year_ranges`, ranges of years too ("2021-2022"); with
    `ended` (ended_headers), a span of weeks or months before "ended" ("52 weeks ended 30 Mar
    2019 £m": the period the column's day ends, no cell). With `unit_head` (header_unit_parts
    "aside", d595), the label column's unit statement first ("(In millions, except
    percentages and per share amounts)") is not counted in the line's length. With `dated`
    (dated_headers "long_parts", d778), a line of dated parts is read at any length up to 400
    characters ("Three Months Ended September 30, 2023  Three Months Ended ...")."""
    text = line.text.strip()
    if unit_head and len(text) >= 100:
        parts = header_parts(text)
        if len(parts) > 2 and unit_part(parts[0]):
            text = text[len(parts[0]) :].strip()
    return (len(text) < 100 or (dated and dated_parts(text))) and all(
        v.kind in PERIODS
        or _is_year(v)
        or (year_ranges and _year_range(v))
        or footnote(line.text, v)
        or bool(REFERENCE.search(line.text[: v.start]))
        or _unit_mark(line.text, v)
        or (ended and _span_ended(line.text, v))
        for v in line.values
    )


_SPAN_UNITS = frozenset({"week", "weeks", "month", "months"})
_ENDED_AFTER = re.compile(r"(?i)[\s-]*end(?:ed|ing)\b")


def _span_ended(text: str, v: NumericValue) -> bool:
    """ "52 weeks ended", "12 months ending": a number of weeks or months the column's period
    spans, right before the word that names the day it ends (ended_headers)."""
    return v.unit.lower() in _SPAN_UNITS and _ENDED_AFTER.match(text, v.end) is not None


_UNIT_MARK = re.compile(r"[(（]\s*['’]?\s*(?:1,000|1,000,000|000)\s*['’]?s?\s*[)）]")


def _unit_mark(text: str, v: NumericValue) -> bool:
    """ "Number of shares (1,000)", "(000's)": the scale of a header's column, no cell (d407)."""
    return any(
        m.start() <= v.start and v.end <= m.end()
        for m in _UNIT_MARK.finditer(text, max(0, v.start - 4), v.end + 5)
    )


def _header_like(cells: list[str]) -> bool:
    """A markdown row under the separator that still heads columns: no label, only periods."""
    if not cells or cells[0].strip():
        return False
    rest = [c for c in cells[1:] if c.strip()]
    return bool(rest) and all(
        _period_only(Line(0, c, extract_numbers(c))) is not None for c in rest
    )
