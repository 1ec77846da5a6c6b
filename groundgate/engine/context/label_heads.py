"""A row named by the words that set it apart, or by its head (policy `row_said: "apart_or_head"`,
gate 2.42.0, dNEW7).

The row rule (disagreement.py) takes the answer's words to name another row than the value's
only where they say every word of that row's label. Reports' labels are long and answers say
them short: "归属于上市公司股东的净利润" is said "净利润", "归属于上市公司股东的扣除非经常性损益的
净利润" is said "扣除非经常性损益的净利润", "Net cash used in investing activities" is said "cash
used in investing activities". So the revenue cell said of "净利润", or the net profit's said of
its 扣非 row, passed. Here a label the answer's words name best (more words in common than the
value's own row's) is also said where the answer says
  - every word that sets it apart from the value's own row's label (its words the other lacks),
  - or, for a Chinese label "X的Y", every word of its head Y, which the value's own label lacks.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.label_units import label_name


def said_apart(
    named_row: str, named: frozenset[str], own: frozenset[str], words: frozenset[str]
) -> bool:
    """Whether `words` (the answer's) say row `named_row` (naming words `named`) apart from the
    value's own row (naming words `own`)."""
    apart = named - own
    if apart and apart <= words:
        return True
    text = label_name(named_row)
    if "的" not in text:
        return False
    head = naming_words(text.rsplit("的", 1)[1])
    return bool(head) and head <= words and not head <= own
