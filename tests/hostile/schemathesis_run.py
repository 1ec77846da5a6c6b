"""Run schemathesis (its `st` command, as a user would) against a live server's published
OpenAPI schema, and read its JSON report. Used by tests/hostile/test_schemathesis_live.py
(bounded) and bench/bench_schemathesis.py (the big run)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.hostile.live_server import ROOT

# Every dataset-scoped path gets the seeded dataset, so generated requests reach the views'
# own validation instead of stopping at a 404 for a random slug.
CONFIG = """
[parameters]
"path.slug" = "team"
"""
CHECKS = "not_a_server_error,response_schema_conformance"


@dataclass(frozen=True)
class SchemathesisRun:
    exit_code: int
    cases: int  # test cases generated and sent
    failures: list[dict]  # one per unique failure: the operation, the check, a curl line
    errors: list[dict]  # cases schemathesis could not run (e.g. nothing to serialize)
    operations: int
    seconds: float
    output: str  # st's own report, for a failing test's message

    def summary(self) -> str:
        return (
            f"{self.operations} operations, {self.cases} cases, "
            f"{len(self.failures)} failures, {len(self.errors)} errors, {self.seconds:.0f} s"
        )


def run_schemathesis(
    base_url: str,
    *,
    token: str,
    max_examples: int,
    seed: int,
    report_dir: Path,
    workers: int = 2,
    phases: str = "examples,coverage,fuzzing,stateful",
) -> SchemathesisRun:
    report_dir.mkdir(parents=True, exist_ok=True)
    config = report_dir / "schemathesis.toml"
    config.write_text(CONFIG)
    st = Path(sys.executable).parent / "st"
    command = [
        str(st),
        "--config-file",
        str(config),
        "run",
        f"{base_url}/api/schema/",
        "--header",
        f"Authorization: Token {token}",
        "--checks",
        CHECKS,
        "--max-examples",
        str(max_examples),
        "--seed",
        str(seed),
        "--generation-deterministic",  # and so no example database between runs
        "--phases",
        phases,
        "--workers",
        str(workers),
        "--request-timeout",
        "120",
        "--no-color",
        "--report",
        "json",
        "--report-json-path",
        str(report_dir / "report.json"),
    ]
    env = dict(
        os.environ,
        SCHEMATHESIS_HOOKS="tests.hostile.schemathesis_hooks",
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=report_dir)
    if not (report_dir / "report.json").exists():  # st stopped before testing (bad options...)
        raise RuntimeError(f"st exited {done.returncode}:\n{done.stdout}{done.stderr}")
    report = json.loads((report_dir / "report.json").read_text())
    return SchemathesisRun(
        exit_code=done.returncode,
        cases=report["test_cases"]["generated"],
        failures=report["failures"],
        errors=report["errors"],
        operations=report["operations"]["tested"],
        seconds=report["running_time"],
        output=done.stdout + done.stderr,
    )
