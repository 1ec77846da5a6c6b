"""Standard Webhooks: every delivery carries `webhook-id`, `webhook-timestamp` and
`webhook-signature`, and the real `standardwebhooks` library (the one Svix-style receivers use)
verifies them - on a real HTTP receiver on 127.0.0.1 that gets a verdict event by the app's own
delivery path, and directly against the signing function (changed body, wrong secret, old
timestamp refused). The verdict event links to its case page.

transactional_db: deliveries are handed over on commit and sent from another thread.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.test import override_settings
from standardwebhooks.webhooks import Webhook as StandardWebhook
from standardwebhooks.webhooks import WebhookVerificationError

from groundgate.integrations.webhooks import (
    SIGNATURE_HEADER,
    delivery_headers,
    standard_secret,
    verify,
)
from groundgate.models import Case, Dataset, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from tests.api.conftest import api_client
from tests.conftest import DEMO_CASES
from tests.outbox import outbox_drain

SECRET = "a-secret-of-32-characters-000000"


class StandardReceiver:
    """Accepts a delivery only when the standardwebhooks library verifies it."""

    def __init__(self, secret: str):
        self.received: list[dict] = []
        # The library takes the secret in its whsec_ form (or the key's raw bytes).
        checker = StandardWebhook(standard_secret(secret))
        received = self.received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                try:
                    event = checker.verify(body, dict(self.headers.items()))
                    error = None
                except WebhookVerificationError as exc:
                    event, error = None, str(exc)
                headers = {k.lower(): v for k, v in self.headers.items()}  # case-insensitive
                received.append({"event": event, "error": error, "headers": headers})
                self.send_response(200 if error is None else 401)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.django_db(transaction=True)
@override_settings(GROUNDGATE_BASE_URL="https://gg.example.org")
def test_a_verdict_delivery_passes_the_standardwebhooks_library_and_links_its_case():
    dataset, _ = dataset_get_or_create(slug="std-hooks")
    admin = api_client("ada", dataset, Role.ADMIN)
    receiver = StandardReceiver(SECRET)
    try:
        created = admin.post(
            "/api/v1/datasets/std-hooks/webhooks/",
            {"url": receiver.url, "events": ["verdict"], "secret": SECRET},
            format="json",
        )
        assert created.status_code == 201, created.content
        first = DEMO_CASES.read_bytes().splitlines()[0]
        report = case_import_lines(dataset=Dataset.objects.get(pk=dataset.pk), lines=[first])
        assert not report.errors
        outbox_drain()
    finally:
        receiver.close()

    [got] = receiver.received
    assert got["error"] is None, got["error"]
    event = got["event"]
    assert got["headers"]["webhook-id"] == event["id"] == got["headers"]["x-groundgate-delivery"]
    assert abs(int(got["headers"]["webhook-timestamp"]) - time.time()) < 60
    case = Case.objects.get(dataset=dataset, external_id="demo-en-01")
    assert event["data"]["case_url"] == f"https://gg.example.org/d/std-hooks/cases/{case.pk}/"
    # GroundGate's own signature is still there, over the same bytes.
    body = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    verify(SECRET, body, got["headers"][SIGNATURE_HEADER.lower()], time.time())


def test_the_library_refuses_a_changed_body_a_wrong_secret_and_an_old_timestamp():
    body = b'{"data":{"label":"grounded \xe2\x9c\x93"},"id":"e1"}'
    now = int(time.time())
    headers = delivery_headers(
        secret=SECRET, event_id="e1", event="test", attempt=1, body=body, timestamp=now
    )
    assert StandardWebhook(standard_secret(SECRET)).verify(body, headers)["id"] == "e1"
    # The raw key bytes work too (Webhook(bytes) in the library).
    StandardWebhook(SECRET.encode()).verify(body, headers)
    with pytest.raises(WebhookVerificationError):
        StandardWebhook(standard_secret(SECRET)).verify(body.replace(b"e1", b"e2"), headers)
    with pytest.raises(WebhookVerificationError):
        StandardWebhook(standard_secret(SECRET + "x")).verify(body, headers)
    old = delivery_headers(
        secret=SECRET, event_id="e1", event="test", attempt=1, body=body, timestamp=now - 3600
    )
    with pytest.raises(WebhookVerificationError, match="too old"):
        StandardWebhook(standard_secret(SECRET)).verify(body, old)
    # Another event id under the same signature is refused: the id is signed.
    with pytest.raises(WebhookVerificationError):
        StandardWebhook(standard_secret(SECRET)).verify(body, dict(headers, **{"webhook-id": "e9"}))
