"""Sentence splitter scaling (issue 11): seconds to split answers of 10, 100, 1,000 and 10,000
sentences. Every sentence holds the splitter's exceptions (an abbreviation, an initial, a
decimal), so every period is examined. Linear time means 10x the sentences take ~10x as long.

Run: .venv/bin/python bench/bench_sentences.py [--runs 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from groundgate.engine.sentences import split_sentences

UNIT = "The valve Inc. is inspected every 2.5 days by J. Smith [C0]. "


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    previous = None
    for n in (10, 100, 1_000, 10_000):
        text = UNIT * n
        best = float("inf")
        for _ in range(args.runs):
            t0 = time.perf_counter()
            sentences = split_sentences(text)
            best = min(best, time.perf_counter() - t0)
        assert len(sentences) == n, len(sentences)
        growth = f"  x{best / previous:5.1f} for 10x" if previous else ""
        print(f"{n:>6} sentences  {best * 1000:9.2f} ms{growth}")
        previous = best


if __name__ == "__main__":
    main()
