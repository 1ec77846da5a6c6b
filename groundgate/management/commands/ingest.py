"""python manage.py ingest PATH [PATH ...] --dataset SLUG [--password P] [--max-chars N]"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.documents.chunking import ChunkingPolicy
from groundgate.documents.standby import child_prepare_next
from groundgate.management.progress import progress_bar
from groundgate.models import Dataset
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.embedding_index import embedding_index_refresh
from groundgate.services.ingestion import document_ingest


class Command(BaseCommand):
    help = "Ingest PDFs into a dataset: pages, chunks with coordinates. One line per file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH")
        parser.add_argument("--dataset", required=True, help="dataset slug (created if missing)")
        parser.add_argument("--password", help="password for encrypted PDFs")
        parser.add_argument("--max-chars", type=int, default=ChunkingPolicy.max_chars)
        parser.add_argument("--min-chars", type=int, default=ChunkingPolicy.min_chars)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            dataset, _ = dataset_get_or_create(slug=options["dataset"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if options["max_chars"] < 50 or options["min_chars"] < 0:
            raise CommandError("--max-chars must be >= 50 and --min-chars >= 0")
        policy = ChunkingPolicy(min_chars=options["min_chars"], max_chars=options["max_chars"])
        # The first file's isolated child starts while the first file is read from disk.
        child_prepare_next()
        started = time.perf_counter()
        counts = {"ready": 0, "problems": 0}
        for path in options["paths"]:
            line, ok = self._one(dataset, Path(path), options["password"], policy)
            self.stdout.write(line)
            counts["ready" if ok else "problems"] += 1
        total = time.perf_counter() - started
        self.stdout.write(
            f"{len(options['paths'])} file(s): {counts['ready']} ingested, "
            f"{counts['problems']} not; {total:.2f} s"
        )
        if counts["ready"]:
            self._embed(dataset)
        if counts["problems"]:
            sys.exit(1)

    def _embed(self, dataset: Dataset) -> None:
        """Incremental retrieval index: embed the chunks just ingested, and their new words for
        answerability-v5 (d484)."""
        with (
            progress_bar(total=None, unit="chunk", desc="embeddings") as bar,
            progress_bar(total=None, unit="word", desc="word vectors") as words_bar,
        ):

            def progress(done: int, total: int) -> None:
                bar.total, bar.n = total, done
                bar.refresh()

            def word_progress(done: int, total: int) -> None:
                words_bar.total, words_bar.n = total, done
                words_bar.refresh()

            report, problem = embedding_index_refresh(
                dataset, progress=progress, word_progress=word_progress
            )
        if problem:
            self.stdout.write(f"embeddings: not updated ({problem}); the next search retries")
        elif report is not None and report.embedded:
            self.stdout.write(
                f"embeddings: {report.embedded} chunk(s) with {report.model} "
                f"({report.seconds:.2f} s)"
            )

    def _one(
        self, dataset: Dataset, path: Path, password: str | None, policy: ChunkingPolicy
    ) -> tuple[str, bool]:
        started = time.perf_counter()
        try:
            data = path.read_bytes()
        except OSError as exc:
            return f"{path}: cannot read: {exc.strerror}", False
        try:
            with progress_bar(total=None, unit="page", desc=path.name) as bar:
                result = document_ingest(
                    dataset=dataset,
                    data=data,
                    filename=path.name,
                    password=password,
                    policy=policy,
                    progress=bar.update,
                )
        except Exception as exc:  # never a traceback for one bad file
            return f"{path}: failed: {type(exc).__name__}: {exc}", False
        seconds = time.perf_counter() - started
        doc = result.document
        if result.already:
            return f"{path}: already ingested ({doc.page_count} pages) ({seconds:.2f} s)", True
        if result.ok:
            chunks = doc.chunks.count()
            warn = f"; {len(doc.warnings)} warning(s): {doc.warnings[0]}" if doc.warnings else ""
            return (
                f"{path}: ready, {doc.page_count} pages, {chunks} chunks{warn} ({seconds:.2f} s)"
            ), True
        return f"{path}: {result.status}: {result.reason} ({seconds:.2f} s)", False
