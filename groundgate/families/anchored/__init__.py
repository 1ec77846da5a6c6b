"""The anchored family (R5): a model answer citing chunks through anchors; runs of the answering
pipeline are stored as anchored cases, with the run's record shown on the case page."""

from __future__ import annotations

from pathlib import Path

from groundgate.families.base import CaseText, Family, ids_under
from groundgate.models import Case


def cited_chunk_ids(payload: dict) -> list[str]:
    return ids_under(payload.get("citations") or [], "chunk_id")


def refused(verdict: dict) -> bool:
    """A passing anchored verdict whose answer is the refusal: the pipeline declined to answer
    (a valid outcome, but not a grounded answer: the reviewer judges whether refusing was right)."""
    return bool((verdict.get("grounding_metrics") or {}).get("refusal_detected"))


def panel(case: Case, verdict: dict, findings: list[dict]) -> dict:
    return {"pipeline": case.payload.get("pipeline")}


FAMILY = Family(
    kind="anchored",
    folder=Path(__file__).parent,
    text=CaseText("Model answer", ("raw_model_text",), "raw_model_text"),
    statuses={"PASSED": True, "FAILED": False},
    refused=refused,
    cited_chunk_ids=cited_chunk_ids,
    panel=panel,
)
