"""The everyday answers of tests/engine/everyday_answers.txt through the answer gate: how many
clean ones are rejected and how many wrong ones accepted (the "~" limits apart). Run:
    .venv/bin/python bench/everyday_answers.py [--policy verbatim]
They are the rules' own examples (docs/benchmarks.md says so), not an agreement figure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from groundgate.engine.gates.answer import PRESETS, AnswerCase, gate_answer  # noqa: E402

ANSWERS = ROOT / "tests" / "engine" / "everyday_answers.txt"


def everyday_answers() -> list[tuple[str, str, str, str]]:
    """(mark, question, evidence, answer) of every answer in the file."""
    text = "\n".join(line for line in ANSWERS.read_text().splitlines() if not line.startswith("#"))
    found = []
    for block in text.split("\n===\n"):
        lines = [line for line in block.strip().splitlines() if line]
        question = lines.pop(0)[2:].strip() if lines[0].startswith("Q:") else "?"
        first = next(i for i, line in enumerate(lines) if line[:2] in ("+ ", "- ", "~ "))
        evidence = "\n".join(lines[:first])
        for line in lines[first:]:
            found.append((line[0], question, evidence, line[2:].split("  # ")[0]))
    return found


def case_of(question: str, evidence: str, answer: str) -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "everyday",
            "question": question,
            "raw_chunks": [{"chunk_id": "c", "text": evidence}],
            "answer": {"conclusion": answer, "evidences": [{"chunk_id": "c", "excerpt": evidence}]},
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--policy", default="default", choices=sorted(PRESETS))
    policy = PRESETS[parser.parse_args().policy]
    counts = {"+": [0, 0], "-": [0, 0], "~": [0, 0]}
    for mark, question, evidence, answer in everyday_answers():
        ok = gate_answer(case_of(question, evidence, answer), policy).status == "ok"
        counts[mark][0] += 1
        counts[mark][1] += ok
    clean, wrong, limits = counts["+"], counts["-"], counts["~"]
    print(f"clean answers rejected: {clean[0] - clean[1]}/{clean[0]}")
    print(f"wrong answers accepted: {wrong[1]}/{wrong[0]}")
    print(f"documented limits (~): {limits[0]}, {limits[1]} of them accepted")


if __name__ == "__main__":
    main()
