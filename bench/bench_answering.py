"""Answering figures (issue 7): end-to-end answers/s with the offline provider on the demo
dataset, and the share of time per stage. Run: .venv/bin/python bench/bench_answering.py

Uses a throwaway SQLite database under bench/out/answer/ loaded with `load_demo`. Each question
is asked once cold (storing a case) and then repeatedly; the figure is the repeated ones.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "answer"
sys.path.insert(0, str(ROOT))
shutil.rmtree(OUT, ignore_errors=True)
OUT.mkdir(parents=True)
os.environ["DATABASE_URL"] = f"sqlite:///{OUT / 'answer.sqlite3'}"
os.environ["MEDIA_ROOT"] = str(OUT / "media")
os.environ["GROUNDGATE_VAR_DIR"] = str(OUT)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from groundgate.models import Dataset  # noqa: E402
from groundgate.services.answering import answer_question  # noqa: E402

QUESTIONS = [
    "How often must the discharge valve be inspected?",
    "What operating pressure is allowed during inspection?",
    "How much grease do the bearings need?",
    "2023年地表水水质优良比例是多少？",
    "当事人何时超标排放废水？",
    "Who won the cricket world cup?",
]


def main() -> None:
    call_command("migrate", verbosity=0)
    call_command("load_demo", stdout=open(os.devnull, "w"))
    dataset = Dataset.objects.get(slug="demo")
    statuses = Counter()
    for q in QUESTIONS:  # cold: the index is built, tokenizer loaded, cases stored
        statuses[answer_question(dataset=dataset, question=q).run.public.status] += 1
    stages: Counter = Counter()
    rounds = 30
    started = time.perf_counter()
    for _ in range(rounds):
        for q in QUESTIONS:
            result = answer_question(dataset=dataset, question=q)
            for stage, ms in result.run.timings_ms.items():
                stages[stage] += ms
    wall = time.perf_counter() - started
    n = rounds * len(QUESTIONS)
    total = sum(stages.values())
    print(
        f"{n} answers in {wall:.2f} s: {n / wall:.0f} answers/s end to end (offline provider); "
        f"outcomes per question: {dict(statuses)}"
    )
    for stage, ms in sorted(stages.items(), key=lambda kv: -kv[1]):
        print(f"  {stage:20} {100 * ms / total:5.1f}%  ({ms / n:.2f} ms per answer)")
    print(
        f"  (unaccounted: storage lookup and Python overhead, {1000 * wall / n - total / n:.2f} ms"
        " per answer)"
    )


if __name__ == "__main__":
    main()
