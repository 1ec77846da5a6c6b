"""Growth: does a gate's cost grow in proportion to its input? (issue 15)

Run: .venv/bin/python bench/bench_growth.py [--max-sentences N] [--budget SECONDS]

For each family, one case is generated at sizes from 10 to 10,000 sentences (about 1 KB to
1 MB of answer text) and gated in-process; the script prints the cost per sentence at each size
and the ratio of the largest size's cost per sentence to the smallest's. A linear path keeps the
ratio near 1; the goal is within 2x. It exits with status 1 (and says which) when a family's
ratio exceeds 2, or when one run takes longer than the budget (a super-linear path would).

Scenarios:
  answer/verbatim   N sentences, each restating two numbers of an N-sentence excerpt
  answer/quantities N sentences restating table figures with the scale declared in a header
  answer/excerpt    an N-sentence excerpt with one wrong character (the closest-text hint)
  answer/one-sentence  ONE sentence of N values, in the answer and the excerpt (a table's
                    text often has no sentence end: what values in context read per sentence)
  anchored          N sentences with anchors over 5 citations
  synthesis         N sentences, each citing one of 5 chunks
  report            N lines of markdown with citation mentions
  code              N evidence refs (the symbols map grows with them)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_families import REF_KEYS, code_symbols

from groundgate.engine.registry import get_gate

WORDS = (
    "valve pump pressure inspection operator bearing temperature grease interval station "
    "maintenance contract penalty employer wages section property"
).split()


def _sentence(rng: random.Random, numbers: tuple[str, ...] = ()) -> str:
    words = rng.choices(WORDS, k=10)
    for n in numbers:
        words.insert(rng.randrange(len(words)), n)
    return " ".join(words).capitalize() + "."


def answer_verbatim(n: int) -> tuple[str, dict]:
    rng = random.Random(n)
    numbers = [
        (f"{rng.randint(1000, 99_999):,}", f"{rng.randint(1, 99)}.{rng.randint(1, 9)}%")
        for _ in range(n)
    ]
    excerpt = " ".join(_sentence(rng, pair) for pair in numbers)
    conclusion = " ".join(f"It was {a} and {b}." for a, b in numbers)
    case = {
        "case_id": "g",
        "raw_chunks": [{"chunk_id": "c", "text": excerpt}],
        "answer": {"conclusion": conclusion, "evidences": [{"chunk_id": "c", "excerpt": excerpt}]},
    }
    return "answer", case


def answer_quantities(n: int) -> tuple[str, dict]:
    rng = random.Random(n)
    figures = [rng.randint(1000, 99_999) for _ in range(n)]
    table = "(in millions)\n" + "\n".join(f"Line item {i} {f:,}" for i, f in enumerate(figures))
    conclusion = " ".join(f"Item {i} was ${f:,} million." for i, f in enumerate(figures))
    case = {
        "case_id": "g",
        "raw_chunks": [{"chunk_id": "c", "text": table}],
        "answer": {"conclusion": conclusion, "evidences": [{"chunk_id": "c", "excerpt": table}]},
    }
    return "answer", case


def answer_excerpt(n: int) -> tuple[str, dict]:
    rng = random.Random(n)
    text = " ".join(_sentence(rng) for _ in range(n))
    wrong = text[: len(text) // 2] + "#" + text[len(text) // 2 + 1 :]
    case = {
        "case_id": "g",
        "raw_chunks": [{"chunk_id": "c", "text": text}],
        "answer": {"conclusion": "no numbers", "evidences": [{"chunk_id": "c", "excerpt": wrong}]},
    }
    return "answer", case


def answer_one_sentence(n: int) -> tuple[str, dict]:
    rng = random.Random(n)
    figures = [rng.randint(1000, 99_999) for _ in range(n)]
    text = "Costs were " + ", ".join(f"{f:,} for item {i}" for i, f in enumerate(figures)) + "."
    case = {
        "case_id": "g",
        "raw_chunks": [{"chunk_id": "c", "text": text}],
        "answer": {"conclusion": text, "evidences": [{"chunk_id": "c", "excerpt": text}]},
    }
    return "answer", case


def anchored(n: int) -> tuple[str, dict]:
    rng = random.Random(n)
    citations = [
        {
            "anchor": f"C{k}",
            "chunk_id": f"c{k}",
            "knowledge_id": "kb",
            "chunk_text": " ".join(_sentence(rng) for _ in range(10)),
        }
        for k in range(5)
    ]
    text = " ".join(f"{_sentence(rng)[:-1]} [C{rng.randrange(5)}]." for _ in range(n))
    return "anchored", {
        "request_id": "g",
        "generation_status": "OK",
        "citations": citations,
        "raw_model_text": text,
    }


def synthesis(n: int) -> tuple[str, dict]:
    rng = random.Random(n)
    chunks = [
        {"semantic_id": f"LAW_{k}_0", "text": " ".join(_sentence(rng) for _ in range(7))}
        for k in range(5)
    ]
    answer = " ".join(
        f"According to [LAW_{k % 5}_0], {chunks[k % 5]['text'].split('. ')[0].lower()}."
        for k in range(n)
    )
    return "synthesis", {
        "case_id": "g",
        "query": "What is the penalty for the valve inspection?",
        "retrieved_chunks": chunks,
        "answer_text": answer,
    }


def report(n: int) -> tuple[str, dict]:
    rng = random.Random(n)
    cids = [f"src{k}" for k in range(20)]
    lines = ["# Report", "", "## Key Findings"]
    lines += [f"{_sentence(rng)} [@{rng.choice(cids)}]" for _ in range(n)]
    return "report", {
        "case_id": "g",
        "report_markdown": "\n".join(lines),
        "citations": [{"cid": c, "status": "valid"} for c in cids],
    }


def code(n: int) -> tuple[str, dict]:
    symbols = code_symbols(n)
    refs = [{k: s[k] for k in REF_KEYS} for s in symbols]
    return "code", {
        "case_id": "g",
        "sample": {"question": "where?", "evidence_refs": refs},
        "context_symbols": [s["symbol_id"] for s in symbols],
        "symbols": symbols,
    }


SCENARIOS: dict[str, Callable[[int], tuple[str, dict]]] = {
    "answer/verbatim": answer_verbatim,
    "answer/quantities": answer_quantities,
    "answer/excerpt": answer_excerpt,
    "answer/one-sentence": answer_one_sentence,
    "anchored": anchored,
    "synthesis": synthesis,
    "report": report,
    "code": code,
}


def measure(kind: str, raw: dict, budget: float) -> tuple[float, int]:
    spec = get_gate(kind)
    case = spec.input_model.model_validate(raw)
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        spec.run(case, spec.default_policy)
        best = min(best, time.perf_counter() - t0)
        if best > budget:
            break
    size = len(str(raw))
    return best, size


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-sentences", type=int, default=10_000)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds for one run")
    args = parser.parse_args()
    sizes = [n for n in (10, 100, 1_000, 10_000) if n <= args.max_sentences]
    failed = []
    print(f"{'scenario':18} " + " ".join(f"{n:>14,}" for n in sizes) + "   ratio")
    for name, make in SCENARIOS.items():
        per_unit: list[float] = []
        cells = []
        for n in sizes:
            kind, raw = make(n)
            seconds, size = measure(kind, raw, args.budget)
            per_unit.append(seconds / n)
            cells.append(f"{seconds / n * 1e6:8.1f} µs/s ")
            if seconds > args.budget:
                failed.append(f"{name}: {seconds:.1f} s at {n:,} sentences ({size:,} bytes)")
                break
        ratio = per_unit[-1] / per_unit[0]
        cells += [" " * 14] * (len(sizes) - len(cells))
        print(f"{name:18} " + " ".join(cells) + f"  {ratio:5.2f}x")
        if ratio > 2:
            failed.append(
                f"{name}: cost per sentence grew {ratio:.1f}x "
                f"from {sizes[0]:,} to {sizes[len(per_unit) - 1]:,} sentences"
            )
    print("(µs/s: microseconds of gating per sentence of input; ratio: last size / first size)")
    if failed:
        print("SUPER-LINEAR:\n  " + "\n  ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
