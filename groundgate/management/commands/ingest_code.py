"""python manage.py ingest_code REPO_DIR --dataset SLUG: store code symbols as code Chunks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.services.code_ingestion import code_repository_ingest
from groundgate.services.datasets import dataset_get_or_create


class Command(BaseCommand):
    help = "Extract a repository's Python and Java symbols and store them as code chunks."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("repo_dir")
        parser.add_argument("--dataset", required=True)
        parser.add_argument("--title", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        repo = Path(options["repo_dir"])
        if not repo.is_dir():
            raise CommandError(f"{repo}: not a directory")
        try:
            dataset, _ = dataset_get_or_create(slug=options["dataset"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        result = code_repository_ingest(dataset=dataset, repo=repo, title=options["title"])
        for problem in result.problems:
            self.stderr.write(problem)
        state = "already ingested" if result.already else "ingested"
        self.stdout.write(f"{repo}: {state}, {result.symbols} symbols")
