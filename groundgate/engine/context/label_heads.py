"""A row named by its head, or by the words that set it apart (policy `row_said`, gate 2.46.0,
d676: "heads", the default, and "apart_or_head", selectable).

The row rule (disagreement.py) takes the answer's words to name another row than the value's
only where they say every word of that row's label. Reports' labels are long and answers say
them short: "归属于上市公司股东的净利润" is said "净利润", "归属于上市公司股东的扣除非经常性损益的
净利润" is said "扣除非经常性损益的净利润", "Net cash used in investing activities" is said "cash
used in investing activities". So the revenue cell said of "净利润", or the net profit's said of
its 扣非 row, passed. Here a label the answer's words name best (more words in common than the
value's own row's) is also said where the answer says
  - ("heads", "apart_or_head") for a Chinese label "X的Y", every word of its head Y, which the
    value's own label lacks;
  - ("apart_or_head") every word that sets it apart from the value's own row's label (its words
    the other lacks). On the labelled sets it moved 3 statuses, all the right way but all in
    half A (TAT-QA wrong row 1, FinanceBench graded incorrect 2), so it is not the default.
Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.context.claims import naming_words
from groundgate.engine.context.label_units import label_name


def said_apart(
    named_row: str,
    named: frozenset[str],
    own: frozenset[str],
    words: frozenset[str],
    apart: bool = False,
    months: bool = True,
) -> bool:
    """Whether `words` (the answer's) say row `named_row` (naming words `named`) apart from the
    value's own row (naming words `own`): by its head, or with `apart` by the words that set it
    apart too."""
    if apart and (named - own) and (named - own) <= words:
        return True
    text = label_name(named_row)
    if "的" not in text:
        return False
    head = naming_words(text.rsplit("的", 1)[1], months)
    return bool(head) and head <= words and not head <= own
