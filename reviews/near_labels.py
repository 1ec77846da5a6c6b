"""The lines under a finding that name the figures its near miss is about (d1015): one label
for each meaning everywhere. A value out of context's reason (another period's, another row's
...) says what the answer's figure is, and its near match is either the cell that fits the
answer instead (Best Buy's "$518 million" of the six months, near match "274" of the three
months asked) or, where the evidence has none, the answer's figure itself (Ulta's 52 weeks' net
income said of the 13 weeks): the page pane labelled "another period's value" on the asked
period's cell in one case and on the answer's figure in the other. Now the answer's figure is
"the answer's figure, another period's value" with the mark it has in the source text (purple,
"closest"), and the other cell is "the cell that fits the answer instead" with the near-miss
mark (orange dashed); a near miss of any other reason (another scale, one digit changed) keeps
its reason's words and the near-miss mark."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from groundgate.engine.context.context_finding import CONTEXT_REASONS
from groundgate.families.near_own import near_is_own
from reviews.templatetags.families import near_reason

ANSWERS_FIGURE = "the answer's figure"
INSTEAD = "the cell that fits the answer instead"


@dataclass(frozen=True)
class NearLine:
    swatch: str  # the legend's mark: "closest" (the answer's figure) or "near" (the near miss)
    label: str
    text: str
    where: str  # "evidence 0", "chunk c-00026"
    reason: str  # the raw reason, on hover


def _where(ref: dict[str, Any]) -> str:
    index = ref.get("evidence_index")
    return f"evidence {index}" if index is not None else f"chunk {ref.get('chunk_id')}"


def near_lines(finding: dict[str, Any], text: str | None) -> list[NearLine]:
    """The labelled figures of `finding`'s near miss; `text`: the chunk's text its chunk_span
    points into (the answer's figure as printed), or None."""
    near = finding.get("near_match")
    if not isinstance(near, dict):
        return []
    reason = str(near.get("reason") or "")
    said = near_reason(reason or None)
    if reason not in CONTEXT_REASONS:
        return [NearLine("near", said, str(near.get("text") or ""), _where(near), reason)]
    own = near_is_own(finding)
    span = finding.get("chunk_span")
    figure = str(near.get("text") or "") if own else ""
    if not figure and text is not None and isinstance(span, list | tuple) and len(span) == 2:
        figure = text[int(span[0]) : int(span[1])]
    where = _where(finding if finding.get("evidence_index") is not None else near)
    lines = (
        [NearLine("closest", f"{ANSWERS_FIGURE}, {said}", figure, where, reason)] if figure else []
    )
    if not own:
        lines.append(NearLine("near", INSTEAD, str(near.get("text") or ""), _where(near), reason))
    return lines
