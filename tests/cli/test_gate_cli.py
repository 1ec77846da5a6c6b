"""The `groundgate gate answer` command, run as a real process with no Django configured."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DEMO_CASES, run_groundgate

GOOD = {
    "case_id": "q-17",
    "question": "How often?",
    "raw_chunks": [
        {
            "chunk_id": "c1",
            "text": "Inspect every 90 days.",
            "position_int": [[1, 72, 523, 100, 160]],
        }
    ],
    "answer": {
        "conclusion": "Every 90 days.",
        "evidences": [
            {
                "chunk_id": "c1",
                "excerpt": "every 90 days",
                "page_index": 0,
                "bbox": [72, 100, 523, 160],
            }
        ],
    },
}
BAD_NUMBER = json.loads(json.dumps(GOOD)) | {"case_id": "q-18"}
BAD_NUMBER["answer"]["conclusion"] = "Every 9 days."


def run(*args: str, stdin: str | None = None):
    return run_groundgate(*args, stdin=stdin)


@pytest.fixture
def case_file(tmp_path: Path):
    def write(data, name="case.json") -> str:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)

    return write


def test_single_case_ok_exits_0(case_file):
    result = run("gate", "answer", case_file(GOOD))
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert verdict["status"] == "ok"
    assert result.stdout.endswith("}\n") and result.stdout.count("\n") == 1


def test_single_case_rejected_exits_1(case_file):
    result = run("gate", "answer", case_file(BAD_NUMBER))
    assert result.returncode == 1
    assert json.loads(result.stdout)["findings"][0]["code"] == "UNGROUNDED_NUMBER"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps({"case_id": "x"}), "answer: required field is missing"),
        (json.dumps(GOOD | {"case_id": 17}), "case_id: Input should be a valid string"),
        (
            json.dumps(GOOD | {"answer": {"evidences": [{"chunk_id": "c1"}]}}),
            "answer.evidences[0].excerpt: required field is missing",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_field(case_file, content, expected):
    result = run("gate", "answer", case_file(content))
    assert result.returncode == 2
    assert result.stdout == ""
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_missing_file_exits_2_without_traceback():
    result = run("gate", "answer", "/nonexistent/case.json")
    assert result.returncode == 2
    assert "cannot read" in result.stderr and "Traceback" not in result.stderr


def test_jsonl_keeps_order_and_gates_every_good_line(case_file):
    lines = [
        json.dumps(GOOD),
        "not json at all",
        json.dumps({"case_id": 5}),
        json.dumps(BAD_NUMBER),
    ]
    result = run("gate", "answer", "--jsonl", case_file("\n".join(lines) + "\n", "cases.jsonl"))
    assert result.returncode == 2
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 4
    assert out[0]["status"] == "ok"
    assert out[1]["error"]["line"] == 2 and "not valid JSON" in out[1]["error"]["message"]
    assert out[2]["error"]["line"] == 3 and "case_id" in out[2]["error"]["fields"]
    assert out[3]["status"] == "citation_insufficient"
    assert "line 2:" in result.stderr and "line 3:" in result.stderr
    assert "Traceback" not in result.stderr


def test_jsonl_from_stdin_exit_codes():
    ok = run("gate", "answer", "--jsonl", "-", stdin=json.dumps(GOOD) + "\n")
    assert ok.returncode == 0
    mixed = run(
        "gate", "answer", "--jsonl", "-", stdin=f"{json.dumps(GOOD)}\n{json.dumps(BAD_NUMBER)}\n"
    )
    assert mixed.returncode == 1
    assert [json.loads(x)["case_id"] for x in mixed.stdout.splitlines()] == ["q-17", "q-18"]


def test_the_demo_dataset_gates_byte_identically_twice():
    first = run("gate", "answer", "--jsonl", str(DEMO_CASES))
    second = run("gate", "answer", "--jsonl", str(DEMO_CASES))
    assert first.returncode == 1  # the demo has rejected cases on purpose
    assert first.stdout == second.stdout
    statuses = [json.loads(line)["status"] for line in first.stdout.splitlines()]
    assert len(statuses) == len(DEMO_CASES.read_text(encoding="utf-8").splitlines()) >= 30


def test_every_finding_code_appears_in_the_demo_in_english_and_chinese():
    from groundgate.engine.gates.answer import FINDING_CODES

    result = run("gate", "answer", "--jsonl", str(DEMO_CASES))
    seen: dict[str, set[str]] = {}
    for line in result.stdout.splitlines():
        verdict = json.loads(line)
        language = "zh" if "-zh-" in verdict["case_id"] else "en"
        for finding in verdict["findings"]:
            seen.setdefault(finding["code"], set()).add(language)
    # NUMBER_DERIVED appears only under a policy that accepts derived values (the demo is gated
    # with the default policy, where a derivation stays an UNGROUNDED_NUMBER's hint).
    assert set(seen) == set(FINDING_CODES) - {"NUMBER_DERIVED"}
    missing = {code for code, langs in seen.items() if langs != {"en", "zh"}}
    assert missing <= {"EMPTY_EXCERPT"}  # one demo case shows it


def test_a_policy_file_changes_the_verdict_and_a_bad_one_is_refused(case_file):
    lenient = case_file({"check_numbers": False}, "policy.json")
    result = run("gate", "answer", case_file(BAD_NUMBER), "--policy", lenient)
    assert result.returncode == 0
    bad = case_file({"check_numbrs": False}, "bad-policy.json")
    result = run("gate", "answer", case_file(BAD_NUMBER), "--policy", bad)
    assert result.returncode == 2 and "check_numbrs" in result.stderr


def test_a_named_policy_gives_the_spec_literal_reading(case_file):
    # "12.50" restating "12.5": the same value written differently. The default policy grounds
    # it (and says so); the verbatim policy, the spec's literal reading, rejects it.
    case = {
        "case_id": "fmt",
        "raw_chunks": [{"chunk_id": "c", "text": "costs 12.5 dollars"}],
        "answer": {
            "conclusion": "It costs 12.50 dollars.",
            "evidences": [{"chunk_id": "c", "excerpt": "costs 12.5 dollars"}],
        },
    }
    path = case_file(case)
    default = run("gate", "answer", path)
    assert default.returncode == 0
    assert json.loads(default.stdout)["findings"][0]["rules"] == ["format"]
    verbatim = run("gate", "answer", path, "--policy", "verbatim")
    assert verbatim.returncode == 1
    verdict = json.loads(verbatim.stdout)
    assert verdict["findings"][0]["near_match"]["reason"] == "same_quantity"
    assert verdict["policy_sha256"] != json.loads(default.stdout)["policy_sha256"]
    result = run("gate", "answer", path, "--policy", "lenient")
    assert result.returncode == 2 and "lenient" in result.stderr


def test_gating_never_imports_django():
    code = (
        "import sys\n"
        "from groundgate import cli\n"
        f"cli.main(['gate', 'answer', '--jsonl', {str(DEMO_CASES)!r}])\n"
        "loaded = [m for m in sys.modules if m == 'django' or m.startswith('django.')]\n"
        "assert not loaded, loaded\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr


def test_parallel_jsonl_output_is_identical_to_sequential(tmp_path, monkeypatch):
    """Several blocks, bad lines in different blocks: same bytes, same exit code, same lines."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from corpus import write_corpus

    corpus = write_corpus(tmp_path / "big.jsonl", 60)
    lines = corpus.read_text(encoding="utf-8").splitlines()
    lines.insert(3, "{oops")
    lines.insert(40, json.dumps({"case_id": "x"}))
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    env_block = {"GROUNDGATE_JSONL_BLOCK_BYTES": "65536"}  # ~20 blocks
    monkeypatch.setenv(*next(iter(env_block.items())))
    parallel = run("gate", "answer", "--jsonl", str(corpus), "--workers", "2")
    sequential = run("gate", "answer", "--jsonl", str(corpus), "--workers", "1")
    assert parallel.returncode == sequential.returncode == 2
    assert parallel.stdout == sequential.stdout
    assert parallel.stderr == sequential.stderr
    assert "line 4:" in parallel.stderr and "line 41:" in parallel.stderr
    assert len(parallel.stdout.splitlines()) == 62
