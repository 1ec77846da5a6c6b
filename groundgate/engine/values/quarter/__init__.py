"""The quarter kind: a quarter of a (fiscal) year - "Q3 2024", "3Q24", "the third quarter of 2024",
"2024年第三季度", "2024年Q3".

rules_en.py, rules_zh.py  the readings (a reader of its own: the digit grammar does not start at
                          the "Q" of "Q3 2024")
kind.py                   Quarter, the typed value; sameness (date_format), keys, near misses
                          (wrong_quarter); no derivations
corpus_en.py, corpus_zh.py  texts that must and must not be read as quarters
"""
