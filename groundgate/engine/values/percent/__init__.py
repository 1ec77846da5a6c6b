"""Percentages and per-mille ("12.5%", "3‰", "百分之八十五", "三成"): kind.py (both kinds),
corpus_en.py, corpus_zh.py. Read by the grammar (numbers.py, values/number/numerals_zh.py) and
compared as numbers (values/number/sameness.py).
"""
