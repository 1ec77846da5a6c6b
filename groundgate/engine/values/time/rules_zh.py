"""How Chinese writes a time of day: "晚上9点", "10点半", "3点15分", "14时30分", "9点钟",
"下午2:00", "正午", "午夜". "N点" is read by chinese_time after the scanner finds its digits (and by
number/numerals_zh for "九点"); the part of the day before a clock ("下午2:00") by day_part_start.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.values.grammar import WS
from groundgate.engine.values.scanned import Scanned, scanned

# Times of day in words (the English ones are in rules_en.py).
WORD_TIMES_ZH = "正午|午夜"
# A match's score, not a clock: "比分3:1", "比分为2:0", "比分是10:9" - its numbers are read as
# "3比1" is (two counts); so are odds and a ratio named before ("赔率为3:1", "男女比例是2:1":
# decision d302). Lookbehinds (one per width) before the clock's colon, written after the
# value's first digit, as numbers._MASTER's CLOCK branch continues.
NOT_A_CLOCK_AFTER = "".join(
    rf"(?<!{word}[0-9０-９]{{{digits}}})"
    for stem in ("比分", "赔率", "比例")
    for word in (stem, stem + "为", stem + "是")
    for digits in (1, 2)
)

# A clock time in Chinese: "10点", "10点半", "3点15分", "14时30分", "9点钟"; what makes "N点" a
# time rather than a count ("3点建议") is read around it (chinese_time).
_CN_CLOCK_AFTER = re.compile(
    r"[点時时](?:([0-9０-９]{1,2}|[一二三四五六七八九十]{1,3})分|(半)|(一刻)|(三刻))?(钟)?"
)
# The part of the day said before it ("晚上9点" is 21:00): which half of the day it is
# (dates_and_times reads it); two-character words first, as they are tried in this order.
CN_DAY_PARTS = {
    "凌晨": "early",
    "半夜": "early",
    "早上": "am",
    "早晨": "am",
    "清晨": "am",
    "上午": "am",
    "中午": "noon",
    "下午": "pm",
    "傍晚": "pm",
    "晚上": "pm",
    "夜里": "pm",
    "夜间": "pm",
    "早": "am",
    "晚": "pm",
}
# Words after "N点" that say it is a time of day: opening, closing, before, after, until.
_CN_TIME_WORDS = re.compile(
    r"(?:到|至|~|～|-|—|–)[ \u00a0]?(?:" + "|".join(CN_DAY_PARTS) + ")?"
    r"(?:[0-9０-９]{1,2}|[一二三四五六七八九十两]{1,3})[点时]"
    r"|开门|关门|营业|打烊|开业|歇业|闭店|闭馆|开馆|开放|关闭|开始|结束|截止|之前|之后|以前|以后"
    r"|前|后|起|上班|下班|出发|到达|左右|整"
)


def chinese_time(text: str, first: int, end: int) -> Scanned | None:
    """A time of day in Chinese at text[first:end] + "点"/"时": "晚上9点", "10点半", "3点15分",
    "14时30分". "N点" is also a count ("3点建议"), so it is a time only with a part of the day
    before it, minutes or 钟 after it, a time word after it (开门, 关门, 前, 左右, 到 + another
    time) or another time before it ("10点到22点"); None otherwise (a plain number)."""
    clock = _CN_CLOCK_AFTER.match(text, end)
    if clock is None:
        return None
    stop = clock.end()
    start = day_part_start(text, first)
    if start == first:
        k = first - 1 if first and text[first - 1] in " \u00a0" else first
        if not (
            clock.lastindex is not None  # minutes, 半, 一刻, 三刻 or 钟
            or _CN_TIME_WORDS.match(text, stop)
            or (k and text[k - 1] in "到至~～-—–")
        ):
            return None
    return scanned(start, stop, "time", WS.sub("", text[start:stop]), "", ())


# Before 早 or 晚 these make it "earliest"/"latest", not a part of the day ("最早9点").
_COMPARATIVES = frozenset("最较更稍太很过偏")


def day_part_start(text: str, first: int) -> int:
    """Where a time of day at `first` starts with the part of the day said before it ("晚上9点",
    "下午2:00", "早9点"), or `first` when none is."""
    k = first - 1 if first and text[first - 1] in " \u00a0" else first
    if k >= 2 and text[k - 2 : k] in CN_DAY_PARTS:
        return k - 2
    if k and text[k - 1] in "早晚" and (k < 2 or text[k - 2] not in _COMPARATIVES):
        return k - 1
    return first
