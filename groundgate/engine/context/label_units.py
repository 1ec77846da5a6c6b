"""A row label's unit statement (policy `label_units: "aside"`, gate 2.46.0, d670).

Reports print a row's unit in its label where a table has no unit line: "营业收入（亿元）",
"每股收益（元/股）", "毛利率（%）", "Revenue ($ billion)", "Net sales (in thousands)", "EPS
(cents)", "Total energy consumption (MWh)". The statement declares the scale of the row's cells
(scales.py reads it so); it is no part of the row's name. Read as naming words, "亿元" and
"billion" are words of the label an answer never says beside its value (its own "120.5亿元" is
the value's unit, not a word), so the label of the row an answer names is never said in full
and the row rule (excerpt_index, disagreement.py) could not tell "净利润" from "营业收入（亿元）".

`label_name` gives the label without a last bracketed part that states only a unit: a scale with
or without a currency (unit_headers.unit_part: "（亿元）", "($ billion)", "(in thousands)"), a
currency alone ("($)", "（元）"), a percentage ("(%)", "（%）"), a unit per share or per unit
("（元/股）", "($ per share)"), cents, or a unit of measure the number reader knows ("(MWh)",
"（吨）", "（人）", "(years)"). A note ("（注释5）"), a word in brackets ("Gain (loss)"), a
one-letter name ("(A)") stay. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re

from groundgate.engine.context.unit_headers import unit_part
from groundgate.engine.text_memo import text_memo
from groundgate.engine.units import _ASCII_UNIT_SET, _CJK_UNIT_SET

# The last bracketed part of a label, with what joins it to the label ("Net income - (in
# thousands)", "营业收入(万元)").
_LAST_BRACKET = re.compile(r"[\s,:\-–—]*[(（]([^()（）]{1,40})[)）]\s*$")
# The words of a unit statement besides units: scales, "in", "per", shares, cents. A currency's
# code alone ("Cash (EUR)") may name a row among others ("Cash (USD)"): not read as a unit
# (with a scale, "(RMB million)", unit_part reads it).
_UNIT_WORDS = frozenset(
    """in of per a an each the share shares unit units cent cents dollar dollars percent
    percentage pct thousand thousands million millions billion billions bn m k mwh gwh""".split()
)
_CJK_UNIT_WORDS = tuple("人民币 美元 港元 欧元 日元 元 股 每 单位 万 亿 千 百".split())
# Words of a unit statement that are no unit themselves ("Revenue (a)" is a footnote mark).
_FILLERS = frozenset({"in", "of", "per", "a", "an", "each", "the"})
_CODES = frozenset({"USD", "EUR", "CNY", "RMB", "GBP", "JPY", "HKD"})
_SCALE = re.compile(r"(?i)thousand|million|billion|000|\bm\b|\bbn\b|千|万|亿")
_SYMBOLS = re.compile(r"[$€£¥%％/／:：'’‘.,\s]")
_ASCII_WORD = re.compile(r"[A-Za-z]+")


@text_memo(max_bytes=2**20, item_bytes=60)
def label_name(label: str) -> str:
    """The label without its unit statement ("营业收入（亿元）" -> "营业收入", "Revenue ($
    billion)" -> "Revenue"); the label itself where it states none, or is only one."""
    found = _LAST_BRACKET.search(label)
    if found is None or found.start() == 0:
        return label
    return label[: found.start()] if states_unit(found.group(1)) else label


def states_unit(inside: str) -> bool:
    """Whether the text inside a label's brackets states only a unit."""
    if _SCALE.search(inside) and unit_part(f"({inside})"):
        return True  # a scale, with or without its currency: "(RMB million)", "（亿元）"
    rest = inside
    for word in (*sorted(_CJK_UNIT_SET, key=len, reverse=True), *_CJK_UNIT_WORDS):
        rest = rest.replace(word, " ")
    unit = rest != inside or any(c in inside for c in "$€£¥%％")  # a CJK unit or a symbol
    for word in _ASCII_WORD.findall(rest):
        low = word.lower()
        if low not in _UNIT_WORDS and (word not in _ASCII_UNIT_SET or word in _CODES):
            return False  # a word of a name: "Gain (loss)", "(Note 5)"
        unit = unit or low not in _FILLERS
    # Nothing else but symbols (no figure, note number or other script's word), and a unit.
    return unit and not _SYMBOLS.sub("", _ASCII_WORD.sub(" ", rest))
