"""Whether a finding's near miss is the answer's own figure (d1015): one test for the case page's
marks (the page image's near-miss box, the source text's near mark, families/value_boxes.py and
families/answer) and its labels (reviews/near_labels.py)."""

from __future__ import annotations

from typing import Any


def near_is_own(finding: dict[str, Any]) -> bool:
    """Whether `finding`'s near miss is its own value's place in the evidence: a value out of
    context with no cell that fits the answer instead names the answer's figure itself as its
    near match (engine/context/context_finding.py: `alt or fact`). Such a near match is the
    answer's figure, marked and labelled as that, never as a near miss (d1015)."""
    near = finding.get("near_match")
    if not isinstance(near, dict):
        return False
    span, own = near.get("chunk_span"), finding.get("chunk_span")
    if not isinstance(span, list | tuple) or not isinstance(own, list | tuple):
        return False
    same_chunk = near.get("chunk_id") == finding.get("chunk_id")
    return same_chunk and list(span) == list(own)
