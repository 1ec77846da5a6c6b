"""Verdicts and reviews leave for a real Arize Phoenix through the outbox, as webhooks do (issue
31): a dataset configured with Phoenix's address gets a `phoenix_push` row written with each
verdict and review, and the worker pushes from it. Phoenix down (its address answers nothing)
and the broker down: the row waits and is tried again; nothing is lost."""

from __future__ import annotations

import socket
import socketserver
import threading

import pytest
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace.export import SpanExportResult

from groundgate.integrations.otlp import otlp_trace_request
from groundgate.models import Case, OutboxMessage, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.otlp_intake import otlp_traces_receive
from groundgate.services.outbox import outbox_run_due
from reviews.services import review_submit
from tests.api.conftest import api_client
from tests.integrations.phoenix.conftest import URL
from tests.integrations.phoenix.test_phoenix_span_annotations import (
    span_annotations,
    wait_for_span,
)
from tests.integrations.test_otlp_intake import rag_spans
from tests.outbox import outbox_drain

pytestmark = pytest.mark.django_db


class _Pipe(socketserver.BaseRequestHandler):
    """Copies one connection to Phoenix and back (Phoenix "at the configured address")."""

    def handle(self) -> None:
        host, port = self.server.target  # type: ignore[attr-defined]
        with socket.create_connection((host, port), timeout=30) as upstream:

            def pump(src: socket.socket, dst: socket.socket) -> None:
                try:
                    while data := src.recv(65536):
                        dst.sendall(data)
                except OSError:
                    pass
                finally:
                    try:
                        dst.shutdown(socket.SHUT_WR)
                    except OSError:
                        pass

            back = threading.Thread(target=pump, args=(upstream, self.request), daemon=True)
            back.start()
            pump(self.request, upstream)
            back.join(timeout=30)


class PhoenixAddress:
    """A 127.0.0.1 address that is down (connection refused) until `up()`, then Phoenix."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: socketserver.ThreadingTCPServer | None = None

    def up(self) -> None:
        server = socketserver.ThreadingTCPServer(("127.0.0.1", self.port), _Pipe)
        server.daemon_threads = True
        server.target = (  # type: ignore[attr-defined]
            URL.split("//", 1)[1].rsplit(":", 1)[0],
            int(URL.rsplit(":", 1)[1]),
        )
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.server = server

    def close(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()


def receive(dataset, spans) -> None:
    request = otlp_trace_request(
        encode_spans(spans).SerializeToString(),
        content_type="application/x-protobuf",
        content_encoding="",
        max_bytes=1 << 20,
        max_spans=100,
    )
    assert otlp_traces_receive(dataset=dataset, request=request).rejected_spans == 0


def test_verdicts_and_reviews_reach_phoenix_through_the_outbox_after_it_was_down(
    settings, django_capture_on_commit_callbacks, caplog
):
    settings.GROUNDGATE_OUTBOX_BACKOFF_MS = 50
    address = PhoenixAddress()
    try:
        dataset, _ = dataset_get_or_create(slug="live")
        dataset.phoenix_url = address.url
        dataset.save(update_fields=["phoenix_url"])
        ada = api_client("ada", dataset, Role.ADMIN).user
        spans = rag_spans()
        assert OTLPSpanExporter(endpoint=f"{URL}/v1/traces", timeout=30).export(spans) == (
            SpanExportResult.SUCCESS
        )
        receive(dataset, spans)  # gated on arrival: the verdict's push is a row in the outbox
        case = Case.objects.get(
            dataset=dataset, external_id=format(spans[0].context.trace_id, "032x")
        )
        (row,) = OutboxMessage.objects.filter(kind="phoenix_push")
        assert row.payload == {"dataset_id": dataset.pk, "case_ids": [case.pk]}
        assert row.state == "pending"  # never sent from the writer's request

        # Phoenix down: the attempt fails, is recorded, and the row waits for its next try
        outbox_run_due()
        row.refresh_from_db()
        assert (row.state, row.attempts) == ("pending", 1)
        assert "cannot connect" in row.last_error, row.last_error

        # Phoenix back at its address: the next try delivers the verdict
        address.up()
        span_id = case.payload["trace"]["llm_span_id"]
        wait_for_span(span_id)
        outbox_drain(timeout=60)
        row.refresh_from_db()
        assert (row.state, row.attempts) == ("done", 2)
        verdict = span_annotations(span_id)[("groundgate.answer", "groundgate")]
        assert verdict["result"]["label"] == "ok"
        assert verdict["metadata"]["groundgate.case.id"] == case.pk

        # The broker down when a review is saved: the hand-over fails with a warning only, the
        # row (written with the review) waits for the relay/worker, and then reaches Phoenix
        settings.CELERY_TASK_ALWAYS_EAGER = False
        settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{PhoenixAddress().port}/0"
        with django_capture_on_commit_callbacks(execute=True), caplog.at_level("WARNING"):
            review_submit(case=case, reviewer=ada, label="not_grounded", comment="wrong valve")
        assert "broker unavailable" in caplog.text
        settings.CELERY_TASK_ALWAYS_EAGER = True
        review_row = OutboxMessage.objects.filter(kind="phoenix_push").latest("id")
        assert review_row.pk != row.pk and review_row.state == "pending"
        outbox_drain(timeout=60)
        review_row.refresh_from_db()
        assert review_row.state == "done"
        review = span_annotations(span_id)[("groundgate.review", "groundgate-reviewer-ada")]
        assert review["result"] == {
            "label": "not_grounded",
            "score": 0.0,
            "explanation": "wrong valve",
        }
    finally:
        address.close()


def test_a_dataset_without_phoenix_writes_no_row():
    dataset, _ = dataset_get_or_create(slug="quiet")
    receive(dataset, rag_spans())
    assert not OutboxMessage.objects.filter(kind="phoenix_push").exists()
