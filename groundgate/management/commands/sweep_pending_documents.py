"""python manage.py sweep_pending_documents: move on uploads left pending by a lost task."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.services.pending_documents import documents_pending_sweep


class Command(BaseCommand):
    help = (
        "Queue ingestion again for Documents pending longer than GROUNDGATE_PENDING_STALE_MINUTES "
        "(at most GROUNDGATE_PENDING_MAX_REQUEUES times), or record them failed with the reason."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than-minutes",
            type=int,
            help="act on Documents pending longer than this (default: the setting)",
        )
        parser.add_argument(
            "--max-requeues", type=int, help="re-queues before failing (default: the setting)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        minutes = options["older_than_minutes"]
        if minutes is not None and minutes < 0:
            raise CommandError(f"--older-than-minutes must be 0 or more; got {minutes}")
        if options["max_requeues"] is not None and options["max_requeues"] < 0:
            raise CommandError(f"--max-requeues must be 0 or more; got {options['max_requeues']}")
        report = documents_pending_sweep(
            older_than=timedelta(minutes=minutes) if minutes is not None else None,
            max_requeues=options["max_requeues"],
        )
        self.stdout.write(
            f"pending documents: {len(report.requeued)} queued again "
            f"{report.requeued}, {len(report.failed)} recorded failed {report.failed}"
        )
