"""Values in context: what each value of the evidence and of the answer is about.

facts.read_facts(text)        evidence values with row label, column header, periods, entities
claims.read_claims(answer)    answer values with naming words, periods, citation marker
periods.periods_in(text)      years, quarters, halves, months, days, normalised
Pure: no Django, no I/O; the one number extractor (engine/numbers.py) finds the values.
"""
