"""Turn stored cases and verdicts into what templates draw. Findings carry their own spans and
boxes; this only cuts text at those spans and looks up where boxes are (rule 5 of the house plan:
the UI never re-derives a finding)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from groundgate.engine.gates.answer_numbers import (
    NUMBER_ABOUT_ANSWER,
    NUMBER_FROM_QUESTION,
    NUMBER_IN_WORKING,
    NUMBER_SECTION_LABEL,
)
from groundgate.families.value_boxes import ref_chunk_id, value_refs, words_box
from groundgate.models import Case, Chunk, ChunkKind, Page

# A finding as stored in a gate run (the engine's Finding, dumped), or one of its value refs.
Json = dict[str, Any]


@dataclass(frozen=True)
class Segment:
    text: str
    finding_ids: tuple[int, ...] = ()
    codes: tuple[str, ...] = ()
    severity: str = ""  # the most severe of the covering findings: error, warning or info
    # Info, and every covering finding exempt (EXEMPT_CODES): drawn apart from a value grounded
    # other than verbatim, one meaning per mark (d735).
    exempt: bool = False


# Info findings whose value is exempt - no claim about the evidence, so none was looked for:
# the question's own value, the answer's word count, a constant of its calculation, a section
# label (engine/gates/answer_numbers.py). The other info findings (NUMBER_EQUIVALENT,
# NUMBER_DERIVED) say how a value WAS grounded.
EXEMPT_CODES = frozenset(
    {NUMBER_FROM_QUESTION, NUMBER_ABOUT_ANSWER, NUMBER_IN_WORKING, NUMBER_SECTION_LABEL}
)


SEVERITY_RANK = {"info": 0, "warning": 1, "error": 2}


def highlight_segments(text: str, findings: list[Json], field: str | None) -> list[Segment]:
    """Cut `text` into segments; each covered by the findings whose span lies in `field`."""
    spans = [
        (i, f["span"][0], f["span"][1], f["code"])
        for i, f in enumerate(findings)
        if field and f.get("field") == field and f.get("span")
    ]
    severity = {i: findings[i].get("severity", "error") for i, *_ in spans}
    if not spans:
        return [Segment(text)]
    cuts = sorted({0, len(text), *[s for _, s, _, _ in spans], *[e for _, _, e, _ in spans]})
    segments = []
    # A sweep over the cuts with the spans open at each: linear in cuts x open spans, not in
    # cuts x all spans (a long answer has hundreds of findings).
    pending = sorted(spans, key=lambda span: span[1])
    active: list[tuple[int, int, int, str]] = []
    at = 0
    for start, end in itertools.pairwise(cuts):
        while at < len(pending) and pending[at][1] <= start:
            active.append(pending[at])
            at += 1
        active = [span for span in active if span[2] > start]
        covering = [(i, code) for i, s, e, code in active if s <= start and end <= e]
        worst = max(
            (severity[i] for i, _ in covering), key=lambda s: SEVERITY_RANK.get(s, 2), default=""
        )
        segments.append(
            Segment(
                text[start:end],
                tuple(sorted(i for i, _ in covering)),
                tuple(sorted({code for _, code in covering})),
                worst,
                worst == "info" and all(code in EXEMPT_CODES for _, code in covering),
            )
        )
    return segments


@dataclass
class FindingGroup:
    """One row of the findings list: a finding, or several of the same code about the same
    value (a value repeated through a long answer), decided once for all of them. `index` is
    the first member's finding index: the form's call-N / reason-N name it."""

    index: int
    finding: Json
    where: FindingLocation
    members: list[int]
    choice: tuple[str, str] = ("", "")
    saved: tuple[str, str] | None = None  # the reviewer's saved call, shown after a save
    others: list[Json] = field(default_factory=list)  # a conflicting reviewer's calls
    place: Any = None  # its chunk_span in words (reviews.span_words.SpanPlace)
    offer: Any = None  # what "should say" offers (reviews.should_say.ShouldSay, d928)
    near: Any = ()  # its near miss's figures, labelled (reviews.near_labels.NearLine, d1015)

    @property
    def count(self) -> int:
        return len(self.members)

    @property
    def figure_label(self) -> str:
        """The answer's figure's label where its near miss names it (d1015), else ""."""
        return next((n.label for n in self.near if n.swatch == "closest"), "")

    @property
    def exempt(self) -> bool:
        return self.finding.get("code") in EXEMPT_CODES


def group_key(finding: Json) -> tuple[Any, ...] | None:
    """Findings with the same code, severity and value are one decision; a finding without a
    value stands alone."""
    value = finding.get("value")
    if not isinstance(value, str) or not value.strip():
        return None
    return (finding.get("code"), finding.get("severity"), value.strip())


def finding_groups(findings: list[Json]) -> dict[int, list[int]]:
    """First member's index -> every member's index, in finding order."""
    groups: dict[int, list[int]] = {}
    leader: dict[tuple[Any, ...], int] = {}
    for index, finding in enumerate(findings):
        key = group_key(finding)
        if key is not None and key in leader:
            groups[leader[key]].append(index)
            continue
        if key is not None:
            leader[key] = index
        groups[index] = [index]
    return groups


Place = tuple[str, tuple[float, ...]]  # "document id:page index", a box


@dataclass(frozen=True)
class FindingLocation:
    """Where on a rendered page a finding is: key "document id:page index" and its box; an
    empty key when it has no place on a page."""

    key: str = ""
    bbox: tuple[float, ...] = ()
    # A derived finding is drawn whole: every operand's box and the value's own where it has
    # one, each (key, box); empty for a finding drawn at its one place.
    boxes: tuple[Place, ...] = ()


def finding_locations(
    case: Case, findings: list[Json], chunks: dict[str, Chunk]
) -> list[FindingLocation]:
    """Where each finding is: its own page/box when it carries one; else the box of the value it
    names, from the characters of the value in its chunk (the chunk's word boxes); else its
    chunk's first line. groundgate/families/value_boxes.py finds the values, as the annotated
    PDF does."""
    out: list[FindingLocation] = []
    for f in findings:
        # A value finding is placed at the evidence value it names: the finding's own value in
        # the evidence (a value out of context), its near miss, what grounded it, its operands.
        refs = [ref for _, ref in value_refs(f)]
        where = [chunks.get(ref_chunk_id(case, ref) or "") for ref in refs]
        placed = [
            (ref, chunk)
            for ref, chunk in zip(refs, where, strict=True)
            if chunk is not None and chunk.kind == ChunkKind.TEXT and chunk.position_int
        ]
        if not placed:
            out.append(FindingLocation())
            continue
        own = [ref for ref, _ in placed if ref.get("page_index") is not None and ref.get("bbox")]
        found = (
            None
            if own
            else next((box for box in (words_box(case, r, c) for r, c in placed) if box), None)
        )
        if own:
            document_id, page, bbox = placed[0][1].document_id, own[0]["page_index"], own[0]["bbox"]
        elif found is not None:
            document_id, page, bbox = found
        else:
            chunk = placed[0][1]
            document_id, (page, bbox) = chunk.document_id, _first_line(chunk)
        whole = _boxes(case, placed) if (f.get("derivation") or {}).get("operands") else ()
        out.append(FindingLocation(f"{document_id}:{page}", tuple(bbox), whole))
    return out


def _boxes(case: Case, placed: list[tuple[Json, Chunk]]) -> tuple[Place, ...]:
    """Each placed value's own box (its page and box, else its words' box), once each."""
    out: list[Place] = []
    for ref, chunk in placed:
        if ref.get("page_index") is not None and ref.get("bbox"):
            item = (f"{chunk.document_id}:{ref['page_index']}", tuple(ref["bbox"]))
        elif (found := words_box(case, ref, chunk)) is not None:
            item = (f"{found[0]}:{found[1]}", tuple(found[2]))
        else:
            continue
        if item not in out:
            out.append(item)
    return tuple(out)


def _first_line(chunk: Chunk) -> tuple[int, list[float]]:
    page_number, x0, x1, top, bottom = chunk.position_int[0]
    return page_number - 1, [x0, top, x1, bottom]


@dataclass(frozen=True)
class PageTurn:
    """How a page's boxes (unrotated PDF points, as stored) land on its image, shown turned
    clockwise by `rotation` (render_page_png turns it: the PDF's /Rotate, or upright_rotation).
    The one place the case page turns a box: the image's shape comes from here, and the page
    viewer (static/js/case/pages.js) applies `matrix` to draw a box and its inverse to read a box a
    reviewer draws. The matrix is PyMuPDF's Page.rotation_matrix divided by the shown size."""

    width: float  # unrotated, PDF points
    height: float
    rotation: int = 0

    @property
    def shown(self) -> tuple[float, float]:
        """The shown image's width and height in points."""
        turned = self.rotation % 180 == 90
        return (self.height, self.width) if turned else (self.width, self.height)

    def matrix(self) -> tuple[float, float, float, float, float, float]:
        """(a, b, c, d, e, f): a point (x, y) lands at (a x + c y + e, b x + d y + f), in
        fractions of the shown image's width and height."""
        w, h = self.width or 1.0, self.height or 1.0
        turn = self.rotation % 360
        if turn == 90:  # PyMuPDF (0, 1, -1, 0, h, 0), shown h wide and w high
            return (0.0, 1 / w, -1 / h, 0.0, 1.0, 0.0)
        if turn == 180:  # (-1, 0, 0, -1, w, h)
            return (-1 / w, 0.0, 0.0, -1 / h, 1.0, 1.0)
        if turn == 270:  # (0, -1, 1, 0, 0, w)
            return (0.0, -1 / w, 1 / h, 0.0, 0.0, 1.0)
        return (1 / w, 0.0, 0.0, 1 / h, 0.0, 0.0)

    def box(self, bbox: tuple[float, ...] | list[float]) -> tuple[float, float, float, float]:
        """`bbox` [x0, top, x1, bottom] as fractions of the shown image (left, top, right,
        bottom): what the page viewer draws."""
        a, b, c, d, e, f = self.matrix()
        x0, y0, x1, y1 = bbox
        xs = [a * x + c * y + e for x, y in ((x0, y0), (x1, y1))]
        ys = [b * x + d * y + f for x, y in ((x0, y0), (x1, y1))]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def data(self) -> str:
        """The matrix for the page viewer's data-turn attribute."""
        return " ".join(f"{v:.9g}" for v in self.matrix())


def page_geometry(keys: list[tuple[int, int]]) -> dict[tuple[int, int], Page]:
    pages = {}
    for document_id, index in keys:
        page = Page.objects.filter(document_id=document_id, index=index).first()
        if page is not None:
            pages[(document_id, index)] = page
    return pages
