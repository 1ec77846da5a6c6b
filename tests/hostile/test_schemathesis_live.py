"""schemathesis against the live server (gunicorn on 127.0.0.1, a fresh seeded database),
over real HTTP: every operation of the published schema, valid and invalid inputs, as the
dataset's admin. No 500 and no response that breaks the schema. Bounded (a few examples per
operation) and deterministic (fixed seed, deterministic generation); bench/bench_schemathesis.py
runs the same with many more examples."""

from __future__ import annotations

import pytest

from tests.hostile.live_server import free_port, live_server, token
from tests.hostile.schemathesis_run import run_schemathesis

SEED = 14


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    port = free_port()
    var_dir = tmp_path_factory.mktemp("schemathesis-server")
    with live_server(var_dir, port=port, postgres_name="groundgate_schemathesis"):
        yield f"http://127.0.0.1:{port}"


def test_no_server_error_and_no_schema_violation_over_real_http(base_url, tmp_path):
    run = run_schemathesis(
        base_url,
        token=token("ada"),
        max_examples=5,
        seed=SEED,
        report_dir=tmp_path,
        phases="coverage,fuzzing",
    )
    assert run.operations >= 25 and run.cases > 500, run.summary()
    assert (run.failures, run.errors, run.exit_code) == ([], [], 0), run.output[-6000:]
