"""Whether the answer says a longer row label than a row's own, in the row's word order.

The row rule of disagreement.py (policy `row_naming: "longest_said"`): a label held by a longer
label the answer says ("Total other assets" holds "Other assets") names that longer row. Moved
out of grounding.py unchanged. Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from groundgate.engine.words import EN_WORD, stem

if TYPE_CHECKING:
    from groundgate.engine.context.excerpt_index import _Seen


def held_by_longer(
    seen: _Seen, label: frozenset[str], words: frozenset[str], text: Callable[[], str]
) -> bool:
    """Whether the answer says a longer row label that holds every word of `label` ("Total
    other assets" holds "Other assets"), its words in their order and close together (not
    "Monetary assets, current in Non-USD" for "Monetary assets, non-current"): then it names
    that row, not this one."""
    first = min(label)  # every label holding this one has this word: look only at those
    return any(
        label < other and other <= words and in_order(seen.first_row[other], other, text())
        for other in seen.by_word.get(first, ())
    )


def in_order(row: str, label: frozenset[str], text: str) -> bool:
    """Whether the naming words of `row` (its `label`) come in `text` in the row's order,
    with at most two other words among them. A row not in English: the set test alone."""
    if not row.isascii():
        return True
    seq = [w for w in (stem(t) for t in EN_WORD.findall(row.lower())) if w in label]
    tokens = [stem(t) for t in EN_WORD.findall(text.lower())]
    if not seq:
        return False
    for i, token in enumerate(tokens):
        if token != seq[0]:
            continue
        j = 1
        for later in tokens[i + 1 : i + len(seq) + 2]:
            if j < len(seq) and later == seq[j]:
                j += 1
        if j == len(seq):
            return True
    return False
