"""A real Arize Phoenix, started by `make test-phoenix` (.ci/phoenix): its address comes from
PHOENIX_URL. Without it every test here skips (as in `make test`)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

URL = os.environ.get("PHOENIX_URL", "").rstrip("/")


def pytest_collection_modifyitems(items):
    if URL:
        return
    skip = pytest.mark.skip(reason="no Phoenix: `make test-phoenix` starts one")
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(skip)
