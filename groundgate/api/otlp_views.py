"""POST /v1/traces: OTLP/HTTP trace intake, the standard path an OpenTelemetry SDK exports to
(`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=https://HOST/v1/traces?dataset=SLUG`, or
`OTEL_EXPORTER_OTLP_ENDPOINT=https://HOST` with the dataset in the `groundgate-dataset`
header). Protobuf or JSON, plain or gzip; `Authorization: Token KEY` or `Bearer KEY` of an admin
of the dataset (as the trace import). docs/integrations.md, "OTLP/HTTP intake"."""

from __future__ import annotations

import orjson
from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import TokenAuthentication
from rest_framework.request import Request
from rest_framework.views import APIView

from groundgate.access import Action
from groundgate.api.gate_views import error_responses
from groundgate.api.params import dataset_from_query
from groundgate.api.parsers import RawBodyParser
from groundgate.integrations.otlp import OtlpRefused, otlp_response, otlp_trace_request
from groundgate.services.otlp_intake import otlp_traces_receive


class BearerTokenAuthentication(TokenAuthentication):
    """The same API token after `Bearer` (what OpenTelemetry set-ups usually write)."""

    keyword = "Bearer"


class BearerTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """Names the Bearer form in the OpenAPI schema (the Token form is `tokenAuth`)."""

    target_class = BearerTokenAuthentication
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: object) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "The API token as a Bearer token.",
        }


class AnyBody(RawBodyParser):
    """The body as bytes, whatever its type: the view answers a wrong type with 415 itself."""

    media_type = "*/*"


class OtlpTraces(APIView):
    authentication_classes = [TokenAuthentication, BearerTokenAuthentication]
    parser_classes = [AnyBody]

    @extend_schema(
        operation_id="otlp_traces",
        summary="OTLP/HTTP trace export (protobuf or JSON): traces become gated cases",
        request={
            "application/x-protobuf": OpenApiTypes.BINARY,
            "application/json": OpenApiTypes.OBJECT,
        },
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 401, 403, 404, 413, 415)},
        tags=["cases"],
    )
    def post(self, request: Request) -> HttpResponse:
        dataset = dataset_from_query(request, action=Action.IMPORT, header="groundgate-dataset")
        content_type = request.content_type or ""
        try:
            intake = otlp_trace_request(
                request.data if isinstance(request.data, bytes) else b"",
                content_type=content_type,
                content_encoding=request.headers.get("Content-Encoding", ""),
                max_bytes=settings.GROUNDGATE_OTLP_MAX_BYTES,
                max_spans=settings.GROUNDGATE_OTLP_MAX_SPANS,
            )
        except OtlpRefused as exc:
            detail = orjson.dumps({"detail": exc.message})
            return HttpResponse(detail, status=exc.status, content_type="application/json")
        result = otlp_traces_receive(dataset=dataset, request=intake)
        body = otlp_response(
            protobuf=intake.protobuf, rejected_spans=result.rejected_spans, message=result.message
        )
        kind = "application/x-protobuf" if intake.protobuf else "application/json"
        return HttpResponse(body, status=200, content_type=kind)
