"""Where a quoted excerpt that is not in its chunk lines up best with the chunk's text.

The answer gate uses this to point the reviewer at the closest stretch of the chunk when an
excerpt is not an exact substring. difflib's longest match is exact but costs
O(len(chunk) x len(excerpt)): a 100 KB request with one wrong character took 27 s of CPU. So
small pairs keep difflib (the same hint as always), and large ones vote with k-grams: every
k-character window of the chunk is indexed once, the excerpt's windows at a stride of k look
themselves up, and the offset most windows agree on wins - linear in both lengths.
Pure: no Django, no I/O.
"""

from __future__ import annotations

import difflib
from collections import Counter

# Pairs up to this product of lengths use difflib (about 10 ms at the limit).
EXACT_LIMIT = 2_000_000
_K = 12


def align(text: str, excerpt: str) -> tuple[int, int] | None:
    """(offset of the excerpt's best alignment in `text`, characters known to agree there), or
    None when no part of the excerpt occurs in the text. The offset may be negative or run past
    the end; callers clip it."""
    if not text or not excerpt:
        return None
    if len(text) * len(excerpt) <= EXACT_LIMIT:
        matcher = difflib.SequenceMatcher(None, text, excerpt, autojunk=False)
        match = matcher.find_longest_match(0, len(text), 0, len(excerpt))
        return (match.a - match.b, match.size) if match.size else None
    k = min(_K, len(excerpt))
    first_at: dict[str, int] = {}
    for i in range(len(text) - k + 1):
        first_at.setdefault(text[i : i + k], i)
    votes: Counter[int] = Counter()
    for j in range(0, len(excerpt) - k + 1, k):
        at = first_at.get(excerpt[j : j + k])
        if at is not None:
            votes[at - j] += 1
    if not votes:
        # Nothing k characters long in common: fall back to difflib on a bounded prefix.
        head = excerpt[: max(1, EXACT_LIMIT // len(text))]
        return align(text, head) if len(head) < len(excerpt) else None
    offset, count = min(votes.items(), key=lambda item: (-item[1], item[0]))
    return offset, count * k
