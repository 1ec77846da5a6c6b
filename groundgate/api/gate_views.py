"""POST /api/v1/gate/{kind} and /api/v1/gate/{kind}/batch: gate as a service.

The body is the same case JSON as the CLI's; the response is the same verdict JSON (canonical
bytes). 201 when the case is new, 200 when the same id and content were submitted before, 409
when the id was used with other content, 400 with field paths for bad input.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from pydantic import ValidationError
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from groundgate.api.errors import bad_request, conflict, pydantic_errors
from groundgate.api.params import dataset_from_query
from groundgate.api.parsers import RawBodyParser
from groundgate.api.throttles import GateRateThrottle
from groundgate.engine.limits import first_problem, loads_marking_nonfinite
from groundgate.engine.registry import GATES, get_gate
from groundgate.models import Dataset
from groundgate.services.links import case_path
from groundgate.services.submissions import BadPayload, SubmissionConflict, case_submit


class RawJSONParser(RawBodyParser):
    """Hands the body to the engine unparsed: pydantic parses and validates it in one pass."""

    media_type = "application/json"


class ErrorItem(serializers.Serializer[None]):
    field = serializers.CharField()
    message = serializers.CharField()


class ErrorBody(serializers.Serializer[None]):
    detail = serializers.CharField()
    # The body's key is "errors", which shadows Serializer.errors (the schema only reads it).
    errors = ErrorItem(many=True, required=False)  # type: ignore[assignment]


CASE_PAGE = "the `Location` header is the stored case's page"


def error_responses(*statuses: int) -> dict[int, type[ErrorBody]]:
    """An endpoint's documented error statuses, each answered with an ErrorBody."""
    return {status: ErrorBody for status in statuses}


DATASET_PARAM = OpenApiParameter(
    "dataset", str, description="Dataset slug (optional if you are a member of one dataset)"
)


def _verdict_response(body: bytes, created: bool, case_url: str) -> HttpResponse:
    """The verdict (the CLI's bytes, unchanged); the stored case's page in `Location`."""
    response = HttpResponse(body, status=201 if created else 200, content_type="application/json")
    response["Location"] = case_url
    return response


Submitted = tuple[int, bytes | None, list[dict[str, str]] | None, str | None]


def _submit(request: Request, dataset: Dataset, kind: str, body: bytes) -> Submitted:
    """(status, verdict bytes | None, errors | None, case page URL | None)."""
    try:
        submission = case_submit(dataset=dataset, kind=kind, body=body)
    except ValidationError as exc:
        return 400, None, pydantic_errors(exc), None
    except SubmissionConflict as exc:
        return 409, None, [{"field": "id", "message": str(exc)}], None
    except BadPayload as exc:
        return 400, None, [{"field": exc.field, "message": exc.message}], None
    url = str(
        request.build_absolute_uri(case_path(dataset_slug=dataset.slug, case_id=submission.case.pk))
    )
    return (201 if submission.created else 200), submission.verdict_json, None, url


def _raw_body(request: Request) -> bytes:
    """The body as RawJSONParser left it (b"" when there is none)."""
    data = request.data
    return data if isinstance(data, bytes) else b""


def make_gate_view(kind: str) -> type[APIView]:
    spec = get_gate(kind)

    class GateView(APIView):
        parser_classes = [RawJSONParser]
        throttle_classes = [GateRateThrottle]

        @extend_schema(
            operation_id=f"gate_{kind}",
            summary=f"Gate one {kind} case and store it",
            parameters=[DATASET_PARAM],
            request=spec.input_model,
            responses={
                200: OpenApiResponse(spec.verdict_model, description=f"seen before; {CASE_PAGE}"),
                201: OpenApiResponse(
                    spec.verdict_model, description=f"stored and gated; {CASE_PAGE}"
                ),
                **error_responses(400, 401, 404, 409, 429),
            },
            tags=["gate"],
        )
        def post(self, request: Request) -> HttpResponse:
            dataset = dataset_from_query(request)
            code, verdict, errors, url = _submit(request, dataset, kind, _raw_body(request))
            if verdict is not None and url is not None:
                return _verdict_response(verdict, code == 201, url)
            errors = errors or []
            if code == 409:
                return conflict(errors)
            return bad_request(errors)

    GateView.__name__ = f"Gate{kind.title()}View"
    return GateView


class BatchResult(serializers.Serializer[None]):
    index = serializers.IntegerField()
    status = serializers.IntegerField(help_text="201 stored, 200 seen before, 400, 409")
    verdict = serializers.DictField(allow_null=True, help_text="the verdict, as for one case")
    errors = ErrorItem(many=True, allow_null=True)  # type: ignore[assignment]  # as ErrorBody's
    case_url = serializers.URLField(allow_null=True, help_text="the stored case's page")


class BatchResponse(serializers.Serializer[None]):
    results = BatchResult(many=True)


def make_batch_view(kind: str) -> type[APIView]:
    class BatchRequest(serializers.Serializer[None]):
        cases = serializers.ListField(
            child=serializers.JSONField(),
            help_text=f"{kind} cases, as for POST /api/v1/gate/{kind}",
        )

    BatchRequest.__name__ = f"{kind.title()}BatchRequest"

    class BatchView(APIView):
        parser_classes = [RawJSONParser]
        throttle_classes = [GateRateThrottle]

        @extend_schema(
            operation_id=f"gate_{kind}_batch",
            summary=f"Gate up to GROUNDGATE_GATE_BATCH_MAX (default 100) {kind} cases",
            parameters=[DATASET_PARAM],
            request=BatchRequest,
            responses={
                200: BatchResponse,
                **error_responses(400, 401, 404, 413, 429),
            },
            tags=["gate"],
        )
        def post(self, request: Request) -> HttpResponse:
            # Access first, once: an outsider learns nothing from how the body is judged.
            dataset = dataset_from_query(request)
            try:
                # Not orjson: it refuses NaN outright (without saying where) and integers past
                # 64 bits; NaN is kept as a marker and refused per case, naming its field.
                body = loads_marking_nonfinite(_raw_body(request))
            except RecursionError:
                return bad_request([{"field": "(root)", "message": "nested too deeply"}])
            except ValueError as exc:
                return bad_request([{"field": "(root)", "message": f"not valid JSON: {exc}"}])
            cases = body.get("cases") if isinstance(body, dict) else None
            if not isinstance(cases, list):
                return bad_request([{"field": "cases", "message": "a list of cases is required"}])
            limit = settings.GROUNDGATE_GATE_BATCH_MAX
            if len(cases) > limit:
                return Response(
                    {
                        "detail": f"at most {limit} cases per batch (GROUNDGATE_GATE_BATCH_MAX); "
                        f"got {len(cases)}"
                    },
                    status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
                )
            results: list[dict[str, Any]] = []
            for index, case in enumerate(cases):
                problem = first_problem(case, settings.GROUNDGATE_CASE_LIMITS)
                errors: list[dict[str, str]] | None
                if problem is not None:
                    code, verdict, url = 400, None, None
                    errors = [{"field": problem.field, "message": problem.message}]
                else:
                    text = json.dumps(case, ensure_ascii=False).encode("utf-8")
                    code, verdict, errors, url = _submit(request, dataset, kind, text)
                if errors:
                    errors = [dict(e, field=f"cases[{index}].{e['field']}") for e in errors]
                results.append(
                    {
                        "index": index,
                        "status": code,
                        "verdict": orjson.Fragment(verdict) if verdict else None,
                        "errors": errors,
                        "case_url": url,
                    }
                )
            return HttpResponse(orjson.dumps({"results": results}), content_type="application/json")

    BatchView.__name__ = f"GateBatch{kind.title()}View"
    return BatchView


GATE_VIEWS = {
    kind: (make_gate_view(kind).as_view(), make_batch_view(kind)) for kind in sorted(GATES)
}
