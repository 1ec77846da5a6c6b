"""A dataset's webhooks (admins of the dataset only; outsiders get 404, reviewers 403).

The secret is in the answer to the POST that makes the webhook, and never again: every other
answer shows `secret_hint` (its last four characters) so an admin can tell secrets apart.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from groundgate.access import Action, dataset_for
from groundgate.api.errors import bad_request
from groundgate.api.gate_views import error_responses
from groundgate.integrations.webhooks import EVENTS
from groundgate.models import Dataset, OutboxMessage, Webhook, WebhookAttempt
from groundgate.selectors.webhooks import (
    webhook_attempts,
    webhook_delivery_counts,
    webhook_of,
    webhooks_of,
)
from groundgate.services.webhooks import (
    WebhookInputError,
    webhook_create,
    webhook_test_send,
    webhook_update,
)


class WebhookSerializer(serializers.ModelSerializer[Webhook]):
    secret_hint = serializers.SerializerMethodField()
    counts = serializers.SerializerMethodField()

    class Meta:
        model = Webhook
        fields = ["id", "url", "events", "active", "secret_hint", "created_at", "counts"]

    def get_secret_hint(self, obj: Webhook) -> str:
        return "…" + obj.secret[-4:]

    @extend_schema_field(
        inline_serializer(
            "WebhookCounts",
            {"deliveries": serializers.IntegerField(), "delivered": serializers.IntegerField()},
        )
    )
    def get_counts(self, obj: Webhook) -> dict[str, int]:
        return webhook_delivery_counts(webhook=obj)


class WebhookCreatedSerializer(WebhookSerializer):
    """The answer to a create: the only time the secret is shown."""

    secret = serializers.CharField()

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]


class WebhookInput(serializers.Serializer[dict[str, Any]]):
    # Required to make a webhook; a PATCH (partial) may give any of them.
    url = serializers.CharField()
    events = serializers.ListField(child=serializers.CharField(), help_text=", ".join(EVENTS))
    active = serializers.BooleanField(required=False)
    secret = serializers.CharField(
        required=False, help_text="16-128 characters; random if left out"
    )


class AttemptSerializer(serializers.ModelSerializer[WebhookAttempt]):
    event_id = serializers.CharField(source="delivery.event_id")
    event = serializers.CharField(source="delivery.event")
    delivery_state = serializers.SerializerMethodField(
        help_text="the delivery's outbox row now: pending (next_attempt_at says when), running, "
        "done or gave_up (docs/operations.md); null for a delivery older than the outbox"
    )
    next_attempt_at = serializers.SerializerMethodField()

    def _outbox(self, obj: WebhookAttempt) -> OutboxMessage | None:
        return getattr(obj.delivery, "outbox", None)

    def get_delivery_state(self, obj: WebhookAttempt) -> str | None:
        row = self._outbox(obj)
        return row.state if row is not None else None

    def get_next_attempt_at(self, obj: WebhookAttempt) -> datetime | None:
        row = self._outbox(obj)
        return row.next_attempt_at if row is not None and row.state == "pending" else None

    class Meta:
        model = WebhookAttempt
        fields = [
            "id",
            "event_id",
            "event",
            "attempt",
            "status_code",
            "duration_ms",
            "succeeded",
            "error",
            "created_at",
            "delivery_state",
            "next_attempt_at",
        ]


def _dataset(view: APIView) -> Dataset:
    return dataset_for(user=view.request.user, slug=view.kwargs["slug"], action=Action.WEBHOOKS)


def _input(request: Request, partial: bool) -> tuple[dict[str, Any] | None, Response | None]:
    data = WebhookInput(data=request.data, partial=partial)
    if not data.is_valid():
        errors = [{"field": f, "message": str(m[0])} for f, m in data.errors.items()]
        return None, bad_request(errors)
    return dict(data.validated_data), None


class WebhookList(generics.ListAPIView[Webhook]):
    serializer_class = WebhookSerializer

    def get_queryset(self) -> QuerySet[Webhook]:
        return webhooks_of(dataset=_dataset(self))

    @extend_schema(
        operation_id="webhooks_create",
        request=WebhookInput,
        responses={201: WebhookCreatedSerializer, **error_responses(400, 401, 403, 404)},
    )
    def post(self, request: Request, slug: str) -> Response | None:
        dataset = _dataset(self)
        data, error = _input(request, partial=False)
        if error is not None or data is None:
            return error
        try:
            # Only a signed-in member reaches here (_dataset): request.user is a User.
            creator = request.user if isinstance(request.user, User) else None
            webhook = webhook_create(dataset=dataset, created_by=creator, **data)
        except WebhookInputError as exc:
            return bad_request([{"field": exc.field, "message": str(exc).split(": ", 1)[1]}])
        body = WebhookCreatedSerializer(webhook).data
        return Response(body, status=status.HTTP_201_CREATED)


class WebhookDetail(generics.RetrieveAPIView[Webhook]):
    serializer_class = WebhookSerializer

    def get_object(self) -> Webhook:
        return webhook_of(dataset=_dataset(self), webhook_id=self.kwargs["pk"])

    @extend_schema(
        operation_id="webhooks_update",
        request=WebhookInput,
        responses={200: WebhookSerializer, **error_responses(400, 401, 403, 404)},
    )
    def patch(self, request: Request, slug: str, pk: int) -> Response | None:
        webhook = self.get_object()
        data, error = _input(request, partial=True)
        if error is not None or data is None:
            return error
        if "secret" in data:
            return bad_request(
                [{"field": "secret", "message": "a secret is not changed: make a new webhook"}]
            )
        try:
            webhook = webhook_update(webhook=webhook, **data)
        except WebhookInputError as exc:
            return bad_request([{"field": exc.field, "message": str(exc).split(": ", 1)[1]}])
        return Response(WebhookSerializer(webhook).data)


class WebhookAttempts(generics.ListAPIView[WebhookAttempt]):
    """The delivery log: one row per attempt, newest first."""

    serializer_class = AttemptSerializer

    def get_queryset(self) -> QuerySet[WebhookAttempt]:
        webhook = webhook_of(dataset=_dataset(self), webhook_id=self.kwargs["pk"])
        return webhook_attempts(webhook=webhook)


class WebhookTest(APIView):
    @extend_schema(
        operation_id="webhooks_test",
        summary="Send a signed `test` event to this webhook (answered at once; see the log)",
        request=None,
        responses={
            202: inline_serializer("TestEvent", {"event_id": serializers.CharField()}),
            **error_responses(401, 403, 404),
        },
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        webhook = webhook_of(
            dataset=dataset_for(user=request.user, slug=slug, action=Action.WEBHOOKS),
            webhook_id=pk,
        )
        delivery = webhook_test_send(webhook=webhook)
        return Response({"event_id": delivery.event_id}, status=status.HTTP_202_ACCEPTED)
