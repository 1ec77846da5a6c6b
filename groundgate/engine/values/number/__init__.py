"""Counts, amounts, percentages and their ranges. Their code has not moved here yet (it is in
quantities.py, numbers.py, number_words.py, units.py, chinese_numerals.py and english_numbers.py);
their corpus has, so that the move keeps what it must read and what it must not.
"""
