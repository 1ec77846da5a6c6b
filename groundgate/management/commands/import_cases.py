"""python manage.py import_cases FILE.jsonl --dataset SLUG [--kind answer] [--no-gate]"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.engine.registry import GATES
from groundgate.management.progress import progress_bar
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines


class Command(BaseCommand):
    help = "Import cases (one JSON object per line) into a dataset and gate them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="JSONL file, or - for stdin")
        parser.add_argument("--dataset", required=True, help="dataset slug (created if missing)")
        parser.add_argument("--kind", default="answer", choices=sorted(GATES))
        parser.add_argument("--no-gate", action="store_true", help="store without gating")
        parser.add_argument("--batch-size", type=int, default=settings.GROUNDGATE_IMPORT_BATCH_SIZE)

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            dataset, created = dataset_get_or_create(slug=options["dataset"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if path == "-":
            stream, total = sys.stdin.buffer, None
        else:
            try:
                stream, total = open(path, "rb"), Path(path).stat().st_size
            except OSError as exc:
                raise CommandError(f"{path}: cannot read: {exc.strerror}") from None
        with stream, progress_bar(total=total, unit="B", desc="import") as bar:
            report = case_import_lines(
                dataset=dataset,
                lines=stream,
                kind=options["kind"],
                gate=not options["no_gate"],
                batch_size=options["batch_size"],
                progress=bar.update,
            )
        for error in report.errors:
            self.stderr.write(f"{path}: {error.one_line()}")
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(report.by_status.items())) or "none"
        self.stdout.write(
            f"{dataset.slug}{' (new dataset)' if created else ''}: imported {report.imported}, "
            f"unchanged {report.unchanged}, bad lines {len(report.errors)}; gated: {statuses}"
        )
        if report.errors:
            sys.exit(1)
