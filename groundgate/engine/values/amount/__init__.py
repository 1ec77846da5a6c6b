"""Amounts of money ("$1,577 million", "EUR 20 million", "20亿元"). Their readings and sameness
have not moved here yet (numbers.py, units.py, quantities.py; values/number/value.py); their
corpus has.
"""
