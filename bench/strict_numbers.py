"""Which inputs the gates' input models accept: real cases and probes of each number field.

Run: .venv/bin/python bench/strict_numbers.py
For d238, strict numbers (docs/decisions.md): the input models took `page_index: true` as
page 1 (pydantic's lax mode turns a bool, a numeric string or a whole float into an int). This
validates every stored case this checkout can read (the demo fixtures of each family, the
FinanceBench cases in ../shared, the engine corpus) and a probe per number field and per kind
of value, and prints what is accepted, so the same run on two checkouts shows what a change of
the models refuses. The JSON schemas' digest is printed too (it must not move).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
SHARED = ROOT.parent / "shared" / "data"

from pydantic import ValidationError  # noqa: E402

from groundgate.engine.registry import get_gate  # noqa: E402

FILES = {
    "answer": [
        ROOT / "fixtures/demo/cases.jsonl",
        SHARED / "financebench/cases.jsonl",
        SHARED / "financebench/gold_cases.jsonl",
    ],
    "anchored": [ROOT / "fixtures/demo/anchored.jsonl"],
    "synthesis": [ROOT / "fixtures/demo/synthesis.jsonl"],
    "report": [ROOT / "fixtures/demo/report.jsonl"],
}
# The kinds of value lax mode turns into a number; each put into every number field.
PROBES = {"true": True, "false": False, '"2"': "2", "2.0": 2.0, "2.5": 2.5, "2": 2}
ANSWER = {
    "case_id": "p",
    "raw_chunks": [
        {
            "chunk_id": "c",
            "text": "Revenue was 12.",
            "page_index": 0,
            "position_int": [[1, 10, 20, 30, 40]],
        }
    ],
    "answer": {
        "conclusion": "12",
        "evidences": [
            {"chunk_id": "c", "excerpt": "12", "page_index": 0, "bbox": [10, 30, 20, 40]}
        ],
    },
}
FIELDS = {
    "chunk page_index": lambda v: _set(ANSWER, ["raw_chunks", 0, "page_index"], v),
    "evidence page_index": lambda v: _set(ANSWER, ["answer", "evidences", 0, "page_index"], v),
    "position page number": lambda v: _set(ANSWER, ["raw_chunks", 0, "position_int", 0, 0], v),
    "position coordinate": lambda v: _set(ANSWER, ["raw_chunks", 0, "position_int", 0, 1], v),
    "bbox coordinate": lambda v: _set(ANSWER, ["answer", "evidences", 0, "bbox", 0], v),
}


def _set(base: dict, path: list, value) -> dict:
    data = json.loads(json.dumps(base))
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return data


def accepted(kind: str, data: dict) -> bool:
    try:
        get_gate(kind).input_model.model_validate(data)
    except ValidationError:
        return False
    return True


def main() -> None:
    for kind, paths in FILES.items():
        total = ok = 0
        for path in paths:
            if not path.exists():
                continue
            for line in path.read_text().splitlines():
                if line.strip():
                    data = json.loads(line)
                    total += 1
                    ok += accepted(kind, data.get("case", data))  # FinanceBench: {"case": ...}
        print(f"{kind:10} stored cases accepted: {ok} of {total}")
    import random

    from corpus import make_case

    rng = random.Random(20261122)
    dumped = [make_case(rng, n) for n in range(2000)]
    print(
        f"{'corpus':10} cases accepted: {sum(accepted('answer', d) for d in dumped)} of "
        f"{len(dumped)}"
    )
    print(f"{'field':22} " + " ".join(f"{name:>6}" for name in PROBES))
    for field, make in FIELDS.items():
        cells = ["yes" if accepted("answer", make(value)) else "no" for value in PROBES.values()]
        print(f"{field:22} " + " ".join(f"{cell:>6}" for cell in cells))
    schemas = {
        kind: get_gate(kind).input_model.model_json_schema()
        for kind in ("answer", "anchored", "synthesis", "report", "code")
    }
    text = json.dumps(schemas, sort_keys=True).encode()
    print(f"input JSON schemas sha256: {hashlib.sha256(text).hexdigest()[:16]}")


if __name__ == "__main__":
    main()
