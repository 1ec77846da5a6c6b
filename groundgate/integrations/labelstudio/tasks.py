"""One Label Studio task per exported case. Pure (no Django).

The shape is Label Studio's documented task format for import with pre-annotations: `data`
(what the labelling interface shows) and `predictions` (`model_version`, `score`, `result`).
A PDF-backed case (a cited chunk stored with its document) shows the cited pages as images,
`data.pages`, one `<Image valueList="$pages">` (Label Studio's multi-page document interface);
each cited box is a `rectanglelabels` result on its page: `item_index` is the page's place in
`data.pages` (its `pageIndex` in the document is in `data.page_refs` and the result's `meta`),
`x`, `y`, `width`, `height` in percent of the page image. The labelling config that matches is
LABEL_CONFIG (docs/integrations.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import orjson

LABEL_CONFIG = """<View>
  <Header value="$question"/>
  <Text name="answer" value="$answer_text"/>
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
</View>"""


class PageSize(NamedTuple):
    width: float  # PDF points, unrotated
    height: float
    rotation: int  # clockwise degrees the page is shown (and rendered) turned by


def _rotate(box: list[float], size: PageSize) -> tuple[list[float], float, float]:
    """The box [x0, top, x1, bottom] in the rendered (rotated) page, and that page's size."""
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


def _pct(value: float, whole: float) -> float:
    return round(min(max(value / whole * 100, 0.0), 100.0), 4)


def record_task(
    record: Mapping[str, Any],
    *,
    page_sizes: Mapping[tuple[int, int], PageSize],
    page_url: Callable[[int, int], str],
) -> dict[str, Any]:
    """The task for one export record (groundgate.export.v1)."""
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
    page_refs: list[dict[str, int]] = []
    where: dict[tuple[int, int], int] = {}
    results: list[dict[str, Any]] = []
    for chunk in record["cited_chunks"]:
        document = chunk.get("document")
        page_index, bbox = chunk.get("page_index"), chunk.get("bbox")
        if not document or page_index is None or not bbox:
            continue  # no page image to draw on: the chunk is text only, or not stored
        key = (document["id"], page_index)
        size = page_sizes.get(key)
        if size is None or size.width <= 0 or size.height <= 0:
            continue
        if key not in where:
            where[key] = len(pages)
            pages.append(page_url(*key))
            page_refs.append({"document_id": key[0], "page_index": page_index})
        (x0, top, x1, bottom), width, height = _rotate(list(bbox), size)
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
                "value": {
                    "x": _pct(x0, width),
                    "y": _pct(top, height),
                    "width": _pct(x1 - x0, width),
                    "height": _pct(bottom - top, height),
                    "rotation": 0,
                    "rectanglelabels": ["cited"],
                },
                "meta": {"chunk_id": chunk["chunk_id"], "pageIndex": page_index},
            }
        )
    runs = record["gate_runs"]
    last = runs[-1] if runs else None
    task: dict[str, Any] = {
        "data": {
            "case_id": case["id"],
            "external_id": case["external_id"],
            "kind": case["kind"],
            "dataset": case["dataset"],
            "question": record["question"],
            "answer_text": conclusion if isinstance(conclusion, str) else "",
            "pages": pages,
            "page_refs": page_refs,
            "gate_status": record["current"]["status"],
            "finding_codes": record["current"]["finding_codes"],
            "final_label": record["final_label"],
            "review_state": record["review_state"],
            "schema_version": record["schema_version"],
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
