"""A change column's cell said with the opposite direction word (policy `direction_cells:
"change_columns"`, gate 2.46.0, d672).

A table's change column prints a change with its sign: "营业收入  12,345.60  11,234.50  9.9%"
under "项目  2023年第四季度  2023年第三季度  环比变动", "Revenue  120.5  100.2  20.3%" under
"Item  2023  2022  Change". An answer that says the cell with a direction word says its sign in
words: "营业收入环比下降9.9%" and "Revenue decreased 20.3%" say a fall of a cell that prints a
rise, as "净利润较上期减少1,111.01万元" says of a derivation (operand_rule's order). Such a
value is out of context (`another_direction`), wherever it is grounded verbatim.

Read only where every part is plain: the cell's column names a change ("同比", "环比", "变动",
"增减", "Change", "Variance", "Growth", "% change"), not a fall alone ("减少额", "Decrease": a
column of falls printed by their size); the value's own clause (between clause breaks) says a
fall and no rise, or a rise and no fall (operation_words' words, "down"/"up" too); the answer's
value is not itself negative. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.facts import Fact

_CHANGE_COLUMN = re.compile(
    r"(?i)同比|环比|变动|增减|变化|增长率|增幅|\bchange|\bvariance|\bgrowth|\bincrease"
)
_FALL_COLUMN = re.compile(r"(?i)减少|下降|降幅|\bdecrease|\bdecline")
_RISE_COLUMN = re.compile(r"(?i)增加|增长|增幅|\bincrease|\bgrowth|\bchange|变动|增减|同比|环比")
_DOWN = re.compile(
    r"(?i)\b(?:decreas|declin|fell|fall|drop|reduc|shrank|shrink)\w*|\bdown\b"
    r"|减少|下降|降低|下滑|减幅|降幅"
)
_UP = re.compile(r"(?i)\b(?:increas|rose|rise|grew|grow)\w*|\bup\b|增加|增长|上升|提高|增幅")
# A clause's ends: a comma or a semicolon, a sentence's end.
_CLAUSE_BREAK = re.compile(r"[,;，；。:：!?！？]|\.(?:\s|$)")


def change_column(fact: Fact) -> bool:
    """Whether a cell is of a column that prints a change with its sign."""
    if not (fact.in_table and fact.column) or not _CHANGE_COLUMN.search(fact.column):
        return False
    # "减少额", "Decrease": a column of falls, printed by their size.
    return not (_FALL_COLUMN.search(fact.column) and not _RISE_COLUMN.search(fact.column))


def clause_direction(text: str, start: int, end: int) -> int:
    """The direction the clause of the value at text[start:end] says: -1 a fall and no rise,
    1 a rise and no fall, 0 neither or both."""
    before = [m.end() for m in _CLAUSE_BREAK.finditer(text, 0, start)]
    after = _CLAUSE_BREAK.search(text, end)
    clause = text[before[-1] if before else 0 : after.start() if after else len(text)]
    down, up = bool(_DOWN.search(clause)), bool(_UP.search(clause))
    return -1 if down and not up else (1 if up and not down else 0)


def against_direction(fact: Fact, direction: int) -> bool:
    """Whether a change column's cell prints the other sign than `direction` says."""
    if direction == 0 or not change_column(fact):
        return False
    negative = fact.negative or fact.value.quantity.startswith("-")
    return negative if direction > 0 else not negative
