"""One Label Studio task per exported case. Pure (no Django).

The shape is Label Studio's task format for import with pre-annotations: `data` (what the
labelling interface shows) and `predictions` (`model_version`, `score`, `result`). Proved
against a real Label Studio (tests/integrations/labelstudio/, `make test-labelstudio`):

- `data.pages` is never empty: the cited pages as PNG data URLs (Label Studio's editor loads
  them without a cookie, a CORS header or a CSP exception), or, for a case whose evidence has no
  page image, one image that says so (an empty list leaves the editor on a spinner);
  `data.page_refs[i]` is the `document_id` and `page_index` of `data.pages[i]` (None for that
  stand-in).
- `data.evidence_text`: each cited chunk's text, and the excerpt the answer quoted from it, so
  a text-only case is not judged blind.
- each evidence's own box is a `rectanglelabels` result on its page (`item_index` its place in
  `data.pages`; `x`, `y`, `width`, `height` in percent of the page image as shown, turned with
  the page): the quoted excerpt's lines where the chunk's words are known, else the chunk's
  rectangles on that page (not its first one only, which is often a heading). The same boxes
  are in `data.gate_boxes`: Label Studio's JSON export gives a task's predictions as ids only.

The labelling config that matches is LABEL_CONFIG (docs/integrations.md); reading annotations
back is annotations.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import orjson

LABEL_CONFIG = """<View>
  <Header value="$question"/>
  <Text name="answer" value="$answer_text"/>
  <Header value="Evidence"/>
  <Text name="evidence" value="$evidence_text"/>
  <Image name="page" valueList="$pages"/>
  <RectangleLabels name="box" toName="page">
    <Label value="cited"/>
  </RectangleLabels>
  <Choices name="label" toName="answer" choice="single">
    <Choice value="grounded"/>
    <Choice value="partially_grounded"/>
    <Choice value="not_grounded"/>
    <Choice value="cannot_judge"/>
  </Choices>
  <TextArea name="comment" toName="answer" maxSubmissions="1" editable="true"/>
</View>"""

# The most text of one cited chunk a task carries (a whole chunk is rarely longer).
EVIDENCE_TEXT_MAX = 4000

Box = tuple[float, float, float, float]  # [x0, top, x1, bottom], unrotated PDF points


class PageSize(NamedTuple):
    width: float  # PDF points, unrotated
    height: float
    rotation: int  # clockwise degrees the page image is shown (and rendered) turned by


@dataclass(frozen=True)
class Evidence:
    """One cited chunk as a task shows it: its text, and its boxes on its document's pages."""

    chunk_id: str
    text: str  # the chunk's text (the whole evidence the gate read)
    document_id: int | None = None
    boxes: Sequence[tuple[int, Box]] = field(default_factory=tuple)  # (page_index, box)
    excerpt: str = ""  # what the answer quoted from it, if anything


@dataclass(frozen=True)
class PageImage:
    """A page's image for Label Studio (a data URL) and its size as shown; size None when the
    image is a message in place of the page (nothing is drawn on it)."""

    url: str
    size: PageSize | None


def rotate_box(box: Sequence[float], size: PageSize) -> tuple[list[float], float, float]:
    """The box [x0, top, x1, bottom] in the shown (rotated) page, and that page's size."""
    x0, top, x1, bottom = box
    w, h = size.width, size.height
    rotation = size.rotation % 360
    if rotation == 90:
        return [h - bottom, x0, h - top, x1], h, w
    if rotation == 180:
        return [w - x1, h - bottom, w - x0, h - top], w, h
    if rotation == 270:
        return [top, w - x1, bottom, w - x0], h, w
    return [x0, top, x1, bottom], w, h


def unrotate_box(shown: Sequence[float], size: PageSize) -> Box:
    """rotate_box's inverse: a box [x0, top, x1, bottom] of the shown page, in unrotated PDF
    points."""
    a, b, c, d = shown
    w, h = size.width, size.height
    rotation = size.rotation % 360
    if rotation == 90:
        return (b, h - c, d, h - a)
    if rotation == 180:
        return (w - c, h - d, w - a, h - b)
    if rotation == 270:
        return (w - d, a, w - b, c)
    return (a, b, c, d)


def _pct(value: float, whole: float) -> float:
    return round(min(max(value / whole * 100, 0.0), 100.0), 4)


def box_value(box: Sequence[float], size: PageSize) -> dict[str, float]:
    """A box as Label Studio's rectangle value: percent of the page image as shown."""
    (x0, top, x1, bottom), width, height = rotate_box(box, size)
    return {
        "x": _pct(x0, width),
        "y": _pct(top, height),
        "width": _pct(x1 - x0, width),
        "height": _pct(bottom - top, height),
        "rotation": 0,
    }


def evidence_text(
    evidences: Sequence[Evidence], titles: Mapping[int, str], contexts: Sequence[str] = ()
) -> str:
    """The cited chunks' texts, numbered, each under where it comes from; where a chunk's text
    is not known by its id, the texts the answer was given (the family's contexts) follow."""
    parts = []
    unknown = False
    for number, evidence in enumerate(evidences, 1):
        where = evidence.chunk_id
        if evidence.document_id is not None:
            pages = sorted({page for page, _ in evidence.boxes})
            title = titles.get(evidence.document_id) or f"document {evidence.document_id}"
            where += f" · {title}"
            if pages:
                where += " · p. " + ", ".join(str(p + 1) for p in pages)
        text = _clip(evidence.text.strip())
        if not text:
            unknown = True
            text = "(its text is among those below)" if contexts else "(its text was not given)"
        excerpt = evidence.excerpt.strip()
        if excerpt and excerpt != evidence.text.strip():
            text += f"\nQuoted: “{_clip(excerpt)}”"
        parts.append(f"[{number}] {where}\n{text}")
    if (unknown or not evidences) and contexts:
        given = "\n\n".join(f"({n}) {_clip(c.strip())}" for n, c in enumerate(contexts, 1))
        parts.append(f"The texts the answer was given:\n{given}")
    return "\n\n".join(parts) if parts else "(the answer cites no evidence)"


def task_reviews(reviews: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """GroundGate's reviews as a task carries them (`data.reviews`): who, when, the label and
    comment, and the reviewer's correction (the corrected answer, where each finding's evidence
    is, the gate's status on it) without the gate's verdict, which the other exports carry."""
    out = []
    for review in reviews:
        correction = review.get("correction")
        if correction is not None:
            gate = {k: v for k, v in correction["gate"].items() if k != "verdict"}
            correction = {**correction, "gate": gate}
        out.append(
            {
                "id": review["id"],
                "reviewer": review["reviewer"],
                "created_at": review["created_at"],
                "label": review["label"],
                "comment": review["comment"],
                "correction": correction,
            }
        )
    return out


def _clip(text: str) -> str:
    return text[:EVIDENCE_TEXT_MAX] + " …" if len(text) > EVIDENCE_TEXT_MAX else text


def record_task(
    record: Mapping[str, Any],
    *,
    evidences: Sequence[Evidence],
    page_image: Callable[[int, int], PageImage],
    no_page: str,
    answer_text: str | None = None,
    contexts: Sequence[str] = (),
) -> dict[str, Any]:
    """The task for one export record (groundgate.export.v1). `page_image(document, page)`
    gives a page's image; `no_page` is the image shown when no evidence has one. `answer_text`
    (the family's text of the answer; else the conclusion) and `contexts` (the texts the answer
    was given) come from the family's evaluation view."""
    case = record["case"]
    try:
        # The payload as the export parsed it already (reviews.export.ExportRecord carries it).
        answer = record.payload  # type: ignore[attr-defined]
    except AttributeError:
        answer = record["answer"]
        if isinstance(answer, orjson.Fragment):  # the export embeds payloads unparsed
            answer = orjson.loads(orjson.dumps(answer))
    conclusion = (
        (answer.get("answer") or {}).get("conclusion") if isinstance(answer, dict) else None
    )
    pages: list[str] = []
    page_refs: list[dict[str, int | None]] = []
    where: dict[tuple[int, int], int] = {}
    shown: dict[tuple[int, int], PageSize | None] = {}
    results: list[dict[str, Any]] = []
    for number, evidence in enumerate(evidences):
        if evidence.document_id is None:
            continue
        for page_index, box in evidence.boxes:
            key = (evidence.document_id, page_index)
            if key not in where:
                image = page_image(*key)
                where[key], shown[key] = len(pages), image.size
                pages.append(image.url)
                page_refs.append({"document_id": key[0], "page_index": page_index})
            size = shown[key]
            if size is None or size.width <= 0 or size.height <= 0:
                continue  # a message in place of the page: nothing to draw on
            width, height = rotate_box(box, size)[1:]
            results.append(
                {
                    "id": f"{case['id']}-{len(results)}",
                    "from_name": "box",
                    "to_name": "page",
                    "type": "rectanglelabels",
                    "item_index": where[key],
                    "original_width": round(width),
                    "original_height": round(height),
                    "image_rotation": 0,
                    "value": box_value(box, size) | {"rectanglelabels": ["cited"]},
                    "meta": {
                        "chunk_id": evidence.chunk_id,
                        "evidence": number,
                        "pageIndex": page_index,
                    },
                }
            )
    if not pages:
        pages.append(no_page)
        page_refs.append({"document_id": None, "page_index": None})
    titles = {
        chunk["document"]["id"]: chunk["document"]["title"]
        for chunk in record["cited_chunks"]
        if chunk.get("document")
    }
    runs = record["gate_runs"]
    last = runs[-1] if runs else None
    task: dict[str, Any] = {
        "data": {
            "case_id": case["id"],
            "external_id": case["external_id"],
            "kind": case["kind"],
            "dataset": case["dataset"],
            "question": record["question"],
            "answer_text": answer_text or (conclusion if isinstance(conclusion, str) else ""),
            "evidence_text": evidence_text(evidences, titles, contexts),
            "pages": pages,
            "page_refs": page_refs,
            "gate_status": record["current"]["status"],
            "finding_codes": record["current"]["finding_codes"],
            "final_label": record["final_label"],
            "review_state": record["review_state"],
            "schema_version": record["schema_version"],
            # What the labeller saw, for the import (annotations.py): a review against a newer
            # gate run, or after a review made meanwhile in GroundGate, is refused as stale.
            "gate_run_id": last.get("id") if last is not None else None,
            "seen_review_id": max((r["id"] for r in record.get("reviews") or []), default=None),
            # The reviews made in GroundGate, corrections included (data, not annotations: an
            # annotation comes back through the import as a new review; d324).
            "reviews": task_reviews(record.get("reviews") or []),
            # The prediction's boxes again: Label Studio's JSON export names a task's
            # predictions by id only, and the import tells kept, moved and deleted boxes apart.
            "gate_boxes": [
                {"item_index": r["item_index"]}
                | {k: r["value"][k] for k in ("x", "y", "width", "height")}
                for r in results
            ],
        },
        "predictions": [],
    }
    if last is not None:
        task["predictions"].append(
            {
                "model_version": f"{last['gate']}/{last['gate_version']}",
                "score": 1.0 if last["passed"] else 0.0,
                "result": results,
            }
        )
    return task
