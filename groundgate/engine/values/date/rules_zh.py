"""How Chinese writes a date in digits: "2024年", "2024年5月", "2024年5月1日", "5月1日", "5月1号".
A branch of the grammar (numbers._MASTER). Dates in Chinese numerals ("二〇二四年", "五月一日")
are read by values/number/numerals_zh.numeral_values. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.values.grammar import D

CN_DATE = rf"(?P<cdate>{D}{{3}}年(?:{D}{{1,2}}月(?:{D}{{1,2}}[日号])?)?|{D}?月{D}{{1,2}}[日号])"
