"""Issue 11: code-evidence-grounding.zh.md on real-world source shapes. symbol_id must be unique
and stable (overloads, property setters, if/else alternatives, anonymous classes, enum-constant
bodies, local classes), definitions inside blocks are symbols, files are decoded as their
compiler would, an unknown repo_commit is said, and auto-filled samples are refused in gate mode."""

from __future__ import annotations

import json
import subprocess

import pytest

from groundgate.documents.code_symbols import extract_symbols
from groundgate.engine.gates.code import CodeCase, CodeGatePolicy, attach_symbols, gate_code
from tests.conftest import run_groundgate

PYTHON = """\
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    class Hint:
        pass

try:
    import fast
except ImportError:
    def speed():
        return 1
else:
    def speed():
        return 2


class Valve:
    @property
    def pressure(self):
        return self._p

    @pressure.setter
    def pressure(self, value):
        self._p = value

    @overload
    def open(self, how: int) -> int: ...
    @overload
    def open(self, how: str) -> str: ...
    def open(self, how):
        with lock:
            def inner():
                return how
        return inner()
"""

JAVA = """\
package acme;

enum Op {
    PLUS { int apply(int a) { return a; } },
    MINUS { int apply(int a) { return -a; } };
    abstract int apply(int a);
}

class Pump {
    void start() {
        Runnable first = new Runnable() { public void run() { } };
        Runnable second = new Runnable() { public void run() { } };
        class Local { void run() { } }
    }
    void run() { }
}
"""


def extract(tmp_path, files: dict[str, str | bytes]):
    for name, content in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return extract_symbols(tmp_path)


def test_symbol_id_is_unique_for_overloads_setters_and_alternatives(tmp_path):
    found, _ = extract(tmp_path, {"valve.py": PYTHON})
    ids = [s.symbol_id for s in found]
    assert len(ids) == len(set(ids))
    assert ids == [
        "valve.py::Hint",
        "valve.py::speed",
        "valve.py::speed~2",
        "valve.py::Valve",
        "valve.py::Valve.pressure",
        "valve.py::Valve.pressure~2",  # the setter
        "valve.py::Valve.open",
        "valve.py::Valve.open~2",
        "valve.py::Valve.open~3",  # the implementation
        "valve.py::Valve.open~3.inner",  # defined inside a with block
    ]


def test_definitions_inside_if_try_with_blocks_are_symbols(tmp_path):
    found, _ = extract(tmp_path, {"valve.py": PYTHON})
    kinds = {s.symbol_id: (s.kind, s.start_line) for s in found}
    assert kinds["valve.py::Hint"] == ("class", 4)  # if TYPE_CHECKING:
    assert kinds["valve.py::speed"] == ("function", 10)  # except ImportError:
    assert kinds["valve.py::speed~2"] == ("function", 13)  # else:


def test_java_symbol_id_is_unique_for_anonymous_enum_bodies_and_local_classes(tmp_path):
    found, problems = extract(tmp_path, {"Op.java": JAVA})
    assert [p for p in problems if "skipped" in p] == []
    ids = [s.symbol_id for s in found]
    assert len(ids) == len(set(ids))
    assert set(ids) == {
        "Op.java::Op",
        "Op.java::Op.PLUS",
        "Op.java::Op.PLUS#apply(int)",
        "Op.java::Op.MINUS",
        "Op.java::Op.MINUS#apply(int)",
        "Op.java::Op#apply(int)",
        "Op.java::Pump",
        "Op.java::Pump#start()",
        "Op.java::Pump.start().<anonymous>",
        "Op.java::Pump.start().<anonymous>#run()",
        "Op.java::Pump.start().<anonymous>~2",
        "Op.java::Pump.start().<anonymous>~2#run()",
        "Op.java::Pump.start().Local",
        "Op.java::Pump.start().Local#run()",
        "Op.java::Pump#run()",
    }


def test_symbol_ids_are_stable_when_unrelated_code_is_added(tmp_path):
    before, _ = extract(tmp_path / "a", {"valve.py": PYTHON, "Op.java": JAVA})
    after, _ = extract(
        tmp_path / "b",
        {
            "valve.py": "def helper():\n    pass\n\n\n" + PYTHON,
            "Op.java": JAVA.replace("class Pump {", "class Pump {\n    void stop() { }"),
        },
    )
    old = {s.symbol_id for s in before}
    new = {s.symbol_id for s in after}
    assert new - old == {"valve.py::helper", "Op.java::Pump#stop()"} and old <= new


def test_a_correct_reference_to_a_property_setter_is_accepted(tmp_path):
    found, _ = extract(tmp_path, {"valve.py": PYTHON})
    by_id = {s.symbol_id: s.as_dict() for s in found}
    setter = by_id["valve.py::Valve.pressure~2"]
    ref = {k: setter[k] for k in ("symbol_id", "file_path", "start_line", "end_line")}
    ref["source_hash"] = setter["source_hash"]
    raw = {"case_id": "c", "sample": {"evidence_refs": [ref]}, "context_symbols": None}
    verdict = gate_code(CodeCase.model_validate(attach_symbols(raw, by_id)))
    assert verdict.status == "accepted", verdict.findings


def test_files_with_a_utf8_bom_or_a_coding_cookie_are_read_like_python(tmp_path):
    found, problems = extract(
        tmp_path,
        {
            "bom.py": b"\xef\xbb\xbfdef with_bom():\n    return 1\n",
            "latin.py": "# -*- coding: latin-1 -*-\ndef caf\u00e9():\n    return '\u00e9'\n".encode(
                "latin-1"
            ),
            "Bom.java": b"\xef\xbb\xbfclass Bom { }\n",
            "crlf.py": b"def crlf():\r\n    return 1\r\n",
        },
    )
    ids = {s.symbol_id: s for s in found}
    assert {"bom.py::with_bom", "latin.py::caf\u00e9", "Bom.java::Bom", "crlf.py::crlf"} <= set(ids)
    assert ids["crlf.py::crlf"].end_line == 2
    assert [p for p in problems if "skipped" in p] == []


def test_other_encodings_are_reported_clearly(tmp_path):
    found, problems = extract(
        tmp_path,
        {
            "latin.py": "def caf\u00e9():\n    pass\n".encode("latin-1"),
            "ok.py": "def f():\n    pass\n",
        },
    )
    assert [s.symbol_id for s in found] == ["ok.py::f"]
    (problem,) = [p for p in problems if "skipped" in p]
    assert problem.startswith("latin.py: skipped:") and "not valid UTF-8" in problem
    assert "coding cookie" in problem


def test_repo_commit_unknown_is_said_not_silently_empty(tmp_path):
    found, problems = extract(tmp_path, {"m.py": "def f():\n    pass\n"})
    assert found[0].repo_commit is None
    assert problems[0].startswith("repo_commit unknown (")
    out = tmp_path / "symbols.jsonl"
    result = run_groundgate("symbols", str(tmp_path), "-o", str(out))
    assert "repo_commit unknown" in result.stderr
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert row["repo_commit"] is None
    raw = {
        "case_id": "c",
        "sample": {
            "evidence_refs": [
                {
                    k: row[k]
                    for k in row
                    if k in ("symbol_id", "file_path", "start_line", "end_line", "source_hash")
                }
            ]
        },
    }
    verdict = gate_code(CodeCase.model_validate(attach_symbols(raw, {row["symbol_id"]: row})))
    assert verdict.status == "accepted"
    assert [(f.code, f.severity) for f in verdict.findings] == [("REPO_COMMIT_UNKNOWN", "warning")]


def test_a_git_checkout_gives_its_commit(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "m.py").write_text("def f():\n    pass\n")
    env = ["-c", "user.email=t@example.com", "-c", "user.name=t"]
    subprocess.run(["git", "-C", str(tmp_path), "add", "m.py"], check=True)
    subprocess.run(["git", *env, "-C", str(tmp_path), "commit", "-qm", "m"], check=True)
    found, problems = extract_symbols(tmp_path)
    assert problems == [] and len(found[0].repo_commit) == 40


@pytest.mark.parametrize("mode", ["gate", "report"])
def test_gate_mode_rejects_samples_with_evidence_autofill_true_whoever_filled_them(tmp_path, mode):
    found, _ = extract(tmp_path, {"m.py": "def f():\n    pass\n"})
    sym = found[0].as_dict()
    ref = {k: sym[k] for k in ("symbol_id", "file_path", "start_line", "end_line", "source_hash")}
    raw = {
        "case_id": "c",
        "sample": {"evidence_refs": [ref], "quality": {"evidence_autofill": True}},
    }
    verdict = gate_code(
        CodeCase.model_validate(attach_symbols(raw, {sym["symbol_id"]: sym})),
        CodeGatePolicy(mode=mode),
    )
    autofill = [f for f in verdict.findings if f.code == "EVIDENCE_AUTOFILLED"]
    assert autofill[0].field == "sample.quality.evidence_autofill"
    assert verdict.status == ("rejected" if mode == "gate" else "accepted")
