"""The retrieval benches' database (bench/out/retrieval): bench_retrieval.py builds it fresh;
the scripts that read its questions' runs again (bridged_terms, the ablations) open it as left."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "retrieval"


def django_on_retrieval_db(*, fresh: bool = False) -> None:
    """Django set up on the retrieval benches' SQLite database; `fresh` empties its folder."""
    sys.path.insert(0, str(ROOT))
    if fresh:
        shutil.rmtree(OUT, ignore_errors=True)
        OUT.mkdir(parents=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{OUT / 'retrieval.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(OUT / "media")
    os.environ["GROUNDGATE_VAR_DIR"] = str(OUT)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    import django

    django.setup()
