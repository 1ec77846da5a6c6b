"""PDF ingestion vs PyMuPDF's own extraction with the same flags (issue 15: goal <= 1.3x on
freeculture.pdf), this code against another checkout of the project, alternately.

    DEBUG=1 .venv/bin/python bench/bench_ingest.py [--old /tmp/old-tree] [--rounds 3] [--runs 3]
        [--database-url postgres://...] [--pdf freeculture.pdf --pdf tracemonkey.pdf]

Each round runs, for each tree (this one, then --old), a fresh Python process (cwd and PYTHONPATH
the tree, so its child processes run its code too) that:
  1. times PyMuPDF's page.get_text("dict", flags=TEXT_FLAGS) over every page, best of --runs
     (the yardstick, in the same process, same moment);
  2. ingests the PDF with services.ingestion.document_ingest into a throwaway database (SQLite, or
     --database-url): the first ingestion of the process ("first": the process starts as a Celery
     worker process of the tree does, which may start the first PDF's child ahead; the
     yardstick and a 0.5 s pause come before it) and the best of --runs more
     ("next": a later upload in the same worker, 0.5 s after the previous one; where the code
     starts the next child ahead of time, its start-up is off this wait).
Wall time and CPU time (this process and its children, getrusage) are printed for each, with the
ratio to the yardstick: the goal figure is `next / same flags` for freeculture.pdf. The load
average before and after the whole run is printed too: on a shared machine, compare trees only
within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PDFS = Path(os.environ.get("GROUNDGATE_SHARED_DIR", ROOT.parent / "shared")) / "data" / "pdfs"


def cpu_now() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(fn) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), cpu_now()
    fn()
    return time.perf_counter() - wall, cpu_now() - cpu


def measure(tree: Path, name: str, runs: int, database_url: str | None, out: Path) -> dict:
    """One fresh process: the yardstick and the ingestions of `name` with the code of `tree`."""
    sys.path.insert(0, str(tree))
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{out / 'bench.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(out / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    import django

    django.setup()
    import pymupdf
    from django.core.management import call_command

    from groundgate.documents.pdf_text import TEXT_FLAGS
    from groundgate.models import Chunk
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.ingestion import document_ingest

    assert str(Path(document_ingest.__code__.co_filename).resolve()).startswith(str(tree))
    worker_started()  # as a Celery worker process does when it starts (where the tree does)
    call_command("migrate", verbosity=0)
    data = (PDFS / name).read_bytes()

    def same_flags() -> None:
        doc = pymupdf.open(stream=data, filetype="pdf")
        for page in doc:
            page.get_text("dict", flags=TEXT_FLAGS)
        doc.close()

    counter = iter(range(10_000))
    stamp = f"{os.getpid()}-{time.time_ns()}"

    def ingest() -> None:
        result = document_ingest(dataset=datasets.pop(), data=data, filename=name)
        assert result.ok, result.reason

    def pause_then(fn):
        # Uploads to one worker come seconds apart, not back to back: the pause (not timed)
        # lets a child started ahead of time finish starting, as it would between uploads.
        time.sleep(0.5)
        return timed(fn)

    # A new dataset each time: the file is really ingested, not found as a duplicate.
    datasets = [
        dataset_get_or_create(slug=f"bench-{stamp}-{next(counter)}")[0] for _ in range(runs + 1)
    ]
    yard = min((timed(same_flags) for _ in range(runs)), key=lambda t: t[0])
    first = pause_then(ingest)
    later = min((pause_then(ingest) for _ in range(runs)), key=lambda t: t[0])
    chunks = Chunk.objects.filter(dataset__slug__startswith=f"bench-{stamp}-").count()
    chunks //= runs + 1
    return {
        "pages": pymupdf.open(stream=data).page_count,
        "chunks": chunks,
        "same": yard,
        "first": first,
        "next": later,
    }


def worker_started() -> None:
    """What a Celery worker process of the tree runs when it starts: from 2026-11-22 on, it starts
    the isolated child of its first PDF (celery_app._start_pdf_child); before, nothing."""
    import groundgate.celery_app as celery_app

    start = getattr(celery_app, "_start_pdf_child", None)
    if start is not None:
        start()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", type=Path, help="another checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pdf", action="append", help="file of ../shared/data/pdfs")
    parser.add_argument("--database-url", help="default: a throwaway SQLite file")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # one tree, this process
    args = parser.parse_args()
    names = args.pdf or ["freeculture.pdf", "tracemonkey.pdf"]
    if args.measure:
        out = ROOT / "bench" / "out" / f"ingest-{os.getpid()}"
        try:
            result = measure(args.measure.resolve(), names[0], args.runs, args.database_url, out)
        finally:
            shutil.rmtree(out, ignore_errors=True)
        print(json.dumps(result))
        return
    trees = {"new": ROOT} | ({"old": args.old.resolve()} if args.old else {})
    print(f"load average before: {' '.join(os.getloadavg().__repr__()[1:-1].split(', '))}")
    results: dict[tuple[str, str], list[dict]] = {}
    for round_number in range(args.rounds):
        for name in names:
            for label, tree in trees.items():  # A B A B: the same moments for both trees
                command = [sys.executable, str(Path(__file__).resolve()), "--measure", str(tree)]
                command += ["--pdf", name, "--runs", str(args.runs)]
                if args.database_url:
                    command += ["--database-url", args.database_url]
                env = {**os.environ, "PYTHONPATH": str(tree)}
                done = subprocess.run(
                    command, cwd=tree, env=env, capture_output=True, text=True, check=False
                )
                if done.returncode:
                    sys.exit(f"{label} {name}: {done.stderr.strip()[-2000:]}")
                result = json.loads(done.stdout.strip().splitlines()[-1])
                results.setdefault((name, label), []).append(result)
                print(f"  round {round_number + 1} {label} {name}: {_line(result)}", flush=True)
    print(f"load average after: {' '.join(os.getloadavg().__repr__()[1:-1].split(', '))}")
    print("\nmedian over rounds (wall s / CPU s); ratios are the median of each round's ratio:")
    for (name, label), rows in results.items():
        median = {
            key: tuple(statistics.median(r[key][i] for r in rows) for i in (0, 1))
            for key in ("same", "first", "next")
        }
        ratios = {
            key: statistics.median(r[key][0] / r["same"][0] for r in rows)
            for key in ("first", "next")
        }
        print(f"{label} {name} ({rows[0]['pages']} pages, {rows[0]['chunks']} chunks): ", end="")
        print(_line({**rows[0], **median}, ratios))


def _line(r: dict, ratios: dict | None = None) -> str:
    same, first, later = r["same"], r["first"], r["next"]
    ratios = ratios or {"first": first[0] / same[0], "next": later[0] / same[0]}
    return (
        f"same flags {same[0]:.3f}/{same[1]:.3f}; ingestion first {first[0]:.3f}/{first[1]:.3f} "
        f"= {ratios['first']:.2f}x, next {later[0]:.3f}/{later[1]:.3f} "
        f"= {ratios['next']:.2f}x like for like (CPU {later[1] / same[1]:.2f}x)"
    )


if __name__ == "__main__":
    main()
