"""Which accepted evidence an answer's citation marker names ([1], [C0], a chunk id): the
context rule's source check (grounding.py). Moved out of grounding.py unchanged. Pure: no
Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from groundgate.engine.gates.answer_case import Evidence


def _citation_map(
    labels: set[str], evidences: Sequence[Evidence], accepted: list[tuple[int, Evidence]]
) -> dict[str, int]:
    """Citation label -> index of the accepted evidence it names. A label equal to a cited
    chunk_id names that evidence; otherwise its number counts evidences from 1 ([1] is the
    first), or from 0 when some marker of the answer is [0]/[C0]. A label that names no
    accepted evidence maps to nothing (no check)."""
    if not labels:
        return {}
    ok = {i for i, _ in accepted}
    by_chunk: dict[str, int] = {}
    for i, ev in enumerate(evidences):
        by_chunk.setdefault(ev.chunk_id, i)
    numbers = {label: int("".join(ch for ch in label if ch.isdigit())) for label in labels}
    zero_based = 0 in numbers.values()
    out: dict[str, int] = {}
    for label in labels:
        if label in by_chunk:
            index = by_chunk[label]
        else:
            index = numbers[label] - (0 if zero_based else 1)
        if index in ok:
            out[label] = index
    return out
