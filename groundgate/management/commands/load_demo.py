"""python manage.py load_demo: the demo dataset, gated, plus a demo reviewer and admin."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from groundgate.families import OUTCOMES
from groundgate.services.accounts import demo_users_ensure
from groundgate.services.datasets import dataset_get_or_create, dataset_outcome_counts
from groundgate.services.demo import demo_load


class Command(BaseCommand):
    help = "Load and gate the demo dataset and create the demo logins (idempotent)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--url",
            default="http://127.0.0.1:8000",
            help="where the server will be reached, for the links printed (make run passes it)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        dataset, _ = dataset_get_or_create(
            slug="demo", name="Demo: pump manual, utility audit, environmental bulletin, penalty"
        )
        report, ingested = demo_load(dataset=dataset)
        for error in report.errors:
            self.stderr.write(f"demo: {error.one_line()}")
        # The queue's outcome words and counts (a new user read "37 rejected" here and 26
        # reject + 11 no evidence in the queue).
        counts = dataset_outcome_counts(dataset=dataset)
        gated = ", ".join(f"{counts[o]} {word}" for o, word in OUTCOMES.items() if counts.get(o))
        self.stdout.write(
            f"Demo dataset: {report.imported} cases imported, {report.unchanged} already there; "
            f"gated, as the queue shows them: {gated}; "
            f"PDF {ingested.document.title}: {ingested.status}"
        )
        self.stdout.write("Demo logins (stored in var/demo-logins.json):")
        for login in demo_users_ensure(dataset=dataset):
            self.stdout.write(
                f"  {login.role:<9} username {login.username:<9} password {login.password}"
                f"  API token {login.token}"
            )
        url = options["url"].rstrip("/")
        self.stdout.write(f"Review queue: {url}/d/{dataset.slug}/")
        self.stdout.write(f"API: {url}/api/docs/ (Authorization: Token <key>)")
