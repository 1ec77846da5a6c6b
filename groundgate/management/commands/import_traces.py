"""python manage.py import_traces FILE --dataset SLUG
[--format openinference|otlp|langsmith|langfuse]
[--citation-pattern REGEX] [--no-gate]"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.integrations.openinference.cases import (
    DEFAULT_CITATION_PATTERN,
    compile_citation_pattern,
)
from groundgate.integrations.openinference.spans import FORMATS
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.trace_imports import TraceFileTooDeep, trace_file_import


class Command(BaseCommand):
    help = (
        "Import traces (OpenInference spans: Phoenix JSON/JSONL, OTLP JSON; LangSmith runs; "
        "Langfuse observations) as cases."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="span export file, or - for stdin")
        parser.add_argument("--dataset", required=True, help="dataset slug (created if missing)")
        parser.add_argument("--format", default="openinference", choices=FORMATS)
        parser.add_argument(
            "--citation-pattern",
            default=DEFAULT_CITATION_PATTERN,
            help="regex of a citation in the answer; group 1 is the reference "
            "(a document id, C<n> 0-based or <n> 1-based)",
        )
        parser.add_argument("--no-gate", action="store_true", help="store without gating")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            file = _spooled_stdin() if path == "-" else Path(path).open("rb")
        except OSError as exc:
            raise CommandError(f"{path}: cannot read: {exc.strerror}") from None
        with file:
            self._import(file, path, options)

    def _import(self, file: IO[bytes], path: str, options: dict[str, Any]) -> None:
        try:
            compile_citation_pattern(options["citation_pattern"])
        except ValueError as exc:
            raise CommandError(f"--citation-pattern: {exc}") from None
        try:
            dataset, created = dataset_get_or_create(slug=options["dataset"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        try:
            report = trace_file_import(
                dataset=dataset,
                file=file,
                fmt=options["format"],
                citation_pattern=options["citation_pattern"],
                gate=not options["no_gate"],
            )
        except TraceFileTooDeep as exc:
            raise CommandError(f"{path}: {exc}") from None
        for error in report.errors:
            self.stderr.write(f"{path}: {error.message}")
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(report.by_status.items())) or "none"
        self.stdout.write(
            f"{dataset.slug}{' (new dataset)' if created else ''}: imported {report.imported}, "
            f"unchanged {report.unchanged}, bad {len(report.errors)}; gated: {statuses}"
        )
        if report.errors:
            sys.exit(1)


def _spooled_stdin() -> IO[bytes]:
    """Standard input in a temporary file: the import reads a file twice (by trace)."""
    spool = tempfile.TemporaryFile()
    shutil.copyfileobj(sys.stdin.buffer, spool)
    spool.seek(0)
    return spool
