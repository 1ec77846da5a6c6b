"""python manage.py export --dataset SLUG [--format jsonl|csv|labelstudio|parquet|otel]
[--output FILE] [--base-url URL] [filters]"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from groundgate.management.progress import progress_bar
from groundgate.models import Dataset
from groundgate.services.webhooks import export_ready_emit
from reviews.export import ExportRecord, export_filters_parse, export_records
from reviews.export_formats import EXPORT_FORMATS
from reviews.models import QueueEntry


@contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while the export streams. An export allocates
    millions of short-lived dicts and lists, none in a reference cycle (a 100k-record export with
    the collector on found none to free), and each full collection walks every live object: the
    collector was 30-50% of the export's CPU (docs/benchmarks.md). Memory is still freed as
    before, by reference counting. Only in this command's own process: the API streams the same
    records inside a server, where the collector stays on for the other requests."""
    gc.freeze()  # the objects of start-up (Django, the models) are not scanned again either
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


class Command(BaseCommand):
    help = "Export an audited dataset, one record per case (same records as the API)."
    # No system checks: they load every URL pattern and view (~50 MB and ~0.4 s of a read-only
    # export that needs none of them; decisions.md 136). `runserver`, `check` and `migrate` still
    # run them.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dataset", required=True)
        parser.add_argument("--format", choices=list(EXPORT_FORMATS), default="jsonl")
        parser.add_argument(
            "--base-url",
            default="",
            help="where the workstation is served (https://host); no format needs it now",
        )
        parser.add_argument("--output", default="-", help="file, or - for stdout")
        parser.add_argument("--reviewed", action="store_true", help="only settled reviews")
        parser.add_argument("--label", default="")
        parser.add_argument("--code", default="")
        parser.add_argument("--since", default="", help="ISO 8601 date or date-time")

    def handle(self, *args: Any, **options: Any) -> None:
        dataset = Dataset.objects.filter(slug=options["dataset"]).first()
        if dataset is None:
            raise CommandError(f"no dataset {options['dataset']!r}")
        params = {
            "reviewed": "true" if options["reviewed"] else "",
            "label": options["label"],
            "code": options["code"],
            "since": options["since"],
        }
        filters, errors = export_filters_parse(params)
        if errors:
            raise CommandError("; ".join(f"--{e['field']}: {e['message']}" for e in errors))
        assert filters is not None  # no errors: the filters
        total = QueueEntry.objects.filter(dataset=dataset).count()
        out = sys.stdout.buffer if options["output"] == "-" else open(options["output"], "wb")
        count = 0
        with progress_bar(total=total, unit="case", desc="export") as bar:

            def counted(records: Iterable[ExportRecord]) -> Iterator[ExportRecord]:
                nonlocal count
                for record in records:
                    count += 1
                    bar.update(1)
                    yield record

            records = counted(export_records(dataset=dataset, filters=filters))
            base = str(options["base_url"]).rstrip("/")

            def page_url(document_id: int, page_index: int) -> str:
                path = reverse("reviews:page-image", args=[dataset.slug, document_id, page_index])
                return base + path

            export_format = EXPORT_FORMATS[options["format"]]
            stream = export_format.stream(records, dataset=dataset, page_url=page_url)
            try:
                with cyclic_gc_paused():
                    for block in stream:
                        out.write(block)
            finally:
                if out is not sys.stdout.buffer:
                    out.close()
        self.stderr.write(f"exported {count} records from {dataset.slug}")
        export_ready_emit(
            dataset=dataset,
            fmt=options["format"],
            records=count,
            filters=params | {"output": options["output"]},
            by="manage.py export",
        )
