"""python manage.py import_chunks FILE.jsonl --dataset SLUG --document SHA256_OR_TITLE"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q

from groundgate.models import Document
from groundgate.services.chunk_imports import chunks_import_lines


class Command(BaseCommand):
    help = "Import externally produced chunks (JSONL) for an ingested document."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--dataset", required=True)
        parser.add_argument("--document", required=True, help="the document's sha256 or title")

    def handle(self, *args: Any, **options: Any) -> None:
        key = options["document"]
        documents = Document.objects.filter(dataset__slug=options["dataset"]).filter(
            Q(sha256=key) | Q(title=key)
        )
        if documents.count() != 1:
            raise CommandError(f"no single document {key!r} in dataset {options['dataset']!r}")
        try:
            with open(options["file"], "rb") as fh:
                report = chunks_import_lines(document=documents.get(), lines=fh)
        except OSError as exc:
            raise CommandError(f"{options['file']}: cannot read: {exc.strerror}") from None
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        for error in report.errors:
            self.stderr.write(f"{options['file']}: {error.one_line()}")
        self.stdout.write(
            f"imported {report.imported}, unchanged {report.unchanged}, "
            f"bad lines {len(report.errors)}"
        )
        if report.errors:
            sys.exit(1)
