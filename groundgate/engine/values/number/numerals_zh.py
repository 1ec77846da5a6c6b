"""Numbers written in Chinese numerals: "四十五元", "三次", "十二个月", "晚上九点", "二〇二四年".

numbers.py's grammar reads digits; this adds the values written in numerals, as the same kinds
of value (a number with its unit, a time, a year). A numeral is a claim only where people make
one: with a unit or classifier after it (元, 次, 天, 个月, 人…) or as a clock time ("九点" by the
rules of values/time/rules_zh.py); "一" and "两" alone are left out, since they are as often
an article or an idiom ("一个好地方", "再试一次", "两者") as a count - except before a duration
("保修一年", "两个月内"; _one_or_two_of_a_duration), and so is an ordinal
("第三次"). quantities.typed() reads the quantity through arabic(). Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.units import DURATIONS, normalise_unit, unit_after
from groundgate.engine.values.count.calendar import calendar_phrase
from groundgate.engine.values.scanned import Scanned, scanned
from groundgate.engine.values.time.rules_zh import chinese_time

_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7}
_DIGIT |= {"八": 8, "九": 9}
_SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
_BIG_UNITS = {"万": 10**4, "亿": 10**8}
NUMERAL_CHARACTERS = frozenset(_DIGIT) | frozenset(_SMALL_UNITS) | frozenset(_BIG_UNITS)
# A run of numerals that starts with a digit or 十 (not "万一", "千万", "百分"), not after
# another numeral. After 第 it is an ordinal, left out ("第三次") unless it numbers a part of a
# text (LABEL_COUNTERS: "第四十七条", "第三章", "第十二页"), which the answer may cite in digits.
_RUN = re.compile(
    r"(?<![零〇一二两三四五六七八九十百千万亿])[零〇一二两三四五六七八九十][零〇一二两三四五六七八九十百千万亿]*"
)
LABEL_COUNTERS = frozenset("条项章节页")
_ANY = re.compile(r"[零〇一二两三四五六七八九十]")
# Two digits side by side are an estimate, not a number: "两三天" (two or three days), "三四个月",
# "十五六岁" - unless the run is a year written digit by digit ("二〇二四").
_ESTIMATE = re.compile(r"[一二两三四五六七八九]{2}")
# "五月一日", "十二月三十一号": a month and day in numerals (a date, as "5月1日" is).
_MONTH_DAY = re.compile(r"月([零〇一二三四五六七八九十]{1,3})[日号]")
_AFTER_YEAR = re.compile(
    r"年([一二三四五六七八九十]{1,2})月(?:[零〇一二三四五六七八九十]{1,3}[日号])?"
)
# "三点一刻" keeps its 刻: a quarter is read as minutes (values/time/value.py), not as 1.
_RUN_TO_CONVERT = re.compile(
    r"[零〇一二两三四五六七八九十][零〇一二两三四五六七八九十百千万亿]*(?!刻)"
)


def to_int(run: str) -> int:
    """The value of a run of numerals: "四十五" 45, "一百零八" 108, "十二" 12, "三万五千" 35000;
    a run of digits alone is read digit by digit ("二〇二四" 2024)."""
    if all(ch in _DIGIT for ch in run) and len(run) > 1:
        return int("".join(str(_DIGIT[ch]) for ch in run))
    # 亿 multiplies everything before it; 万 only what came since the last 亿 ("一亿二千万" is
    # 1 亿 + 2000 万 = 120,000,000, not (1 亿 + 2000) 万).
    total, wan, section, digit = 0, 0, 0, 0
    for ch in run:
        if ch in _DIGIT:
            digit = _DIGIT[ch]
        elif ch in _SMALL_UNITS:
            section += (digit or 1) * _SMALL_UNITS[ch]
            digit = 0
        elif ch == "万":
            wan = (wan + section + digit) * _BIG_UNITS[ch]
            section = digit = 0
        else:  # 亿
            total = (total + wan + section + digit) * _BIG_UNITS[ch]
            wan = section = digit = 0
    return total + wan + section + digit


def arabic(text: str) -> str:
    """`text` with each run of numerals written in digits ("晚上九点半" -> "晚上9点半")."""
    return _RUN_TO_CONVERT.sub(lambda m: str(to_int(m.group())), text)


def numeral_quantity(quantity: str, unit: str) -> str:
    """A number's quantity written in numerals, in digits: "四十五" 45, "百分之八十五" 85%,
    "百分之三点五" 3.5%, "一点五" 1.5, "三点五亿" 3.5亿, and a discount's two digits "八五" (折)
    8.5. (Not for times: arabic() keeps their 点.)"""
    percent = quantity.startswith("百分之")
    if percent:
        quantity = quantity[3:]
    if unit == "折" and len(quantity) == 2 and all(ch in _DIGIT for ch in quantity):
        return f"{_DIGIT[quantity[0]]}.{_DIGIT[quantity[1]]}"
    whole, point, fraction = quantity.partition("点")
    # (to_int reads a run that starts with 百 or 千 too: "百分之百" is 100%.)
    digits = str(to_int(whole)) if whole and NUMERAL_CHARACTERS.issuperset(whole) else arabic(whole)
    if point:
        magnitude = fraction[-1] if fraction[-1:] in ("万", "亿") else ""
        fraction = fraction[: len(fraction) - len(magnitude)]
        digits += "." + "".join(str(_DIGIT[ch]) for ch in fraction) + magnitude
    return digits + "%" if percent else digits


# Names that hold a numeral and count nothing the evidence must hold ("the Five Principles").
_NAMED = re.compile("五项原则|四项基本原则|三个代表|八项规定|一国两制|三大纪律|八项注意")
_NAMED_RUNS = frozenset(("五", "四", "三", "八", "一"))


def numeral_values(text: str) -> list[Scanned]:
    """The values `text` writes in Chinese numerals (see the module's docstring)."""
    halves = _halves(text) if "半" in text else []
    # "百分之八十五" is 85%, "百分之三点五" 3.5%, "百分之百" 100%: read before the runs, which
    # they hold.
    percents = _percents(text) if "百分之" in text else []
    if _ANY.search(text) is None:
        return sorted(halves + percents) if percents else halves
    found: list[Scanned] = list(percents)
    covered = 0  # the end of the last value: "八月十日" holds the run "十" too
    for m in _RUN.finditer(text):
        run, first, end = m.group(), m.start(), m.end()
        if percents and any(s <= first < e for s, e, *_ in percents):
            continue
        if first < covered or end == len(text):
            continue
        if first and text[first - 1] in "几数" and run[0] in "十百千万":
            continue  # "几十年", "数百人": tens or hundreds of, an estimate - no count (d296)
        if run in _NAMED_RUNS and _NAMED.match(text, first) is not None:
            continue  # "五项原则": a name, not a count (d296)
        if text[end] == "点":
            decimal = _decimal(text, first, end, run)
            if decimal is not None:
                found.append(decimal)
                covered = decimal[1]
                continue
        half = _HALF_AFTER.match(text, end)
        if half is not None and _ESTIMATE.search(run) is None:
            # "一个半小时" (1.5 hours), "三个半月", "两年半": the number and a half of the unit.
            unit = "个" + half.group(1) if half.group(1) else "年"
            found.append(scanned(first, half.end(), "number", f"{to_int(run)}.5", unit, ()))
            covered = half.end()
            continue
        if first and text[first - 1] == "第":
            if text[end] in LABEL_COUNTERS:
                found.append(scanned(first, end + 1, "number", run, text[end], ()))
                covered = end + 1
            continue
        if text[end] == "分" and _points_margin(text, first, end) and not _ESTIMATE.search(run):
            # "以三分优势获胜", "领先两分": a score's margin in points, as "领先3分" (d300).
            found.append(scanned(first, end + 1, "number", run, "", ()))
            covered = end + 1
            continue
        if run == "一" and not _one_or_two_of_a_duration(text, first, end):
            continue
        if run == "两" and not (
            _one_or_two_of_a_duration(text, first, end) or _two_of_a_thing(text, first, end)
        ):
            continue
        if len(run) == 2 and run[0] in _DIGIT and run[1] in _DIGIT and text[end] == "折":
            # "八五折": a discount to 85% of the price, 8.5折 - not an estimate "八或五".
            found.append(scanned(first, end + 1, "number", run, "折", ()))
            covered = end + 1
            continue
        if _ESTIMATE.search(run) is not None and not (
            len(run) == 4 and all(ch in _DIGIT for ch in run)  # "二零二四"
        ):
            continue
        if text[end] == "月" and to_int(run) <= 12:
            day = _MONTH_DAY.match(text, end)
            if day is not None and to_int(day.group(1)) <= 31:
                found.append(scanned(first, day.end(), "date", text[first : day.end()], "", ()))
                covered = day.end()
                continue
        if text[end] in "点时時":
            if to_int(run) <= 24:
                time = chinese_time(text, first, end)
                if time is not None:
                    found.append(time)
            continue
        unit, stop = unit_after(text, end)
        if not unit:
            continue
        if unit == "年" and len(run) == 4 and all(ch in _DIGIT for ch in run):
            # "二〇二四年", "一九三七年八月一日": a year, with its month and day when they follow.
            rest = _AFTER_YEAR.match(text, stop - 1)
            if rest is not None and to_int(rest.group(1)) <= 12:
                stop = rest.end()
            found.append(scanned(first, stop, "date", text[first:stop], "", ()))
        elif not calendar_phrase(text, first, stop, to_int(run), unit):  # not "一周七天"
            found.append(scanned(first, stop, "number", run, unit, ()))
        covered = stop
    return sorted(found + halves) if halves or percents else found


# "百分之八十五", "百分之三点五", "百分之一百二十": a percentage in words.
_PERCENT_IN_WORDS = re.compile(
    r"百分之([零〇一二两三四五六七八九十百千]+)(?:点([零〇一二三四五六七八九]+))?"
)
# A decimal in numerals: "一点五倍", "三点五亿元", "零点八米" - the digits after 点 one by one
# (no 十: "三点十五" is a clock), and a unit or magnitude after them, which a clock time never
# has ("三点五分" is 3:05, "下午三点五" a time too: a part of the day before it).
_DECIMAL_AFTER = re.compile(r"点([零〇一二三四五六七八九]+)([万亿])?")


def _percents(text: str) -> list[Scanned]:
    found: list[Scanned] = []
    for m in _PERCENT_IN_WORDS.finditer(text):
        found.append(scanned(m.start(), m.end(), "percent", m.group(), "", ()))
    return found


def _decimal(text: str, first: int, end: int, run: str) -> Scanned | None:
    m = _DECIMAL_AFTER.match(text, end)
    if m is None or any(ch not in _DIGIT for ch in run.replace("十", "").replace("百", "")):
        return None
    if first and text[first - 1] in "早晚午上":  # "早上九点五", "下午三点五": a time
        return None
    stop = m.end()
    unit, stop = unit_after(text, stop) if stop < len(text) else ("", stop)
    if not unit and not m.group(2):
        return None
    if normalise_unit(unit) in ("min", "sec") or unit in ("分", "刻"):
        return None
    return scanned(first, stop, "number", text[first : m.end()], unit, ())


# Half a duration: "半小时", "半个小时", "半个月", "半年", "半分钟" (0.5 of the unit), not after a
# number ("一个半小时" is read whole above), 大 or 多 ("大半年": most of a year). Not "半天" (half
# a day, or "a long while"), "半月" (semi-monthly), "半价" (half price).
_HALF_ALONE = re.compile(
    r"(?<![零〇一二两三四五六七八九十百千万亿0-9０-９个年大多])半(个小时|小时|个钟头|个月|年|分钟)"
)
# After a number: "个半小时", "个半钟头", "个半月", "年半".
_HALF_AFTER = re.compile(r"个半(小时|钟头|月)|年半(?!载)")  # not "一年半载": a year or so


def _halves(text: str) -> list[Scanned]:
    return [
        scanned(m.start(), m.end(), "number", "0.5", m.group(1)) for m in _HALF_ALONE.finditer(text)
    ]


# "一" and "两" count a duration after them ("保修一年", "两个月内", "一周内退款", "一个小时"),
# unless a word before makes them "the one" ("这一年", "有一天", "同一天", "前一周", "每一天"),
# the words after the unit make an idiom ("一年四季", "一天到晚", "一年级", "一周年", "一天天",
# "一年一度") or the calendar ("一周七天", "一天24小时": see values/count/calendar.py).
# "月" and "日" after them are a month's and a day's names ("一月", "五月一日").
_THE_ONE_BEFORE = frozenset("这那哪每某有同前后上下另其任")
_IDIOM_AFTER = (
    *("四季", "到晚", "级", "年", "天", "一度", "半载"),
    *("七天", "7天", "二十四小时", "24小时", "三百六十五天", "365天", "十二个月", "12个月"),
)


# A score's margin in points: "N分" before 优势/之差 or after 领先/落后/净胜/相差 ("领先三分",
# "以两分之差"), not "十分重要" (very), "三分之一" (a third), "七分熟", "三分钟" (minutes).
_MARGIN_BEFORE = ("领先", "落后", "净胜", "相差")
_MARGIN_AFTER = ("优势", "的优势", "之差")


def _points_margin(text: str, first: int, end: int) -> bool:
    after = end + 1
    if text.startswith(_MARGIN_AFTER, after):
        return True
    return text.endswith(_MARGIN_BEFORE, 0, first) and not text.startswith(("之", "钟"), after)


def _two_of_a_thing(text: str, first: int, end: int) -> bool:
    """ "两" before a classifier counts two ("每次两片", "限购两件", "两名患者", "两倍"): unlike
    "一" it is no article, and its idioms ("两者", "两边", "两次三番") have none after it."""
    unit, stop = unit_after(text, end)
    return bool(unit) and unit not in ("日", "月") and not text.startswith("三番", stop)


def _one_or_two_of_a_duration(text: str, first: int, end: int) -> bool:
    if first and text[first - 1] in _THE_ONE_BEFORE:
        return False
    unit, stop = unit_after(text, end)
    return (
        unit != "日"  # a day's name: "五月一日"
        and normalise_unit(unit) in DURATIONS
        and not text.startswith(_IDIOM_AFTER, stop)
    )
