"""Webhooks end to end: a real HTTP receiver on 127.0.0.1 (a threaded http.server in this test)
checks each delivery's signature the way docs/integrations.md tells a receiver to, refuses the
first one with a 500 and accepts the retry; the delivery log shows both attempts.

transactional_db: deliveries are handed over on commit and sent from another thread (the
embedded mode: no broker), which sees only committed rows.
"""

from __future__ import annotations

import json
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.db import transaction

from groundgate.integrations.webhooks import SIGNATURE_HEADER, SignatureError, sign, verify
from groundgate.models import Dataset, GateRun, Role, WebhookAttempt, WebhookDelivery
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from groundgate.services.webhooks import webhook_create
from reviews.services import case_relabel, review_submit
from tests.api.conftest import api_client
from tests.conftest import DEMO_CASES
from tests.outbox import outbox_drain

pytestmark = pytest.mark.django_db(transaction=True)


class Receiver:
    """A webhook receiver: verifies every delivery, answers with the next scripted status."""

    def __init__(self, statuses: list[int], tls: ssl.SSLContext | None = None):
        """`tls`: a server context to answer over HTTPS (the URL's host is then "localhost",
        the name its certificate is made for); a refused handshake raises in accept(), which
        the server drops quietly."""
        self.statuses = list(statuses)
        self.secret = ""
        self.received: list[dict] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                try:
                    verify(receiver.secret, body, self.headers.get(SIGNATURE_HEADER), time.time())
                    verified = True
                except SignatureError:
                    verified = False
                status = receiver.statuses.pop(0) if receiver.statuses else 200
                receiver.received.append(
                    {
                        "verified": verified,
                        "body": json.loads(body),
                        "delivery": self.headers["X-GroundGate-Delivery"],
                        "attempt": self.headers["X-GroundGate-Attempt"],
                        "status": status,
                    }
                )
                self.send_response(status if verified else 401)
                self.end_headers()
                self.wfile.write(b"receiver says no" if status >= 300 else b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{port}/hook"
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
            self.url = f"https://localhost:{port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    made: list[Receiver] = []

    def make(statuses: list[int]) -> Receiver:
        made.append(Receiver(statuses))
        return made[-1]

    yield make
    for r in made:
        r.close()


@pytest.fixture
def hooks():
    dataset, _ = dataset_get_or_create(slug="hooks")
    admin = api_client("ada", dataset, Role.ADMIN)
    return dataset, admin


def import_one_case(dataset) -> None:
    """Import the first demo case, as a new request or command would: with the dataset read
    anew (its webhooks_on flag is what the write path reads)."""
    first = DEMO_CASES.read_bytes().splitlines()[0]
    dataset = Dataset.objects.get(pk=dataset.pk)
    report = case_import_lines(dataset=dataset, lines=[first])
    assert not report.errors


def test_a_refused_delivery_is_retried_signed_and_both_attempts_are_logged(hooks, receiver):
    dataset, admin = hooks
    r = receiver([500, 200])
    created = admin.post(
        "/api/v1/datasets/hooks/webhooks/", {"url": r.url, "events": ["verdict"]}, format="json"
    )
    assert created.status_code == 201, created.content
    r.secret = created.json()["secret"]

    import_one_case(dataset)
    outbox_drain()

    assert [x["status"] for x in r.received] == [500, 200]
    assert all(x["verified"] for x in r.received), "the receiver could not verify a signature"
    first, retry = r.received
    assert first["delivery"] == retry["delivery"], "a retry is the same delivery"
    assert (first["attempt"], retry["attempt"]) == ("1", "2")
    assert first["body"] == retry["body"]
    event = first["body"]
    assert event["type"] == "verdict" and event["dataset"] == "hooks"
    assert event["data"]["external_id"] == "demo-en-01"
    run = GateRun.objects.get(case__dataset=dataset, case__external_id="demo-en-01")
    assert (event["data"]["status"], event["data"]["gate_run_id"]) == (run.status, run.pk)

    log = admin.get(f"/api/v1/datasets/hooks/webhooks/{created.json()['id']}/attempts/").json()
    rows = sorted(log["results"], key=lambda a: a["attempt"])
    assert [(a["attempt"], a["status_code"], a["succeeded"]) for a in rows] == [
        (1, 500, False),
        (2, 200, True),
    ]
    assert rows[0]["error"] == "HTTP 500: receiver says no"
    assert rows[0]["event_id"] == rows[1]["event_id"] == event["id"]
    assert all(a["duration_ms"] >= 0 for a in rows)


def test_reviews_and_relabels_are_delivered_to_their_subscribers_only(hooks, receiver):
    dataset, admin = hooks
    import_one_case(dataset)  # before any webhook: no verdict event is sent for it
    r = receiver([])
    hook = webhook_create(dataset=dataset, url=r.url, events=["review", "relabel"])
    r.secret = hook.secret
    case = dataset.cases.select_related("dataset").get()

    review_submit(case=case, reviewer=admin.user, label="grounded", comment="fine")
    case_relabel(case=case, admin=admin.user, to_label="not_grounded", reason="page 3 disagrees")
    outbox_drain()

    assert [x["body"]["type"] for x in r.received] == ["review", "relabel"]
    assert all(x["verified"] for x in r.received)
    review, relabel = (x["body"]["data"] for x in r.received)
    assert (review["label"], review["reviewer"], review["external_id"]) == (
        "grounded",
        "ada",
        "demo-en-01",
    )
    assert (relabel["from_label"], relabel["to_label"], relabel["reason"]) == (
        "grounded",
        "not_grounded",
        "page 3 disagrees",
    )


def test_an_event_whose_transaction_rolls_back_is_never_sent(hooks, receiver):
    dataset, _ = hooks
    r = receiver([])
    r.secret = webhook_create(dataset=dataset, url=r.url, events=["verdict"]).secret
    with pytest.raises(RuntimeError), transaction.atomic():
        import_one_case(dataset)
        raise RuntimeError("the import failed after gating")
    outbox_drain()
    assert r.received == []
    assert not WebhookDelivery.objects.exists()


def test_a_receiver_that_never_answers_is_tried_as_often_as_the_outbox_declares(hooks):
    from groundgate.models import OutboxMessage
    from groundgate.services.outbox import KINDS

    dataset, _ = hooks
    # Nothing listens on port 9 of 127.0.0.1 (discard): every attempt is refused.
    webhook_create(dataset=dataset, url="http://127.0.0.1:9/hook", events=["verdict"])
    import_one_case(dataset)
    outbox_drain()
    attempts = list(WebhookAttempt.objects.order_by("attempt"))
    assert len(attempts) == KINDS["webhook"].max_attempts == 9
    assert all(a.status_code is None and not a.succeeded for a in attempts)
    (row,) = OutboxMessage.objects.all()
    assert (row.state, row.attempts, row.last_error) == ("gave_up", 9, attempts[-1].error)
    assert "Connection refused" in attempts[0].error or "Errno" in attempts[0].error


def test_the_test_endpoint_sends_a_signed_test_event_and_answers_at_once(hooks, receiver):
    _, admin = hooks
    r = receiver([])
    created = admin.post(
        "/api/v1/datasets/hooks/webhooks/", {"url": r.url, "events": ["review"]}, format="json"
    ).json()
    r.secret = created["secret"]
    answer = admin.post(f"/api/v1/datasets/hooks/webhooks/{created['id']}/test")
    assert answer.status_code == 202
    outbox_drain()
    assert len(r.received) == 1 and r.received[0]["verified"]
    assert r.received[0]["body"]["type"] == "test"
    assert r.received[0]["body"]["id"] == answer.json()["event_id"]


def test_the_secret_is_shown_once_and_never_again(hooks, receiver):
    _, admin = hooks
    r = receiver([])
    created = admin.post(
        "/api/v1/datasets/hooks/webhooks/",
        {"url": r.url, "events": ["verdict"], "secret": "s3cret-typed-by-the-admin"},
        format="json",
    )
    assert created.json()["secret"] == "s3cret-typed-by-the-admin"
    pk = created.json()["id"]
    r.secret = "s3cret-typed-by-the-admin"
    admin.post(f"/api/v1/datasets/hooks/webhooks/{pk}/test")
    outbox_drain()
    base = "/api/v1/datasets/hooks/webhooks/"
    answers = [
        admin.get(base),
        admin.get(f"{base}{pk}/"),
        admin.patch(f"{base}{pk}/", {"active": False}, format="json"),
        admin.get(f"{base}{pk}/attempts/"),
    ]
    for answer in answers:
        assert answer.status_code == 200
        assert b"s3cret-typed-by-the-admin" not in answer.content
    assert answers[1].json()["secret_hint"] == "…dmin"
    refused = admin.patch(f"{base}{pk}/", {"secret": "another-secret-1234"}, format="json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "secret"


def test_outsiders_and_reviewers_can_neither_see_nor_make_webhooks(hooks, receiver):
    dataset, _ = hooks
    r = receiver([])
    pk = webhook_create(dataset=dataset, url=r.url, events=["verdict"]).pk
    outsider = api_client("otto")
    reviewer = api_client("rita", dataset, Role.REVIEWER)
    base = "/api/v1/datasets/hooks/webhooks/"
    body = {"url": r.url, "events": ["verdict"]}
    for client, status in ((outsider, 404), (reviewer, 403)):
        assert client.get(base).status_code == status
        assert client.post(base, body, format="json").status_code == status
        assert client.get(f"{base}{pk}/").status_code == status
        assert client.patch(f"{base}{pk}/", {"active": False}, format="json").status_code == status
        assert client.get(f"{base}{pk}/attempts/").status_code == status
        assert client.post(f"{base}{pk}/test").status_code == status
    assert dataset.webhooks.count() == 1 and dataset.webhooks.get().active
    assert not WebhookDelivery.objects.exists()


def test_bad_settings_are_refused_naming_the_field(hooks):
    _, admin = hooks
    base = "/api/v1/datasets/hooks/webhooks/"
    cases = [
        ({}, "url"),
        ({"url": "http://127.0.0.1:1/x"}, "events"),
        ({"url": "ftp://example.org/x", "events": ["verdict"]}, "url"),
        ({"url": "http://127.0.0.1:1/x", "events": []}, "events"),
        ({"url": "http://127.0.0.1:1/x", "events": ["verdict", "deleted"]}, "events[1]"),
        ({"url": "http://127.0.0.1:1/x", "events": ["verdict"], "secret": "short"}, "secret"),
    ]
    for body, field in cases:
        answer = admin.post(base, body, format="json")
        assert answer.status_code == 400, body
        assert answer.json()["errors"][0]["field"] == field, answer.json()


def test_verify_refuses_a_changed_body_a_wrong_secret_and_an_old_timestamp():
    body, secret, now = b'{"id":"x"}', "a-secret-of-some-length", 1_700_000_000
    header = sign(secret, body, now)
    assert verify(secret, body, header, now + 10) == now
    for args, why in [
        ((secret, body + b" ", header, now), "does not match"),
        (("another-secret-entirely", body, header, now), "does not match"),
        ((secret, body, header, now + 301), "outside the 300 s window"),
        ((secret, body, None, now), "no X-GroundGate-Signature"),
        ((secret, body, "v1=abc", now), "no integer t="),
    ]:
        with pytest.raises(SignatureError, match=why):
            verify(*args)


def test_a_finished_export_is_announced_by_the_command_and_the_api(hooks, receiver, tmp_path):
    from django.core.management import call_command

    dataset, admin = hooks
    import_one_case(dataset)
    r = receiver([])
    r.secret = webhook_create(dataset=dataset, url=r.url, events=["export_ready"]).secret
    out = tmp_path / "hooks.parquet"
    call_command("export", "--dataset", "hooks", "--format", "parquet", "--output", str(out))
    streamed = admin.get("/api/v1/datasets/hooks/export?format=jsonl&label=grounded")
    assert streamed.status_code == 200
    b"".join(streamed.streaming_content)
    outbox_drain()

    assert [x["body"]["type"] for x in r.received] == ["export_ready", "export_ready"]
    assert all(x["verified"] for x in r.received)
    by_command, by_api = (x["body"]["data"] for x in r.received)
    assert by_command == {
        "format": "parquet",
        "records": 1,
        "filters": {"output": str(out)},
        "by": "manage.py export",
    }
    assert by_api == {
        "format": "jsonl",
        "records": 0,
        "filters": {"label": "grounded"},
        "by": "ada",
    }


def test_a_webhook_switched_off_before_its_delivery_sends_nothing(hooks, receiver):
    from groundgate.services.webhooks import webhook_event_emit, webhook_update

    dataset, _ = hooks
    r = receiver([])
    hook = webhook_create(dataset=dataset, url=r.url, events=["verdict"])
    with transaction.atomic():
        webhook_event_emit(dataset=hook.dataset, event="verdict", data={"case_id": 1})
        webhook_update(webhook=hook, active=False)
    outbox_drain()
    assert WebhookDelivery.objects.count() == 1  # the event is recorded
    assert r.received == [] and not WebhookAttempt.objects.exists()
    assert not Dataset.objects.get(pk=dataset.pk).webhooks_on


def test_the_admin_site_makes_webhooks_with_the_same_checks(hooks, receiver):
    from django.test import Client

    dataset, admin = hooks
    admin.user.is_staff = admin.user.is_superuser = True
    admin.user.save()
    browser = Client()
    browser.force_login(admin.user)
    r = receiver([])
    form = {
        "dataset": dataset.pk,
        "url": r.url,
        "events": '["verdict", "deleted"]',
        "active": "on",
        "secret": "typed-in-the-admin-site",
    }
    refused = browser.post("/admin/groundgate/webhook/add/", form)
    assert refused.status_code == 200 and b"is not one of" in refused.content
    made = browser.post("/admin/groundgate/webhook/add/", form | {"events": '["verdict"]'})
    assert made.status_code == 302, made.content[:500]
    hook = dataset.webhooks.get()
    assert (hook.events, hook.created_by) == (["verdict"], admin.user)
    assert Dataset.objects.get(pk=dataset.pk).webhooks_on
    page = browser.get(f"/admin/groundgate/webhook/{hook.pk}/change/")
    assert page.status_code == 200 and b"typed-in-the-admin-site" not in page.content
