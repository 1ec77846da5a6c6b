"""python manage.py gate_dataset SLUG [--kind KIND]: gate every case again (appends verdicts)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.engine.registry import GATES
from groundgate.management.progress import progress_bar
from groundgate.models import Case, Dataset
from groundgate.services.gating import dataset_regate


class Command(BaseCommand):
    help = "Gate every case of a dataset again with the current policy (append-only)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("dataset", help="dataset slug")
        parser.add_argument("--kind", choices=sorted(GATES))

    def handle(self, *args: Any, **options: Any) -> None:
        dataset = Dataset.objects.filter(slug=options["dataset"]).first()
        if dataset is None:
            raise CommandError(f"no dataset {options['dataset']!r}")
        total = Case.objects.filter(dataset=dataset).count()
        with progress_bar(total=total, unit="case", desc="gate") as bar:
            report = dataset_regate(dataset=dataset, kind=options["kind"], progress=bar.update)
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(report.by_status.items())) or "none"
        self.stdout.write(f"{dataset.slug}: gated {report.gated}: {statuses}")
