"""Amounts of money ("$1,577 million", "EUR 20 million", "20亿元"): kind.py, corpus_en.py,
corpus_zh.py. The grammar reads the currency with the digits (numbers.py, units.py); a number
with a currency is made an amount in values/number/value.py and compared as a number
(values/number/sameness.py).
"""
