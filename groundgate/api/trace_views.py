"""Trace import (admins of the dataset): a tracing tool's span export becomes gated cases."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from groundgate.access import Action, dataset_for
from groundgate.api.errors import bad_request
from groundgate.api.gate_views import error_responses
from groundgate.api.ingest_views import (
    ImportReport,
    JSONLinesParser,
    JSONLParser,
    TextJSONLParser,
    import_report_body,
)
from groundgate.integrations.openinference.cases import (
    DEFAULT_CITATION_PATTERN,
    compile_citation_pattern,
)
from groundgate.integrations.openinference.spans import FORMATS
from groundgate.services.trace_imports import TraceFileTooDeep, trace_cases_import


class RawJSONParser(JSONLinesParser):
    """The body as bytes: the span reader parses it (and reports where it is broken)."""

    media_type = "application/json"


class TraceImport(APIView):
    parser_classes = [RawJSONParser, JSONLinesParser, JSONLParser, TextJSONLParser]

    @extend_schema(
        operation_id="traces_import",
        summary="Import traces (Phoenix spans, OTLP JSON, LangSmith runs, Langfuse observations)",
        parameters=[
            OpenApiParameter("format", str, enum=list(FORMATS), default="openinference"),
            OpenApiParameter(
                "citation_pattern",
                str,
                default=DEFAULT_CITATION_PATTERN,
                description="regex of a citation; group 1 is the reference",
            ),
        ],
        request={"application/json": OpenApiTypes.STR, "application/x-ndjson": OpenApiTypes.STR},
        responses={
            200: ImportReport,
            **error_responses(400, 401, 403, 404, 413, 415),
        },
        tags=["cases"],
    )
    def post(self, request: Request, slug: str) -> Response:
        dataset = dataset_for(user=request.user, slug=slug, action=Action.IMPORT)
        fmt = request.query_params.get("format", "openinference")
        if fmt not in FORMATS:
            return bad_request([{"field": "format", "message": f"one of {', '.join(FORMATS)}"}])
        pattern = request.query_params.get("citation_pattern") or None
        try:
            compile_citation_pattern(pattern)
        except ValueError as exc:
            return bad_request([{"field": "citation_pattern", "message": str(exc)}])
        data = request.data if isinstance(request.data, bytes) else b""
        try:
            report = trace_cases_import(
                dataset=dataset, data=data, fmt=fmt, citation_pattern=pattern
            )
        except TraceFileTooDeep as exc:
            return bad_request([{"field": "(body)", "message": str(exc)}])
        return Response(import_report_body(report))
