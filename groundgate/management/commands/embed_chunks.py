"""python manage.py embed_chunks --dataset SLUG [--rebuild] [--embedder local|openai]"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.management.progress import progress_bar
from groundgate.models import Dataset
from groundgate.services.embedding_index import embedder_for, embedding_index_update


class Command(BaseCommand):
    help = (
        "Embed a dataset's text chunks for retrieval: only those without a current vector, or "
        "all of them with --rebuild. Shows progress; an interrupted run keeps what it finished."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dataset", required=True)
        parser.add_argument("--rebuild", action="store_true", help="embed every chunk again")
        parser.add_argument("--embedder", choices=["local", "openai"])

    def handle(self, *args: Any, **options: Any) -> None:
        dataset = Dataset.objects.filter(slug=options["dataset"]).first()
        if dataset is None:
            raise CommandError(f"dataset: no dataset {options['dataset']!r}")
        try:
            embedder = embedder_for(options["embedder"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if embedder is None:
            raise CommandError("GROUNDGATE_EMBEDDER is none: choose --embedder local or openai")
        with progress_bar(total=None, unit="chunk", desc=dataset.slug) as bar:

            def progress(done: int, total: int) -> None:
                bar.total = total
                bar.n = done
                bar.refresh()

            report = embedding_index_update(
                dataset, embedder, rebuild=options["rebuild"], progress=progress
            )
        rate = 1000 * report.seconds / report.embedded if report.embedded else 0.0
        self.stdout.write(
            f"{dataset.slug}: {report.embedded} of {report.chunks} chunk(s) embedded with "
            f"{report.model} in {report.seconds:.1f} s"
            + (f" ({rate:.0f} s per 1,000 chunks)" if report.embedded else "")
        )
