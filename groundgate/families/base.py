"""What the Django side knows about a gate family (house rule 8), in one object per family.

The engine's registry (groundgate/engine/registry.py) says how a family is validated and gated;
a Family says how its stored cases are shown and exported: which text the findings' spans point
into, which chunks a case cites, how its cited pages are highlighted, its partials on the case
page, what each of its gate statuses means in the queue, and its share of the export record.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from groundgate.documents.highlights import Highlight
from groundgate.engine.registry import GateSpec, get_gate
from groundgate.families.sources import Source
from groundgate.models import Case, Chunk, Document

if TYPE_CHECKING:
    # What a template engine's from_string gives (a protocol of django-stubs, not at run time).
    from django.template.backends.base import _EngineTemplate as Template

# (document id, page index) -> the highlight layers drawn on that page.
Pages = dict[tuple[int, int], list[Highlight]]
# A family's panel on the case page: (case, parsed verdict, findings) -> template context.
Panel = Callable[[Case, dict[str, Any], list[dict[str, Any]]], dict[str, Any]]
# The source texts of the evidence pane: (case, parsed verdict, findings, cited stored chunks).
Sources = Callable[[Case, dict[str, Any], list[dict[str, Any]], dict[str, Chunk]], list[Source]]


@dataclass(frozen=True)
class CaseText:
    """The text of a case that findings' spans point into: its heading on the case page, the
    path to it in the payload, and the `field` findings name (None: spans are not drawn)."""

    label: str
    path: tuple[str, ...]
    field: str | None

    def of(self, payload: dict[str, Any]) -> str:
        value: Any = payload
        for key in self.path:
            value = value.get(key) if isinstance(value, dict) else None
        return value if isinstance(value, str) else ""


def chunk_boxes(chunk: Chunk, page_index: int) -> list[tuple[float, float, float, float]]:
    """The boxes of `chunk` on page `page_index` (0-based), from its position_int rows."""
    return [
        (x0, top, x1, bottom)
        for page_number, x0, x1, top, bottom in chunk.position_int
        if page_number - 1 == page_index
    ]


def highlight_cited_chunks(
    case: Case, chunks: dict[str, Chunk], findings: list[dict[str, Any]]
) -> Pages:
    """The default: families that cite chunks without claimed boxes or excerpts get the cited
    chunks' boxes drawn."""
    pages: Pages = defaultdict(list)
    for chunk in chunks.values():
        if chunk.document_id is None:  # drawn on a document's pages (case_cited_chunks keeps these)
            continue
        for page_index in sorted({p[0] - 1 for p in chunk.position_int}):
            pages[(chunk.document_id, page_index)] += [
                Highlight("chunk", b) for b in chunk_boxes(chunk, page_index)
            ]
    return pages


def ids_under(items: Any, key: str) -> list[str]:
    """The string `key` of each dict in `items` (payloads are stored as submitted: be lenient)."""
    if not isinstance(items, list):
        return []
    return [v for i in items if isinstance(i, dict) and isinstance(v := i.get(key), str)]


def no_contexts(payload: dict[str, Any]) -> list[str]:
    return []


# Keys under which a case may carry a reference answer (a dataset's gold answer): the evaluation
# view's `reference` (RAGAS `reference`, DeepEval `expected_output`). The first string found.
REFERENCE_KEYS = ("reference", "ground_truth", "expected_answer", "expected_output", "gold_answer")


def evaluation_view(family: Family, payload: Any) -> tuple[list[str], str | None, str | None]:
    """(contexts, response, reference) of a case, the columns evaluation tools take: the texts
    the answer was given, the answer's text, and a reference answer the case carries."""
    if not isinstance(payload, dict):
        return [], None, None
    reference = next(
        (v for k in REFERENCE_KEYS if isinstance(v := payload.get(k), str) and v.strip()), None
    )
    return family.contexts(payload), family.text.of(payload) or None, reference


def no_inline_chunks(payload: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {}


def no_evidence_index(payload: dict[str, Any], index: int) -> str | None:
    return None


def never_refused(verdict: dict[str, Any]) -> bool:
    return False


def no_panel(case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]]) -> dict[str, Any]:
    return {}


def no_sources(
    case: Case, verdict: dict[str, Any], findings: list[dict[str, Any]], chunks: dict[str, Chunk]
) -> list[Source]:
    return []


@dataclass(frozen=True)
class Family:
    kind: str  # the engine's KIND (Case.kind, the CLI and API name)
    # The kind in the queue's words (its column, its filter, the case page; the KIND on hover):
    # `groundgate answer` stores its runs as anchored cases, which read "pipeline answer" (d390).
    name: str
    folder: Path  # the family's folder: its module and its partials (summary.html, evidence.html)
    text: CaseText
    # Queue status mapping: every status the family's gate gives -> does the case pass? The
    # queue puts the rest first; the status badge is coloured by it.
    statuses: Mapping[str, bool]
    # The chunk ids (or code symbol ids) a case cites, in citation order.
    cited_chunk_ids: Callable[[dict[str, Any]], list[str]]
    # Chunks the case carries itself (export provenance when they are not stored as Chunks).
    inline_chunks: Callable[[dict[str, Any]], dict[str, dict[str, Any]]] = no_inline_chunks
    # The texts the answer was given (retrieved chunks), in order: the evaluation view's contexts.
    contexts: Callable[[dict[str, Any]], list[str]] = no_contexts
    page_highlights: Callable[[Case, dict[str, Chunk], list[dict[str, Any]]], Pages] = (
        highlight_cited_chunks
    )
    panel: Panel = no_panel
    # The source texts shown in the evidence pane, with the located values marked.
    sources: Sources = no_sources
    # The chunk a finding's evidence_index points at, for findings that name no chunk_id.
    evidence_chunk_id: Callable[[dict[str, Any], int], str | None] = no_evidence_index
    # The queue's one vocabulary across families (groundgate.families.OUTCOMES): a failing
    # status listed here reads "no evidence" rather than "reject"; `refused` tells a passing
    # verdict that is a refusal (the answering pipeline declining to answer) from a pass.
    no_evidence_statuses: frozenset[str] = frozenset()
    refused: Callable[[dict[str, Any]], bool] = never_refused
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def spec(self) -> GateSpec:
        """The engine's side of the family (its input and verdict models are the API schema)."""
        return get_gate(self.kind)

    def partial(self, name: str) -> Template | None:
        """The family's partial `name` (summary or evidence) as a template, or None."""
        return _template(self.folder / f"{name}.html")


@cache
def _template(path: Path) -> Template | None:
    from django.template import engines

    if not path.exists():
        return None
    return engines["django"].from_string(path.read_text(encoding="utf-8"))


def on_document(page_index: object, document: Document | None) -> bool:
    """A stored claim's page index names a page of the document (not -1, not page 10**30):
    anything else is not drawn, so a bad stored value cannot break a page."""
    return (
        isinstance(page_index, int)
        and not isinstance(page_index, bool)
        and document is not None
        and 0 <= page_index < (document.page_count or 0)
    )
