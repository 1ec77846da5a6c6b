"""A value finding is drawn at the value's own box when the verdict carries one (the engine's
values in context), else at its chunk's first line."""

from __future__ import annotations

from groundgate.models import Case, Chunk
from reviews.presenters import finding_locations


def test_the_value_box_wins_over_the_chunk_box():
    case = Case(kind="answer", payload={"answer": {"evidences": []}})
    chunk = Chunk(chunk_id="c1", kind="text", document_id=7, position_int=[[2, 10, 500, 50, 60]])
    chunk_only = {"code": "UNGROUNDED_NUMBER", "chunk_id": "c1"}
    own_box = {
        "code": "UNGROUNDED_NUMBER",
        "chunk_id": "c1",
        "near_match": {"chunk_id": "c1", "page_index": 1, "bbox": [432, 394, 465, 404]},
    }
    first, second = finding_locations(case, [chunk_only, own_box], {"c1": chunk})
    assert (first.key, first.bbox) == ("7:1", (10, 50, 500, 60))
    assert (second.key, second.bbox) == ("7:1", (432, 394, 465, 404))
