"""Percentages and per-mille ("12.5%", "3‰", "百分之八十五", "三成"). Their readings and sameness
have not moved here yet (numbers.py, values/number/numerals_zh.py, quantities.py;
values/number/value.py); their corpus has.
"""
