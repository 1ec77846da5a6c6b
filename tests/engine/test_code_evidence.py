"""Code evidence grounding, tested on this repository's own code (and a small Java tree)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from groundgate.documents.code_symbols import extract_symbols, source_hash
from groundgate.engine.gates.code import CodeCase, CodeGatePolicy, attach_symbols, gate_code
from tests.conftest import run_groundgate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def symbols():
    found, problems = extract_symbols(ROOT)
    assert problems == []
    return {s.symbol_id: s for s in found}


def test_python_symbols_of_this_repository(symbols):
    sym = symbols["groundgate/engine/numbers.py::extract_numbers"]
    lines = (ROOT / sym.file_path).read_text(encoding="utf-8").split("\n")
    assert lines[sym.start_line - 1].startswith("def extract_numbers(")
    assert sym.kind == "function" and sym.name == "extract_numbers"
    assert sym.source_hash == source_hash(lines, sym.start_line, sym.end_line)
    method = symbols["groundgate/engine/policy.py::GatePolicy.sha256"]
    assert method.kind == "method"
    policy_lines = (ROOT / method.file_path).read_text(encoding="utf-8").split("\n")
    assert policy_lines[method.start_line - 1].strip() == "@cached_property"  # decorator included


def test_java_symbols_with_a_real_parser(tmp_path):
    source = tmp_path / "src" / "Pump.java"
    source.parent.mkdir()
    source.write_text(
        "package acme;\n\npublic class Pump {\n    public Pump(int p) { }\n\n"
        '    @Override\n    public String toString() {\n        return "{";  // a brace }\n'
        "    }\n\n    int inspect(int days, String... notes) { return days; }\n\n"
        "    interface Listener { void onAlarm(java.util.List<String> r); }\n}\n",
        encoding="utf-8",
    )
    found, problems = extract_symbols(tmp_path)
    assert [p.split(" (")[0] for p in problems] == ["repo_commit unknown"]  # not a git checkout
    by_id = {s.symbol_id: (s.kind, s.start_line, s.end_line) for s in found}
    assert by_id == {
        "src/Pump.java::Pump": ("class", 3, 14),
        "src/Pump.java::Pump#Pump(int)": ("constructor", 4, 4),
        "src/Pump.java::Pump#toString()": ("method", 6, 9),
        "src/Pump.java::Pump#inspect(int,String...)": ("method", 11, 11),
        "src/Pump.java::Pump.Listener": ("interface", 13, 13),
        "src/Pump.java::Pump.Listener#onAlarm(java.util.List<String>)": ("method", 13, 13),
    }


def test_a_file_that_does_not_parse_is_skipped_and_reported(tmp_path):
    (tmp_path / "ok.py").write_text("def f():\n    return 1\n")
    (tmp_path / "broken.py").write_text("def f(:\n")
    (tmp_path / "Broken.java").write_text("class { void }")
    found, problems = extract_symbols(tmp_path)
    assert [s.symbol_id for s in found] == ["ok.py::f"]
    assert problems[0].startswith("repo_commit unknown")
    assert len(problems) == 3 and all("skipped" in p for p in problems[1:])


def ref_for(sym, **changes) -> dict:
    ref = {
        "symbol_id": sym.symbol_id,
        "file_path": sym.file_path,
        "start_line": sym.start_line,
        "end_line": sym.end_line,
        "source_hash": sym.source_hash,
        "repo_commit": sym.repo_commit,
    }
    return ref | changes


def case_for(symbols, refs, context=None, kind="qa") -> CodeCase:
    raw = {
        "case_id": "c",
        "sample": {"question": "How are numbers found?", "kind": kind, "evidence_refs": refs},
        "context_symbols": context,
    }
    return CodeCase.model_validate(
        attach_symbols(raw, {k: v.as_dict() for k, v in symbols.items()})
    )


@pytest.fixture
def sym(symbols):
    return symbols["groundgate/engine/numbers.py::extract_numbers"]


def test_consistent_evidence_is_accepted(symbols, sym):
    verdict = gate_code(case_for(symbols, [ref_for(sym)], context=[sym.symbol_id]))
    assert verdict.status == "accepted" and verdict.findings == []


def test_line_range_must_agree_with_symbols_jsonl_and_a_sub_range_is_a_policy_choice(symbols, sym):
    ref = ref_for(sym, start_line=sym.start_line + 1, end_line=sym.end_line - 1)
    exact = gate_code(case_for(symbols, [ref]))
    assert exact.status == "rejected"
    assert exact.findings[0].field == "sample.evidence_refs[0].line_range"
    within = CodeGatePolicy(line_range="within")
    assert gate_code(case_for(symbols, [ref]), within).status == "accepted"
    outside = ref_for(sym, end_line=sym.end_line + 1)
    assert gate_code(case_for(symbols, [outside]), within).status == "rejected"
    assert within.sha256 != CodeGatePolicy().sha256


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"symbol_id": "groundgate/engine/numbers.py::extract_numberz"}, "symbol_id"),
        ({"file_path": "groundgate/engine/number.py"}, "file_path"),
        ({"source_hash": "0" * 64}, "source_hash"),
        ({"end_line": 10_000}, "line_range"),
        ({"start_line": None}, "line_range"),
    ],
)
def test_evidence_mismatch_names_the_field(symbols, sym, changes, field):
    verdict = gate_code(case_for(symbols, [ref_for(sym, **changes)]))
    assert verdict.status == "rejected"
    (finding,) = verdict.findings
    assert finding.code == "EVIDENCE_MISMATCH"
    assert finding.field == f"sample.evidence_refs[0].{field}"


def test_a_commit_mismatch_is_only_a_warning(symbols, sym):
    verdict = gate_code(case_for(symbols, [ref_for(sym, repo_commit="f" * 40)]))
    assert verdict.status == "accepted"
    assert [(f.code, f.severity) for f in verdict.findings] == [("REPO_COMMIT_MISMATCH", "warning")]


def test_evidence_must_come_from_the_retrieved_candidates(symbols, sym):
    other = next(s for s in symbols.values() if s.symbol_id != sym.symbol_id)
    verdict = gate_code(case_for(symbols, [ref_for(sym)], context=[other.symbol_id]))
    assert [f.code for f in verdict.findings] == ["EVIDENCE_NOT_IN_CONTEXT"]


def test_rehydration_corrects_path_lines_and_hash(symbols, sym):
    stale = {"symbol_id": sym.symbol_id, "start_line": 1, "end_line": 2, "source_hash": "abc"}
    policy = CodeGatePolicy(rehydrate=True)
    verdict = gate_code(case_for(symbols, [stale, sym.symbol_id]), policy)
    assert verdict.status == "accepted"
    assert verdict.evidence_refs[0].source_hash == sym.source_hash
    assert verdict.evidence_refs[1].start_line == sym.start_line
    assert verdict.quality["evidence_rehydrated"] is True
    assert {f.code for f in verdict.findings} == {"EVIDENCE_REHYDRATED"}
    assert gate_code(case_for(symbols, [stale])).status == "rejected"  # not without the policy


def test_autofill_is_kept_in_report_mode_and_rejected_in_gate_mode(symbols, sym):
    case = case_for(symbols, [], context=[sym.symbol_id])
    report = gate_code(case, CodeGatePolicy(mode="report"))
    assert report.status == "accepted" and report.quality["evidence_autofill"] is True
    assert report.evidence_refs[0].symbol_id == sym.symbol_id
    gate = gate_code(case, CodeGatePolicy(mode="gate"))
    assert gate.status == "rejected" and gate.findings[0].code == "EVIDENCE_AUTOFILLED"


def test_no_evidence_and_no_single_context_symbol(symbols, sym):
    verdict = gate_code(case_for(symbols, [], context=[sym.symbol_id, "other::x"]))
    assert [f.code for f in verdict.findings] == ["MISSING_EVIDENCE"]


def test_design_samples_need_two_refs(symbols, sym):
    verdict = gate_code(case_for(symbols, [ref_for(sym)], kind="design"))
    assert [f.code for f in verdict.findings] == ["TOO_FEW_EVIDENCE_REFS"]


def cli(*args: str, cwd: Path | None = None):
    return run_groundgate(*args, cwd=cwd)


def test_symbols_command_and_code_gate_with_symbols_file(tmp_path, sym):
    out = tmp_path / "symbols.jsonl"
    result = cli("symbols", str(ROOT), "-o", str(out))
    assert result.returncode == 0 and "symbols from" in result.stdout
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert set(rows[0]) == {
        "symbol_id",
        "file_path",
        "start_line",
        "end_line",
        "source_hash",
        "repo_commit",
        "kind",
        "name",
    }
    good = {"case_id": "ok", "sample": {"evidence_refs": [ref_for(sym)]}}
    bad = {"case_id": "bad", "sample": {"evidence_refs": [ref_for(sym, source_hash="x")]}}
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    result = cli("gate", "code", "--jsonl", str(cases), "--symbols", str(out))
    assert result.returncode == 1
    statuses = [json.loads(line)["status"] for line in result.stdout.splitlines()]
    assert statuses == ["accepted", "rejected"]
