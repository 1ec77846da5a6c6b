"""The outbox: work is a row of the writer's transaction, done from the row, with its attempts,
backoff, lease and give-up kept on it. Receivers are real HTTP servers on 127.0.0.1; the worker
is the test's own thread (outbox_drain), so every step is deterministic."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils import timezone

from groundgate.models import Document, OutboxMessage, WebhookAttempt, WebhookDelivery
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.outbox import outbox_message_run, outbox_replay
from groundgate.services.outbox_seal import unseal
from groundgate.services.webhooks import webhook_create, webhook_test_send
from tests.conftest import SHARED
from tests.integrations.test_webhooks import Receiver, import_one_case
from tests.outbox import outbox_drain

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def receiver():
    made: list[Receiver] = []

    def make(statuses: list[int]) -> Receiver:
        made.append(Receiver(statuses))
        return made[-1]

    yield make
    for r in made:
        r.close()


def test_an_event_and_its_outbox_row_exist_only_if_the_write_committed(receiver):
    dataset, _ = dataset_get_or_create(slug="box")
    r = receiver([])
    webhook_create(dataset=dataset, url=r.url, events=["verdict"], secret="s" * 20)
    r.secret = "s" * 20
    with pytest.raises(RuntimeError), transaction.atomic():
        import_one_case(dataset)
        assert OutboxMessage.objects.count() == 1
        raise RuntimeError("the write failed after gating")
    assert not OutboxMessage.objects.exists() and not WebhookDelivery.objects.exists()
    import_one_case(dataset)
    (row,) = OutboxMessage.objects.all()
    assert row.kind == "webhook" and row.payload == {"delivery_id": row.delivery_id}
    assert row.state == "pending"  # without a broker nothing is sent from the writer
    outbox_drain()
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("done", 1) and len(r.received) == 1


def test_a_worker_that_stopped_mid_attempt_loses_nothing_and_the_log_says_so(receiver, settings):
    """A kill -9 between the claim and the report leaves the row running under a lease; once the
    lease has run out the row is due again, the lost attempt is logged, and the next is made."""
    dataset, _ = dataset_get_or_create(slug="box")
    r = receiver([])
    hook = webhook_create(dataset=dataset, url=r.url, events=["verdict"], secret="s" * 20)
    r.secret = "s" * 20
    delivery = webhook_test_send(webhook=hook)
    row = OutboxMessage.objects.get(delivery=delivery)
    # What a worker killed during its attempt leaves behind: claimed, lease still running.
    OutboxMessage.objects.filter(pk=row.pk).update(
        state="running", attempts=1, locked_until=timezone.now() + timedelta(minutes=2)
    )
    assert outbox_message_run(row.pk) is None, "taken from under a live lease"
    OutboxMessage.objects.filter(pk=row.pk).update(
        locked_until=timezone.now() - timedelta(seconds=1)
    )
    assert outbox_message_run(row.pk) == "done"
    log = [(a.attempt, a.succeeded, a.error) for a in delivery.attempts.order_by("attempt")]
    assert log == [(1, False, "lost: the worker stopped during this attempt"), (2, True, "")]
    assert [x["attempt"] for x in r.received] == ["2"]


def test_given_up_rows_are_replayed_and_their_attempts_keep_counting(receiver):
    dataset, _ = dataset_get_or_create(slug="box")
    r = receiver([503, 503, 200])
    hook = webhook_create(dataset=dataset, url=r.url, events=["verdict"], secret="s" * 20)
    r.secret = "s" * 20
    delivery = webhook_test_send(webhook=hook)
    OutboxMessage.objects.filter(delivery=delivery).update(max_attempts=2)
    outbox_drain()
    row = OutboxMessage.objects.get(delivery=delivery)
    assert (row.state, row.attempts, row.last_error) == ("gave_up", 2, "HTTP 503: receiver says no")
    assert outbox_replay(ids=[row.pk]) == 1
    outbox_drain()
    row.refresh_from_db()
    assert (row.state, row.attempts) == ("done", 3)
    attempts = WebhookAttempt.objects.filter(delivery=delivery).order_by("attempt")
    assert [(a.attempt, a.status_code) for a in attempts] == [(1, 503), (2, 503), (3, 200)]


def test_an_upload_s_password_is_sealed_on_its_row_and_dropped_when_done(client, settings):
    """The password is never a task argument: the row holds it sealed under a key derived from
    SECRET_KEY (which no broker sees), and empties it once the ingestion ran."""
    from groundgate.models import Role
    from groundgate.services.outbox import KINDS, OutboxKind
    from tests.api.conftest import api_client

    dataset, _ = dataset_get_or_create(slug="box")
    admin = api_client("ada", dataset, Role.ADMIN)
    seen: list[tuple[bytes | None, str | None]] = []
    real = KINDS["ingest_document"]

    def spy(payload, secret, attempt):
        row = OutboxMessage.objects.get(kind="ingest_document")
        seen.append((bytes(row.sealed) if row.sealed else None, secret))
        real.run(payload, secret, attempt)

    KINDS["ingest_document"] = OutboxKind(spy, True, real.max_attempts, real.lease)
    try:
        pdf = (SHARED / "data/pdfs/issue6010_2.pdf").read_bytes()
        answer = admin.post(
            "/api/v1/datasets/box/documents/upload",
            {"file": SimpleUploadedFile("locked.pdf", pdf), "password": "æøå"},
            format="multipart",
        )
    finally:
        KINDS["ingest_document"] = real
    assert answer.status_code == 202, answer.content[:300]
    ((sealed, secret),) = seen
    assert secret == "æøå" and sealed and "æøå".encode() not in sealed
    assert unseal(sealed) == "æøå"
    row = OutboxMessage.objects.get(kind="ingest_document")
    assert row.payload == {"document_id": answer.json()["document"]["id"]}
    assert (row.state, row.sealed) == ("done", None)
    assert Document.objects.get(pk=row.payload["document_id"]).status == "ready"
