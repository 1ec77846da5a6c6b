"""Annotations back from Label Studio: its JSON export (a list of tasks, each with its
`annotations`) read into what a GroundGate review needs. Pure (no Django); the import is
reviews/labelstudio_import.py.

Each annotation that was submitted (not cancelled) becomes one `Annotated`: the choice of the
`label` control, the text of `comment`, and the boxes drawn with `box` (percent of the page image
as shown, `item_index` the page in the task's `data.pages`). The task's own prediction is kept
beside them, so an annotation that left the gate's boxes as they were is told from one that
moved, added or removed a box. Whether the annotation was made from that prediction (Label
Studio's `parent_prediction`) tells "every box deleted" from "no box ever drawn" (decision d240).

Label Studio's export names the annotator by id only (`completed_by: 3`); its users API gives
the email (users.py), which the import maps to a GroundGate user.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

LABELS = ("grounded", "partially_grounded", "not_grounded", "cannot_judge")
# Two boxes closer than this (percent of the page image, every edge) are the same box: Label
# Studio stores what it was given rounded, and a box nudged by less is not a correction.
SAME_BOX_PCT = 0.5


@dataclass(frozen=True)
class Drawn:
    """A rectangle on page `item_index` of the task, in percent of the page image as shown."""

    item_index: int
    x: float
    y: float
    width: float
    height: float

    def same(self, other: Drawn) -> bool:
        return self.item_index == other.item_index and all(
            abs(a - b) <= SAME_BOX_PCT
            for a, b in zip(
                (self.x, self.y, self.width, self.height),
                (other.x, other.y, other.width, other.height),
                strict=True,
            )
        )


@dataclass(frozen=True)
class Annotated:
    task_id: int | None
    annotation_id: int
    case_id: int
    external_id: str
    gate_run_id: int | None
    seen_review_id: int | None
    label: str
    comment: str
    boxes: tuple[Drawn, ...]
    predicted: tuple[Drawn, ...]
    page_refs: tuple[tuple[int, int] | None, ...]  # (document id, page index) per data.pages
    annotator: str  # Label Studio's user: an email when the export carries one, else its id
    annotator_id: int | None = None  # Label Studio's user id (`completed_by`)
    from_prediction: bool = False  # made from the task's prediction (its boxes were shown)

    @property
    def boxes_deleted(self) -> bool:
        """Every box of the gate's prediction deleted, none drawn: the labeller saw the gate's
        boxes (the annotation was made from the prediction) and kept none."""
        return self.from_prediction and bool(self.predicted) and not self.boxes

    @property
    def boxes_changed(self) -> bool:
        """Whether the drawn boxes differ from the gate's (one for one, in any order)."""
        if len(self.boxes) != len(self.predicted):
            return True
        left = list(self.predicted)
        for box in self.boxes:
            match = next((p for p in left if box.same(p)), None)
            if match is None:
                return True
            left.remove(match)
        return False

    @property
    def where(self) -> str:
        return f"task {self.task_id}, annotation {self.annotation_id}"


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def _drawn(result: Any) -> Drawn | None:
    """A rectangle of the `box` control, or None for any other result."""
    if not isinstance(result, dict) or result.get("from_name") != "box":
        return None
    value = result.get("value")
    if not isinstance(value, dict):
        return None
    numbers = [_number(value.get(k)) for k in ("x", "y", "width", "height")]
    index = result.get("item_index", 0)
    if any(n is None for n in numbers) or type(index) is not int or index < 0:
        return None
    x, y, width, height = (n or 0.0 for n in numbers)
    return Drawn(index, x, y, width, height)


def _boxes(results: Any) -> tuple[Drawn, ...]:
    items = results if isinstance(results, list) else []
    return tuple(d for d in (_drawn(r) for r in items) if d is not None)


def _predicted(task: dict[str, Any]) -> tuple[Drawn, ...]:
    """The gate's boxes the task was given: its prediction when the export carries it whole,
    else `data.gate_boxes` (Label Studio 1.23's JSON export lists predictions by id only)."""
    predictions = task.get("predictions")
    if isinstance(predictions, list) and predictions and isinstance(predictions[0], dict):
        return _boxes(predictions[0].get("result"))
    given = task["data"].get("gate_boxes")
    if not isinstance(given, list):
        return ()
    return _boxes(
        [
            {"from_name": "box", "item_index": box.get("item_index"), "value": box}
            for box in given
            if isinstance(box, dict)
        ]
    )


def _value(results: Sequence[Any], name: str, key: str) -> Any:
    for result in results:
        if isinstance(result, dict) and result.get("from_name") == name:
            value = result.get("value")
            if isinstance(value, dict) and isinstance(value.get(key), list) and value[key]:
                return value[key][0]
    return None


def _ref(ref: Any) -> tuple[int, int] | None:
    if not isinstance(ref, dict):
        return None
    document, page = ref.get("document_id"), ref.get("page_index")
    return (document, page) if type(document) is int and type(page) is int else None


def _int_or_none(value: Any) -> int | None:
    return value if type(value) is int else None


def _annotator(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("email") or value.get("id") or "")
    return "" if value is None else str(value)


def _annotator_id(value: Any) -> int | None:
    return _int_or_none(value.get("id") if isinstance(value, dict) else value)


def annotations_read(tasks: Any, *, limit: int) -> tuple[list[Annotated], list[str]]:
    """The submitted annotations of Label Studio's JSON export, and a line per one left out.
    At most `limit` tasks are read (more is a problem, reported)."""
    if not isinstance(tasks, list):
        return [], ["the file is not Label Studio's JSON export (a list of tasks)"]
    problems: list[str] = []
    if len(tasks) > limit:
        problems.append(f"{len(tasks)} tasks; only the first {limit} were read")
    out: list[Annotated] = []
    for number, task in enumerate(tasks[:limit]):
        if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
            problems.append(f"item {number}: not a task")
            continue
        data, task_id = task["data"], _int_or_none(task.get("id"))
        case_id = data.get("case_id")
        if type(case_id) is not int:
            problems.append(f"task {task_id}: no case_id (not a GroundGate task)")
            continue
        predicted = _predicted(task)
        refs = data.get("page_refs")
        page_refs = tuple(_ref(r) for r in refs) if isinstance(refs, list) else ()
        for annotation in task.get("annotations") or []:
            if not isinstance(annotation, dict) or annotation.get("was_cancelled"):
                continue
            annotation_id = _int_or_none(annotation.get("id"))
            where = f"task {task_id}, annotation {annotation_id}"
            results = annotation.get("result")
            results = results if isinstance(results, list) else []
            label = _value(results, "label", "choices")
            if annotation_id is None:
                problems.append(f"{where}: no annotation id")
                continue
            if label not in LABELS:
                problems.append(
                    f"{where}: no label chosen"
                    if label is None
                    else f"{where}: unknown label {label!r}"
                )
                continue
            comment = _value(results, "comment", "text")
            out.append(
                Annotated(
                    task_id=task_id,
                    annotation_id=annotation_id,
                    case_id=case_id,
                    external_id=str(data.get("external_id") or ""),
                    gate_run_id=_int_or_none(data.get("gate_run_id")),
                    seen_review_id=_int_or_none(data.get("seen_review_id")),
                    label=label,
                    comment=comment.strip() if isinstance(comment, str) else "",
                    boxes=_boxes(results),
                    predicted=predicted,
                    page_refs=page_refs,
                    annotator=_annotator(annotation.get("completed_by")),
                    annotator_id=_annotator_id(annotation.get("completed_by")),
                    from_prediction=annotation.get("parent_prediction") is not None,
                )
            )
    return out, problems
