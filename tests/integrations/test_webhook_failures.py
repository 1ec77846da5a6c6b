"""Broken receivers leave a trace: every way an attempt can fail is a row of the delivery log
with its reason, and the outbox row says what happens next (retry after the backoff, or given
up). The receivers are raw TCP servers on 127.0.0.1 that answer as badly as a real one can:
garbage for a status line, a 70 KB header, an answer trickled a byte at a time, no answer.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable

import pytest

from groundgate.models import OutboxMessage, Role, Webhook, WebhookAttempt
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.outbox import outbox_message_run
from groundgate.services.webhooks import webhook_create, webhook_test_send
from tests.api.conftest import api_client

pytestmark = pytest.mark.django_db(transaction=True)


class RawReceiver:
    """Accepts connections and hands each to `answer(conn)` on its own thread."""

    def __init__(self, answer: Callable[[socket.socket], None]):
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self.connections = 0
        self.stop = threading.Event()

        def serve() -> None:
            while not self.stop.is_set():
                try:
                    conn, _ = self.sock.accept()
                except OSError:
                    return
                self.connections += 1
                threading.Thread(target=self._one, args=(conn, answer), daemon=True).start()

        threading.Thread(target=serve, daemon=True).start()

    @staticmethod
    def _one(conn: socket.socket, answer) -> None:
        try:
            conn.settimeout(30)
            conn.recv(65536)  # the request (small: headers and a short JSON body)
            answer(conn)
        except OSError:
            pass
        finally:
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.sock.close()


@pytest.fixture
def raw():
    made: list[RawReceiver] = []

    def make(answer) -> RawReceiver:
        made.append(RawReceiver(answer))
        return made[-1]

    yield make
    for r in made:
        r.close()


def _one_attempt(url: str) -> tuple[WebhookAttempt, OutboxMessage, float]:
    dataset, _ = dataset_get_or_create(slug="broken")
    hook = webhook_create(dataset=dataset, url=url, events=["verdict"])
    delivery = webhook_test_send(webhook=hook)
    row = OutboxMessage.objects.get(delivery=delivery)
    started = time.monotonic()
    outbox_message_run(row.pk)
    took = time.monotonic() - started
    row.refresh_from_db()
    (attempt,) = WebhookAttempt.objects.filter(delivery=delivery)
    return attempt, row, took


def test_a_garbage_status_line_is_a_logged_attempt_and_is_retried(raw):
    r = raw(lambda conn: conn.sendall(b"SURPRISE! not http at all\r\n\r\n"))
    attempt, row, _ = _one_attempt(r.url)
    assert not attempt.succeeded and attempt.status_code is None
    assert attempt.error.startswith("bad answer: BadStatusLine"), attempt.error
    assert (row.state, row.attempts, row.last_error) == ("pending", 1, attempt.error)


def test_a_70_kb_header_is_a_logged_attempt_and_is_retried(raw):
    def huge_header(conn):
        conn.sendall(b"HTTP/1.1 200 OK\r\nX-Huge: " + b"a" * 70_000 + b"\r\n\r\nok")

    r = raw(huge_header)
    attempt, row, _ = _one_attempt(r.url)
    assert not attempt.succeeded and attempt.status_code is None
    assert attempt.error.startswith("bad answer: LineTooLong"), attempt.error
    assert row.state == "pending" and row.last_error == attempt.error


def test_an_answer_trickled_a_byte_at_a_time_is_cut_off_at_the_deadline(raw, settings):
    """Each byte comes well within the 10 s socket timeout, so only a deadline for the whole
    answer ends the attempt (before: one attempt was held 32 s)."""
    settings.GROUNDGATE_WEBHOOK_DEADLINE_S = 2

    def trickle(conn):
        conn.sendall(b"HTTP/1.1 200 OK\r\n")
        for _ in range(60):
            conn.sendall(b"X")
            time.sleep(0.25)

    r = raw(trickle)
    attempt, row, took = _one_attempt(r.url)
    assert 1.9 < took < 4, took
    assert not attempt.succeeded and attempt.status_code is None
    assert attempt.error.startswith("no complete answer within 2 s"), attempt.error
    assert row.state == "pending"


def test_a_receiver_that_never_answers_is_cut_off_at_the_deadline(raw, settings):
    settings.GROUNDGATE_WEBHOOK_DEADLINE_S = 1
    r = raw(lambda conn: time.sleep(20))
    attempt, row, took = _one_attempt(r.url)
    assert 0.9 < took < 3, took
    assert attempt.error.startswith("no complete answer within 1 s")
    assert row.state == "pending"


def test_a_stored_url_with_cr_lf_is_logged_and_given_up_never_sent(raw):
    """Saved before the URL rule (here: written past it); it can never be sent, so the attempt
    is logged with the reason and the row gives up at once."""
    r = raw(lambda conn: conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"))
    dataset, _ = dataset_get_or_create(slug="broken")
    hook = webhook_create(dataset=dataset, url=r.url, events=["verdict"])
    Webhook.objects.filter(pk=hook.pk).update(url=r.url + "\r\nX-Injected: 1")
    hook.refresh_from_db()
    delivery = webhook_test_send(webhook=hook)
    row = OutboxMessage.objects.get(delivery=delivery)
    assert outbox_message_run(row.pk) == "gave_up"
    (attempt,) = WebhookAttempt.objects.filter(delivery=delivery)
    assert attempt.error == (
        "not sent: the URL must not contain spaces or control characters (CR, LF, tab, ...)"
    )
    row.refresh_from_db()
    assert row.last_error == attempt.error
    assert r.connections == 0


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.0.0.1:9/a\r\nX-Injected: 1", "control characters"),
        ("http://127.0.0.1:9/a\nb", "control characters"),
        ("http://127.0.0.1:9/a b", "spaces"),
        ("http://127.0.0.1:9\\@example.com/", "backslash"),
        ("http://example.com\\@127.0.0.1:9/", "backslash"),
        ("http://user:pw@127.0.0.1:9/", "user name or password"),
        ("http://127.0.0.1:99999/", "port"),
        ("http://exa mple.com/", "spaces"),
        ("http://-bad-.example/", "not a valid URL"),
    ],
)
def test_ada_cannot_save_a_url_that_parsers_read_two_ways(url, reason):
    dataset, _ = dataset_get_or_create(slug="broken")
    ada = api_client("ada", dataset, Role.ADMIN)
    answer = ada.post(
        "/api/v1/datasets/broken/webhooks/", {"url": url, "events": ["verdict"]}, format="json"
    )
    assert answer.status_code == 400, (url, answer.content)
    (error,) = answer.json()["errors"]
    assert error["field"] == "url" and reason in error["message"], (url, error)
    assert not Webhook.objects.exists()


def test_the_delivery_log_shows_the_retry_schedule_and_the_give_up(raw):
    """Ada reads the delivery log: each attempt with its reason, and the delivery's outbox
    state - when the next try is due, or that it gave up."""
    r = raw(lambda conn: conn.sendall(b"SURPRISE! not http at all\r\n\r\n"))
    attempt, row, _ = _one_attempt(r.url)
    ada = api_client("ada", row.delivery.webhook.dataset, Role.ADMIN)
    log = f"/api/v1/datasets/broken/webhooks/{row.delivery.webhook_id}/attempts/"
    (shown,) = ada.get(log).json()["results"]
    assert shown["error"] == attempt.error and shown["delivery_state"] == "pending"
    assert shown["next_attempt_at"] is not None
    OutboxMessage.objects.filter(pk=row.pk).update(max_attempts=2)
    time.sleep(0.1)  # past the 5 ms backoff of the tests
    assert outbox_message_run(row.pk) == "gave_up"
    latest = max(ada.get(log).json()["results"], key=lambda a: a["attempt"])
    assert (latest["attempt"], latest["delivery_state"], latest["next_attempt_at"]) == (
        2,
        "gave_up",
        None,
    )
