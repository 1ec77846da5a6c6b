"""Uploads and imports (admins of the dataset): PDFs (multipart, 202 + task id), JSONL chunks for
a document, JSONL cases. (The export of audited datasets is in reviews/api.)"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from groundgate.access import Action, dataset_for
from groundgate.api.errors import TooLarge, UnsupportedFile, bad_request
from groundgate.api.gate_views import error_responses
from groundgate.api.parsers import RawBodyParser
from groundgate.api.serializers import DocumentSerializer
from groundgate.engine.registry import GATES
from groundgate.models import Document, DocumentStatus
from groundgate.services.chunk_imports import ChunkImportReport, chunks_import_lines
from groundgate.services.imports import ImportReport as CaseImportReport
from groundgate.services.imports import case_import_lines
from groundgate.services.uploads import NotAPdf, document_upload_accept


class JSONLinesParser(RawBodyParser):
    media_type = "application/x-ndjson"


class JSONLParser(JSONLinesParser):
    media_type = "application/jsonl"


class TextJSONLParser(JSONLinesParser):
    media_type = "text/plain"


ImportReport = inline_serializer(
    "ImportReport",
    {
        "imported": serializers.IntegerField(),
        "unchanged": serializers.IntegerField(),
        "errors": serializers.ListField(child=serializers.DictField()),
    },
)


def _raw_body(request: Request) -> bytes:
    """The body as the JSON-lines parsers read it (bytes); DRF gives an empty mapping for none."""
    return request.data if isinstance(request.data, bytes) else b""


def import_report_body(report: CaseImportReport | ChunkImportReport) -> dict[str, Any]:
    return {
        "imported": report.imported,
        "unchanged": report.unchanged,
        "errors": [
            {"line": e.line, "message": e.message, "fields": list(e.fields)} for e in report.errors
        ],
    }


class DocumentUpload(APIView):
    parser_classes = [MultiPartParser]
    # RequestBodyLimitMiddleware: this endpoint takes bodies up to the upload limit.
    max_body_setting = "GROUNDGATE_MAX_UPLOAD_BYTES"

    @extend_schema(
        operation_id="document_upload",
        request=inline_serializer(
            "DocumentUpload",
            {"file": serializers.FileField(), "password": serializers.CharField(required=False)},
        ),
        responses={
            202: inline_serializer(
                "UploadAccepted",
                {
                    "task_id": serializers.CharField(),
                    "status_url": serializers.CharField(),
                    "document": DocumentSerializer(),
                },
            ),
            200: DocumentSerializer,
            **error_responses(400, 401, 403, 404, 413, 415),
        },
        tags=["documents"],
    )
    def post(self, request: Request, slug: str) -> Response:
        dataset = dataset_for(user=request.user, slug=slug, action=Action.IMPORT)
        limit = settings.GROUNDGATE_MAX_UPLOAD_BYTES
        if int(request.META.get("CONTENT_LENGTH") or 0) > limit + 64 * 1024:
            raise TooLarge(f"uploads are limited to {limit} bytes")
        upload = request.FILES.get("file")
        if upload is None:
            return bad_request([{"field": "file", "message": "a PDF file is required"}])
        if upload.size > limit:
            raise TooLarge(f"uploads are limited to {limit} bytes")
        try:
            accepted = document_upload_accept(
                dataset=dataset,
                data=upload.read(),
                filename=upload.name or "",
                password=request.data.get("password") or None,
            )
        except NotAPdf as exc:
            raise UnsupportedFile(str(exc)) from None
        document = accepted.document
        if accepted.already:
            return Response(DocumentSerializer(document).data, status=200)
        url = reverse("api:document-detail", args=[slug, document.pk])
        return Response(
            {
                "task_id": accepted.task_id,
                "status_url": url,
                "document": DocumentSerializer(document).data,
            },
            status=202,
        )


class ChunkImport(APIView):
    parser_classes = [JSONLinesParser, JSONLParser, TextJSONLParser]

    @extend_schema(
        operation_id="chunks_import",
        request={"application/x-ndjson": OpenApiTypes.STR},
        responses={
            200: ImportReport,
            **error_responses(400, 401, 403, 404, 415),
        },
        tags=["documents"],
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        dataset = dataset_for(user=request.user, slug=slug, action=Action.IMPORT)
        document = get_object_or_404(Document, dataset=dataset, pk=pk)
        if document.status != DocumentStatus.READY:
            return bad_request([{"field": "document", "message": f"is {document.status}"}])
        lines = _raw_body(request).splitlines()
        return Response(import_report_body(chunks_import_lines(document=document, lines=lines)))


class CaseImport(APIView):
    parser_classes = [JSONLinesParser, JSONLParser, TextJSONLParser]

    @extend_schema(
        operation_id="cases_import",
        parameters=[OpenApiParameter("kind", str, enum=sorted(GATES), default="answer")],
        request={"application/x-ndjson": OpenApiTypes.STR},
        responses={
            200: ImportReport,
            **error_responses(400, 401, 403, 404, 415),
        },
        tags=["cases"],
    )
    def post(self, request: Request, slug: str) -> Response:
        dataset = dataset_for(user=request.user, slug=slug, action=Action.IMPORT)
        kind = request.query_params.get("kind", "answer")
        if kind not in GATES:
            return bad_request([{"field": "kind", "message": f"one of {', '.join(sorted(GATES))}"}])
        lines = _raw_body(request).splitlines()
        return Response(
            import_report_body(case_import_lines(dataset=dataset, lines=lines, kind=kind))
        )
