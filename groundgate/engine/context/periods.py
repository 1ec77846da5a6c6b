"""The periods a text names: years, fiscal years, quarters, halves, months and days of the week.

A period is a short normalised string, so that two texts agree when they name the same one:
  "2019", "FY2019", "fiscal 2019", "2019年", "December 31, 2019"  -> year "2019"
  "Q3", "third quarter", "3Q19", "第三季度"                          -> quarter "Q3"
  "first half", "H1", "上半年"                                     -> half "H1"
  "December", "Dec.", "12月"                                       -> month "M12"
  "Monday", "Mon", "周一", "星期一"                                  -> day "D1"
(a quarter with its year, "Q3 2019", gives both "Q3" and "2019"). Kinds are compared kind by
kind (contradicts()): a text naming 2019 contradicts one naming 2018 only, never one naming Q3.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from groundgate.engine.context.comparisons import against_before
from groundgate.engine.text_memo import text_memo
from groundgate.engine.values.grammar import FULLWIDTH
from groundgate.engine.values.registry import PERIODS

if TYPE_CHECKING:
    from groundgate.engine.numbers import NumericValue

MONTHS: Final = (
    "january february march april may june july august september october november december"
).split()
DAYS: Final = "monday tuesday wednesday thursday friday saturday sunday".split()
_ORDINALS: Final = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2,
                    "3rd": 3, "4th": 4}  # fmt: skip
_ZH_DIGITS: Final = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7}

# A month's name or its abbreviation, as periods are read (a whole word: mentions() takes it only
# between non-letters): claims.naming_words drops the same words (d714).
MONTH_WORD: Final = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"  # noqa: E501
_DAY_WORD = r"(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"  # noqa: E501
_PERIOD = re.compile(
    r"(?i)"
    # A cheap first look (a match can start only here): a digit, a CJK period word, a letter
    # that starts a word, or "first"/"second" ("first half" has no word boundary before it).
    r"(?=[0-9１２第一二三四上下周星礼]|(?<![A-Za-z])[fqhstjmaondw]|first|second)(?:"
    r"(?P<fy>(?<![A-Za-z0-9])(?:FY|fiscal(?:\s+year)?\s*)'?(?P<fyy>(?:19|20)?\d\d)(?!\d))"
    r"|(?P<year>(?<![\d.,])(?:19|20|１９|２０)\d\d(?!\d|[,.]\d))"
    r"|(?P<q>(?<![A-Za-z0-9])(?:Q(?P<qn>[1-4])|(?P<qn2>[1-4])Q(?:\d\d)?)(?![A-Za-z0-9]))"
    r"|(?P<qw>(?<![A-Za-z])(?P<qord>first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+quarter)"
    r"|(?P<h>(?<![A-Za-z0-9])H(?P<hn>[12])(?![A-Za-z0-9])|(?P<hord>first|second)[\s-]+half)"
    r"|(?P<zq>第?(?P<zqn>[一二三四1-4])季度?)"
    r"|(?P<zh>(?P<zhs>[上下])半年)"
    r"|(?P<zm>(?<!\d)(?P<zmn>1[0-2]|0?[1-9])月)"
    r"|(?P<zd>(?:周|星期|礼拜)(?P<zdn>[一二三四五六日天]))"
    rf"|(?P<month>(?<![A-Za-z]){MONTH_WORD}(?![A-Za-z]))\.?"
    rf"|(?P<day>(?<![A-Za-z]){_DAY_WORD}(?![A-Za-z]))"
    r")"
)

_KINDS: Final = {"Y": "year", "Q": "quarter", "H": "half", "M": "month", "D": "day"}


# What every match of _PERIOD holds, as a substring (case-insensitive, as _PERIOD): a year's
# four digits, "Q3"/"3Q", "H1", "FY"/"fiscal", "quarter", "half", a CJK period character, or
# the first three letters of a month or a day. A text without any has no mention, nor has any
# part of it (a sentence): one search instead of splitting and reading (may_mention).
_ANCHOR = re.compile(
    r"(?i)(?:19|20|１９|２０)\d\d|q[1-4]|[1-4]q|h[12]|fy|fiscal|quarter|half|[月季第一二三四上下周星礼]"
    r"|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun"
)


# _ANCHOR for an ASCII text, where (?i) is lower(): its words, found by str.find (one
# case-insensitive regex of many branches costs several times these few searches).
_ANCHOR_WORDS: Final = ("fy", "fiscal", "quarter", "half", "jan", "feb", "mar", "apr", "may",
                        "jun", "jul", "aug", "sep", "oct", "nov", "dec", "mon", "tue", "wed",
                        "thu", "fri", "sat", "sun")  # fmt: skip
_ANCHOR_QH = re.compile(r"q[1-4]|[1-4]q|h[12]")
_ANCHOR_YEAR = re.compile(r"(?:19|20)\d\d")


def may_mention(text: str) -> bool:
    """False when neither `text` nor any part of it names a period (mentions() finds none in
    any substring); True when one might."""
    if not text.isascii():
        return _ANCHOR.search(text) is not None
    low = text.lower()
    for word in _ANCHOR_WORDS:
        if word in low:
            return True
    return _ANCHOR_QH.search(low) is not None or _ANCHOR_YEAR.search(text) is not None


@text_memo(max_bytes=2 * 2**20, item_bytes=60)
def periods_in(text: str) -> tuple[str, ...]:
    """Every period `text` names, normalised, in order of first mention, without repeats. Read
    once per text (text_memo.py): a question is asked again for every answer to it, a row
    label on every line of its table."""
    out: list[str] = []
    for _, _, period in mentions(text):
        if period not in out:
            out.append(period)
    return tuple(out)


def mentions(text: str) -> list[tuple[int, int, str]]:
    """Every mention of a period: (start, end, normalised period), left to right."""
    return [(m.start(), m.end(), p) for m in _PERIOD.finditer(text) for p in _normalised(m)]


def _normalised(m: re.Match[str]) -> tuple[str, ...]:
    # The alternative that matched: each of _PERIOD's is a named group around all of it, so
    # it is the last group to close (lastgroup), and its own groups are asked by name (no
    # dict of all of _PERIOD's groups per mention).
    name, g = m.lastgroup, m.group
    if name == "fy":
        yy = g("fyy")
        return ("Y" + (yy if len(yy) == 4 else "20" + yy),)
    if name == "year":  # ("２０２３年": a full-width year is 2023's, d888)
        year = g("year")
        return ("Y" + (year if year.isascii() else year.translate(FULLWIDTH)),)
    if name == "q":
        return ("Q" + (g("qn") or g("qn2")),)
    if name == "qw":
        return (f"Q{_ORDINALS[g('qord').casefold()]}",)
    if name == "h":
        n = g("hn") or str(_ORDINALS[(g("hord") or "first").casefold()])
        return ("H" + n,)
    if name == "zq":
        n = g("zqn")
        return ("Q" + str(_ZH_DIGITS.get(n, n)),)
    if name == "zh":
        return ("H1" if g("zhs") == "上" else "H2",)
    if name == "zm":
        return (f"M{int(g('zmn'))}",)
    if name == "zd":
        return (f"D{_ZH_DIGITS[g('zdn')]}",)
    if name == "month":
        word = g("month").lower()
        if word == "may" and not _month_context(m):
            return ()
        return (f"M{1 + [mo[:3] for mo in MONTHS].index(word[:3])}",)
    if name == "day":
        word = g("day").lower()
        if len(word) == 3 and word in ("sun", "sat", "wed", "mon") and not m.group(0)[0].isupper():
            return ()
        return (f"D{1 + [d[:3] for d in DAYS].index(word[:3])}",)
    return ()


def _month_context(m: re.Match[str]) -> bool:
    """ "May" the month (capitalised, before a day or year), not the verb "may"."""
    text, end = m.string, m.end()
    return m.group(0)[0] == "M" and bool(re.match(r"\s*\d", text[end : end + 4]))


def kind(period: str) -> str:
    return _KINDS[period[0]]


def contradicts(named: tuple[str, ...], held: tuple[str, ...]) -> bool:
    """True when `held` (a value's own periods) has a period of a kind that `named` also names,
    and none of that kind agrees: 2018 against the named 2019. A kind only one side names
    decides nothing."""
    for k in {p[0] for p in named}:
        mine = {p for p in named if p[0] == k}
        theirs = {p for p in held if p[0] == k}
        if theirs and not (mine & theirs):
            return True
    return False


# Relative periods (gate 2.21.0, policy relative_periods): a column "本期金额" / "Prior year" is
# of a period relative to the report's, kind "R" (R0 the current period, R1 the one before) and
# kind "B" for the day in it a balance is of (B0 its beginning, B1 its end). Read apart from
# periods_in (the header and derivation readings stay as they were): only the context rule
# compares them (disagreement._disagreement). "上年年末" is the prior year's end, which is the
# current period's beginning: B0, and no R.
_RELATIVE = re.compile(
    r"(?i)(?P<b0r>上年年?末|上期期?末)"
    r"|(?P<r0>(?<![基资成])(?:本期|本年度?)|本报告期|(?<![A-Za-z])(?:current|this)\s+(?:fiscal\s+)?(?:year|period)s?"
    r"(?![A-Za-z]))"
    r"|(?P<r1>上年同期|上年度?|上期|上一年度?|去年|上一期"
    r"|(?<![A-Za-z])(?:prior|previous|preceding|last)\s+(?:fiscal\s+)?(?:year|period)s?(?![A-Za-z]))"
)
_BALANCE = re.compile(
    r"(?i)(?P<b1>期末|年末|(?<![A-Za-z])end\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period)(?![A-Za-z]))"
    r"|(?P<b0>期初|年初"
    r"|(?<![A-Za-z])beginning\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period)(?![A-Za-z]))"
)


# A relative period a change is measured against is not the period its value is of: "grew 5%
# over the prior year to 12,345", "较上年增长", "与上年同期相比".
_AGAINST = re.compile(against_before())  # comparisons.py: AGAINST, AGAINST_ZH


def named_relative_periods(text: str) -> tuple[str, ...]:
    """relative_periods of an answer's sentence without those a comparison names ("up from
    last year", "较上年"): the periods the sentence says its values are of."""
    kept: list[str] = []
    for m in _RELATIVE.finditer(text):
        if _AGAINST.search(text[max(0, m.start() - 24) : m.start()]):
            continue
        kept.append(m.group(0))
    rest = _RELATIVE.sub(" ", text)
    found = [p for k in kept for p in relative_periods(k)]
    for m in _BALANCE.finditer(rest):
        if not _AGAINST.search(rest[max(0, m.start() - 24) : m.start()]):
            found.extend(relative_periods(m.group(0)))
    return tuple(dict.fromkeys(found))


@text_memo(max_bytes=2 * 2**20, item_bytes=60)
def relative_periods(text: str) -> tuple[str, ...]:
    """The relative periods `text` names ("R0" current, "R1" prior, "B0" beginning, "B1" end),
    in order of first mention, without repeats: "上期营业收入" -> ("R1",), "期末余额" -> ("B1",),
    "Prior year" -> ("R1",), "上年年末余额" -> ("B0",)."""
    out: list[str] = []
    rest = text
    for m in _RELATIVE.finditer(text):
        period = "B0" if m.group("b0r") else ("R0" if m.group("r0") else "R1")
        if period not in out:
            out.append(period)
    if out:  # a balance word inside a relative one ("上年年末") is read there, not again
        rest = _RELATIVE.sub(" ", text)
    for m in _BALANCE.finditer(rest):
        period = "B1" if m.group("b1") else "B0"
        if period not in out:
            out.append(period)
    return tuple(out)


def is_period_value(v: NumericValue) -> bool:
    """Whether a value is itself a period (a date, a quarter, a year "2019"), not a figure."""
    return v.kind in PERIODS or (v.kind == "number" and _is_year(v.quantity))


def _is_year(q: str) -> bool:
    return len(q) == 4 and q.isdigit() and q[:2] in ("19", "20")


# Ordinals listed before one period word (policy quarter_ordinals "columns_and_lists", gate
# 2.22.0): "between the second and first quarter", "the third and fourth quarters", "first
# and second half", "第一、二季度", "第三和第四季度", "上、下半年". mentions() reads only the
# last ordinal with its word ("first quarter"); the list names every one.
_ORDINAL_WORD = r"(?:first|second|third|fourth|1st|2nd|3rd|4th)"
_LISTED = re.compile(
    rf"(?i)(?<![A-Za-z]){_ORDINAL_WORD}"
    rf"(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)(?:the\s+)?{_ORDINAL_WORD})+"
    r"[\s-]+(?P<word>quarter|half)s?(?![A-Za-z])"
    r"|第?[一二三四1-4](?:\s*[、，,和及与或]\s*第?[一二三四1-4])+季"
    r"|上\s*[、和及与]\s*下半年"
)
_LISTED_ORDINAL = re.compile(rf"(?i){_ORDINAL_WORD}|[一二三四1-4]")


@text_memo(max_bytes=2**20, item_bytes=60)
def listed_periods(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each list of ordinals of `text` before one period word: (the period mentions() reads
    at its end, every period it lists, in order): "the second and first quarter" ->
    (("Q1", ("Q2", "Q1")),)."""
    if not may_mention(text):
        return ()
    out: list[tuple[str, tuple[str, ...]]] = []
    for m in _LISTED.finditer(text):
        found = m.group(0)
        if found.endswith("下半年"):
            out.append(("H2", ("H1", "H2")))
            continue
        numbers = [
            _ORDINALS.get(o.casefold()) or _ZH_DIGITS.get(o) or int(o)
            for o in _LISTED_ORDINAL.findall(found)
        ]
        half = (m.group("word") or "").casefold() == "half"
        if half and any(n > 2 for n in numbers):
            continue
        kind = "H" if half else "Q"
        out.append((kind + str(numbers[-1]), tuple(dict.fromkeys(kind + str(n) for n in numbers))))
    return tuple(out)


def with_listed(text: str, periods: tuple[str, ...]) -> tuple[str, ...]:
    """`periods` (read from `text`) with the periods a list of ordinals in `text` names beside
    the one read at its end: "between the second and first quarter" gives ("Q2", "Q1") where
    ("Q1",) was read. The same periods where `text` lists none."""
    if not periods:
        return periods
    lists = listed_periods(text)
    if not lists:
        return periods
    by_tail = dict(lists)
    out: list[str] = []
    for p in periods:
        out.extend(by_tail.get(p, (p,)))
    return tuple(dict.fromkeys(out))
