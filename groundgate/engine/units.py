"""Units written after a value: which word after a number is its unit ("mg/L", "元", "kg").

numbers.py's grammar calls unit_after() for every plain number; the second half of this module
says which units mean the same (normalise_unit, same_unit), which are currencies, and how
durations convert (DURATIONS), for values/number/sameness.py. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from decimal import Decimal

# Units written after a value. Multi-letter ASCII units may follow a space; single letters only
# when attached ("5s", "3m"), because "Grade 5 A" is not five amperes. CJK units are attached.
_ASCII_UNITS = sorted(
    """mg/L mg/l mg/kg mg/m3 mg/dL µg/L μg/L µg/m3 μg/m3 ug/L g/L g/kg mol/L mmol/L ppm ppb
    mg kg µg μg ug km cm mm nm µm μm mL ml kWh kW MW GW Wh mA mV kV Hz kHz MHz GHz
    KB MB GB TB kB ms µs μs ns min mins hr hrs sec secs °C °F ℃ ℉ dB
    minute minutes hour hours second seconds day days week weeks month months year years
    gram grams kilogram kilograms kilo kilos metre metres meter meters kilometre kilometres
    kilometer kilometers centimetre centimetres centimeter centimeters millimetre millimetres
    millimeter millimeters litre litres liter liters millilitre millilitres milliliter
    milliliters ft feet foot inch inches mile miles
    USD EUR CNY RMB GBP JPY HKD yuan dollars euros percent pct bps""".split(),
    key=len,
    reverse=True,
)
_SINGLE_UNITS = ["g", "m", "s", "h", "L", "t", "W", "V", "A", "K", "x"]
_CJK_UNITS = sorted(
    """万元 亿元 千元 百元 美元 欧元 港元 英镑 日元 人民币 元 角 分钱 个百分点 百分点
    人次 人 名 位 个月 个小时 个钟头 个星期 个 次 件 起 项 家 户 条 台 辆 座 所 种 类 批 份
    篇 页 章 节 例
    片 粒 颗 支 瓶 盒 杯 张 本 间 套 道
    小时 分钟 秒钟 秒 天 日 周 星期 月 年 岁 倍 成
    吨 公斤 千克 毫克 微克 克 斤 升 毫升 千米 公里 厘米 毫米 米 平方米 平方公里 立方米 亩 公顷
    折 度 摄氏度 千瓦时 千瓦 瓦 伏 赫兹 兆 字节""".split(),
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
# The first two characters of the units that may follow a space, and those of one character
# ("℃"): most words after a number ("pressure", "measured") are in neither set and skip the
# regex (a word that is a unit starts with one of these).
_AFTER_SPACE = frozenset(u[:2] for u in _ASCII_UNITS if len(u) >= 2)
_ONE_CHARACTER = frozenset(u for u in _ASCII_UNITS if len(u) == 1)
_UNIT_FIRST = (
    frozenset(" \u00a0µμ°℃℉")
    | frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    | frozenset(u[0] for u in _CJK_UNITS)
)


def unit_after(text: str, end: int) -> tuple[str, int]:
    """(unit, new end) for a unit written right after a value, or ("", end)."""
    ch = text[end]
    if ch not in _UNIT_FIRST:
        return "", end
    if (
        ch == " "
        and text[end + 1 : end + 3] not in _AFTER_SPACE
        and text[end + 1 : end + 2] not in _ONE_CHARACTER
    ):
        return "", end  # most values: a word follows that no unit starts with
    if ch in _CJK_UNIT_SET or ("\u4e00" <= ch <= "\u9fff"):
        for length in _CJK_UNIT_LENGTHS:
            word = text[end : end + length]
            if word in _CJK_UNIT_SET:
                # (len(word), not length: at the end of the text the slice is shorter - "20万元"
                # ending an excerpt ends there, d301)
                return word, end + len(word)
        return "", end
    m = _UNIT_WORD.match(text, end)
    if m is None:
        return "", end
    space, word = m.groups()
    if word in _ASCII_UNIT_SET or (not space and word in _SINGLE_UNIT_SET):
        return word, m.end()
    if word == "per" and _PER_CENT.match(text, m.end()):  # British: "5 per cent"
        return "per cent", m.end() + 5
    if word == "percentage":  # "2.7 percentage points": a difference of two percentages
        points = _POINTS.match(text, m.end())
        if points is not None:
            return "percentage points", points.end()
    return "", end


_PER_CENT = re.compile(r" cent(?![A-Za-z])")
_POINTS = re.compile(r" points?(?![A-Za-z])")


# Units written in different ways that mean the same; "¥" is yuan or yen.
_UNIT_ALIASES = {
    "$": "USD",
    "US$": "USD",
    "USD": "USD",
    "dollars": "USD",
    "美元": "USD",
    "HK$": "HKD",
    "HKD": "HKD",
    "港元": "HKD",
    "€": "EUR",
    "EUR": "EUR",
    "euros": "EUR",
    "欧元": "EUR",
    "£": "GBP",
    "GBP": "GBP",
    "英镑": "GBP",
    "元": "CNY",
    "人民币": "CNY",
    "RMB": "CNY",
    "CNY": "CNY",
    "yuan": "CNY",
    "JPY": "JPY",
    "日元": "JPY",
    "￥": "¥",
    "percent": "%",
    "per cent": "%",
    # Percentage points: a difference of two percentages, never a percentage itself.
    "percentage points": "pp",
    "个百分点": "pp",
    "百分点": "pp",
    "pct": "%",
    "mins": "min",
    "minute": "min",
    "minutes": "min",
    "分钟": "min",
    "hrs": "hr",
    "h": "hr",
    "hour": "hr",
    "hours": "hr",
    "小时": "hr",
    "个小时": "hr",
    "个钟头": "hr",
    "个星期": "week",
    "secs": "sec",
    "second": "sec",
    "seconds": "sec",
    "秒": "sec",
    "秒钟": "sec",
    "days": "day",
    "天": "day",
    "日": "day",
    "weeks": "week",
    "周": "week",
    "星期": "week",
    "months": "month",
    "个月": "month",
    "years": "year",
    "年": "year",
    # Measures: English words and Chinese characters for the metric units.
    **dict.fromkeys(("gram", "grams", "克"), "g"),
    **dict.fromkeys(("kilogram", "kilograms", "kilo", "kilos", "公斤", "千克"), "kg"),
    "毫克": "mg",
    "微克": "µg",
    "吨": "t",
    **dict.fromkeys(("metre", "metres", "meter", "meters", "米"), "m"),
    **dict.fromkeys(("kilometre", "kilometres", "kilometer", "kilometers", "公里", "千米"), "km"),
    **dict.fromkeys(("centimetre", "centimetres", "centimeter", "centimeters", "厘米"), "cm"),
    **dict.fromkeys(("millimetre", "millimetres", "millimeter", "millimeters", "毫米"), "mm"),
    **dict.fromkeys(("litre", "litres", "liter", "liters", "升"), "L"),
    **dict.fromkeys(("millilitre", "millilitres", "milliliter", "milliliters", "毫升"), "mL"),
    **dict.fromkeys(("feet", "foot"), "ft"),
    "inches": "inch",
    "miles": "mile",
    # People counted with one classifier or another: "1024名患者" is "1,024例患者".
    "名": "人",
    "位": "人",
    "例": "人",
    "mg/l": "mg/L",
    "ml": "mL",
    "℃": "°C",
    # Chinese says a temperature in 度 as often as in 摄氏度 ("体温37.3度").
    "摄氏度": "°C",
    "度": "°C",
    "℉": "°F",
    "μg": "µg",
    "ug": "µg",
    "μg/L": "µg/L",
    "ug/L": "µg/L",
}
# Units that carry a magnitude of their own ("千元" is thousands of yuan).
UNIT_MAGNITUDE = {"千元": ("CNY", 3), "百元": ("CNY", 2)}
CURRENCIES = frozenset({"USD", "HKD", "EUR", "GBP", "CNY", "JPY", "¥"})
# The three-letter codes of those currencies, which may also stand before a figure ("EUR 2.4
# million", "RMB 300 million"; numbers.py reads them there).
CURRENCY_CODES = frozenset(
    alias
    for alias, unit in _UNIT_ALIASES.items()
    if unit in CURRENCIES
    and len(alias) == 3
    and alias.isascii()
    and alias.isalpha()
    and alias.isupper()
)
# Durations (normalised units) in one unit of their family: seconds, or months (a month is not
# a fixed number of days, so the two families never convert into each other).
DURATIONS: dict[str, tuple[str, int]] = {
    "sec": ("seconds", 1),
    "min": ("seconds", 60),
    "hr": ("seconds", 3600),
    "day": ("seconds", 86400),
    "week": ("seconds", 604800),
    "month": ("months", 1),
    "year": ("months", 12),
}


# The Chinese classifiers that count things; "个", the general one, may stand for any of them
# ("293.7万个基站" and "293.7万座基站" count the same base stations).
COUNT_CLASSIFIERS = frozenset(
    """个 件 项 家 户 条 台 辆 座 所 种 类 批 份 篇
    页 章 节 片 粒 颗 支 瓶 盒 杯 张 本 间 套 道 人""".split()
)


def same_unit(a: str, b: str) -> bool:
    """Whether two normalised units name the same thing ("" is no unit and matches nothing)."""
    if a == b:
        return True
    if "个" in (a, b) and a in COUNT_CLASSIFIERS and b in COUNT_CLASSIFIERS:
        return True
    return {a, b} in ({"¥", "CNY"}, {"¥", "JPY"})


def normalise_unit(unit: str) -> str:
    return _UNIT_ALIASES.get(unit, unit)


# Every unit that converts exactly into others of its family, with its size in the family's
# unit: the durations, and the metric measures of mass, length and volume. (Imperial units are
# units of their own: "30 feet" is never "30 m", and no rounding across systems is accepted.)
UNIT_FAMILIES: dict[str, tuple[str, Decimal]] = {
    **{unit: (family, Decimal(size)) for unit, (family, size) in DURATIONS.items()},
    "µg": ("grams", Decimal("0.000001")),
    "mg": ("grams", Decimal("0.001")),
    "g": ("grams", Decimal(1)),
    "kg": ("grams", Decimal(1000)),
    "t": ("grams", Decimal(1000000)),
    "mm": ("metres", Decimal("0.001")),
    "cm": ("metres", Decimal("0.01")),
    "m": ("metres", Decimal(1)),
    "km": ("metres", Decimal(1000)),
    "mL": ("litres", Decimal("0.001")),
    "L": ("litres", Decimal(1)),
}


def same_in_units(a: Decimal, a_unit: str, b: Decimal, b_unit: str) -> bool:
    """Whether two amounts are the same in units of one family: "2 years" and "24 months",
    "3年" and "36个月", "1.5 hours" and "90 minutes", "0.5公斤" and "500g" (exactly: a rounding
    across units is not accepted)."""
    mine, theirs = UNIT_FAMILIES.get(a_unit), UNIT_FAMILIES.get(b_unit)
    if mine is None or theirs is None or mine[0] != theirs[0]:
        return False
    return a * mine[1] == b * theirs[1]
