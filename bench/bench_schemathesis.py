"""The big schemathesis run against a live server (issue 14): every operation of the published
OpenAPI schema, many generated inputs each (valid and invalid), all four phases (examples,
coverage, fuzzing, stateful), as the dataset's admin and as a reviewer.

Run: .venv/bin/python bench/bench_schemathesis.py [--max-examples 100] [--seed 14] [--port N]
     [--url http://127.0.0.1:8123]   (an already running, seeded server instead of a new one)

Starts gunicorn (2 workers x 8 threads) on 127.0.0.1 against a fresh SQLite file under
bench/out/schemathesis/ (tests/hostile/live_server.py, the server the live tests use), runs
`st run` with the checks not_a_server_error and response_schema_conformance, and prints the
cases run, failures and errors per caller. Exit status 1 when anything failed. Figures go in
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.hostile.live_server import free_port, live_server, token  # noqa: E402
from tests.hostile.schemathesis_run import run_schemathesis  # noqa: E402

OUT = ROOT / "bench" / "out" / "schemathesis"


def run_all(base_url: str, args) -> int:
    failed = 0
    for caller in ("ada", "rita"):  # the dataset's admin, a reviewer
        run = run_schemathesis(
            base_url,
            token=token(caller),
            max_examples=args.max_examples,
            seed=args.seed,
            report_dir=OUT / caller,
            workers=args.workers,
        )
        print(f"{caller}: {run.summary()}")
        for failure in run.failures:
            print(f"  FAILURE {failure}")
        for error in run.errors:
            print(f"  ERROR {error}")
        failed += len(run.failures) + len(run.errors)
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=100)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--port", type=int, default=0, help="default: a free port")
    parser.add_argument("--url", help="test this running server (seeded like live_server)")
    args = parser.parse_args()
    if args.url:
        return run_all(args.url.rstrip("/"), args)
    shutil.rmtree(OUT, ignore_errors=True)
    OUT.mkdir(parents=True)
    port = args.port or free_port()
    with live_server(OUT, port=port, postgres_name="groundgate_schemathesis_bench"):
        return run_all(f"http://127.0.0.1:{port}", args)


if __name__ == "__main__":
    sys.exit(main())
