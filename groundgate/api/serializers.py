"""Read-side representations. Writes go through services, never through serializers."""

from __future__ import annotations

import orjson
from rest_framework import serializers

from groundgate.access import member_role
from groundgate.models import Case, Chunk, Dataset, Document, GateRun
from reviews.models import FindingDecision, QueueEntry, Review


class DatasetSerializer(serializers.ModelSerializer):
    role = serializers.SerializerMethodField()

    class Meta:
        model = Dataset
        fields = ["slug", "name", "description", "reviews_required", "created_at", "role"]

    def get_role(self, obj: Dataset) -> str | None:
        request = self.context.get("request")
        return member_role(user=request.user, dataset=obj)


class DocumentSerializer(serializers.ModelSerializer):
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


class ChunkSerializer(serializers.ModelSerializer):
    document = serializers.PrimaryKeyRelatedField(read_only=True)

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


class CurrentSerializer(serializers.ModelSerializer):
    class Meta:
        model = QueueEntry
        fields = [
            "gate_status",
            "passed",
            "finding_codes",
            "review_state",
            "review_count",
            "final_label",
        ]


class CaseSerializer(serializers.ModelSerializer):
    current = CurrentSerializer(source="queue_entry", read_only=True)

    class Meta:
        model = Case
        fields = [
            "id",
            "external_id",
            "kind",
            "question",
            "payload_sha256",
            "created_at",
            "current",
        ]


class GateRunSerializer(serializers.ModelSerializer):
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

    def get_verdict(self, obj: GateRun) -> dict:
        return orjson.loads(obj.verdict)


class CaseDetailSerializer(CaseSerializer):
    current_verdict = serializers.SerializerMethodField()

    class Meta(CaseSerializer.Meta):
        fields = [*CaseSerializer.Meta.fields, "payload", "current_verdict"]

    def get_current_verdict(self, obj: Case) -> dict | None:
        run = obj.gate_runs.order_by("-id").first()
        return orjson.loads(run.verdict) if run else None


class DecisionSerializer(serializers.ModelSerializer):
    class Meta:
        model = FindingDecision
        fields = ["finding_index", "code", "call", "reason"]


class ReviewSerializer(serializers.ModelSerializer):
    reviewer = serializers.CharField(source="reviewer.username", read_only=True)
    decisions = DecisionSerializer(many=True, read_only=True)

    class Meta:
        model = Review
        fields = ["id", "reviewer", "label", "comment", "created_at", "gate_run", "decisions"]
