"""What holds for every gate family: the CLI contract, canonical output, never raising on any
JSON-shaped input, determinism."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.registry import GATES, get_gate
from groundgate.engine.runner import gate_text
from tests.conftest import run_groundgate
from tests.engine.family_samples import PASSING, failing

KINDS = sorted(GATES)


def cli(*args: str, stdin: str | None = None):
    return run_groundgate(*args, stdin=stdin)


def test_every_family_is_registered():
    assert KINDS == ["anchored", "answer", "code", "report", "synthesis"]


@pytest.mark.parametrize("kind", KINDS)
def test_cli_single_case_exit_codes(kind, tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(PASSING[kind]))
    bad.write_text(json.dumps(failing(kind)))
    ok = cli("gate", kind, str(good))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    verdict = json.loads(ok.stdout)
    assert (
        verdict["gate"] == kind and verdict["policy_sha256"] == get_gate(kind).default_policy.sha256
    )
    assert ok.stdout == canonical_bytes(verdict).decode() + "\n"
    assert cli("gate", kind, str(bad)).returncode == 1


@pytest.mark.parametrize("kind", KINDS)
def test_cli_jsonl_reports_bad_lines_and_gates_the_rest(kind):
    lines = [json.dumps(PASSING[kind]), '{"not": "a case"}', json.dumps(failing(kind))]
    result = cli("gate", kind, "--jsonl", "-", stdin="\n".join(lines) + "\n")
    assert result.returncode == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 3 and out[1]["error"]["line"] == 2
    assert "error" not in out[0] and "error" not in out[2]
    assert "line 2:" in result.stderr and "Traceback" not in result.stderr


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "case_id",
                    "request_id",
                    "sample",
                    "citations",
                    "answer",
                    "raw_model_text",
                    "query",
                    "answer_text",
                    "symbols",
                    "report_markdown",
                    "evidence_refs",
                    "x",
                ]
            ),
            children,
            max_size=6,
        )
    ),
    max_leaves=25,
)


@pytest.mark.parametrize("kind", KINDS)
@given(value=json_values)
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_never_raises_on_any_json(kind, value):
    spec = get_gate(kind)
    outcome = gate_text(spec, json.dumps(value), spec.default_policy)
    assert (outcome.error is None) != (outcome.verdict is None)


TOKENS = [
    *"abc 0129.?!。[]C@_-%\n#",
    "[C0]",
    "[C9]",
    "[IPC_420_0]",
    "[@a]",
    "## Summary\n",
    "阀门",
    "罚款",
    "means",
]
TEXT = st.lists(st.sampled_from(TOKENS), max_size=20).map("".join)


@st.composite
def mutated(draw, kind):
    """A structurally valid case of `kind` with its free text replaced by random text."""
    case = json.loads(json.dumps(PASSING[kind]))
    if kind == "answer":
        case["answer"]["conclusion"] = draw(TEXT)
        case["answer"]["evidences"][0]["excerpt"] = draw(TEXT)
    elif kind == "anchored":
        case["raw_model_text"] = draw(TEXT)
        case["generation_status"] = draw(st.sampled_from(["OK", "FAILED", "NO_EVIDENCE"]))
    elif kind == "synthesis":
        case["query"], case["answer_text"] = draw(TEXT), draw(TEXT)
    elif kind == "report":
        case["report_markdown"] = draw(TEXT)
    else:
        ref = case["sample"]["evidence_refs"][0]
        ref["start_line"] = draw(st.integers(-3, 5))
        ref["source_hash"] = draw(st.sampled_from(["h1", "h2", ""]))
        case["context_symbols"] = draw(st.sampled_from([None, [], ["m.py::f"], ["x"]]))
    return case


@pytest.mark.parametrize("kind", KINDS)
@given(data=st.data())
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_deterministic(kind, data):
    spec = get_gate(kind)
    raw = json.dumps(data.draw(mutated(kind)))
    first = gate_text(spec, raw, spec.default_policy)
    second = gate_text(spec, raw, spec.policy_model())
    assert first.to_json() == second.to_json()
