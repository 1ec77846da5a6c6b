"""Background work for real: a Celery worker on Redis ingests a PDF the upload service queued.

Runs when GROUNDGATE_TEST_BROKER_URL names a Redis broker (`make test-redis` starts one);
otherwise it is skipped. Everything runs in separate processes against a file database, as in
production: the enqueuing process, the worker, and the broker.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT

BROKER = os.environ.get("GROUNDGATE_TEST_BROKER_URL", "")
pytestmark = pytest.mark.skipif(
    not BROKER, reason="set GROUNDGATE_TEST_BROKER_URL (make test-redis)"
)

# The upload service, as the API calls it: a pending Document and its outbox row, whose id is
# published to the broker when the transaction commits (outbox_run_task, by name).
ENQUEUE = """
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.uploads import document_upload_accept
data = open("fixtures/demo/demo-documents.pdf", "rb").read()
dataset, _ = dataset_get_or_create(slug="queued")
accepted = document_upload_accept(dataset=dataset, data=data, filename="demo.pdf")
print("ENQUEUED", accepted.document.pk, accepted.task_id)
"""

STATUS = """
from groundgate.models import Document
d = Document.objects.get(pk={pk})
print("STATUS", d.status, d.chunks.count())
"""


def test_a_worker_on_redis_ingests_an_enqueued_pdf(tmp_path):
    env = dict(
        os.environ,
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

    manage("migrate", "-v0")
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "groundgate.celery_app",
            "worker",
            "--pool",
            "solo",
            "--loglevel",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        out = manage("shell", "-c", ENQUEUE)
        pk = int(out.split("ENQUEUED", 1)[1].split()[0])
        status = ""
        for _ in range(120):  # up to 60 s
            status = manage("shell", "-c", STATUS.format(pk=pk)).split("STATUS", 1)[1].split()
            if status[0] != "pending":
                break
            time.sleep(0.5)
        assert status[0] == "ready" and int(status[1]) > 0, status
    finally:
        worker.terminate()
        worker.wait(20)
