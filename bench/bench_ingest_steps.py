"""Where the wall time of one PDF ingestion goes, step by step, from the call to the commit.

    DEBUG=1 .venv/bin/python bench/bench_ingest_steps.py [--old /tmp/old-tree] [--rounds 2]
        [--runs 3] [--pdf freeculture.pdf] [--database-url postgres://...]

For each tree (this one, then --old; alternately, a fresh process each) it ingests the PDF
--runs + 1 times through services.ingestion.document_ingest (0.5 s apart, a new dataset each
time) with time stamps written by the parent (wrapping the service's steps) and by the isolated
child and its page worker (bench/ingest_steps_child.py runs the child with its steps wrapped).
It prints, for the first ingestion of the process and the median of the later ones: when each
step ended (ms after the call), and the CPU time of the parent, the child and the page worker
during the ingestion. The trees must have documents/standby.py (e6591dc or later).

The "critical CPU" column adds the CPU on the path one ingestion waits for: the parent's, the
child's before and after the page ranges, and the slower of the two page ranges. With two free
cores the wall time is that plus what is no process's CPU (pipes, process exit, fsync): on a
loaded machine, compare it with the wall time to see how much of the wall was the queue for a
core.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PDFS = Path(os.environ.get("GROUNDGATE_SHARED_DIR", ROOT.parent / "shared")) / "data" / "pdfs"
CHILD = Path(__file__).resolve().parent / "ingest_steps_child.py"

# (label, process, mark): a step ends at the first such mark after the call.
STEPS = [
    ("child ready (standby or started)", "P", "child_start <"),
    ("bytes in the child", "C", "job >"),
    ("PDF opened", "C", "open_pdf <"),
    ("child's page range read", "C", "_read <"),
    ("worker's page range read", "W", "_read <"),
    ("parts joined", "C", "read_parts <"),
    ("answer written, child exits", "C", "_child <"),
    ("parent has the answer", "P", "communicate <"),
    ("answer checked", "P", "extract_pdf_isolated <"),
    ("file written", "P", "file save <"),
    ("rows written", "P", "_rows_write <"),
    ("committed, returned", "P", "ingest <"),
]


def measure(tree: Path, name: str, runs: int, database_url: str | None, out: Path) -> list[dict]:
    sys.path.insert(0, str(tree))
    os.environ["DATABASE_URL"] = database_url or f"sqlite:///{out / 'bench.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(out / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    trace_path = out / "trace.log"
    os.environ["GROUNDGATE_BENCH_TRACE"] = str(trace_path)
    import django

    django.setup()
    from django.core.files.storage import FileSystemStorage
    from django.core.management import call_command

    import groundgate.documents.isolated as isolated
    import groundgate.documents.standby as standby
    import groundgate.services.ingestion as ingestion
    from groundgate.services.datasets import dataset_get_or_create

    assert str(Path(ingestion.__file__).resolve()).startswith(str(tree))
    standby.COMMAND[:] = [sys.executable, str(CHILD)]
    from bench_ingest import worker_started

    worker_started()  # as a Celery worker process of the tree does when it starts
    call_command("migrate", verbosity=0)
    trace = open(trace_path, "a")

    def mark(what: str) -> None:
        trace.write(f"{time.time():.6f} {os.getpid()} P {time.process_time():.6f} {what}\n")
        trace.flush()

    def wrap(owner, name: str, label: str | None = None) -> None:
        function = getattr(owner, name)

        def wrapped(*args, **kwargs):
            mark(f"{label or name} >")
            try:
                return function(*args, **kwargs)
            finally:
                mark(f"{label or name} <")

        setattr(owner, name, wrapped)

    for step in ("extract_pdf_isolated", "_store", "_rows_write"):
        wrap(ingestion, step)
    wrap(isolated, "child_start")
    wrap(subprocess.Popen, "communicate")
    wrap(FileSystemStorage, "_save", "file save")
    data = (PDFS / name).read_bytes()
    stamp = f"{os.getpid()}-{time.time_ns()}"
    results = []
    for number in range(runs + 1):
        dataset = dataset_get_or_create(slug=f"steps-{stamp}-{number}")[0]
        time.sleep(0.5)  # as between two uploads: a child started ahead has time to start
        trace.write("-\n")
        mark("ingest >")
        result = ingestion.document_ingest(dataset=dataset, data=data, filename=name)
        mark("ingest <")
        assert result.ok, result.reason
    trace.close()
    for block in trace_path.read_text().split("-\n")[1:]:
        results.append(_steps(block))
    return results


def _steps(block: str) -> dict:
    marks = []
    for line in block.splitlines():
        at, pid, who, cpu, what = line.split(" ", 4)
        marks.append((float(at), int(pid), who, float(cpu), what))
    start = next(m for m in marks if m[4] == "ingest >")
    parent = start[1]
    child = next((m[1] for m in marks if m[2] == "C" and m[4] == "job >"), None)
    worker = next((m[1] for m in marks if m[2] == "C" and m[1] != child and m[4] == "_read >"), 0)
    who_is = {parent: "P", child: "C", worker: "W"}
    ends: dict[str, float] = {}
    for label, who, what in STEPS:
        found = [m for m in marks if who_is.get(m[1]) == who and m[4] == what and m[0] >= start[0]]
        if found:
            ends[label] = (found[0][0] - start[0]) * 1000

    def cpu(pid: int, first: str, last: str) -> float:
        own = [m for m in marks if m[1] == pid]
        begin = next((m[3] for m in own if m[4] == first), None)
        end = next((m[3] for m in reversed(own) if m[4] == last), None)
        return 0.0 if begin is None or end is None else (end - begin) * 1000

    parent_cpu = cpu(parent, "ingest >", "ingest <")
    child_part = cpu(child, "_read >", "_read <")
    worker_part = cpu(worker, "_read >", "_read <") if worker else 0.0
    child_all = cpu(child, "job >", "_child <")
    return {
        "ends": ends,
        "wall": ends.get("committed, returned", 0.0),
        "parent_cpu": parent_cpu,
        "child_cpu": child_all,
        "child_part_cpu": child_part,
        "worker_cpu": worker_part,
        "critical_cpu": parent_cpu + child_all - child_part + max(child_part, worker_part),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--old", type=Path, help="another checkout (with documents/standby.py)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pdf", default="freeculture.pdf")
    parser.add_argument("--database-url")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        out = Path(tempfile.mkdtemp(prefix="ingest-steps-"))
        try:
            result = measure(args.measure.resolve(), args.pdf, args.runs, args.database_url, out)
        finally:
            shutil.rmtree(out, ignore_errors=True)
        print(json.dumps(result))
        return
    trees = {"new": ROOT} | ({"old": args.old.resolve()} if args.old else {})
    print(f"load average before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    results: dict[str, list[dict]] = {label: [] for label in trees}
    for _ in range(args.rounds):
        for label, tree in trees.items():
            command = [sys.executable, str(Path(__file__).resolve()), "--measure", str(tree)]
            command += ["--pdf", args.pdf, "--runs", str(args.runs)]
            if args.database_url:
                command += ["--database-url", args.database_url]
            env = {**os.environ, "PYTHONPATH": f"{tree}{os.pathsep}{ROOT / 'bench'}"}
            done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
            if done.returncode:
                sys.exit(f"{label}: {done.stderr.strip()[-2000:]}")
            results[label].append(json.loads(done.stdout.strip().splitlines()[-1]))
    print(f"load average after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    print(f"\n{args.pdf}: ms after the call (median; 'next' = median of the later runs)")
    columns = [(label, kind) for label in trees for kind in ("first", "next")]
    print(f"{'step ends':36}" + "".join(f"{label + ' ' + kind:>14}" for label, kind in columns))
    table = {column: _median_run(results[column[0]], column[1]) for column in columns}
    for step, _, _ in STEPS:
        cells = [table[column]["ends"].get(step) for column in columns]
        shown = (f"{c:14.1f}" if c is not None else f"{'-':>14}" for c in cells)
        print(f"{step:36}" + "".join(shown))
    for key in ("parent_cpu", "child_cpu", "child_part_cpu", "worker_cpu", "critical_cpu"):
        shown = (f"{table[column][key]:14.1f}" for column in columns)
        print(f"{key.replace('_', ' ') + ' (ms)':36}" + "".join(shown))


def _median_run(rounds: list[list[dict]], kind: str) -> dict:
    runs = [r[0] for r in rounds] if kind == "first" else [run for r in rounds for run in r[1:]]
    steps = {step for run in runs for step in run["ends"]}
    return {
        "ends": {s: statistics.median(r["ends"][s] for r in runs if s in r["ends"]) for s in steps},
        **{
            key: statistics.median(r[key] for r in runs)
            for key in ("wall", "parent_cpu", "child_cpu", "child_part_cpu", "worker_cpu")
        },
        "critical_cpu": statistics.median(r["critical_cpu"] for r in runs),
    }


if __name__ == "__main__":
    main()
