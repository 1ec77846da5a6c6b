"""python manage.py push_phoenix --dataset SLUG --phoenix URL [filters]   (key: PHOENIX_API_KEY)

The current verdict, each reviewer's newest review and the final label of every case imported
from a trace, as span annotations on its LLM span in Arize Phoenix (reviews/phoenix_push.py).
Pushing again replaces what was pushed before."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.integrations.phoenix import PhoenixError
from groundgate.models import Dataset
from reviews.export import export_filters_parse
from reviews.phoenix_push import phoenix_push


class Command(BaseCommand):
    help = "Push verdicts and reviews to Arize Phoenix as annotations of the traced LLM spans."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dataset", required=True)
        parser.add_argument(
            "--phoenix", required=True, metavar="URL", help="Phoenix's address (http://host:6006)"
        )
        parser.add_argument("--reviewed", action="store_true", help="only settled reviews")
        parser.add_argument("--label", default="")
        parser.add_argument("--code", default="")
        parser.add_argument("--since", default="", help="ISO 8601 date or date-time")

    def handle(self, *args: Any, **options: Any) -> None:
        dataset = Dataset.objects.filter(slug=options["dataset"]).first()
        if dataset is None:
            raise CommandError(f"no dataset {options['dataset']!r}")
        filters, errors = export_filters_parse(
            {
                "reviewed": "true" if options["reviewed"] else "",
                "label": options["label"],
                "code": options["code"],
                "since": options["since"],
            }
        )
        if errors or filters is None:
            raise CommandError("; ".join(f"--{e['field']}: {e['message']}" for e in errors))
        try:
            result = phoenix_push(
                dataset=dataset,
                filters=filters,
                base_url=options["phoenix"],
                api_key=os.environ.get("PHOENIX_API_KEY", ""),
            )
        except PhoenixError as exc:
            raise CommandError(f"Phoenix: {exc}") from None
        for problem in result.problems:
            self.stderr.write(problem)
        self.stdout.write(
            f"{result.sent} annotations on the spans of {result.cases} cases, "
            f"{result.without_span} cases not from a trace, {len(result.problems)} problems"
        )
