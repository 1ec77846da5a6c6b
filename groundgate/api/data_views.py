"""Read endpoints: datasets, documents, chunks and a case's gate runs (cases with their review
state and reviews are in reviews/api). Every dataset-scoped view goes through groundgate.access
(404 to outsiders)."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.views import APIView

from groundgate.access import dataset_for, datasets_visible
from groundgate.api import serializers as s
from groundgate.models import Chunk, Dataset, Document, GateRun
from groundgate.services.untrusted import db_id


def _dataset(view: APIView) -> Dataset:
    return dataset_for(user=view.request.user, slug=view.kwargs["slug"])


class DatasetList(generics.ListAPIView[Dataset]):
    serializer_class = s.DatasetSerializer

    def get_queryset(self) -> QuerySet[Dataset]:
        return datasets_visible(user=self.request.user)


class DatasetDetail(generics.RetrieveAPIView[Dataset]):
    serializer_class = s.DatasetSerializer

    def get_object(self) -> Dataset:
        return _dataset(self)


class DocumentList(generics.ListAPIView[Document]):
    serializer_class = s.DocumentSerializer

    def get_queryset(self) -> QuerySet[Document]:
        return Document.objects.filter(dataset=_dataset(self))


class DocumentDetail(generics.RetrieveAPIView[Document]):
    """A document, including its ingestion status: the status endpoint after an upload."""

    serializer_class = s.DocumentSerializer

    def get_object(self) -> Document:
        dataset = _dataset(self)
        return generics.get_object_or_404(Document, dataset=dataset, pk=self.kwargs["pk"])


@extend_schema(parameters=[OpenApiParameter("document", int, description="only this document")])
class ChunkList(generics.ListAPIView[Chunk]):
    serializer_class = s.ChunkSerializer

    def get_queryset(self) -> QuerySet[Chunk]:
        chunks = Chunk.objects.filter(dataset=_dataset(self))
        document = self.request.query_params.get("document")
        if document is not None:
            chunks = chunks.filter(document_id=db_id(document) or -1)
        return chunks


class CaseGateRuns(generics.ListAPIView[GateRun]):
    serializer_class = s.GateRunSerializer

    def get_queryset(self) -> QuerySet[GateRun]:
        dataset = _dataset(self)
        return GateRun.objects.filter(case__dataset=dataset, case_id=self.kwargs["pk"])
