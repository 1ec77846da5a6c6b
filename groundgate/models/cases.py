from __future__ import annotations

from django.db import models

from groundgate.models.append_only import AppendOnlyModel
from groundgate.models.datasets import Dataset


class CaseKind(models.TextChoices):
    """One per gate family; the value is the gate KIND of the CLI and the API."""

    ANSWER = "answer", "Answer"
    ANCHORED = "anchored", "Anchored answer (R5)"
    SYNTHESIS = "synthesis", "Synthesis coverage"
    REPORT = "report", "Gate E report"
    CODE = "code", "Code evidence"


# What a case says; fixed once a gate run is about it (the verdicts were made on this text). The
# database refuses it too (groundgate/models/db_triggers.py, migration 0008_case_immutable).
CASE_CONTENT_FIELDS = frozenset(
    {"dataset", "dataset_id", "kind", "external_id", "question", "payload", "payload_sha256"}
)


class GatedCaseImmutable(Exception):
    """An attempt to change the content of a case that has been gated."""

    def __init__(self, case_id: object = None) -> None:
        super().__init__(
            f"case {case_id} has been gated: its content is immutable (import it as a new case)"
            if case_id is not None
            else "gated cases are immutable: their content cannot be updated"
        )


class CaseQuerySet(models.QuerySet["Case"]):
    def update(self, **kwargs: object) -> int:
        if (
            CASE_CONTENT_FIELDS.intersection(kwargs)
            and self.filter(gate_runs__isnull=False).exists()
        ):
            raise GatedCaseImmutable()
        return super().update(**kwargs)


class Case(models.Model):
    """One answer to audit, as it was submitted. The payload is the gate input, verbatim."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="cases")
    kind = models.CharField(max_length=16, choices=CaseKind.choices, default=CaseKind.ANSWER)
    # The submitter's id (the payload's case_id by default): makes imports idempotent.
    external_id = models.CharField(max_length=255)
    question = models.TextField(blank=True)
    payload = models.JSONField()
    payload_sha256 = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CaseQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["dataset", "kind", "external_id"], name="case_external_id_per_dataset"
            )
        ]
        indexes = [models.Index(fields=["dataset", "kind", "id"], name="case_dataset_kind")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.kind}:{self.external_id}"

    def save(self, *args: object, **kwargs: object) -> None:
        if not self._state.adding and self.pk is not None:
            columns = ["dataset_id", "kind", "external_id", "question", "payload", "payload_sha256"]
            stored = Case.objects.filter(pk=self.pk).values(*columns).first()
            changed = stored is not None and any(
                stored[column] != getattr(self, column) for column in columns
            )
            if changed and GateRun.objects.filter(case_id=self.pk).exists():
                raise GatedCaseImmutable(self.pk)
        super().save(*args, **kwargs)  # type: ignore[arg-type]


class GatePolicyRecord(AppendOnlyModel):
    """Every policy a stored verdict was made under, by content hash."""

    sha256 = models.CharField(max_length=64, primary_key=True)
    gate = models.CharField(max_length=16)
    policy_version = models.CharField(max_length=64)
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.gate} {self.policy_version} {self.sha256[:12]}"


class GateRun(AppendOnlyModel):
    """One verdict of one gate on one case. Append-only: re-gating adds a row; the current
    verdict of a case is its newest run (see groundgate.selectors.cases)."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="gate_runs")
    gate = models.CharField(max_length=16)
    gate_version = models.CharField(max_length=32)
    policy = models.ForeignKey(GatePolicyRecord, on_delete=models.PROTECT, related_name="runs")
    policy_sha256 = models.CharField(max_length=64)
    status = models.CharField(max_length=32)
    passed = models.BooleanField()
    findings = models.JSONField(default=list)
    # Finding codes, sorted and space-separated with a space on each side (" CODE1 CODE2 "), so
    # the queue can filter by code with an indexable-enough LIKE on any database.
    finding_codes = models.CharField(max_length=1000, blank=True)
    metrics = models.JSONField(default=dict)
    # The verdict exactly as the engine wrote it (canonical JSON), for byte-level audit.
    verdict = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["case", "-id"], name="gaterun_case_newest")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.gate} {self.status} on case {self.case_id}"
