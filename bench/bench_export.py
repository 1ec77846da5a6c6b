"""The export through `manage.py export`, every format, at two sizes: records/s, CPU and peak RSS
(issue 15: jsonl >= 20,000 records/s, RSS <= 200 MB; issue 16: every format >= 10k records/s,
memory flat, i.e. the same peak at 10k and 100k records).

Run:
    .venv/bin/python bench/bench_export.py --build 10000 --build 100000
    .venv/bin/python bench/bench_export.py [--db FILE_OR_URL ...] [--formats jsonl,otel]
        [--rounds 2] [--code /tmp/old-checkout]

--build N builds bench/out/export/export-N.sqlite3 (N answer cases cycled from the demo cases,
each gated, 20% reviewed: bench_review_ui.py's builder, dataset `big`); with --database-url it
builds into that PostgreSQL database instead (dropped and made again).
Without --db the databases measured are bench/out/export/export-*.sqlite3.

Each measurement is a fresh process, `python manage.py export --dataset big --format F --output
FILE`, start-up included, exactly what a user runs; records/s is records / wall seconds. CPU is
the child's user + system time and peak RSS its ru_maxrss (wait4: this process stays small and
execs the child, so the figure is the export's own). --code DIR adds a second checkout (e.g. a
git worktree of an older commit): the two are run alternately, A B A B, on the same database, and
the output of each is hashed, so a change that alters a single byte shows (a Parquet file is
hashed by its bytes, which pyarrow writes deterministically).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "export"
FORMATS = ("jsonl", "labelstudio", "parquet", "otel")
SECRET = "bench-export-" + "k" * 50


def build(count: int, database_url: str | None) -> None:
    """Build the database in a child process (this one never imports Django)."""
    OUT.mkdir(parents=True, exist_ok=True)
    url = database_url
    if url is None:
        path = OUT / f"export-{count}.sqlite3"
        for stale in OUT.glob(f"export-{count}.sqlite3*"):
            stale.unlink()
        url = f"sqlite:///{path}"
    recreate = ""
    if url.startswith("postgres"):
        recreate = f"from bench_api import recreate_postgres; recreate_postgres({url!r}); "
    code = (
        "import os, sys; sys.path.insert(0, 'bench'); "
        + recreate
        + "os.environ['DJANGO_SETTINGS_MODULE'] = 'groundgate.settings'; "
        "import django; django.setup(); "
        f"import bench_review_ui; bench_review_ui.build({count})"
    )
    env = _env(url) | {"MEDIA_ROOT": str(OUT / "media")}
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True)
    print(f"built {count} cases into {url}")


def _env(url: str) -> dict[str, str]:
    env = dict(os.environ)
    env |= {"DATABASE_URL": url, "SECRET_KEY": SECRET, "DEBUG": "0"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return env


def _loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def run_export(code: Path, url: str, fmt: str, output: Path) -> dict:
    """One `manage.py export` in a fresh process: wall, CPU, peak RSS, records, output hash."""
    command = [
        sys.executable,
        str(code / "manage.py"),
        "export",
        "--dataset",
        "big",
        "--format",
        fmt,
        "--output",
        str(output),
    ]
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=code, env=_env(url), stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    stderr = child.stderr.read().decode() if child.stderr else ""
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"export failed ({code}, {fmt}):\n{stderr}")
    # "exported N records from big"
    records = int(stderr.rsplit("exported ", 1)[1].split()[0])
    digest = hashlib.sha256()
    with output.open("rb") as fh:
        while block := fh.read(1 << 20):
            digest.update(block)
    return {
        "records": records,
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "rss_mb": usage.ru_maxrss / 1024,
        "sha256": digest.hexdigest()[:16],
        "bytes": output.stat().st_size,
    }


def measure(dbs: list[str], formats: list[str], codes: list[Path], rounds: int) -> None:
    print(f"load average at start: {_loadavg()}")
    print(
        f"{'database':22} {'format':12} {'code':14} {'records':>8} {'wall s':>7} {'records/s':>10}"
        f" {'CPU s':>6} {'rec/CPU s':>9} {'peak RSS':>9}  output sha256"
    )
    with tempfile.TemporaryDirectory(prefix="bench-export-") as scratch:
        for db in dbs:
            url = db if "://" in db else f"sqlite:///{Path(db).resolve()}"
            name = Path(db).name if "://" not in db else db.rsplit("/", 1)[-1]
            for fmt in formats:
                for _ in range(rounds):
                    for code in codes:
                        line = run_export(code, url, fmt, Path(scratch) / f"out.{fmt}")
                        print(
                            f"{name[:22]:22} {fmt:12} {code.name[:14]:14} {line['records']:>8,}"
                            f" {line['wall']:7.2f} {line['records'] / line['wall']:>10,.0f}"
                            f" {line['cpu']:6.2f} {line['records'] / line['cpu']:>9,.0f}"
                            f" {line['rss_mb']:6.0f} MB  {line['sha256']}"
                            f"  (load {_loadavg()})",
                            flush=True,
                        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", type=int, action="append", default=[])
    parser.add_argument("--database-url", default=None, help="build into this PostgreSQL db")
    parser.add_argument("--db", action="append", default=[], help="SQLite file or database URL")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--code", type=Path, action="append", default=[], help="another checkout")
    args = parser.parse_args()
    for count in args.build:
        build(count, args.database_url)
    if args.build and not args.db:
        return
    dbs = args.db or sorted(str(p) for p in OUT.glob("export-*.sqlite3"))
    if not dbs:
        raise SystemExit("no database: --build 10000 --build 100000 first, or --db")
    measure(dbs, args.formats.split(","), [ROOT, *args.code], args.rounds)


if __name__ == "__main__":
    main()
