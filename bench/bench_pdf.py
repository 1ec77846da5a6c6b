"""PDF figures (issue 4). Run: .venv/bin/python bench/bench_pdf.py [--runs N]

1. Ingestion (open, extract, chunk, write Document/Pages/Chunks + file) vs PyMuPDF's bare
   page.get_text("dict") over the same pages. Goal <= 1.5x.
2. A highlighted render vs a plain pixmap of the same page, both to PNG. Goal <= 1.2x.
3. A cached render (the service call that finds the PNG on disk). Goal <= 5 ms.
Uses a throwaway SQLite database and media folder under bench/out/.
Issue 15's ingestion figure (like for like, with wall and CPU time, the first ingestion of a
process apart from later ones, against another checkout) is bench/bench_ingest.py's.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out" / "pdf"
sys.path.insert(0, str(ROOT))
shutil.rmtree(OUT, ignore_errors=True)
OUT.mkdir(parents=True)
os.environ["DATABASE_URL"] = f"sqlite:///{OUT / 'bench.sqlite3'}"
os.environ["MEDIA_ROOT"] = str(OUT / "media")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")

import django  # noqa: E402

django.setup()

import pymupdf  # noqa: E402
from django.core.management import call_command  # noqa: E402

from groundgate.documents.pdf_text import TEXT_FLAGS  # noqa: E402
from groundgate.documents.render import Highlight, render_page_png  # noqa: E402
from groundgate.models import Chunk, Document  # noqa: E402
from groundgate.services.datasets import dataset_get_or_create  # noqa: E402
from groundgate.services.ingestion import document_ingest  # noqa: E402
from groundgate.services.rendering import page_render, render_cache_dir  # noqa: E402

PDFS = ROOT.parent / "shared" / "data" / "pdfs"


def best(runs: int, fn) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def bench_ingestion(name: str, runs: int) -> None:
    data = (PDFS / name).read_bytes()

    def bare() -> None:
        doc = pymupdf.open(stream=data, filetype="pdf")
        for page in doc:
            page.get_text("dict")
        doc.close()

    def bare_same_flags() -> None:  # like for like: without embedded images, as we extract
        doc = pymupdf.open(stream=data, filetype="pdf")
        for page in doc:
            page.get_text("dict", flags=TEXT_FLAGS)
        doc.close()

    counter = iter(range(10_000))

    def ingest() -> None:
        # A new dataset each time so the file is really ingested, not found as a duplicate.
        dataset, _ = dataset_get_or_create(slug=f"bench-{next(counter)}")
        result = document_ingest(dataset=dataset, data=data, filename=name)
        assert result.ok, result.reason

    bare_s, same_s, ingest_s = best(runs, bare), best(runs, bare_same_flags), best(runs, ingest)
    pages = pymupdf.open(stream=data).page_count
    chunks = Chunk.objects.filter(document__title=name).count() // runs
    print(
        f"ingest {name}: {pages} pages, {chunks} chunks: bare get_text('dict') {bare_s:.3f} s, "
        f"same flags {same_s:.3f} s; ingestion {ingest_s:.3f} s = {ingest_s / bare_s:.2f}x "
        f"({ingest_s / same_s:.2f}x like for like)"
    )


def bench_render(runs: int) -> None:
    data = (PDFS / "tracemonkey.pdf").read_bytes()
    probe = pymupdf.open(stream=data)
    words = probe[0].get_text("words")
    highlights = [
        Highlight("chunk", (72, 100, 300, 200)),
        Highlight("true_box", (72, 100, 300, 200)),
        Highlight("evidence", (72, 106, 300, 206)),
        Highlight("finding", tuple(words[10][:4])),
        Highlight("excerpt", (50, 60, 560, 300), " ".join(w[4] for w in words[3:9])),
    ]
    zoom = 1.5

    def plain() -> None:
        doc = pymupdf.open(stream=data)
        doc[0].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False).tobytes("png")

    def marked() -> None:
        doc = pymupdf.open(stream=data)
        render_page_png(doc, 0, zoom=zoom, highlights=highlights)

    plain_s, marked_s = best(runs * 3, plain), best(runs * 3, marked)
    print(
        f"render tracemonkey p0 at {zoom}x to PNG: plain {plain_s * 1000:.1f} ms, "
        f"with 5 highlight layers {marked_s * 1000:.1f} ms = {marked_s / plain_s:.2f}x"
    )

    dataset, _ = dataset_get_or_create(slug="bench-render")
    document_ingest(dataset=dataset, data=data, filename="tracemonkey.pdf")
    document = Document.objects.get(dataset=dataset)
    # A new image is drawn in the render child (documents/isolated.py): a process start each.
    fresh = []
    for _ in range(max(5, runs)):
        shutil.rmtree(render_cache_dir(), ignore_errors=True)
        t0 = time.perf_counter()
        page_render(document=document, page_index=0, zoom=zoom, highlights=highlights)
        fresh.append(time.perf_counter() - t0)
    print(
        f"new render through the child process (service call): "
        f"median {statistics.median(fresh) * 1000:.1f} ms, min {min(fresh) * 1000:.1f} ms"
    )
    page_render(document=document, page_index=0, zoom=zoom, highlights=highlights)  # warm
    samples = []
    for _ in range(200):
        t0 = time.perf_counter()
        page_render(document=document, page_index=0, zoom=zoom, highlights=highlights)
        samples.append(time.perf_counter() - t0)
    samples.sort()
    print(
        f"cached render (service call): median {statistics.median(samples) * 1000:.3f} ms, "
        f"p95 {samples[int(len(samples) * 0.95)] * 1000:.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    for name in ("tracemonkey.pdf", "freeculture.pdf"):
        bench_ingestion(name, args.runs)
    bench_render(args.runs)


if __name__ == "__main__":
    main()
