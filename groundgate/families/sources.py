"""The evidence pane of the case page for cases read as text: each source text a case cites or
was answered from (a chunk, an anchor's text C0/C1, a retrieved candidate), with the places the
gate located in it marked: the quoted excerpt, the evidence value that grounded an answer value,
the near-miss value the gate reports, the closest chunk text. Only spans the verdict or the case
itself carries are marked (rule 5 of the house plan: the UI never re-derives a finding); the one
search done here is finding an evidence's excerpt in its chunk, by exact text.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard

# What a mark in a source text is; each has its own colour AND shape (static/css/groundgate.css,
# legend in templates/reviews/case_detail.html, contrast figures in docs/reviewing.md).
MarkKind = Literal["excerpt", "grounded", "near", "closest", "finding"]
MARK_ORDER: tuple[MarkKind, ...] = ("excerpt", "closest", "grounded", "near", "finding")

# The tone of a source's status badge.
Tone = Literal["passed", "rejected", "neutral", "warn"]


@dataclass(frozen=True)
class Mark:
    start: int
    end: int
    kind: MarkKind
    findings: tuple[int, ...] = ()


@dataclass(frozen=True)
class Piece:
    """A run of a source text under the same marks."""

    text: str
    kinds: tuple[str, ...] = ()
    findings: tuple[int, ...] = ()


@dataclass
class Source:
    key: str  # unique on the page (the DOM id is "src-<key>")
    title: str
    text: str
    status: str  # what the gate (or the pipeline) made of it, in words
    tone: Tone = "neutral"
    detail: str = ""
    marks: list[Mark] = field(default_factory=list)
    # Findings about this source as a whole (no span in it): selecting one scrolls here.
    findings: set[int] = field(default_factory=set)
    note: str = ""  # e.g. "the excerpt is not in the chunk's text"

    @property
    def pieces(self) -> list[Piece]:
        return cut(self.text, self.marks)

    @property
    def finding_ids(self) -> str:
        ids = set(self.findings)
        for mark in self.marks:
            ids.update(mark.findings)
        return " ".join(str(i) for i in sorted(ids))

    def mark(
        self, span: object, kind: MarkKind, finding: int | None = None, offset: int = 0
    ) -> bool:
        """Mark text[span] (shifted by offset), if it is a valid span of the text."""
        if not _is_span(span):
            return False
        start, end = span[0] + offset, span[1] + offset
        if not 0 <= start < end <= len(self.text):
            return False
        ids = () if finding is None else (finding,)
        self.marks.append(Mark(start, end, kind, ids))
        return True


def text_of(value: Any) -> str:
    """A payload's text field as stored (payloads are kept as submitted: anything else is "")."""
    return value if isinstance(value, str) else ""


def _is_span(span: object) -> TypeGuard[list[int] | tuple[int, int]]:
    return (
        isinstance(span, list | tuple)
        and len(span) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in span)
    )


def cut(text: str, marks: Iterable[Mark]) -> list[Piece]:
    """Cut `text` at every mark's edges; each piece knows the marks (kinds and findings) over it.
    Overlapping marks are allowed (an excerpt holding a grounded value)."""
    marks = list(marks)
    if not marks:
        return [Piece(text)]
    cuts = sorted({0, len(text), *(m.start for m in marks), *(m.end for m in marks)})
    pending = sorted(marks, key=lambda m: m.start)
    active: list[Mark] = []
    at = 0
    pieces = []
    for start, end in itertools.pairwise(cuts):
        while at < len(pending) and pending[at].start <= start:
            active.append(pending[at])
            at += 1
        active = [m for m in active if m.end > start]
        over = [m for m in active if m.start <= start and end <= m.end]
        kinds = tuple(k for k in MARK_ORDER if any(m.kind == k for m in over))
        ids = tuple(sorted({i for m in over for i in m.findings}))
        pieces.append(Piece(text[start:end], kinds, ids))
    return pieces


ANCHOR = re.compile(r"\[([^\[\]\s]{1,80})\]")


def anchors_in(text: str) -> list[str]:
    """The bracketed ids ([C0], [IPC_420_0]) a text cites, in order, without repeats."""
    return list(dict.fromkeys(ANCHOR.findall(text)))


def attach_by_anchor(
    sources: dict[str, Source], text: str, findings: list[dict[str, Any]], field_name: str
) -> None:
    """Findings whose span (in `text`) cites an anchor: they concern that anchor's source. The
    anchor is read from the answer text the finding's own span covers, nothing is re-judged."""
    for index, f in enumerate(findings):
        span = f.get("span")
        if f.get("field") != field_name or span is None or not _is_span(span):
            continue
        value = f.get("value")
        named = [value] if isinstance(value, str) and value in sources else []
        start, end = span
        for anchor in named or anchors_in(text[start:end]):
            if anchor in sources:
                sources[anchor].findings.add(index)
