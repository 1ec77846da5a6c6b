"""Cases with their current verdict and review state, a case's reviews (exactly those the case
page shows: groundgate.access decides), and the streaming export (admins)."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import QuerySet
from django.http import HttpResponse, StreamingHttpResponse
from django.urls import reverse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.request import Request
from rest_framework.views import APIView

from groundgate.access import Action, case_for, dataset_for, member_role
from groundgate.api.errors import bad_request
from groundgate.api.gate_views import error_responses
from groundgate.models import Case, Dataset
from groundgate.services.webhooks import export_ready_emit
from reviews.api import serializers as s
from reviews.export import Counted, export_filters_parse, export_records
from reviews.export_formats import EXPORT_FORMATS
from reviews.models import Label, Review
from reviews.review_reads import case_reviews_visible
from reviews.selectors import queue_entries, queue_filters


def _dataset(view: APIView) -> Dataset:
    return dataset_for(user=view.request.user, slug=view.kwargs["slug"])


QUEUE_FILTERS = [
    OpenApiParameter("status", str, description="current gate status"),
    OpenApiParameter("code", str, description="a finding code of the current verdict"),
    OpenApiParameter("kind", str, description="case kind"),
    OpenApiParameter("review", str, enum=["unreviewed", "reviewed", "disputed"]),
    OpenApiParameter("label", str, description="final label"),
]


@extend_schema(parameters=QUEUE_FILTERS)
class CaseList(generics.ListAPIView[Case]):
    """Cases with their current verdict and label; the review queue's filters apply."""

    serializer_class = s.CaseSerializer

    def get_queryset(self) -> QuerySet[Case]:
        # The review queue's filters, from the one selector that implements them.
        dataset = _dataset(self)
        filters = queue_filters(self.request.query_params)
        filters["final_label"] = self.request.query_params.get("label", "")
        entries = queue_entries(dataset=dataset, filters=filters)
        return Case.objects.filter(
            dataset=dataset, pk__in=entries.values("case_id")
        ).select_related("queue_entry")


class CaseDetail(generics.RetrieveAPIView[Case]):
    serializer_class = s.CaseDetailSerializer

    def get_object(self) -> Case:
        dataset = _dataset(self)
        return generics.get_object_or_404(
            Case.objects.select_related("queue_entry"), dataset=dataset, pk=self.kwargs["pk"]
        )


class CaseReviews(generics.ListAPIView[Review]):
    serializer_class = s.ReviewSerializer

    def get_queryset(self) -> QuerySet[Review]:
        case = case_for(user=self.request.user, slug=self.kwargs["slug"], case_id=self.kwargs["pk"])
        role = member_role(user=self.request.user, dataset=case.dataset)
        seen = case_reviews_visible(user=self.request.user, case=case, role=role)
        return seen.reviews.select_related("reviewer", "correction").prefetch_related(
            "decisions", "correction__findings"
        )


class Export(APIView):
    @extend_schema(
        operation_id="dataset_export",
        summary="Stream one record per case (groundgate.export.v1; docs/export-schema.md)",
        parameters=[
            OpenApiParameter("format", str, enum=list(EXPORT_FORMATS), default="jsonl"),
            OpenApiParameter("reviewed", bool, description="only cases whose review is settled"),
            OpenApiParameter("label", str, enum=Label.values),
            OpenApiParameter("code", str, description="a finding code of the current verdict"),
            OpenApiParameter("since", str, description="ISO 8601: activity at or after"),
        ],
        responses={
            (200, "application/x-ndjson"): OpenApiTypes.STR,
            (200, "text/csv"): OpenApiTypes.STR,
            # format=labelstudio: a JSON array of Label Studio tasks (not a string: a client
            # that trusts the schema parses it as JSON).
            (200, "application/json"): {
                "type": "array",
                "items": {"type": "object", "additionalProperties": True},
            },
            (200, "application/vnd.apache.parquet"): OpenApiTypes.BINARY,
            **error_responses(400, 401, 403, 404),
        },
        tags=["export"],
    )
    def get(self, request: Request, slug: str) -> HttpResponse | StreamingHttpResponse:
        dataset = dataset_for(user=request.user, slug=slug, action=Action.EXPORT)
        fmt = request.query_params.get("format", "jsonl")
        export_format = EXPORT_FORMATS.get(fmt)
        if export_format is None:
            return bad_request([{"field": "format", "message": " or ".join(EXPORT_FORMATS)}])
        filters, errors = export_filters_parse(request.query_params)
        if errors or filters is None:
            return bad_request(errors)
        counted = Counted(export_records(dataset=dataset, filters=filters))

        def page_url(document_id: int, page_index: int) -> str:
            path = reverse("reviews:page-image", args=[slug, document_id, page_index])
            return str(request.build_absolute_uri(path))

        def announced(blocks: Iterator[bytes]) -> Iterator[bytes]:
            # Only an export streamed to its end is "ready" (a dropped download is not).
            yield from blocks
            export_ready_emit(
                dataset=dataset,
                fmt=fmt,
                records=counted.count,
                filters=dict(request.query_params.items()) | {"format": None},
                by=request.user.get_username(),
            )

        response = StreamingHttpResponse(
            announced(export_format.stream(counted, dataset=dataset, page_url=page_url)),
            content_type=export_format.content_type,
        )
        filename = f"{dataset.slug}.{export_format.extension}"
        response["Content-Disposition"] = content_disposition_header(True, filename) or "attachment"
        return response
