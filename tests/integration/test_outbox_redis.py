"""A broker that is down delays work and never fails the request that wrote the data.

A real web server (runserver), a real Celery worker and a real Redis - this test's own, on a
port of its own, so it can stop it mid-run - on a file database. Before: with Redis not
listening, the gate API, the case import, the review save and the webhook test answered 500
after their write, and an upload answered 500 with its Document left pending for good.

Runs when GROUNDGATE_TEST_BROKER_URL is set (`make test-redis`, which installs redis-server).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time

import pytest

from tests.conftest import DEMO_CASES, ROOT, SHARED
from tests.integration.test_celery_redis import BROKER
from tests.integration.test_outbox_processes import (
    SETUP,
    CountingReceiver,
    Site,
    _free_port,
    _multipart,
    _post,
)

pytestmark = pytest.mark.skipif(
    not BROKER or not shutil.which("redis-server"),
    reason="set GROUNDGATE_TEST_BROKER_URL (make test-redis installs redis-server)",
)

NO_DISK = ["--save", "", "--appendonly", "no"]
PASSWORD = "æøå"  # the test PDF's own (issue6010_2.pdf)
STATES = "SELECT state, COUNT(*) FROM groundgate_outboxmessage GROUP BY state ORDER BY state"


class Redis:
    def __init__(self, port: int):
        self.port = port
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", *NO_DISK],
            stdout=subprocess.DEVNULL,
        )
        import redis

        for _ in range(100):
            try:
                redis.Redis(port=self.port).ping()
                return
            except redis.ConnectionError:
                time.sleep(0.1)
        raise AssertionError("redis did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None


def _review_in_the_browser(port: int, case_id: int) -> int:
    """Log in as Ada on the login page and save a review on the case page's form (a session,
    its CSRF token and cookie, as a browser sends them). The status of the save."""
    import http.cookiejar
    import re
    import urllib.parse
    import urllib.request

    jar = http.cookiejar.CookieJar()

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    base = f"http://127.0.0.1:{port}"

    def csrf(page: str) -> str:
        html = opener.open(base + page, timeout=60).read().decode()
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)

    def post(page: str, form: dict) -> int:
        data = urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(base + page, data=data, headers={"Referer": base + page})
        try:
            return opener.open(request, timeout=60).status
        except urllib.error.HTTPError as exc:
            return exc.code

    token = csrf("/login/")
    login = {"username": "ada", "password": "ada-test-password-1", "csrfmiddlewaretoken": token}
    assert post("/login/", login) == 302
    token = csrf(f"/d/ops/cases/{case_id}/")
    review = {"label": "grounded", "csrfmiddlewaretoken": token}
    return post(f"/d/ops/cases/{case_id}/review", review)


def _wait_port(port: int) -> None:
    import socket

    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port}")


def test_with_redis_down_every_write_answers_and_its_work_follows_when_redis_is_back(tmp_path):
    redis_port, web_port = _free_port(), _free_port()
    broker = Redis(redis_port)
    site = Site(
        tmp_path,
        CELERY_BROKER_URL=f"redis://127.0.0.1:{redis_port}/0",
        GROUNDGATE_OUTBOX_REPUBLISH_S="1",
    )
    receiver = CountingReceiver()
    try:
        site.migrate()
        setup = SETUP.replace("{url}", receiver.url).replace("{n}", "0")
        token = site.manage("shell", "-c", setup).split("TOKEN", 1)[1].split()[0]
        (hook_id,) = site.rows("SELECT id FROM groundgate_webhook")[0]
        site.start("runserver", f"127.0.0.1:{web_port}", "--noreload")
        _wait_port(web_port)
        base = f"http://127.0.0.1:{web_port}/api/v1"
        first, second = DEMO_CASES.read_bytes().splitlines()[:2]

        # Redis is not listening: every write answers, quickly, with its own status.
        timings = {}

        def timed(name: str, *args) -> int:
            started = time.monotonic()
            status = _post(*args)
            timings[name] = time.monotonic() - started
            return status

        assert (
            timed("gate", f"{base}/gate/answer?dataset=ops", token, first, "application/json")
            == 201
        )
        imported = timed(
            "import", f"{base}/datasets/ops/cases/import", token, second, "application/x-ndjson"
        )
        assert imported == 200
        assert (
            timed(
                "test",
                f"{base}/datasets/ops/webhooks/{hook_id}/test",
                token,
                b"",
                "application/json",
            )
            == 202
        )
        (case_id,) = site.rows("SELECT id FROM groundgate_case ORDER BY id LIMIT 1")[0]
        started = time.monotonic()
        assert _review_in_the_browser(web_port, case_id) in (302, 303)
        timings["review"] = time.monotonic() - started
        pdf = (SHARED / "data/pdfs/issue6010_2.pdf").read_bytes()
        body, content_type = _multipart("locked.pdf", pdf)
        body = body.replace(
            b"--groundgate-test-boundary--",
            b'--groundgate-test-boundary\r\nContent-Disposition: form-data; name="password"'
            b"\r\n\r\n" + PASSWORD.encode() + b"\r\n--groundgate-test-boundary--",
        )
        assert (
            timed("upload", f"{base}/datasets/ops/documents/upload", token, body, content_type)
            == 202
        )
        assert max(timings.values()) < 15, timings
        assert site.rows("SELECT status FROM groundgate_document") == [("pending",)]
        waiting = site.rows(STATES)
        assert waiting and all(state == "pending" for state, _ in waiting), waiting
        assert site.rows(
            "SELECT COUNT(*) FROM groundgate_outboxmessage WHERE published_at IS NOT NULL"
        ) == [(0,)]
        assert receiver.ids == []

        # Redis is back: the relay hands the rows over; the broker holds ids, never the password.
        broker.start()
        site.manage(
            "shell", "-c", "from groundgate.services.outbox import outbox_relay; outbox_relay()"
        )
        import redis

        client = redis.Redis(port=redis_port)
        keys = list(client.scan_iter())
        assert keys and client.llen("celery") >= 5
        dumps = b"".join(client.dump(key) or b"" for key in keys)
        for form in (PASSWORD.encode(), json.dumps(PASSWORD).encode()):
            assert form not in dumps
        celery = [sys.executable, "-m", "celery", "-A", "groundgate.celery_app", "worker"]
        worker = subprocess.Popen(
            [*celery, "--pool", "solo", "--loglevel", "warning"], cwd=ROOT, env=site.env
        )
        site.processes.append(worker)
        site.start("run_outbox", "--poll-ms", "200")
        site.wait_for("SELECT state FROM groundgate_outboxmessage WHERE state != 'done'", [], 180)
        assert site.rows("SELECT status FROM groundgate_document") == [("ready",)]
        assert site.rows(
            "SELECT COUNT(*) FROM groundgate_outboxmessage WHERE sealed IS NOT NULL"
        ) == [(0,)]
        delivered = len(receiver.ids)
        assert delivered >= 4  # two verdicts, the review, the test event

        # Redis stopped mid-run: a write still answers; its event follows Redis's return.
        broker.stop()
        third = DEMO_CASES.read_bytes().splitlines()[2]
        assert (
            timed("gate-again", f"{base}/gate/answer?dataset=ops", token, third, "application/json")
            == 201
        )
        assert timings["gate-again"] < 15, timings
        assert len(receiver.ids) == delivered
        broker.start()
        site.wait_for("SELECT state FROM groundgate_outboxmessage WHERE state != 'done'", [], 180)
        deadline = time.monotonic() + 30
        while len(receiver.ids) < delivered + 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(receiver.ids) == delivered + 1
    finally:
        site.stop_all()
        broker.stop()
        receiver.close()
