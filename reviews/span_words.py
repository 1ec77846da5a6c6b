"""Where a finding's span is in its chunk, in words a reviewer can use (d653): the line of the
chunk's text, the row's label where the line starts with one, and the line quoted with the value
in it, rather than "characters 163-167". The offsets stay in the verdict and on the page's hint
(its title), for anyone who wants them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from groundgate.families import get_family
from groundgate.families.value_boxes import ref_chunk_id
from groundgate.models import Case, Chunk

# How much of a long line is quoted on each side of the value.
AROUND = 60
# A line's label: the words before its first figure ("Total current assets 2,709,304 ...").
LABEL = re.compile(r"^\s*([^\d$€£¥()\-–—|]*[^\W\d_][^\d$€£¥(|]*?)\s*(?=[\d$€£¥(\-–—|])")


@dataclass(frozen=True)
class SpanPlace:
    line: int  # from 1
    lines: int
    row: str  # the line's label, or ""
    before: str
    text: str
    after: str


def span_place(case: Case, finding: dict[str, Any], chunks: dict[str, Chunk]) -> SpanPlace | None:
    """The place of `finding`'s chunk_span in its chunk's text; None when it cannot be read
    (no span, or a chunk this page does not have)."""
    span = finding.get("chunk_span")
    if not (isinstance(span, list | tuple) and len(span) == 2):
        return None
    chunk_id = ref_chunk_id(case, finding) or ""
    text = chunk_text(case, chunk_id, chunks)
    if text is None or not isinstance(span[0], int) or not isinstance(span[1], int):
        return None
    start, end = span
    if not 0 <= start <= end <= len(text):
        return None
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    before, after = text[line_start:start], text[end:line_end]
    label = LABEL.match(text[line_start:line_end])
    row = label.group(1).strip(" :.") if label and label.end(1) <= start - line_start else ""
    return SpanPlace(
        line=text.count("\n", 0, start) + 1,
        lines=text.count("\n") + 1,
        row=row,
        before=("…" + before[-AROUND:].lstrip()) if len(before) > AROUND else before.lstrip(),
        text=text[start:end],
        after=(after[:AROUND].rstrip() + "…") if len(after) > AROUND else after.rstrip(),
    )


def chunk_text(case: Case, chunk_id: str, chunks: dict[str, Chunk]) -> str | None:
    """The chunk's text as the source pane shows it: the stored chunk's, else the one the case
    carries (an answer case's raw_chunks)."""
    if chunk_id in chunks:
        return chunks[chunk_id].text
    raw = get_family(case.kind).inline_chunks(case.payload).get(chunk_id) or {}
    return raw["text"] if isinstance(raw.get("text"), str) else None
