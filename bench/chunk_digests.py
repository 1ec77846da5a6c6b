"""What PDF ingestion stores, byte for byte, for every shared PDF: a guard for speed work.

    python bench/chunk_digests.py [--write]

Ingests each readable PDF of ../shared/data/pdfs through services.ingestion.document_ingest (the
child process, the chunker, the row writes: the whole path) into a throwaway SQLite database, reads
the rows back, and hashes their canonical JSON:
  - every Chunk's chunk_id, ordinal, kind, text, page_index, bbox, position_int, metadata (the line
    boxes) and the R2 fields (knowledge_id, knowledge_type, equipment_id, event_date,
    source_reference), one SHA-256 per chunk;
  - every Page's index, width, height and rotation; the Document's status, page count, warnings,
    kind and whether the stored file is the upload itself.
One digest per file (and chunking policy) over all of that, plus a short digest per chunk so a
failure names the first chunk that moved. The stored digests are in bench/chunk_digests.json; the
script exits 1 when one differs. `--write` stores the current ones (only for a change that is
meant to move chunks, said so in its commit). tests/services/test_chunk_digests.py runs the same
comparison in the suite, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STORED = ROOT / "bench" / "chunk_digests.json"
PDFS = Path(os.environ.get("GROUNDGATE_SHARED_DIR", ROOT.parent / "shared")) / "data" / "pdfs"

# (file, password, chunking policy as (min_chars, max_chars) or None for the default)
FILES: list[tuple[str, str | None, tuple[int, int] | None]] = [
    ("tracemonkey.pdf", None, None),
    ("tracemonkey.pdf", None, (100, 400)),
    ("freeculture.pdf", None, None),
    ("rotation.pdf", None, None),
    ("hello_world_rotated.pdf", None, None),
    ("XiaoBiaoSong.pdf", None, None),
    ("helloworld-bad.pdf", None, None),
    ("issue6010_1.pdf", "abc", None),
    ("issue6010_2.pdf", "æøå", None),
]


def key(name: str, policy: tuple[int, int] | None) -> str:
    return name if policy is None else f"{name}@{policy[0]}-{policy[1]}"


def _canonical(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def _decrypted_copy(data: bytes, page_count: int) -> str:
    import pymupdf

    doc = pymupdf.open(stream=data, filetype="pdf")
    assert not doc.needs_pass and doc.page_count == page_count
    return "decrypted copy"


def document_digest(document) -> dict:
    """{"sha256": over everything stored for `document`, "chunks": [12 hex digits per chunk]}."""
    from groundgate.models import Chunk, Page

    whole = hashlib.sha256()
    with document.file.open("rb") as fh:
        stored = fh.read()
    # The upload itself, or (for an encrypted PDF) a decrypted copy, whose bytes MuPDF writes
    # differently each time: for that one, only that it is a PDF that opens without a password.
    as_uploaded = hashlib.sha256(stored).hexdigest() == document.sha256
    kept = "as uploaded" if as_uploaded else _decrypted_copy(stored, document.page_count)
    head = [document.status, document.page_count, document.warnings, document.kind, kept]
    whole.update(_canonical(head))
    for page in Page.objects.filter(document=document).order_by("index"):
        whole.update(_canonical([page.index, page.width, page.height, page.rotation]))
    per_chunk = []
    for c in Chunk.objects.filter(document=document).order_by("ordinal"):
        row = [
            c.chunk_id,
            c.ordinal,
            c.kind,
            c.text,
            c.page_index,
            c.bbox,
            c.position_int,
            c.metadata,
            c.knowledge_id,
            c.knowledge_type,
            c.equipment_id,
            c.event_date and c.event_date.isoformat(),
            c.source_reference,
        ]
        digest = hashlib.sha256(_canonical(row)).hexdigest()
        whole.update(digest.encode())
        per_chunk.append(digest[:12])
    return {"sha256": whole.hexdigest(), "chunks": per_chunk}


def ingest_and_digest(name: str, password: str | None, policy: tuple[int, int] | None) -> dict:
    from groundgate.documents.chunking import DEFAULT_CHUNKING, ChunkingPolicy
    from groundgate.services.datasets import dataset_get_or_create
    from groundgate.services.ingestion import document_ingest

    slug = "digest-" + re.sub(r"[^A-Za-z0-9]", "-", key(name, policy))
    dataset, _ = dataset_get_or_create(slug=slug)
    chunking = DEFAULT_CHUNKING if policy is None else ChunkingPolicy(*policy)
    result = document_ingest(
        dataset=dataset,
        data=(PDFS / name).read_bytes(),
        filename=name,
        password=password,
        policy=chunking,
    )
    assert result.ok, f"{name}: {result.status}: {result.reason}"
    return document_digest(result.document)


def first_difference(stored: dict, now: dict) -> str:
    """Where two digests of one file part: a count, or the first chunk that moved."""
    old, new = stored["chunks"], now["chunks"]
    for ordinal, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return f"chunk {ordinal} differs"
    if len(old) != len(new):
        return f"{len(new)} chunks instead of {len(old)}"
    return "the pages or the document row differ (every chunk is the same)"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true", help="store the current digests")
    args = parser.parse_args()
    out = ROOT / "bench" / "out" / "chunk_digests"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{out / 'digests.sqlite3'}"
    os.environ["MEDIA_ROOT"] = str(out / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    os.environ.setdefault("DEBUG", "1")  # a throwaway database: the development key will do
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    now = {key(n, p): ingest_and_digest(n, pw, p) for n, pw, p in FILES}
    if args.write:
        STORED.write_text(json.dumps(now, indent=1) + "\n", encoding="utf-8")
        print(f"stored {len(now)} digests in {STORED.relative_to(ROOT)}")
        return 0
    stored = json.loads(STORED.read_text(encoding="utf-8"))
    failed = 0
    for name, digest in now.items():
        same = stored.get(name, {}).get("sha256") == digest["sha256"]
        failed += not same
        before = stored.get(name, {"chunks": []})
        detail = "" if same else f"  <- {first_difference(before, digest)}"
        print(f"{'same' if same else 'DIFFERS'}  {name}: {len(digest['chunks'])} chunks{detail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
