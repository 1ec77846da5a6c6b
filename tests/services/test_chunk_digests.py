"""What ingestion stores for every shared PDF (chunks, pages, document row), byte for byte, against
the digests stored by bench/chunk_digests.py: faster ingestion must not move a single chunk. A
change meant to move chunks re-stores them with `python bench/chunk_digests.py --write` and says
so in its commit."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import chunk_digests  # noqa: E402

STORED = json.loads((BENCH / "chunk_digests.json").read_text(encoding="utf-8"))
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.mark.parametrize(
    ("name", "password", "policy"),
    chunk_digests.FILES,
    ids=[chunk_digests.key(n, p) for n, _, p in chunk_digests.FILES],
)
def test_ingestion_stores_the_same_bytes_as_before(name, password, policy):
    stored = STORED[chunk_digests.key(name, policy)]
    now = chunk_digests.ingest_and_digest(name, password, policy)
    assert now["sha256"] == stored["sha256"], chunk_digests.first_difference(stored, now)


def test_the_digest_sees_a_one_character_change():
    # The guard itself: change one chunk's text after ingestion and the digest moves, naming it.
    from groundgate.models import Chunk, Document

    name = "rotation.pdf"
    stored = STORED[name]
    chunk_digests.ingest_and_digest(name, None, None)
    document = Document.objects.get(title=name)
    chunk = Chunk.objects.filter(document=document).order_by("ordinal").last()
    Chunk.objects.filter(pk=chunk.pk).update(text=chunk.text + " ")
    now = chunk_digests.document_digest(document)
    assert now["sha256"] != stored["sha256"]
    last = len(stored["chunks"]) - 1
    assert chunk_digests.first_difference(stored, now) == f"chunk {last} differs"
