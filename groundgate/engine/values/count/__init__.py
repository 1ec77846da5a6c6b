"""Counts: plain numbers, durations, measures and counts with a classifier ("10,000", "three
years", "1,024例"). Their readings and sameness have not moved here yet (numbers.py,
number_words.py, number/numerals_zh.py, number/words_en.py, quantities.py; what a written
number means: values/number/value.py); their corpus has, so that the move keeps what it must
read and what it must not. The corpus's texts in which nothing at all may be read are the
grammar's own.
"""
