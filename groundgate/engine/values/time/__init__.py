"""The time-of-day kind: "9:00 PM", "21:0", "5 pm", "noon", "晚上9点半", "下午2:00", "正午".

value.py     ClockTime, the typed value, and what a written time means (time_of_day)
rules_en.py  the clock form with a colon, "5 pm", "noon", "midnight"
rules_zh.py  "9点", "10点半", "3点15分", the part of the day before a clock (晚上, 下午)
kind.py      the kind: typing, sameness (time_format, time_12_hour), keys; no near misses, no
             derivations
corpus_en.py, corpus_zh.py  texts that must and must not be read as times
"""
