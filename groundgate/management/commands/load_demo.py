"""python manage.py load_demo: the demo dataset, gated, plus a demo reviewer and admin."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from groundgate.services.accounts import demo_users_ensure
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.demo import demo_load


class Command(BaseCommand):
    help = "Load and gate the demo dataset and create the demo logins (idempotent)."

    def handle(self, *args, **options):
        dataset, _ = dataset_get_or_create(
            slug="demo", name="Demo: pump manual, utility audit, environmental bulletin, penalty"
        )
        report, ingested = demo_load(dataset=dataset)
        for error in report.errors:
            self.stderr.write(f"demo: {error.one_line()}")
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(report.by_status.items())) or "none"
        self.stdout.write(
            f"demo dataset: {report.imported} cases imported, {report.unchanged} already there; "
            f"gated: {statuses}; PDF {ingested.document.title}: {ingested.status}"
        )
        self.stdout.write("Demo logins (stored in var/demo-logins.json):")
        for login in demo_users_ensure(dataset=dataset):
            self.stdout.write(
                f"  {login.role:<9} username {login.username:<9} password {login.password}"
                f"  API token {login.token}"
            )
        self.stdout.write("API: http://127.0.0.1:8000/api/docs/ (Authorization: Token <key>)")
