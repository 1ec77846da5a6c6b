"""Times of day in English: texts that must be read as a time (with the time) and that must not."""

from groundgate.engine.values.corpus import Reads, ReadsNot
from groundgate.engine.values.time.value import ClockTime as T

MUST = [
    Reads("Doors open at 9:00 PM daily", "9:00 PM", T(21, 0, 0)),
    Reads("Doors open at 21:0.", "21:0", T(21, 0, 0)),
    Reads("Logged at 9:30:15.", "9:30:15", T(9, 30, 15)),
    Reads("Open from 11 AM daily.", "11 AM", T(11, 0, 0)),
    Reads("Closes at 5pm today", "5pm", T(17, 0, 0)),
    Reads("Closes at 9 p.m. sharp.", "9 p.m.", T(21, 0, 0)),
    Reads("Lunch at noon.", "noon", T(12, 0, 0)),
    Reads("Open until midnight.", "midnight", T(0, 0, 0)),
]

MUST_NOT = [
    ReadsNot("in this 10K report"),
    ReadsNot("Form 10Q."),
    ReadsNot("the afternoon"),
    ReadsNot("a ratio of 3 to 1"),
    ReadsNot("won at 3:1 odds"),  # odds, two counts (rules_en.NOT_A_CLOCK_BEFORE)
    ReadsNot("after a 2:1 stock split"),
    ReadsNot("the odds were 3:1"),  # odds named before: two counts
    ReadsNot("Odds of 5:2 against"),
    ReadsNot("at a ratio of 2:1"),
]
