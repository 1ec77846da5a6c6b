"""The ordinal kind: "3rd", "21st" - a number that says a place.

rules_en.py  the reading: st/nd/rd/th after the digits ("March 3rd" is a date: values/date)
kind.py      the kind: typing, sameness (compared as a number, under the rule `ordinal` when one
             side is an ordinal), no derivations
corpus_en.py, corpus_zh.py  texts that must and must not be read as ordinals (Chinese 第三 is
             left out by the numeral reader: values/number/numerals_zh.py)
"""
