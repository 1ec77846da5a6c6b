"""Times of day in Chinese: texts that must be read as a time (with the time) and that must not."""

from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.time.value import ClockTime as T

MUST = [
    Reads("晚上9点关门", "晚上9点", T(21, 0, 0)),
    Reads("10点半开门", "10点半", T(10, 30, 0)),
    Reads("14时30分", "14时30分", T(14, 30, 0)),
    Reads("营业到22点", "22点", T(22, 0, 0)),
    Reads("下午2:00开会", "下午2:00", T(14, 0, 0)),
    Reads("正午出发", "正午", T(12, 0, 0)),
    Reads("晚上九点关门", "晚上九点", T(21, 0, 0)),
]

MUST_NOT = [
    ReadsNot("提出3点建议"),
    ReadsNot("第2点是"),
    ReadsNot("最早9点"),
    ReadsNot("三点建议", nothing=True),
    ReadsNot("比分3:1获胜"),  # a match's score: two counts
    ReadsNot("最终比分为2:0"),
    ReadsNot("比分是10:9"),
    ReadsNot("赔率为3:1"),  # odds: two counts
    ReadsNot("男女比例是2:1"),  # a ratio
]
