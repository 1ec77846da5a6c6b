"""How a line of written working begins (policy `written_lines`, gate 2.80.0, d955, d956).

People lay their working out a line at a time, and a line's first characters are layout, not
arithmetic: a list bullet ("- (12.6% + 5.7% + 5.2%) / 3 = 7.8%": the dash is no minus), and a
label that opens with a figure glued to its word ("3-Year Average Net Profit Margin = 8.45% / 3":
the "3" of "3-Year" is a word of the label, no operand of the line before). With
`written_lines: labels` (d955) engine/written.py reads a value that opens a line, joined by a
hyphen to the word after it, with a label and a relation after it on that line, as no operand of
any calculation (the label is read from its words, and is the same label said again with its
figure); with `labels_bullets` (d956) also a dash that opens a line, followed by a space, as a
bullet: it ends the run before it and adds no sign to the calculation after it. Only layout
moves: each step's arithmetic must still hold at the result's precision, and its first operands
are still checked as values on their own. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from groundgate.engine.numbers import NumericValue

# A figure's line start (spaces, or a bullet, before it) and, after it, a hyphen, the label's
# words and a relation, on the same line: "3-Year Average Net Profit Margin =".
_LINE_HEAD = re.compile(r"(?:^|\n)[ \t]*(?:[-−–*•][ \t]+)?$")
_FIGURE_LABEL = re.compile(r"[-‐–][^\W\d_][^\d=≈＝\n:：.;；,，]{0,59}?\s*[=≈＝]")
# A bullet: a dash opening a line, then a space; what may follow it before the first value.
_BULLET = re.compile(r"(?:^|\n)[ \t]*[-−–][ \t]+([(（\[ \t]*)$")
_BULLET_IN_GAP = re.compile(r"\n[ \t]*[-−–][ \t]")
# A repeated label's own figure ("3-Year"), taken off before it is compared.
_LABEL_FIGURE = re.compile(r"^\d+[-‐–](?=[^\W\d_])")


def label_figures(text: str, values: Sequence[NumericValue]) -> frozenset[int]:
    """The indices of `values` that open a line of working as a figure of its label."""
    out = set()
    for k, v in enumerate(values):
        if (
            _FIGURE_LABEL.match(text, v.end)
            and _LINE_HEAD.search(text[max(0, v.start - 40) : v.start])
            and v.text.isdigit()
        ):
            out.add(k)
    return frozenset(out)


def bullet_brackets(before: str) -> str | None:
    """The brackets after a bullet that opens the line `before` ends on, or None when the line
    opens with no bullet ("\\n- (" gives "(")."""
    m = _BULLET.search(before[-80:])
    return m.group(1) if m else None


def bullet_gap(gap: str) -> bool:
    """Whether the gap between two values starts a bulleted line."""
    return _BULLET_IN_GAP.search(gap) is not None


def label_words(said: str) -> str:
    """A label as said again, its opening figure taken off ("3-Year Average" -> "Year
    Average")."""
    return _LABEL_FIGURE.sub("", said)
