"""python manage.py rebuild_queue [--dataset SLUG]: recompute the queue index from the records."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.models import Dataset
from reviews.queue import queue_rebuild


class Command(BaseCommand):
    help = "Recompute the review queue index from gate runs, reviews and relabels."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dataset")

    def handle(self, *args: Any, **options: Any) -> None:
        dataset_id = None
        if options["dataset"]:
            dataset = Dataset.objects.filter(slug=options["dataset"]).first()
            if dataset is None:
                raise CommandError(f"no dataset {options['dataset']!r}")
            dataset_id = dataset.pk
        count = queue_rebuild(dataset_id=dataset_id)
        self.stdout.write(f"queue index rebuilt for {count} cases")
