"""The numbers of a list written inside a sentence (policy `list_markers`, gate 2.70.0, d880).

People number the items of a list inside a sentence as often as on lines of their own: "the key
drivers seem to be 1) leverage of marketing and incentives 2) rise in store payroll and 3)
increase in corporate overhead", "(1) usual and customary pricing litigation ... (2) PBM
litigation". The scanner (values/number/after.py) reads a marker at a line's start as no value;
under "inline_sequence" the answer's one-digit "N)" or "(N)" after a space is no value either,
when the answer holds both "1)" and "2)" (a numbered list, not a bracketed figure "5)" of its
own). Only the answer's values are read so: the evidence's figures are left as the scanner
reads them. Pure: no Django, no I/O.
"""

from __future__ import annotations

from groundgate.engine.numbers import NumericValue, extract_numbers

_SPACES = " \t"


def answer_values(conclusion: str, inline: bool) -> list[NumericValue]:
    """The conclusion's values (extract_numbers), without the markers of a list written
    inside a sentence when `inline` (list_markers "inline_sequence")."""
    values = extract_numbers(conclusion)
    if not inline or "1)" not in conclusion or "2)" not in conclusion:
        return values
    return [v for v in values if not is_inline_marker(conclusion, v)]


def is_inline_marker(text: str, value: NumericValue) -> bool:
    """A one-digit value written "N) " or "(N) " after a space or a tab."""
    a, b = value.start, value.end
    if b - a != 1 or not text[a].isdigit() or text[b : b + 2] not in (") ", ")\t"):
        return False
    before = text[a - 1] if a else ""
    if before == "(":
        return a >= 2 and text[a - 2] in _SPACES
    return before != "" and before in _SPACES
