"""The one numeric-value extractor of the project. Every gate that checks numbers calls it.

The grammar is documented for humans in docs/number-grammar.md; keep the two in step.

A value is found as a whole: "10,000" is one value, never "10" and "000", so a conclusion's "10"
is not grounded by an excerpt's "10,000", "100", "2010" or "10.5". Each value has
  - quantity: the characters of the number itself (sign, digits, separators, decimals, Chinese or
    English magnitude, percent/per-mille). Whitespace inside a value is dropped; nothing else is
    normalised, so "12.50" != "12.5" and "１０" != "10".
  - unit: a recognised unit or currency written next to it ("mg/L", "元", "$"), or "".
  - key: the quantity normalised (full-width -> ASCII, separators removed, magnitudes applied,
    dates as (y, m, d)) - used only to explain near matches, never to ground a value.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Literal, NamedTuple

Kind = Literal["number", "percent", "date", "time", "range"]

_D = "[0-9０-９]"
_FULLWIDTH = str.maketrans("０１２３４５６７８９．，％－＋", "0123456789.,%-+")

# Magnitudes that belong to the quantity itself (1.5万 is fifteen thousand, not 1.5 of a unit).
_CJK_MAGNITUDES = {
    "万亿": 10**12,
    "千亿": 10**11,
    "百亿": 10**10,
    "亿": 10**8,
    "千万": 10**7,
    "百万": 10**6,
    "十万": 10**5,
    "万": 10**4,
}
_EN_MAGNITUDES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}

_MAG = "(?:" + "|".join(sorted(_CJK_MAGNITUDES, key=len, reverse=True)) + ")"
_EN_MAG = r"(?:\s(?:thousand|million|billion|trillion)(?![A-Za-z]))"
_PCT = r"(?:\s?[%％‰])"
_NUMBER = rf"(?:{_D}{{1,3}}(?:,{_D}{{3}})+(?!{_D})|{_D}+)(?:[.．]{_D}+)?"
_QUANTITY = rf"{_NUMBER}(?:{_MAG}|{_EN_MAG})?{_PCT}?"

# Units written after a value. Multi-letter ASCII units may follow a space; single letters only
# when attached ("5s", "3m"), because "Grade 5 A" is not five amperes. CJK units are attached.
_ASCII_UNITS = sorted(
    """mg/L mg/l mg/kg mg/m3 mg/dL µg/L μg/L µg/m3 μg/m3 ug/L g/L g/kg mol/L mmol/L ppm ppb
    mg kg µg μg ug km cm mm nm µm μm mL ml kWh kW MW GW Wh mA mV kV Hz kHz MHz GHz
    KB MB GB TB kB ms µs μs ns min mins hr hrs sec secs °C °F ℃ ℉ dB
    USD EUR CNY RMB GBP JPY HKD yuan dollars euros percent pct bps""".split(),
    key=len,
    reverse=True,
)
_SINGLE_UNITS = ["g", "m", "s", "h", "L", "t", "W", "V", "A", "K", "x"]
_CJK_UNITS = sorted(
    """万元 亿元 千元 百元 美元 欧元 港元 英镑 日元 人民币 元 角 分钱
    人次 人 名 位 个月 个 次 件 起 项 家 户 条 台 辆 座 所 种 类 批 份 篇 页 章 节 例
    小时 分钟 秒钟 秒 天 日 周 星期 月 年 岁 倍 成
    吨 公斤 千克 毫克 微克 克 斤 升 毫升 千米 公里 厘米 毫米 米 平方米 平方公里 立方米 亩 公顷
    度 摄氏度 千瓦时 千瓦 瓦 伏 赫兹 兆 字节""".split(),
    key=len,
    reverse=True,
)
_ASCII_UNIT_SET = frozenset(_ASCII_UNITS)
_SINGLE_UNIT_SET = frozenset(_SINGLE_UNITS)
_CJK_UNIT_SET = frozenset(_CJK_UNITS)
_CJK_UNIT_LENGTHS = sorted({len(u) for u in _CJK_UNITS}, reverse=True)
# The word after a value that may be a unit; looked up in the sets above (a dict lookup is far
# cheaper than a regex alternation of 150 units).
_UNIT_WORD = re.compile(r"(\s?)([A-Za-zµμ°℃℉][A-Za-z0-9/]*)")
_UNIT_FIRST = (
    frozenset(" \u00a0µμ°℃℉")
    | frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    | frozenset(u[0] for u in _CJK_UNITS)
)


def _unit_after(text: str, end: int) -> tuple[str, int]:
    """(unit, new end) for a unit written right after a value, or ("", end)."""
    ch = text[end]
    if ch not in _UNIT_FIRST:
        return "", end
    if ch in _CJK_UNIT_SET or ("\u4e00" <= ch <= "\u9fff"):
        for length in _CJK_UNIT_LENGTHS:
            word = text[end : end + length]
            if word in _CJK_UNIT_SET:
                return word, end + length
        return "", end
    m = _UNIT_WORD.match(text, end)
    if m is None:
        return "", end
    space, word = m.groups()
    if word in _ASCII_UNIT_SET or (not space and word in _SINGLE_UNIT_SET):
        return word, m.end()
    return "", end


# The grammar. It starts with a bare digit class so that finditer skips ahead in C (most of the
# extractor's speed, see docs/benchmarks.md); every branch below continues after that first digit.
# The lookbehinds are the left boundary: a value never starts inside a word or identifier ("H2O",
# "c1", "COVID-19", "IPC_420") or after a decimal point ("1.2.3" is the value 1.2, not also 3).
# A sign or currency sign before the first digit is attached in _scan.
_REST = rf"(?:{_D}{{0,2}}(?:,{_D}{{3}})+(?!{_D})|{_D}*)(?:[.．]{_D}+)?"
_RANGE_SEP = r"\s?(?:-|–|—|~|～|〜)\s?"
_MASTER = re.compile(
    rf"""{_D}(?<![A-Za-z0-9０-９_.．]{_D})(?<![A-Za-z][-‐]{_D})
    (?:
      (?P<iso>{_D}{{3}}[-/]{_D}{{1,2}}[-/]{_D}{{1,2}})(?!{_D})
    | (?P<cdate>{_D}{{3}}年(?:{_D}{{1,2}}月(?:{_D}{{1,2}}[日号])?)?|{_D}?月{_D}{{1,2}}[日号])
    | (?P<time>{_D}?:{_D}{{2}}(?::{_D}{{2}})?)(?!{_D})
    | (?P<lo>{_REST}(?:{_MAG}|{_EN_MAG})?{_PCT}?)
      (?:{_RANGE_SEP}(?P<hi>{_QUANTITY}))?
    )""",
    re.VERBOSE,
)
_SIGNS = frozenset("+-−－±")
_CURRENCIES = frozenset("$€£¥￥")
# A sign counts only where a number could start, i.e. not after these ("5-3", "x-3", "a.-3").
_NOT_BEFORE_SIGN = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789０１２３４５６７８９_.．"
)
_WS = re.compile(r"\s+")
_DATE_PARTS = re.compile(r"[0-9]+")


class NumericValue(NamedTuple):
    """One value found in a text. `start`/`end` cover the whole surface, unit included.
    (A NamedTuple: conclusions are scanned on the hot path and tuples are cheap to make.)"""

    text: str
    start: int
    end: int
    kind: Kind
    quantity: str
    unit: str = ""
    # For ranges: the quantities of the two endpoints, which an excerpt also offers for grounding
    # ("between 10 and 20" is grounded by "10-20").
    endpoints: tuple[str, ...] = ()

    @property
    def key(self) -> tuple | None:
        """The quantity normalised, for near-match hints only (computed on demand: it is slow and
        almost never needed)."""
        if self.kind in ("date", "time"):
            return _date_key(self.quantity)
        if self.kind == "range":
            return ("range", *(_decimal_key(e) for e in self.endpoints))
        return _decimal_key(self.quantity)


_MAGNITUDE_SUFFIXES = sorted(
    (_CJK_MAGNITUDES | _EN_MAGNITUDES).items(), key=lambda item: len(item[0]), reverse=True
)
_NON_DIGITS = re.compile(r"[^0-9]+")


@lru_cache(maxsize=4096)
def significant_digits(quantity: str) -> str:
    """The digits that carry the value, without separators or leading/trailing zeros: "1,050"
    and "1050.0" and "1.05千" share "105". Equal keys imply equal significant digits, so this is
    a cheap test before the (slow) key comparison."""
    return digits_only(quantity).strip("0")


def digits_only(text: str) -> str:
    """Every digit of `text`, full-width ones as ASCII, nothing else."""
    return _NON_DIGITS.sub("", text.translate(_FULLWIDTH))


@lru_cache(maxsize=4096)
def _decimal_key(quantity: str) -> tuple | None:
    """Normalise a quantity for near-match hints: ("num", Decimal, suffix)."""
    q = quantity.translate(_FULLWIDTH)
    suffix = ""
    if q.endswith(("%", "‰")):
        suffix, q = q[-1], q[:-1]
    multiplier = 1
    for word, factor in _MAGNITUDE_SUFFIXES:
        if q.endswith(word):
            multiplier = factor
            q = q[: -len(word)]
            break
    q = q.replace(",", "").replace("−", "-").replace("±", "")
    try:
        number = Decimal(q) * multiplier
    except InvalidOperation:
        return None
    return ("num", number.normalize() if number else Decimal(0), suffix)


def _date_key(text: str) -> tuple:
    parts = tuple(int(p) for p in _DATE_PARTS.findall(text.translate(_FULLWIDTH)))
    return ("date", *parts)


# (start, end, kind, quantity, unit, endpoints)
_Raw = tuple[int, int, Kind, str, str, tuple[str, ...]]


def _scan(text: str) -> list[_Raw]:
    """The scanner behind every public function here: one grammar, one pass, left to right."""
    return [_raw(text, m) for m in _MASTER.finditer(text)]


def _raw(text: str, m: re.Match[str]) -> _Raw:
    """One match of _MASTER as (start, end, kind, quantity, unit, endpoints)."""
    first = m.start()  # the first digit
    group = m.lastgroup
    if group == "iso" or group == "cdate":
        return (first, m.end(), "date", m.group(), "", ())
    if group == "time":
        return (first, m.end(), "time", m.group(), "", ())
    end = m.end()
    unit, end = _unit_after(text, end) if end < len(text) else ("", end)
    qstart = start = first  # quantity start (sign included); surface start (currency too)
    if first:
        prev = text[first - 1]
        if prev in _SIGNS and (first < 2 or text[first - 2] not in _NOT_BEFORE_SIGN):
            qstart = start = first - 1
            prev = text[start - 1] if start else ""
        if prev in _CURRENCIES and not unit:
            start -= 1
            if start >= 2 and text[start - 2 : start] in ("US", "HK"):
                start -= 2
            unit = text[start:qstart]
    lo = text[qstart : m.end("lo")]
    hi = m.group("hi")
    if hi is not None:
        quantity = text[qstart : m.end("hi")]
        if " " in quantity or "\u00a0" in quantity:
            lo, hi, quantity = _WS.sub("", lo), _WS.sub("", hi), _WS.sub("", quantity)
        return (start, end, "range", quantity, unit, (lo, hi))
    if " " in lo:
        lo = _WS.sub("", lo)
    return (start, end, "percent" if lo[-1] in "%％‰" else "number", lo, unit, ())


def extract_numbers(text: str) -> list[NumericValue]:
    """Every numeric value in `text`, left to right, each found as a whole."""
    if not text:
        return []
    return [
        NumericValue(text[s:e], s, e, kind, quantity, unit, endpoints)
        for s, e, kind, quantity, unit, endpoints in _scan(text)
    ]


def offered_quantities(text: str, into: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """quantity -> units it is written with, for every value `text` offers as grounding (range
    endpoints included). Cheaper than extract_numbers: excerpts need no NumericValue objects."""
    offered: dict[str, set[str]] = {} if into is None else into
    if not text:
        return offered
    for _, _, _, quantity, unit, endpoints in _scan(text):
        units = offered.get(quantity)
        if units is None:
            offered[quantity] = {unit}
        else:
            units.add(unit)
        for endpoint in endpoints:
            offered.setdefault(endpoint, set()).add(unit)
    return offered


_LEADING_DIGITS = re.compile(r"[0-9０-９]+")
_DIGIT_CHARS = frozenset("0123456789０１２３４５６７８９")


def leading_digits(quantity: str) -> str:
    """The first run of digits of a quantity ("-1,050.5" -> "1"): what units_offering looks for."""
    m = _LEADING_DIGITS.search(quantity)
    return m.group() if m is not None else ""


def units_offering(text: str, quantity: str, needle: str | None = None) -> set[str] | None:
    """The units with which `text` offers `quantity` as a whole value (as offered_quantities
    would say), or None when it does not offer it. Much faster than a full scan: it only looks
    where the quantity's first digits occur.

    A value's first digit can be covered by a longer value that started earlier only through a
    connector (",", "-", " - ", "~", ":", "年", "月", ...) of at most 3 characters after a digit.
    So when a digit sits within 3 characters before an occurrence, this falls back to the full
    scan; otherwise matching the grammar right there gives exactly the scanner's answer (a
    property test holds the two equal).
    """
    if needle is None:
        needle = leading_digits(quantity)
    if not needle:
        return None
    found: set[str] | None = None
    pos = text.find(needle)
    while pos >= 0:
        if pos and text[pos - 1] in _DIGIT_CHARS:
            pos = text.find(needle, pos + 1)  # inside a longer run of digits: not a start
            continue
        if not _DIGIT_CHARS.isdisjoint(text[max(0, pos - 3) : pos]):
            return offered_quantities(text).get(quantity)
        match = _MASTER.match(text, pos)
        if match is not None:
            _, _, _, q, unit, endpoints = _raw(text, match)
            if q == quantity or quantity in endpoints:
                if found is None:
                    found = set()
                found.add(unit)
        pos = text.find(needle, pos + 1)
    return found


def is_grounded(
    value: NumericValue, units: set[str] | None, *, unit_must_match: bool = True
) -> bool:
    """A value is grounded when its quantity appears verbatim as a whole value in an excerpt;
    `units` are the units the excerpts write that quantity with (None: it does not appear).

    Units: when both sides name a unit they must be the same; a value written without a unit on
    either side is matched on the quantity alone (tables often put the unit in a header).
    """
    if units is None:
        return False
    if not unit_must_match or not value.unit or "" in units:
        return True
    return value.unit in units


# Gate E's numeric-claim token, frozen by ../shared/specs/gate-e-reports.md (v1). It is a contract
# shared with other implementations, so it is kept exactly as written there and is NOT the grammar
# above; it lives here so that every number rule of the project is in this one module.
GATE_E_NUMERIC_TOKEN = re.compile(r"-?\d+(?:\.\d+)?%?")
