"""python manage.py outbox [--state S] [--kind K] [--limit N] | outbox replay (ID ... | --gave-up)

Shows the outbox rows (what waits, what failed and why) and re-arms rows that gave up."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from groundgate.models import OutboxState
from groundgate.selectors.outbox import outbox_counts, outbox_rows
from groundgate.services.outbox import outbox_replay


class Command(BaseCommand):
    help = "List the outbox (counts, then rows) or replay rows that gave up."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", nargs="?", choices=["list", "replay"], default="list")
        parser.add_argument("ids", nargs="*", type=int, help="replay: these rows")
        parser.add_argument("--gave-up", action="store_true", help="replay: every row that gave up")
        parser.add_argument("--state", choices=OutboxState.ALL)
        parser.add_argument("--kind")
        parser.add_argument("--limit", type=int, default=50)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["action"] == "replay":
            if not options["ids"] and not options["gave_up"]:
                raise CommandError("replay: name row ids, or --gave-up for every row that gave up")
            n = outbox_replay(ids=options["ids"] or None, gave_up=options["gave_up"])
            self.stdout.write(f"outbox: {n} row(s) due again")
            return
        counts = outbox_counts()
        self.stdout.write(
            "outbox: " + ", ".join(f"{state} {n}" for state, n in counts.items()) or "empty"
        )
        for row in outbox_rows(state=options["state"], kind=options["kind"])[: options["limit"]]:
            self.stdout.write(
                f"#{row.pk} {row.kind} {row.payload} {row.state} "
                f"attempts {row.attempts}/{row.max_attempts} next {row.next_attempt_at:%H:%M:%S}"
                + (f" error: {row.last_error[:200]}" if row.last_error else "")
            )
