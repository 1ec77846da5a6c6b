"""The report family (Gate E): a research report's markdown against its citation records. It
cites no stored chunks."""

from __future__ import annotations

from pathlib import Path

from groundgate.families.base import CaseText, Family


def cited_chunk_ids(payload: dict) -> list[str]:
    return []


FAMILY = Family(
    kind="report",
    folder=Path(__file__).parent,
    text=CaseText("Report", ("report_markdown",), "report_markdown"),
    statuses={"pass": True, "fail": False},
    cited_chunk_ids=cited_chunk_ids,
)
