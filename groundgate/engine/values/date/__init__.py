"""The date kind: "2024-05-01", "5/1/2024", "May 1, 2024", "2024年5月1日", "二〇二四年".

value.py     CalendarDate, the typed value, and what a written date means (parse_date)
rules_en.py  the English readings: digit forms and month names
rules_zh.py  the Chinese readings: 年, 月, 日/号
kind.py      the kind: typing, sameness (date_format, date_less_precise, date_shared_day), keys,
             near misses (wrong_year/month/day); no derivations
corpus_en.py, corpus_zh.py  texts that must and must not be read as dates
"""
