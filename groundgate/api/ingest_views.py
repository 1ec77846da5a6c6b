"""Uploads and imports (admins of the dataset): PDFs (multipart, 202 + task id), JSONL chunks for
a document, JSONL cases; and the export of audited datasets."""

from __future__ import annotations

import hashlib
from pathlib import PurePath

from celery.utils import uuid
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.http import StreamingHttpResponse
from django.urls import reverse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from groundgate.api.access import member_dataset
from groundgate.api.errors import TooLarge, UnsupportedFile, bad_request, read_limited
from groundgate.api.gate_views import ErrorBody
from groundgate.api.serializers import DocumentSerializer
from groundgate.documents.pdf_text import looks_like_pdf
from groundgate.engine.registry import GATES
from groundgate.models import Document, DocumentStatus
from groundgate.services.chunk_imports import chunks_import_lines
from groundgate.services.imports import case_import_lines
from reviews.export import csv_stream, export_filters_parse, export_records, jsonl_stream
from reviews.models import Label


class JSONLinesParser(BaseParser):
    media_type = "application/x-ndjson"

    def parse(self, stream, media_type=None, parser_context=None):
        return read_limited(stream)


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


def _report(report) -> dict:
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
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
        },
        tags=["documents"],
    )
    def post(self, request, slug: str):
        dataset = member_dataset(request, slug, admin=True)
        limit = settings.GROUNDGATE_MAX_UPLOAD_BYTES
        if int(request.META.get("CONTENT_LENGTH") or 0) > limit + 64 * 1024:
            raise TooLarge(f"uploads are limited to {limit} bytes")
        upload = request.FILES.get("file")
        if upload is None:
            return bad_request([{"field": "file", "message": "a PDF file is required"}])
        if upload.size > limit:
            raise TooLarge(f"uploads are limited to {limit} bytes")
        data = upload.read()
        if not looks_like_pdf(data):
            raise UnsupportedFile("file: not a PDF (the file does not start with %PDF-)")
        sha256 = hashlib.sha256(data).hexdigest()
        existing = Document.objects.filter(dataset=dataset, sha256=sha256).first()
        if existing is not None and existing.status == DocumentStatus.READY:
            return Response(DocumentSerializer(existing).data, status=200)
        name = PurePath(upload.name or "upload.pdf").name[:200] or "upload.pdf"
        with transaction.atomic():
            document = existing or Document(dataset=dataset, sha256=sha256, title=name)
            document.status = DocumentStatus.PENDING
            if not document.file:
                document.file.save(name, ContentFile(data), save=False)
            document.save()
            from groundgate.tasks import ingest_document_task

            task_id = uuid()
            password = request.data.get("password") or None
            transaction.on_commit(
                lambda: ingest_document_task.apply_async((document.pk, password), task_id=task_id)
            )
        document.refresh_from_db()
        url = reverse("api:document-detail", args=[slug, document.pk])
        return Response(
            {"task_id": task_id, "status_url": url, "document": DocumentSerializer(document).data},
            status=202,
        )


class ChunkImport(APIView):
    parser_classes = [JSONLinesParser, JSONLParser, TextJSONLParser]

    @extend_schema(
        operation_id="chunks_import",
        request={"application/x-ndjson": OpenApiTypes.STR},
        responses={
            200: ImportReport,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            415: ErrorBody,
        },
        tags=["documents"],
    )
    def post(self, request, slug: str, pk: int):
        dataset = member_dataset(request, slug, admin=True)
        document = get_object_or_404(Document, dataset=dataset, pk=pk)
        if document.status != DocumentStatus.READY:
            return bad_request([{"field": "document", "message": f"is {document.status}"}])
        lines = (request.data or b"").splitlines()
        return Response(_report(chunks_import_lines(document=document, lines=lines)))


class CaseImport(APIView):
    parser_classes = [JSONLinesParser, JSONLParser, TextJSONLParser]

    @extend_schema(
        operation_id="cases_import",
        parameters=[OpenApiParameter("kind", str, enum=sorted(GATES), default="answer")],
        request={"application/x-ndjson": OpenApiTypes.STR},
        responses={
            200: ImportReport,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
            415: ErrorBody,
        },
        tags=["cases"],
    )
    def post(self, request, slug: str):
        dataset = member_dataset(request, slug, admin=True)
        kind = request.query_params.get("kind", "answer")
        if kind not in GATES:
            return bad_request([{"field": "kind", "message": f"one of {', '.join(sorted(GATES))}"}])
        lines = (request.data or b"").splitlines()
        return Response(_report(case_import_lines(dataset=dataset, lines=lines, kind=kind)))


class Export(APIView):
    @extend_schema(
        operation_id="dataset_export",
        summary="Stream one record per case (groundgate.export.v1; docs/export-schema.md)",
        parameters=[
            OpenApiParameter("format", str, enum=["jsonl", "csv"], default="jsonl"),
            OpenApiParameter("reviewed", bool, description="only cases whose review is settled"),
            OpenApiParameter("label", str, enum=Label.values),
            OpenApiParameter("code", str, description="a finding code of the current verdict"),
            OpenApiParameter("since", str, description="ISO 8601: activity at or after"),
        ],
        responses={
            (200, "application/x-ndjson"): OpenApiTypes.STR,
            (200, "text/csv"): OpenApiTypes.STR,
            400: ErrorBody,
            401: ErrorBody,
            403: ErrorBody,
            404: ErrorBody,
        },
        tags=["export"],
    )
    def get(self, request, slug: str):
        dataset = member_dataset(request, slug, admin=True)
        fmt = request.query_params.get("format", "jsonl")
        if fmt not in ("jsonl", "csv"):
            return bad_request([{"field": "format", "message": "jsonl or csv"}])
        filters, errors = export_filters_parse(request.query_params)
        if errors:
            return bad_request(errors)
        records = export_records(dataset=dataset, filters=filters)
        if fmt == "csv":
            response = StreamingHttpResponse(csv_stream(records), content_type="text/csv")
        else:
            response = StreamingHttpResponse(
                jsonl_stream(records), content_type="application/x-ndjson"
            )
        response["Content-Disposition"] = content_disposition_header(True, f"{dataset.slug}.{fmt}")
        return response
