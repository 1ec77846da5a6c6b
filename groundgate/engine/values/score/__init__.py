"""The score kind: "4.5/5", "8/10", "4 out of 5", "4 stars out of 5" - a number on a scale.

rules_en.py  the reading: the scale written after the number (also in Chinese text: "评分4.5/5")
kind.py      the kind: typing (the scale is its unit), sameness (compared as a number, under the
             rule `score` when one side is a score), no derivations
corpus_en.py, corpus_zh.py  texts that must and must not be read as scores
"""
