"""Label Studio's JSON export read back (pure): the shapes below are those a real Label Studio
1.23.2 exported (tests/integrations/labelstudio/ makes them for real)."""

from __future__ import annotations

from groundgate.integrations.labelstudio.annotations import annotations_read

BOX = {
    "id": "42-0",
    "from_name": "box",
    "to_name": "page",
    "type": "rectanglelabels",
    "item_index": 0,
    "original_width": 595,
    "original_height": 842,
    "image_rotation": 0,
    "value": {"x": 12.1008, "y": 27.3159, "width": 39.3277, "height": 1.7815, "rotation": 0},
}


def choice(label):
    return {
        "from_name": "label",
        "to_name": "answer",
        "type": "choices",
        "value": {"choices": [label]},
    }


def task(*annotations, case_id=42, predicted=(BOX,)):
    return {
        "id": 7,
        "data": {
            "case_id": case_id,
            "external_id": "demo-pdf-03",
            "gate_run_id": 42,
            "seen_review_id": None,
            "page_refs": [{"document_id": 1, "page_index": 0}],
        },
        "predictions": [{"result": list(predicted)}],
        "annotations": list(annotations),
    }


def annotation(*result, id=1, cancelled=False):
    return {"id": id, "completed_by": 1, "result": list(result), "was_cancelled": cancelled}


def test_an_annotation_that_kept_the_gates_box_changes_no_box():
    comment = {"from_name": "comment", "type": "textarea", "value": {"text": ["looks right"]}}
    nudged = {**BOX, "value": {**BOX["value"], "x": 12.3}}  # less than half a percent
    (got,), problems = annotations_read(
        [task(annotation(choice("grounded"), nudged, comment))], limit=10
    )
    assert problems == []
    assert (got.case_id, got.label, got.comment, got.annotator) == (
        42,
        "grounded",
        "looks right",
        "1",
    )
    assert (got.gate_run_id, got.seen_review_id, got.page_refs) == (42, None, ((1, 0),))
    assert not got.boxes_changed


def test_a_moved_added_or_removed_box_is_a_change():
    moved = {**BOX, "value": {**BOX["value"], "y": 12.0}}
    cases = [(moved,), (BOX, moved), ()]
    for boxes in cases:
        (got,), _ = annotations_read([task(annotation(choice("not_grounded"), *boxes))], limit=10)
        assert got.boxes_changed, boxes


def test_what_cannot_become_a_review_is_reported_not_guessed():
    tasks = [
        task(annotation(BOX, id=1)),  # no label chosen
        task(annotation(choice("maybe"), id=2)),  # not one of ours
        task(annotation(choice("grounded"), id=3, cancelled=True)),  # skipped in LS: left out
        task(annotation(choice("grounded"), id=4), case_id="42"),  # not our task
        "junk",
    ]
    got, problems = annotations_read(tasks, limit=10)
    assert got == []
    assert problems == [
        "task 7, annotation 1: no label chosen",
        "task 7, annotation 2: unknown label 'maybe'",
        "task 7: no case_id (not a GroundGate task)",
        "item 4: not a task",
    ]


def test_the_number_of_tasks_read_is_bounded():
    got, problems = annotations_read([task(annotation(choice("grounded")))] * 3, limit=2)
    assert len(got) == 2 and problems == ["3 tasks; only the first 2 were read"]
    assert annotations_read({"tasks": []}, limit=2) == (
        [],
        ["the file is not Label Studio's JSON export (a list of tasks)"],
    )


def test_every_box_deleted_is_told_from_no_box_ever_shown():
    made_from_prediction = {**annotation(choice("not_grounded")), "parent_prediction": 11}
    from_scratch = {**annotation(choice("not_grounded"), id=2), "parent_prediction": None}
    (deleted, scratch), _ = annotations_read(
        [task(made_from_prediction), task(from_scratch)], limit=10
    )
    assert deleted.boxes_deleted and deleted.from_prediction
    assert not scratch.boxes_deleted and scratch.boxes_changed
    # Nothing predicted (a text-only case): nothing to delete
    (nothing,), _ = annotations_read([task(made_from_prediction, predicted=())], limit=10)
    assert not nothing.boxes_deleted


def test_the_annotator_is_kept_by_id_and_by_email():
    by_id = annotation(choice("grounded"))
    by_dict = {**annotation(choice("grounded"), id=2), "completed_by": {"id": 3, "email": "a@b"}}
    (one, two), _ = annotations_read([task(by_id, by_dict)], limit=10)
    assert (one.annotator_id, one.annotator) == (1, "1")
    assert (two.annotator_id, two.annotator) == (3, "a@b")


def test_the_gates_boxes_come_from_the_task_when_the_export_lists_predictions_by_id():
    # Label Studio 1.23.2's JSON export: "predictions": [103]; the task's data has the boxes
    kept = annotation(choice("grounded"), BOX)
    given = {k: BOX["value"][k] for k in ("x", "y", "width", "height")} | {"item_index": 0}
    exported = {**task(kept), "predictions": [103]}
    exported["data"] = {**exported["data"], "gate_boxes": [given]}
    (got,), problems = annotations_read([exported], limit=10)
    assert problems == [] and got.predicted == got.boxes and not got.boxes_changed
    (bare,), _ = annotations_read([{**task(kept), "predictions": [103]}], limit=10)
    assert bare.predicted == () and bare.boxes_changed  # an old task: no boxes to compare
