"""Read-side representations of cases with their review state, and of reviews."""

from __future__ import annotations

from typing import Any

import orjson
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from groundgate.models import Case
from groundgate.selectors.cases import case_current_run
from reviews.models import Correction, FindingCorrection, FindingDecision, QueueEntry, Review


@extend_schema_field(serializers.ListField(child=serializers.CharField()))
class FindingCodesField(serializers.Field[str, list[str], list[str], Any]):
    """The queue entry's codes (stored space-padded for its LIKE filter) as a list of strings."""

    def to_representation(self, value: str) -> list[str]:
        return value.split()


class CurrentSerializer(serializers.ModelSerializer[QueueEntry]):
    finding_codes = FindingCodesField(read_only=True)

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


class CaseSerializer(serializers.ModelSerializer[Case]):
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


class CaseDetailSerializer(CaseSerializer):
    current_verdict = serializers.SerializerMethodField()

    class Meta(CaseSerializer.Meta):
        fields = [*CaseSerializer.Meta.fields, "payload", "current_verdict"]

    def get_current_verdict(self, obj: Case) -> dict[str, Any] | None:
        run = case_current_run(case=obj)
        return orjson.loads(run.verdict) if run else None


class DecisionSerializer(serializers.ModelSerializer[FindingDecision]):
    class Meta:
        model = FindingDecision
        fields = ["finding_index", "code", "call", "reason"]


class FindingCorrectionSerializer(serializers.ModelSerializer[FindingCorrection]):
    class Meta:
        model = FindingCorrection
        fields = [
            "finding_index",
            "code",
            "chunk_id",
            "start",
            "end",
            "document",
            "page_index",
            "bbox",
            "text",
            "value",
        ]


class CorrectionSerializer(serializers.ModelSerializer[Correction]):
    """The corrected data saved with a review (who and when are the review's) and the gate's
    verdict on the corrected answer."""

    findings = FindingCorrectionSerializer(many=True, read_only=True)
    verdict = serializers.SerializerMethodField()

    class Meta:
        model = Correction
        fields = [
            "answer",
            "conclusion_changed",
            "citations_changed",
            "findings",
            "gate_status",
            "gate_passed",
            "gate_version",
            "policy_sha256",
            "verdict",
        ]

    def get_verdict(self, obj: Correction) -> dict[str, Any]:
        verdict: dict[str, Any] = orjson.loads(obj.verdict)
        return verdict


class ReviewSerializer(serializers.ModelSerializer[Review]):
    reviewer = serializers.CharField(source="reviewer.username", read_only=True)
    decisions = DecisionSerializer(many=True, read_only=True)
    correction = serializers.SerializerMethodField()

    class Meta:
        model = Review
        fields = [
            "id",
            "reviewer",
            "label",
            "comment",
            "created_at",
            "gate_run",
            "decisions",
            "correction",
        ]

    def get_correction(self, obj: Review) -> dict[str, Any] | None:
        correction = getattr(obj, "correction", None)
        return CorrectionSerializer(correction).data if correction is not None else None
