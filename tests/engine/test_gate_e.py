"""Gate E reports exactly as ../shared/specs/gate-e-reports.md says, and `groundgate gate-e`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from groundgate.engine.gates.report import CitationRecord, ReportCase, gate_report
from tests.conftest import run_groundgate

COMPLETE = """# Findings

## Summary
Adoption grew in 2023 [@smith2020].

## Key Findings
1. First finding [@jones].
2. Second finding [@smith2020].

## Evidence
Details [@lee] and again [@jones].

## Caveats
Small sample.
"""


def records(valid: list[str], other: dict[str, str] | None = None) -> list[CitationRecord]:
    out = [CitationRecord(cid=c, status="valid") for c in valid]
    out += [CitationRecord(cid=c, status=s) for c, s in (other or {}).items()]
    return out


def run(markdown: str, citations: list[CitationRecord]):
    return gate_report(ReportCase(case_id="r", report_markdown=markdown, citations=citations))


def test_worked_example():
    """The spec's example: 5 validated cids, 3 used, 6 mentions, and one numeric claim in a
    paragraph with no citation token."""
    markdown = "[@a] [@a] [@b] [@b] [@c] [@c]\n\nThe market is worth 42 billion.\n"
    verdict = run(markdown, records(["a", "b", "c", "d", "e"]))
    metrics = verdict.reports["citation_utilization"]["metrics"]
    assert (metrics["validated_cids_count"], metrics["used_cids_count"]) == (5, 3)
    assert metrics["total_cid_mentions"] == 6
    assert metrics["citation_utilization_rate"] == 0.6
    assert metrics["duplicate_citation_rate"] == 0.5
    assert verdict.reports["numeric_claims"]["metrics"]["uncited_numeric_claims"] == 1
    assert verdict.reports["status"]["status"] == "fail"


def test_a_complete_report_passes():
    verdict = run(COMPLETE, records(["smith2020", "jones", "lee"]))
    status = verdict.reports["status"]
    assert status["status"] == "pass"
    assert status["hard_metrics"] == {"uncited_numeric_claims": 0, "report_sections_present": 100}
    assert status["warnings"] == []


def test_list_markers_are_not_numeric_claims_but_other_numbers_are():
    markdown = "1. Growth was 12%.\n2. Costs fell -3.5 points.\n"
    report = run(markdown, []).reports["numeric_claims"]
    assert [(f["line"], f["col"], f["token"]) for f in report["findings"]] == [
        (1, 15, "12%"),
        (2, 15, "-3.5"),
    ]


def test_a_citation_anywhere_in_the_paragraph_cites_its_numbers():
    markdown = "Revenue was 10 million\nin 2021 according to [@a].\n\nCosts were 5.\n"
    report = run(markdown, records(["a"])).reports["numeric_claims"]
    assert report["metrics"]["uncited_numeric_claims"] == 1
    assert report["findings"][0]["line"] == 4


def test_code_fences_are_skipped():
    markdown = "## Summary\n```\nx = 42\n```\nNo numbers here.\n"
    assert run(markdown, []).reports["numeric_claims"]["metrics"]["uncited_numeric_claims"] == 0


def test_sections_need_the_exact_line():
    markdown = "## Summary\n##  Key Findings\n## evidence\n### Caveats\n"
    sections = run(markdown, []).reports["sections_present"]
    assert sections["present_headings"] == ["## Summary"]
    assert sections["missing_headings"] == ["## Caveats", "## Evidence", "## Key Findings"]
    assert sections["metrics"]["report_sections_present"] == 25


def test_division_by_zero_rules():
    metrics = run("no citations at all", []).reports["citation_utilization"]["metrics"]
    assert metrics["citation_utilization_rate"] == 0
    assert metrics["duplicate_citation_rate"] == 1


def test_validated_means_valid_or_paywalled_and_matching_is_case_sensitive():
    citations = records(["a"], {"b": "paywalled", "c": "invalid", "d": "broken"})
    report = run("[@a] [@A] [@b] [@c]", citations).reports["citation_utilization"]
    assert report["cids"]["validated_cids"] == ["a", "b"]
    assert report["cids"]["used_cids"] == ["A", "a", "b", "c"]


def test_warnings_never_change_status_and_are_sorted():
    verdict = run(
        COMPLETE.replace("again [@jones]", "[@lee] [@lee] [@lee] [@lee]"),
        records(["smith2020", "jones", "lee", "q", "r", "s", "t", "u"]),
    )
    status = verdict.reports["status"]
    assert status["status"] == "pass"
    assert status["warnings"] == ["HIGH_DUPLICATE_CITATION_RATE", "LOW_CITATION_UTILIZATION"]


def test_schema_versions():
    reports = run(COMPLETE, []).reports
    assert [reports[k]["schema_version"] for k in reports] == [
        "gate_e.numeric_claims_report.v1",
        "gate_e.sections_present_report.v1",
        "gate_e.citation_utilization_report.v1",
        "gate_e.status_report.v1",
    ]


# The command, on files.
def gate_e(root: Path, *extra: str):
    return run_groundgate("gate-e", str(root), *extra)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "synthesis").mkdir()
    (tmp_path / "citations").mkdir()
    (tmp_path / "synthesis" / "final-synthesis.md").write_text(COMPLETE, encoding="utf-8")
    lines = [
        json.dumps({"cid": c, "status": "valid", "url": "https://example.org"})
        for c in ("smith2020", "jones", "lee")
    ]
    (tmp_path / "citations" / "citations.jsonl").write_text("\n".join(lines) + "\n")
    return tmp_path


def test_command_writes_four_canonical_reports_and_exits_0(root):
    result = gate_e(root)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in (root / "reports").iterdir())
    assert names == [
        "gate-e-citation-utilization.json",
        "gate-e-numeric-claims.json",
        "gate-e-sections-present.json",
        "gate-e-status.json",
    ]
    for path in (root / "reports").iterdir():
        text = path.read_text(encoding="utf-8")
        assert text.endswith("}\n")
        data = json.loads(text)
        assert (
            text
            == json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
        )
    first = {p.name: p.read_bytes() for p in (root / "reports").iterdir()}
    gate_e(root)
    assert first == {p.name: p.read_bytes() for p in (root / "reports").iterdir()}


def test_command_exits_1_on_fail(root):
    (root / "synthesis" / "final-synthesis.md").write_text("## Summary\nUp 5%.\n")
    result = gate_e(root)
    assert result.returncode == 1 and "gate-e fail" in result.stdout


def test_command_exits_2_on_bad_input_with_the_line(root):
    path = root / "citations" / "citations.jsonl"
    path.write_text(path.read_text() + "{broken\n")
    result = gate_e(root)
    assert result.returncode == 2
    assert "citations.jsonl: line 4: not valid JSON" in result.stderr
    assert "Traceback" not in result.stderr
    path.write_text('{"cid": "a"}\n')
    assert "line 1: status: required field is missing" in gate_e(root).stderr
    (root / "synthesis" / "final-synthesis.md").unlink()
    result = gate_e(root)
    assert result.returncode == 2 and "final-synthesis.md: missing" in result.stderr


def test_soft_thresholds_are_configurable(root):
    result = gate_e(root, "--min-utilization", "1.0", "--max-duplicate", "0.1")
    assert result.returncode == 0
    status = json.loads((root / "reports" / "gate-e-status.json").read_text())
    assert status["warnings"] == ["HIGH_DUPLICATE_CITATION_RATE"]
