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

Pure: no Django, no I/O.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

# A total is no qualified row of its parts ("Total current liabilities" is no "Current
# liabilities" qualified), and an "Other ..." row's label has lost its word "other" (d308): its
# naming words are no shorter name of another row ("Other current liabilities").
_TOTALS: Final = frozenset({"total"})
_OTHER: Final = re.compile(r"(?i)\s*(?:all\s+)?other\b")

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
