from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEMO_CASES = ROOT / "fixtures" / "demo" / "cases.jsonl"
# ../shared beside the checkout (as in CI), or wherever GROUNDGATE_SHARED_DIR says.
SHARED = Path(os.environ.get("GROUNDGATE_SHARED_DIR", ROOT.parent / "shared"))


@pytest.fixture
def demo_dataset(db):
    """The demo dataset, imported and gated through the same service `make run` uses."""
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.imports import case_import_lines

    dataset, _ = dataset_get_or_create(slug="demo")
    with DEMO_CASES.open("rb") as fh:
        report = case_import_lines(dataset=dataset, lines=fh)
    assert not report.errors
    return dataset


def run_groundgate(*args: str, stdin: str | None = None, cwd=None):
    """Run the `groundgate` command as a user does: a real process with no Django settings."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-m", "groundgate.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
    )
