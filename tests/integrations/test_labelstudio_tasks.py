"""Label Studio boxes in percent of the page image, rotated pages included (pure)."""

from __future__ import annotations

import pytest

from groundgate.integrations.labelstudio import PageSize, record_task


def record(bbox, page_index=0, document=7):
    return {
        "schema_version": "groundgate.export.v1",
        "case": {"id": 3, "external_id": "c3", "kind": "answer", "dataset": "d"},
        "question": "q",
        "answer": {"answer": {"conclusion": "c"}},
        "cited_chunks": [
            {
                "chunk_id": "k",
                "document": {"id": document, "title": "t", "sha256": "s"} if document else None,
                "page_index": page_index,
                "bbox": bbox,
            }
        ],
        "gate_runs": [{"gate": "answer", "gate_version": "1", "passed": True}],
        "current": {"status": "ok", "passed": True, "finding_codes": []},
        "final_label": None,
        "review_state": "unreviewed",
    }


def box(rotation, bbox=(100, 200, 300, 250)):
    sizes = {(7, 0): PageSize(400, 800, rotation)}
    task = record_task(record(list(bbox)), page_sizes=sizes, page_url=lambda d, p: f"/{d}/{p}")
    (result,) = task["predictions"][0]["result"]
    return result


@pytest.mark.parametrize(
    "rotation, expected, size",
    [
        (0, {"x": 25.0, "y": 25.0, "width": 50.0, "height": 6.25}, (400, 800)),
        # turned 90° clockwise: the page is 800 wide, the box's top edge becomes its right edge
        (90, {"x": 68.75, "y": 25.0, "width": 6.25, "height": 50.0}, (800, 400)),
        (180, {"x": 25.0, "y": 68.75, "width": 50.0, "height": 6.25}, (400, 800)),
        (270, {"x": 25.0, "y": 25.0, "width": 6.25, "height": 50.0}, (800, 400)),
    ],
)
def test_boxes_are_percent_of_the_rendered_page(rotation, expected, size):
    result = box(rotation)
    assert {k: result["value"][k] for k in expected} == expected
    assert (result["original_width"], result["original_height"]) == size
    assert result["item_index"] == 0 and result["meta"] == {"chunk_id": "k", "pageIndex": 0}


def test_a_chunk_without_a_stored_page_gives_no_box_but_still_a_task():
    task = record_task(record([1, 2, 3, 4], document=None), page_sizes={}, page_url=str)
    assert task["data"]["pages"] == [] and task["predictions"][0]["result"] == []
    assert task["data"]["answer_text"] == "c"
