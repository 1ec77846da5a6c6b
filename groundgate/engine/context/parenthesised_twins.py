"""A row's twin named by its parenthesised words (policy row_rivals "parenthesised", gate
2.58.0, d777).

row_rivals "qualified" (d748) reads a qualified twin by its words outside parentheses
("Adjusted operating income (non-GAAP)" said as "Adjusted operating income") and only where the
answer does not say the value's own label whole. Earnings releases and answers name the twin by
its parenthesised words as often: "Non-GAAP operating income was $812 million" of "Operating
income (GAAP)  812" beside "Adjusted operating income (non-GAAP)  1,034". The answer says every
word of the GAAP row ("operating", "income", "GAAP") - and "non", which only the twin's
parentheses hold. Here a row is the twin the answer names where its parenthesised words hold
the value's row's parenthesised words and more (non, gaap against gaap), the more said in the
value's own clause; its words outside parentheses hold the value's row's (the twin may add a
word the answer does not say: "Adjusted"); English labels only. Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from groundgate.engine.context.claims import naming_words

if TYPE_CHECKING:
    from groundgate.engine.context.excerpt_index import _Seen

_PARENTHESES: Final = re.compile(r"\(([^()]*)\)")


def parenthesised_twin(row: str, own_words: frozenset[str], seen: _Seen) -> str | None:
    """The row of `seen` the answer's value's own clause (`own_words`) names by its
    parenthesised words, where the value is of `row` (None where none is; the least where
    several are)."""
    if not row.isascii() or not own_words or "(" not in row:
        return None
    core, inner = _parts(row, seen.months)
    if not core or not inner:
        return None
    found: list[str] = []
    for other in seen.named(own_words).common:
        text = seen.first_row.get(other, "")
        if not text or text == row or not text.isascii() or "(" not in text:
            continue
        twin_core, twin_inner = _parts(text, seen.months)
        if inner < twin_inner and twin_inner - inner <= own_words and core <= twin_core:
            found.append(text)
    return min(found) if found else None


@lru_cache(maxsize=4096)
def _parts(row: str, months: bool) -> tuple[frozenset[str], frozenset[str]]:
    """A label's naming words outside its parentheses and inside them ("Operating income
    (GAAP)": operating, income; gaap)."""
    inner = " ".join(_PARENTHESES.findall(row))
    return naming_words(_PARENTHESES.sub(" ", row), months), naming_words(inner, months)
