"""Counts: plain numbers, durations, measures and counts with a classifier ("10,000", "three
years", "1,024例"): kind.py (typed value, index keys), calendar.py ("7 days a week" is no
claim), corpus_en.py/corpus_zh.py. The grammar that finds their digits is numbers.py; number
words are read by values/number/ (words_en.py, numerals_zh.py); numbers are compared in
values/number/sameness.py.
"""
