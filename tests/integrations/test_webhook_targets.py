"""Webhook targets are public addresses (no server-side request forgery), and a webhook never
holds up a request, with named actors: Ada (admin of the dataset) saves webhooks, Rita
(reviewer) saves a review whose event goes to a receiver that takes its time.

The receivers are real HTTP servers on 127.0.0.1, which is exactly what production refuses: the
tests allow private targets (tests/environment.py) and these tests switch that off again where
the rule itself is under test. DNS rebinding needs a DNS server that changes its answer; it is
played by replacing the one lookup function (`webhook_targets.resolve`), the network edge.
"""

from __future__ import annotations

import itertools
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from groundgate.integrations.webhooks.addresses import address_refusal
from groundgate.models import Case, OutboxMessage, Role, WebhookAttempt, WebhookDelivery
from groundgate.services import webhook_targets
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.outbox import outbox_message_run
from groundgate.services.webhooks import webhook_create
from tests.api.conftest import api_client
from tests.integrations.test_webhooks import import_one_case
from tests.outbox import outbox_drain
from tests.reviews.conftest import logged_in

pytestmark = pytest.mark.django_db(transaction=True)

BASE = "/api/v1/datasets/hooks/webhooks/"


class Receiver:
    """Answers each POST with `status` (and `location`), after `release` is set when `hold`."""

    def __init__(self, status: int = 200, location: str = "", hold: bool = False):
        self.hits: list[str] = []
        self.arrived = threading.Event()
        self.release = threading.Event()
        self.answered = threading.Event()
        if not hold:
            self.release.set()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                receiver.hits.append(self.path)
                receiver.arrived.set()
                receiver.release.wait(20)
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.end_headers()
                receiver.answered.set()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receivers():
    made: list[Receiver] = []

    def make(**kwargs) -> Receiver:
        made.append(Receiver(**kwargs))
        return made[-1]

    yield make
    for r in made:
        r.close()


@pytest.fixture
def ada():
    dataset, _ = dataset_get_or_create(slug="hooks")
    return api_client("ada", dataset, Role.ADMIN)


@pytest.fixture
def production(settings):
    """Private targets refused, as in production."""
    settings.GROUNDGATE_WEBHOOK_ALLOW_PRIVATE = False
    return settings


def test_every_kind_of_non_public_address_is_named():
    refused = {
        "127.0.0.1": "a loopback address",
        "::1": "a loopback address",
        "10.0.0.5": "a private address",
        "192.168.1.10": "a private address",
        "fc00::7": "a private address",
        "169.254.169.254": "a link-local address",  # the cloud metadata service
        "fe80::1%eth0": "a link-local address",
        "224.0.0.251": "a multicast address",
        "ff02::1": "a multicast address",
        "240.0.0.1": "a private address",  # reserved (Python files 240/4 under private too)
        "0.0.0.0": "an unspecified address",
        "::": "an unspecified address",
        "100.64.0.1": "not a public address",  # carrier-grade NAT
        "::ffff:127.0.0.1": "IPv4-mapped 127.0.0.1, a loopback address",
        "::ffff:10.1.2.3": "IPv4-mapped 10.1.2.3, a private address",
        "2002:7f00:1::": "6to4 of 127.0.0.1, a loopback address",
        "not-an-address": "not an IP address",
    }
    for address, reason in refused.items():
        assert address_refusal(address) == reason, address
    for public in ("93.184.216.34", "2606:4700:4700::1111", "::ffff:93.184.216.34"):
        assert address_refusal(public) is None, public


def test_ada_cannot_save_a_webhook_to_a_non_public_address(ada, production):
    urls = {
        "http://127.0.0.1:9/hook": "127.0.0.1, a loopback address",
        "http://localhost:9/hook": "localhost resolves to ",
        "http://[::1]:9/hook": "::1, a loopback address",
        "http://[::ffff:127.0.0.1]/": "IPv4-mapped 127.0.0.1",
        "http://169.254.169.254/latest/meta-data/": "a link-local address",
        "https://10.0.0.5/hook": "a private address",
        "http://[fe80::1]/hook": "a link-local address",
        "http://224.0.0.1/hook": "a multicast address",
        "http://0.0.0.0:8000/hook": "an unspecified address",
        "http://hooks.invalid/hook": "the host hooks.invalid cannot be resolved",
        "http:///hook": "no host in the URL",
    }
    for url, reason in urls.items():
        answer = ada.post(BASE, {"url": url, "events": ["verdict"]}, format="json")
        assert answer.status_code == 400, url
        (error,) = answer.json()["errors"]
        assert error["field"] == "url" and reason in error["message"], (url, error)
        if "resolve" not in reason and "no host" not in reason:
            assert "GROUNDGATE_WEBHOOK_ALLOW_PRIVATE" in error["message"]
    assert not WebhookDelivery.objects.exists()


def test_changing_a_webhooks_url_to_a_private_address_is_refused_too(ada, settings):
    dataset, _ = dataset_get_or_create(slug="hooks")
    hook = webhook_create(dataset=dataset, url="http://127.0.0.1:9/x", events=["verdict"])
    settings.GROUNDGATE_WEBHOOK_ALLOW_PRIVATE = False
    answer = ada.patch(f"{BASE}{hook.pk}/", {"url": "http://10.0.0.1/x"}, format="json")
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "url"
    hook.refresh_from_db()
    assert hook.url == "http://127.0.0.1:9/x"


def test_the_django_admin_site_refuses_it_on_the_url_field(ada, production):
    from django.test import Client

    ada.user.is_staff = ada.user.is_superuser = True
    ada.user.save()
    browser = Client()
    browser.force_login(ada.user)
    dataset, _ = dataset_get_or_create(slug="hooks")
    form = {
        "dataset": dataset.pk,
        "url": "http://127.0.0.1:9/hook",
        "events": '["verdict"]',
        "active": "on",
        "secret": "typed-in-the-admin-site",
    }
    refused = browser.post("/admin/groundgate/webhook/add/", form)
    assert refused.status_code == 200 and "a loopback address" in refused.content.decode()
    assert not dataset.webhooks.exists()


def test_a_target_that_became_private_is_not_sent_to_and_not_retried(receivers, settings):
    """Saved while allowed (say, before the rule); at delivery the connected address counts."""
    dataset, _ = dataset_get_or_create(slug="hooks")
    r = receivers()
    webhook_create(dataset=dataset, url=r.url, events=["verdict"])
    settings.GROUNDGATE_WEBHOOK_ALLOW_PRIVATE = False
    import_one_case(dataset)
    outbox_drain()
    assert r.hits == []
    (attempt,) = WebhookAttempt.objects.all()
    assert not attempt.succeeded and attempt.status_code is None
    assert attempt.error.startswith("not sent: 127.0.0.1, a loopback address")


def test_dns_rebinding_is_caught_on_the_address_actually_connected_to(
    receivers, production, monkeypatch
):
    """The name resolves to a public address when the webhook is saved and to 127.0.0.1 (where
    a receiver listens) when it is delivered: nothing reaches the receiver."""
    r = receivers()
    answers = iter(["93.184.216.34", "127.0.0.1", "127.0.0.1"])
    asked: list[str] = []

    def rebinding_dns(host, port, family=0, type=0, proto=0, flags=0):
        assert host == "hooks.example.test"
        asked.append(host)
        address = next(answers)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(webhook_targets, "resolve", rebinding_dns)
    dataset, _ = dataset_get_or_create(slug="hooks")
    url = f"http://hooks.example.test:{r.port}/hook"
    webhook_create(dataset=dataset, url=url, events=["verdict"])
    import_one_case(dataset)
    outbox_drain()
    assert r.hits == [] and len(asked) == 2
    (attempt,) = WebhookAttempt.objects.all()
    assert attempt.error == (
        "not sent: hooks.example.test resolves to 127.0.0.1, a loopback address: webhooks are "
        "sent to public addresses only (GROUNDGATE_WEBHOOK_ALLOW_PRIVATE allows others, for "
        "development)"
    )


def test_a_redirect_is_an_answer_never_followed(receivers):
    dataset, _ = dataset_get_or_create(slug="hooks")
    elsewhere = receivers()
    redirecting = receivers(status=307, location=elsewhere.url)
    webhook_create(dataset=dataset, url=redirecting.url, events=["verdict"])
    import_one_case(dataset)
    outbox_drain()
    assert elsewhere.hits == []
    attempts = list(WebhookAttempt.objects.order_by("attempt"))
    assert len(attempts) == 9 and len(redirecting.hits) == 9
    assert {(a.status_code, a.succeeded) for a in attempts} == {(307, False)}


def test_rita_s_review_is_saved_and_nothing_is_sent_from_her_request(receivers):
    """No broker: the review and its delivery are rows of one transaction; the worker (here the
    test, draining the outbox) sends it afterwards, never the request. A receiver that holds
    the attempt holds nobody's page."""
    dataset, _ = dataset_get_or_create(slug="hooks")
    import_one_case(dataset)
    r = receivers(hold=True)
    webhook_create(dataset=dataset, url=r.url, events=["review"])
    rita = logged_in("rita", dataset, Role.REVIEWER)
    case = Case.objects.get(dataset=dataset)
    saved = rita.post(f"/d/hooks/cases/{case.pk}/review", {"label": "grounded"})
    assert saved.status_code in (302, 303), saved.content[:300]
    assert not r.arrived.is_set(), "the request sent the event itself"
    (row,) = OutboxMessage.objects.filter(kind="webhook")
    assert (row.state, row.attempts) == ("pending", 0)
    r.release.set()
    outbox_drain()
    (attempt,) = WebhookAttempt.objects.all()
    assert attempt.succeeded and r.hits == ["/hook"]
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("done", 1)


def test_without_a_broker_retries_wait_a_doubling_backoff(receivers, settings):
    """The backoff is the row's state: each failed attempt sets next_attempt_at to 0.2 s, then
    0.4 s later; a row that is not due is not run; the third failure (of three allowed here)
    gives up. One thread does it all, so the timing cannot race the test's database."""
    settings.GROUNDGATE_OUTBOX_BACKOFF_MS = 200
    dataset, _ = dataset_get_or_create(slug="hooks")
    failing = receivers(status=503)
    webhook_create(dataset=dataset, url=failing.url, events=["verdict"])
    import_one_case(dataset)
    (row,) = OutboxMessage.objects.filter(kind="webhook")
    OutboxMessage.objects.filter(pk=row.pk).update(max_attempts=3)
    assert outbox_message_run(row.pk) == "pending"
    row.refresh_from_db()
    first = WebhookAttempt.objects.get(attempt=1)
    assert row.last_error == "HTTP 503: " and row.attempts == 1
    assert 0.2 <= (row.next_attempt_at - first.created_at).total_seconds() < 0.3
    assert outbox_message_run(row.pk) is None, "run again before its backoff"
    outbox_drain()
    times = [a.created_at for a in WebhookAttempt.objects.order_by("attempt")]
    assert len(times) == 3 and len(failing.hits) == 3
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(times)]
    assert gaps[0] >= 0.2 and gaps[1] >= 0.4, gaps
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("gave_up", 3)
