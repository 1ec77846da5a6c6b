"""python manage.py embed_chunks --dataset SLUG [--rebuild] [--embedder local|openai|none]

Builds both indexes a question reads: the chunk vectors of the embedder (retrieval) and the word
vectors of answerability-v5 (services/word_vectors.py, always the offline model; d484)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.management.progress import progress_bar
from groundgate.models import Dataset
from groundgate.services.embedding_index import embedder_for, embedding_index_update
from groundgate.services.word_vectors import word_vector_index_update


class Command(BaseCommand):
    help = (
        "Embed a dataset's text chunks for retrieval, and their words for answerability-v5: "
        "only those without a current vector, or all of them with --rebuild. Shows progress; "
        "an interrupted run keeps what it finished."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dataset", required=True)
        parser.add_argument("--rebuild", action="store_true", help="embed every chunk again")
        parser.add_argument(
            "--embedder",
            choices=["local", "openai", "none"],
            help="none: only the word vectors (the default: GROUNDGATE_EMBEDDER)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        dataset = Dataset.objects.filter(slug=options["dataset"]).first()
        if dataset is None:
            raise CommandError(f"dataset: no dataset {options['dataset']!r}")
        try:
            embedder = embedder_for(options["embedder"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if embedder is None and options["embedder"] != "none":
            raise CommandError(
                "GROUNDGATE_EMBEDDER is none: choose --embedder local or openai "
                "(or none for the word vectors alone)"
            )
        if embedder is not None:
            with progress_bar(total=None, unit="chunk", desc=dataset.slug) as bar:
                report = embedding_index_update(
                    dataset, embedder, rebuild=options["rebuild"], progress=_shown(bar)
                )
            rate = 1000 * report.seconds / report.embedded if report.embedded else 0.0
            self.stdout.write(
                f"{dataset.slug}: {report.embedded} of {report.chunks} chunk(s) embedded with "
                f"{report.model} in {report.seconds:.1f} s"
                + (f" ({rate:.0f} s per 1,000 chunks)" if report.embedded else "")
            )
        with progress_bar(total=None, unit="word", desc=f"{dataset.slug} words") as bar:
            words = word_vector_index_update(
                dataset, rebuild=options["rebuild"], progress=_shown(bar)
            )
        rate = 1000 * words.seconds / words.chunks if words.chunks else 0.0
        self.stdout.write(
            f"{dataset.slug}: {words.embedded} of {words.words} word(s) of {words.chunks} "
            f"chunk(s) embedded for answerability-v5 with {words.model} in {words.seconds:.1f} s"
            + (f" ({rate:.0f} s per 1,000 chunks)" if words.chunks else "")
        )


def _shown(bar: Any) -> Callable[[int, int], None]:
    def progress(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    return progress
