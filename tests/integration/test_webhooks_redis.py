"""Webhook deliveries through a real Celery worker on Redis: the outbox row's retry with backoff
(its id published again after the wait), no broker-side retry state. A receiver on 127.0.0.1
(in this test process) refuses the first delivery and accepts the retry; the worker, the
enqueuing process and the broker are separate processes sharing a file database, as in
production.

Runs when GROUNDGATE_TEST_BROKER_URL names a Redis broker (`make test-redis` starts one).
"""

from __future__ import annotations

import subprocess
import sys
import time

from tests.conftest import ROOT
from tests.integration.test_celery_redis import BROKER, pytestmark  # noqa: F401
from tests.integrations.test_webhooks import Receiver

CELERY = [sys.executable, "-m", "celery", "-A", "groundgate.celery_app"]
ENQUEUE = """
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.webhooks import webhook_create, webhook_test_send
dataset, _ = dataset_get_or_create(slug="queued")
hook = webhook_create(dataset=dataset, url="{url}", events=["verdict"], secret="{secret}")
print("ENQUEUED", webhook_test_send(webhook=hook).event_id)
"""

LOG = """
from groundgate.models import WebhookAttempt
for a in WebhookAttempt.objects.order_by("attempt"):
    print("ATTEMPT", a.attempt, a.status_code, a.succeeded)
"""


def test_a_worker_on_redis_retries_a_refused_delivery_with_backoff(tmp_path):
    env = dict(
        __import__("os").environ,
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        MEDIA_ROOT=str(tmp_path / "media"),
        CELERY_BROKER_URL=BROKER,
        DJANGO_SETTINGS_MODULE="groundgate.settings",
    )

    def manage(*args: str) -> str:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    receiver = Receiver([500, 200])
    receiver.secret = "a-secret-for-the-redis-test"
    manage("migrate", "-v0")
    worker = subprocess.Popen(
        [*CELERY, "worker", "--pool", "solo", "--loglevel", "warning"],
        cwd=ROOT,
        env=env,
    )
    try:
        out = manage("shell", "-c", ENQUEUE.format(url=receiver.url, secret=receiver.secret))
        event_id = out.split("ENQUEUED", 1)[1].split()[0]
        attempts: list[str] = []
        for _ in range(120):  # up to 60 s
            attempts = [
                line for line in manage("shell", "-c", LOG).splitlines() if "ATTEMPT" in line
            ]
            if len(attempts) >= 2:
                break
            time.sleep(0.5)
        assert attempts == ["ATTEMPT 1 500 False", "ATTEMPT 2 200 True"], attempts
        assert [r["status"] for r in receiver.received] == [500, 200]
        assert all(r["verified"] for r in receiver.received)
        assert {r["body"]["id"] for r in receiver.received} == {event_id}
    finally:
        worker.terminate()
        worker.wait(20)
        receiver.close()
