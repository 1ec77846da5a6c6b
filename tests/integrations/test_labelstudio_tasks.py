"""Label Studio tasks (pure): boxes in percent of the page image as shown, rotated pages
included; never an empty image list; the evidence's text in every task."""

from __future__ import annotations

import pytest

from groundgate.integrations.labelstudio import (
    Evidence,
    PageImage,
    PageSize,
    record_task,
    rotate_box,
    unrotate_box,
)

NO_PAGE = "data:image/png;base64,bm8gcGFnZQ=="


def record(chunk_ids=("k",), document=7):
    return {
        "schema_version": "groundgate.export.v1",
        "case": {"id": 3, "external_id": "c3", "kind": "answer", "dataset": "d"},
        "question": "q",
        "answer": {"answer": {"conclusion": "c"}},
        "cited_chunks": [
            {
                "chunk_id": chunk_id,
                "document": {"id": document, "title": "Pumps", "sha256": "s"} if document else None,
            }
            for chunk_id in chunk_ids
        ],
        "gate_runs": [{"gate": "answer", "gate_version": "1", "passed": True}],
        "current": {"status": "ok", "passed": True, "finding_codes": []},
        "final_label": None,
        "review_state": "unreviewed",
    }


def images(rotation, size=(400, 800)):
    return lambda d, p: PageImage(f"data:image/png;base64,{d}-{p}", PageSize(*size, rotation))


def box(rotation, bbox=(100, 200, 300, 250)):
    evidence = Evidence("k", "the text", 7, [(0, bbox)])
    task = record_task(record(), evidences=[evidence], page_image=images(rotation), no_page=NO_PAGE)
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
def test_boxes_are_percent_of_the_shown_page(rotation, expected, size):
    result = box(rotation)
    assert {k: result["value"][k] for k in expected} == expected
    assert (result["original_width"], result["original_height"]) == size
    assert result["item_index"] == 0
    assert result["meta"] == {"chunk_id": "k", "evidence": 0, "pageIndex": 0}


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_a_box_turned_back_is_the_box(rotation):
    size = PageSize(400, 800, rotation)
    shown, _, _ = rotate_box((100, 200, 300, 250), size)
    assert unrotate_box(shown, size) == (100, 200, 300, 250)


def test_a_text_only_case_shows_a_stand_in_image_and_its_evidence_text():
    evidence = Evidence(
        "k", "Revenue was 12.5 million in 2023. Costs fell.", excerpt="12.5 million"
    )
    task = record_task(
        record(document=None), evidences=[evidence], page_image=images(0), no_page=NO_PAGE
    )
    assert task["data"]["pages"] == [NO_PAGE]  # never [] (Label Studio's editor would spin)
    assert task["data"]["page_refs"] == [{"document_id": None, "page_index": None}]
    assert task["predictions"][0]["result"] == []
    assert task["data"]["evidence_text"] == (
        "[1] k\nRevenue was 12.5 million in 2023. Costs fell.\nQuoted: “12.5 million”"
    )
    assert task["data"]["answer_text"] == "c"


def test_pages_are_shared_and_every_evidence_is_named_with_its_pages():
    evidences = [
        Evidence("a", "first", 7, [(0, (10, 10, 20, 20)), (1, (10, 10, 20, 20))]),
        Evidence("b", "second", 7, [(1, (30, 30, 40, 40))]),
    ]
    task = record_task(
        record(("a", "b")), evidences=evidences, page_image=images(0), no_page=NO_PAGE
    )
    assert task["data"]["page_refs"] == [
        {"document_id": 7, "page_index": 0},
        {"document_id": 7, "page_index": 1},
    ]
    results = task["predictions"][0]["result"]
    assert [(r["item_index"], r["meta"]["evidence"]) for r in results] == [(0, 0), (1, 0), (1, 1)]
    assert (
        task["data"]["evidence_text"]
        == "[1] a · Pumps · p. 1, 2\nfirst\n\n[2] b · Pumps · p. 2\nsecond"
    )


def test_a_page_that_could_not_be_drawn_carries_no_box():
    evidence = Evidence("k", "t", 7, [(0, (1, 2, 3, 4))])
    task = record_task(
        record(),
        evidences=[evidence],
        page_image=lambda d, p: PageImage("data:image/png;base64,bWVzc2FnZQ==", None),
        no_page=NO_PAGE,
    )
    assert task["data"]["pages"] == ["data:image/png;base64,bWVzc2FnZQ=="]
    assert task["predictions"][0]["result"] == []


def test_chunks_known_only_to_the_family_are_shown_as_the_texts_the_answer_was_given():
    evidences = [Evidence("IPC_420_0", ""), Evidence("Act_2_1", "")]
    task = record_task(
        record(("IPC_420_0", "Act_2_1"), document=None),
        evidences=evidences,
        page_image=images(0),
        no_page=NO_PAGE,
        answer_text="According to [IPC_420_0], ...",
        contexts=["Section 420 deals with cheating.", "Employer means any person."],
    )
    assert task["data"]["answer_text"] == "According to [IPC_420_0], ..."
    assert task["data"]["evidence_text"] == (
        "[1] IPC_420_0\n(its text is among those below)\n\n"
        "[2] Act_2_1\n(its text is among those below)\n\n"
        "The texts the answer was given:\n"
        "(1) Section 420 deals with cheating.\n\n(2) Employer means any person."
    )
