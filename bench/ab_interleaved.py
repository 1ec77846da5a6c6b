"""Two checkouts of the answer gate in ONE process, batch by batch (A B A B ...), CPU time.

    python bench/ab_interleaved.py OLD_CHECKOUT [NEW_CHECKOUT] [--cases 2000] [--rounds 7]

ab_answer_gate.py runs each checkout in a fresh process, a few seconds apart; on a loaded
machine the speed of the machine moves between those seconds by more than a small change
gains. Here both engines are imported into one process (each under its own copy of the
`groundgate` modules) and gate the same cases in alternating batches of 100, so that both see
the same machine; each figure is the best round (CPU per case, time.process_time), for the
accepted cases (every value verbatim in an excerpt) and the rejected ones (a value in none)
apart, and the 80/20 mix of the corpus as cases/s.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from corpus import write_corpus  # noqa: E402

BATCH = 100


def load(checkout: Path):
    """The gate module of one checkout, with its own copy of every groundgate module."""
    for name in [n for n in sys.modules if n == "groundgate" or n.startswith("groundgate.")]:
        del sys.modules[name]
    sys.path.insert(0, str(checkout))
    try:
        return importlib.import_module("groundgate.engine.gates.answer")
    finally:
        sys.path.remove(str(checkout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path, nargs="?", default=ROOT)
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    corpus = write_corpus(ROOT / "bench" / "out" / f"answer-{args.cases}.jsonl", args.cases)
    lines = corpus.read_bytes().splitlines()
    engines = {}
    for name, checkout in (("old", args.old.resolve()), ("new", args.new.resolve())):
        module = load(checkout)
        cases = [module.AnswerCase.model_validate_json(line) for line in lines]
        statuses = [module.gate_answer(c).status for c in cases]
        engines[name] = (module.gate_answer, cases, statuses)
    # The same statuses both ways (the verdict digests hold the bytes).
    assert engines["old"][2] == engines["new"][2]
    statuses = engines["new"][2]
    groups = {
        "accepted": [i for i, s in enumerate(statuses) if s == "ok"],
        "rejected": [i for i, s in enumerate(statuses) if s != "ok"],
    }
    best = {(n, g): float("inf") for n in engines for g in groups}
    for _ in range(args.rounds):
        spent = {key: 0.0 for key in best}
        for group, indices in groups.items():
            for start in range(0, len(indices), BATCH):
                batch = indices[start : start + BATCH]
                for name, (gate, cases, _) in engines.items():
                    chosen = [cases[i] for i in batch]
                    t = time.process_time()
                    for case in chosen:
                        gate(case)
                    spent[name, group] += time.process_time() - t
        for key, seconds in spent.items():
            best[key] = min(best[key], seconds / len(groups[key[1]]))
    share = len(groups["rejected"]) / len(statuses)
    for name in engines:
        ok, bad = best[name, "accepted"], best[name, "rejected"]
        mix = (1 - share) * ok + share * bad
        print(
            f"{name}: CPU per accepted case {ok * 1e6:.1f} µs, per rejected case "
            f"{bad * 1e6:.1f} µs; the corpus mix {mix * 1e6:.1f} µs = {1 / mix:,.0f} cases/s"
        )
    for group in groups:
        ratio = best["new", group] / best["old", group]
        print(f"new/old {group}: {ratio:.3f}")


if __name__ == "__main__":
    main()
