"""Read endpoints: datasets, documents, chunks, cases (with current verdict and label), gate runs
and reviews. Every dataset-scoped view goes through member_dataset (404 to outsiders)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics

from groundgate.api import serializers as s
from groundgate.api.access import member_dataset
from groundgate.models import Case, Chunk, Dataset, Document, GateRun
from groundgate.services.untrusted import db_id
from reviews.models import Review
from reviews.selectors import FILTERS, queue_entries


class DatasetList(generics.ListAPIView):
    serializer_class = s.DatasetSerializer

    def get_queryset(self):
        return Dataset.objects.filter(memberships__user=self.request.user)


class DatasetDetail(generics.RetrieveAPIView):
    serializer_class = s.DatasetSerializer

    def get_object(self):
        return member_dataset(self.request, self.kwargs["slug"])


class DocumentList(generics.ListAPIView):
    serializer_class = s.DocumentSerializer

    def get_queryset(self):
        return Document.objects.filter(dataset=member_dataset(self.request, self.kwargs["slug"]))


class DocumentDetail(generics.RetrieveAPIView):
    """A document, including its ingestion status: the status endpoint after an upload."""

    serializer_class = s.DocumentSerializer

    def get_object(self):
        dataset = member_dataset(self.request, self.kwargs["slug"])
        return generics.get_object_or_404(Document, dataset=dataset, pk=self.kwargs["pk"])


@extend_schema(parameters=[OpenApiParameter("document", int, description="only this document")])
class ChunkList(generics.ListAPIView):
    serializer_class = s.ChunkSerializer

    def get_queryset(self):
        chunks = Chunk.objects.filter(dataset=member_dataset(self.request, self.kwargs["slug"]))
        document = self.request.query_params.get("document")
        if document is not None:
            chunks = chunks.filter(document_id=db_id(document) or -1)
        return chunks


QUEUE_FILTERS = [
    OpenApiParameter("status", str, description="current gate status"),
    OpenApiParameter("code", str, description="a finding code of the current verdict"),
    OpenApiParameter("kind", str, description="case kind"),
    OpenApiParameter("review", str, enum=["unreviewed", "reviewed", "disputed"]),
    OpenApiParameter("label", str, description="final label"),
]


@extend_schema(parameters=QUEUE_FILTERS)
class CaseList(generics.ListAPIView):
    """Cases with their current verdict and label; the review queue's filters apply."""

    serializer_class = s.CaseSerializer

    def get_queryset(self):
        # The review queue's filters, from the one selector that implements them.
        dataset = member_dataset(self.request, self.kwargs["slug"])
        filters = {k: self.request.query_params.get(k, "") for k in FILTERS}
        filters["final_label"] = self.request.query_params.get("label", "")
        entries = queue_entries(dataset=dataset, filters=filters)
        return Case.objects.filter(
            dataset=dataset, pk__in=entries.values("case_id")
        ).select_related("queue_entry")


class CaseDetail(generics.RetrieveAPIView):
    serializer_class = s.CaseDetailSerializer

    def get_object(self):
        dataset = member_dataset(self.request, self.kwargs["slug"])
        return generics.get_object_or_404(
            Case.objects.select_related("queue_entry"), dataset=dataset, pk=self.kwargs["pk"]
        )


class CaseGateRuns(generics.ListAPIView):
    serializer_class = s.GateRunSerializer

    def get_queryset(self):
        dataset = member_dataset(self.request, self.kwargs["slug"])
        return GateRun.objects.filter(case__dataset=dataset, case_id=self.kwargs["pk"])


class CaseReviews(generics.ListAPIView):
    serializer_class = s.ReviewSerializer

    def get_queryset(self):
        dataset = member_dataset(self.request, self.kwargs["slug"])
        return (
            Review.objects.filter(case__dataset=dataset, case_id=self.kwargs["pk"])
            .select_related("reviewer")
            .prefetch_related("decisions")
        )
