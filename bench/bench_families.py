"""Gate-family figures (issue 3): in-process cases/s after parsing, one core, per family.

Run: .venv/bin/python bench/bench_families.py [--cases N]
Cases are generated (seeded) at realistic sizes:
  anchored   5 citations of ~800 characters, a 6-sentence answer with anchors
  synthesis  5 retrieved chunks of ~600 characters, a 4-sentence answer (English)
  report     a ~4 KB markdown report with 30 citation mentions, 20 citation records
  code       12 symbols in the context, 3 evidence refs
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from groundgate.engine.registry import get_gate

WORDS = (
    "valve pump pressure inspection operator bearing temperature grease interval station "
    "maintenance contract penalty employer wages section cheating property fine"
).split()


def sentence(rng: random.Random, n: int = 12) -> str:
    words = rng.choices(WORDS, k=n)
    words.insert(rng.randrange(n), str(rng.randint(1, 9999)))
    return " ".join(words).capitalize()


def anchored(rng: random.Random, i: int) -> dict:
    citations = [
        {
            "anchor": f"C{k}",
            "chunk_id": f"c{k}",
            "knowledge_id": "kb",
            "chunk_text": ". ".join(sentence(rng) for _ in range(10)),
        }
        for k in range(5)
    ]
    text = " ".join(f"{sentence(rng)} [C{rng.randrange(5)}]." for _ in range(6))
    if i % 5 == 0:
        text += " " + sentence(rng) + "."
    return {
        "request_id": f"r{i}",
        "generation_status": "OK",
        "citations": citations,
        "raw_model_text": text,
    }


def synthesis(rng: random.Random, i: int) -> dict:
    chunks = [
        {"semantic_id": f"LAW_{k}_0", "text": ". ".join(sentence(rng) for _ in range(7))}
        for k in range(5)
    ]
    answer = " ".join(
        f"According to [LAW_{k}_0], {chunks[k]['text'].split('. ')[0].lower()}." for k in range(4)
    )
    query = "What is the penalty for " + " ".join(rng.choices(WORDS, k=3)) + "?"
    return {"case_id": f"s{i}", "query": query, "retrieved_chunks": chunks, "answer_text": answer}


def report(rng: random.Random, i: int) -> dict:
    cids = [f"src{k}" for k in range(20)]
    parts = ["# Report", ""]
    for heading in ("## Summary", "## Key Findings", "## Evidence", "## Caveats"):
        parts.append(heading)
        for _ in range(4):
            cited = " ".join(f"[@{rng.choice(cids)}]" for _ in range(2))
            parts.append(f"{sentence(rng, 20)} {cited if rng.random() > 0.05 else ''}")
            parts.append("")
    return {
        "case_id": f"g{i}",
        "report_markdown": "\n".join(parts),
        "citations": [{"cid": c, "status": "valid"} for c in cids],
    }


REF_KEYS = ("symbol_id", "file_path", "start_line", "end_line", "source_hash", "repo_commit")


def code_symbols(n: int) -> list[dict]:
    """n function symbols as symbols.jsonl writes them (also used by bench_growth.py)."""
    return [
        {
            "symbol_id": f"pkg/m{k}.py::f{k}",
            "file_path": f"pkg/m{k}.py",
            "start_line": 10,
            "end_line": 40,
            "source_hash": f"{k:064x}",
            "repo_commit": "abc",
            "kind": "function",
            "name": f"f{k}",
        }
        for k in range(n)
    ]


def code(rng: random.Random, i: int) -> dict:
    symbols = code_symbols(12)
    refs = [{k: s[k] for k in REF_KEYS} for s in rng.sample(symbols, 3)]
    if i % 5 == 0:
        refs[0]["source_hash"] = "stale"
    return {
        "case_id": f"k{i}",
        "sample": {"question": "where?", "evidence_refs": refs},
        "context_symbols": [s["symbol_id"] for s in symbols],
        "symbols": symbols,
    }


MAKERS = {"anchored": anchored, "synthesis": synthesis, "report": report, "code": code}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    for kind, make in MAKERS.items():
        rng = random.Random(20261122)
        spec = get_gate(kind)
        cases = [spec.input_model.model_validate(make(rng, i)) for i in range(args.cases)]
        spec.run(cases[0], spec.default_policy)  # warm caches (jieba, regexes)
        best = float("inf")
        for _ in range(args.runs):
            t0 = time.perf_counter()
            for case in cases:
                spec.run(case, spec.default_policy)
            best = min(best, time.perf_counter() - t0)
        passed = sum(spec.passed(spec.run(c, spec.default_policy)) for c in cases)
        print(f"{kind:10} {args.cases / best:9,.0f} cases/s  ({passed}/{args.cases} pass)")


if __name__ == "__main__":
    main()
