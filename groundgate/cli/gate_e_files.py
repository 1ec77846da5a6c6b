"""Gate E on disk: read ROOT/synthesis/final-synthesis.md and ROOT/citations/citations.jsonl,
write the four reports under ROOT/reports/ (canonical JSON: sorted keys, newline-terminated)."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from groundgate.engine.canonical import canonical_json
from groundgate.engine.errors import one_line
from groundgate.engine.gates.report import (
    REPORT_FILES,
    CitationRecord,
    ReportCase,
    ReportGatePolicy,
    ReportVerdict,
    gate_report,
)

SYNTHESIS = Path("synthesis") / "final-synthesis.md"
CITATIONS = Path("citations") / "citations.jsonl"


class GateEInputError(Exception):
    """Bad or missing input: the message names the file and line."""


def read_inputs(root: Path) -> tuple[str, list[CitationRecord]]:
    synthesis, citations = root / SYNTHESIS, root / CITATIONS
    for path in (synthesis, citations):
        if not path.is_file():
            raise GateEInputError(f"{path}: missing (Gate E needs {SYNTHESIS} and {CITATIONS})")
    try:
        markdown = synthesis.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise GateEInputError(f"{synthesis}: not UTF-8 text ({exc.reason})") from None
    records = []
    with citations.open("rb") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                records.append(CitationRecord.model_validate(data))
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise GateEInputError(
                    f"{citations}: line {number}: not valid JSON: {exc}"
                ) from None
            except ValidationError as exc:
                raise GateEInputError(f"{citations}: line {number}: {one_line(exc)}") from None
    return markdown, records


def run_gate_e(root: Path, policy: ReportGatePolicy) -> tuple[ReportVerdict, list[Path]]:
    markdown, records = read_inputs(root)
    verdict = gate_report(
        ReportCase(case_id=root.name, report_markdown=markdown, citations=records), policy
    )
    out_dir = root / "reports"
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for key, name in REPORT_FILES.items():
        path = out_dir / name
        path.write_text(canonical_json(verdict.reports[key]) + "\n", encoding="utf-8")
        written.append(path)
    return verdict, written
