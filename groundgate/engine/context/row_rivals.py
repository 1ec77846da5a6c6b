"""Another row the answer names than the best-named one (policy row_rivals, gate 2.51.0,
d697-d698): the row rule of disagreement.py asks only whether the row the answer's words name
best is said in full. Two readings go further, each for a row of the value's own table:

- "said" (d697): a row whose every naming word the answer says, sharing more of the answer's
  words than the value's own row, is named even where a longer row shares more ("Europe net
  sales were $2,200 million" of the Asia Pacific cell, where "Total net sales" shares "net
  sales" but "Total" is not said and "Europe" is);
- "unqualified" (d698, with "said"): a row whose label is the value's own label less some
  words, none of which the answer says, is the row the answer names - the value's row is the
  qualified one ("Adjusted operating income (non-GAAP)" beside "Operating income (GAAP)",
  "Diluted earnings per share" beside "Earnings per share"), so "Operating income was $1,034
  million" of the adjusted row's cell is the other row's figure said of it. Not a total
  ("Total current liabilities" beside "Current liabilities") nor against an "Other ..." row;
  English labels only: a Chinese answer shortens a qualifier ("扣非净利润" for
  "扣除非经常性损益的净利润"), so its words not said do not tell the rows apart.
- "qualified" (d748, with both): the other way round - where the answer says whole the name
  of a row that is the value's own row qualified ("Adjusted operating income (non-GAAP)", its
  words outside parentheses, holding every such word of "Operating income (GAAP)" and more),
  the value of the unqualified row is that row's figure said of the qualified one ("Adjusted
  operating income was $812 million" of the GAAP row's 812), where the answer does not say the
  value's own label whole (disagreement.py asks). Not a total ("Total revenue" of the
  "Revenue" row), nor an "Other ..." row; English labels only (as above).

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from groundgate.engine.context.claims import naming_words

# A total is no qualified row of its parts ("Total current liabilities" is no "Current
# liabilities" qualified), and an "Other ..." row's label has lost its word "other" (d308): its
# naming words are no shorter name of another row ("Other current liabilities").
_TOTALS: Final = frozenset({"total"})
_OTHER: Final = re.compile(r"(?i)\s*(?:all\s+)?other\b")

_PARENTHESES: Final = re.compile(r"\([^()]*\)")

if TYPE_CHECKING:
    from groundgate.engine.context.excerpt_index import _Seen


def rival_row(
    label: frozenset[str],
    words: frozenset[str],
    own_words: frozenset[str],
    seen: _Seen,
    unqualified: bool,
) -> frozenset[str] | None:
    """The label of another row of `seen` that the answer's `words` (its claim's; `own_words`
    its own clause's) name rather than the value's row `label`; None where none does. The
    least such row (by its first row's text) where several do."""
    if not label or not words:
        return None
    common = seen.named(words).common
    own = common.get(label, 0)
    found: list[str] = []
    for other, n in common.items():
        if other == label or not other:
            continue
        said = other <= words or other <= own_words
        if said and n > own:
            found.append(seen.first_row[other])
        elif (
            unqualified
            and other < label
            and not (words & (label - other))
            and not label - other <= _TOTALS
            and not _OTHER.match(seen.first_row[other])
            and seen.first_row[other].isascii()
        ):
            found.append(seen.first_row[other])  # the value's row is `other` qualified
    return seen.labels[min(found)] if found else None


def qualified_row(
    row: str, words: frozenset[str], own_words: frozenset[str], seen: _Seen
) -> str | None:
    """The row of `seen` whose name, said whole in the value's own clause (`own_words`; the
    claim's `words` choose the candidates), is the value's `row` qualified (row_rivals
    "qualified", d748): its words outside parentheses hold every such word of `row`'s and more,
    not "total" alone nor "non" ("Monetary assets, non-current" is no qualified "Monetary
    assets, current"); None where none is. The least such row where several are."""
    if not row.isascii() or not words:
        return None
    core = _core_words(row, seen.months)
    if not core:
        return None
    found: list[str] = []
    for other in seen.named(words).common:
        text = seen.first_row.get(other, "")
        if not text or text == row or not text.isascii() or _OTHER.match(text):
            continue
        named = _core_words(text, seen.months)
        if (
            core < named
            and not named - core <= _TOTALS
            and "non" not in named - core  # "non-current" negates, qualifies nothing
            and named <= own_words
        ):
            found.append(text)
    return min(found) if found else None


@lru_cache(maxsize=4096)
def _core_words(row: str, months: bool) -> frozenset[str]:
    """A row label's naming words outside its parentheses ("Operating income (GAAP)": operating,
    income)."""
    return naming_words(_PARENTHESES.sub(" ", row), months)
