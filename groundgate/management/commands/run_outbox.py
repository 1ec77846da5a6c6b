"""python manage.py run_outbox: the outbox's worker (`make run` starts it beside the server).

With no broker it does the work of due outbox rows (webhook deliveries, and ingestions or gatings
whose process died before they finished); with CELERY_BROKER_URL it hands due rows to the Celery
workers. Every state is in the rows: stop it (Ctrl-C, SIGTERM, or kill -9) and start it again,
and it carries on where the rows say.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from groundgate.services.outbox import broker_configured, outbox_worker_loop


class Command(BaseCommand):
    help = "Send webhook deliveries and run queued work from the outbox table, until stopped."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--poll-ms", type=int, help="wait between looks for due rows (default: the setting)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        stopping = threading.Event()

        def stop(signum: int, _frame: FrameType | None) -> None:
            stopping.set()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        mode = "relaying to the Celery workers" if broker_configured() else "running the work"
        self.stdout.write(f"outbox worker: {mode} (Ctrl-C stops it; nothing queued is lost)")
        self.stdout.flush()
        poll = options["poll_ms"] / 1000 if options["poll_ms"] else None
        outbox_worker_loop(stop=stopping.is_set, poll=poll)
        self.stdout.write("outbox worker: stopped")
