"""Read-side representations. Writes go through services, never through serializers."""

from __future__ import annotations

from typing import Any

import orjson
from rest_framework import serializers

from groundgate.access import member_role
from groundgate.models import Chunk, Dataset, Document, GateRun


class DatasetSerializer(serializers.ModelSerializer[Dataset]):
    role = serializers.SerializerMethodField()

    class Meta:
        model = Dataset
        fields = ["slug", "name", "description", "reviews_required", "created_at", "role"]

    def get_role(self, obj: Dataset) -> str | None:
        return member_role(user=self.context["request"].user, dataset=obj)


class DocumentSerializer(serializers.ModelSerializer[Document]):
    chunk_count = serializers.SerializerMethodField()

    class Meta:
        model = Document
        fields = [
            "id",
            "title",
            "sha256",
            "kind",
            "page_count",
            "status",
            "error",
            "warnings",
            "created_at",
            "chunk_count",
        ]

    def get_chunk_count(self, obj: Document) -> int:
        return obj.chunks.count()


class ChunkSerializer(serializers.ModelSerializer[Chunk]):
    document: serializers.PrimaryKeyRelatedField[Document] = serializers.PrimaryKeyRelatedField(
        read_only=True
    )

    class Meta:
        model = Chunk
        fields = [
            "id",
            "chunk_id",
            "document",
            "kind",
            "ordinal",
            "text",
            "page_index",
            "bbox",
            "position_int",
            "knowledge_id",
            "knowledge_type",
            "equipment_id",
            "event_date",
            "source_reference",
            "metadata",
        ]


class GateRunSerializer(serializers.ModelSerializer[GateRun]):
    verdict = serializers.SerializerMethodField()

    class Meta:
        model = GateRun
        fields = [
            "id",
            "gate",
            "gate_version",
            "policy_sha256",
            "status",
            "passed",
            "created_at",
            "verdict",
        ]

    def get_verdict(self, obj: GateRun) -> dict[str, Any]:
        verdict: dict[str, Any] = orjson.loads(obj.verdict)  # a stored verdict: a JSON object
        return verdict
