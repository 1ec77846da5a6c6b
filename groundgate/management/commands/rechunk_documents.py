"""python manage.py rechunk_documents: stored PDFs chunked again by the current chunker (d908)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.models import Dataset, Document
from groundgate.services.rechunking import RechunkResult, documents_rechunk


class Command(BaseCommand):
    help = (
        "Chunk stored PDF documents again with the current chunker (chunking version 3: a "
        "statement's rows, title and scale line kept together). A document whose chunks a "
        "stored case cites, or whose new chunks do not line up with the stored ones, is kept "
        "as it was. Prints one line per document as it goes."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dataset", help="the dataset's slug (default: every dataset)")
        parser.add_argument(
            "--document", type=int, action="append", help="a document's id (repeatable)"
        )
        parser.add_argument("--dry-run", action="store_true", help="say what would be done")

    def handle(self, *args: Any, **options: Any) -> None:
        documents = Document.objects.filter(kind="pdf").select_related("dataset").order_by("pk")
        if options["dataset"]:
            dataset = Dataset.objects.filter(slug=options["dataset"]).first()
            if dataset is None:
                raise CommandError(f"no dataset {options['dataset']!r}")
            documents = documents.filter(dataset=dataset)
        if options["document"]:
            documents = documents.filter(pk__in=options["document"])

        def progress(done: int, total: int, found: RechunkResult) -> None:
            detail = f" ({found.reason})" if found.reason else ""
            self.stdout.write(
                f"[{done}/{total}] document {found.document_id} {found.title!r}: {found.outcome}, "
                f"{found.changed} of {found.chunks} chunks rewritten{detail}"
            )

        results = documents_rechunk(documents, options["dry_run"], progress)
        counts: dict[str, int] = {}
        for found in results:
            counts[found.outcome] = counts.get(found.outcome, 0) + 1
        said = ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items())) or "none"
        self.stdout.write(f"documents: {said}" + (" (dry run)" if options["dry_run"] else ""))
