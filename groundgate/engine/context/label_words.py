"""The abbreviations Chinese reports and answers use for long labels (policy
label_abbreviations "zh_finance", gate 2.52.0, d706).

An answer says "扣非净利润" for "归属于上市公司股东的扣除非经常性损益的净利润" and "归母净利润"
for "归属于上市公司股东的净利润" (or "归属于母公司所有者的净利润"): the short form shares no
naming word with the part it abbreviates, so the row rule (disagreement.py) read
"扣非净利润为10.23亿元" as said of any 净利润 row and let the 归母 row's figure pass for the
扣非 one. A label that holds the long form makes the short form, in an answer, say the long
form's words (excerpt_index._Seen.expanded), and set the row apart from one without it
(_Seen.said_short). Only these forms: each is the standard shorthand of the key-figures table
(主要会计数据和财务指标), said in nearly every Chinese summary of a report. Pure: no Django,
no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.claims import naming_words

# The short form and the long forms it stands for (as a label prints them).
_ABBREVIATIONS = (
    ("扣非", re.compile(r"扣除非经常性损益")),
    ("归母", re.compile(r"归属于(?:上市公司|母公司)(?:股东|所有者|普通股股东)")),
)
# label_abbreviations "zh_finance_after" (gate 2.71.0, d889): "扣除非经常性损益后的净利润", the
# form a 分季度 table and many key-figures tables print, is what "扣非" abbreviates too ("后",
# "after", is a word of its own: without it the short form did not say the label whole).
_AFTER = (("扣非", re.compile(r"扣除非经常性损益后?")), _ABBREVIATIONS[1])


def abbreviated(label: str, after: bool = False) -> list[tuple[str, frozenset[str]]]:
    """The short forms that name `label`, each with the naming words of the long form it
    holds ("扣非" with 扣除非, 经常性, 损益 for a label holding "扣除非经常性损益"; with `after`,
    and 后 where it prints "扣除非经常性损益后")."""
    if label.isascii():
        return []
    out = []
    for short, long in _AFTER if after else _ABBREVIATIONS:
        found = long.search(label)
        if found is not None:
            out.append((short, naming_words(found.group())))
    return out
