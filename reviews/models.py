"""Reviews, relabels, and the queue index.

Review, FindingDecision and Relabel are append-only records (who, when, what). QueueEntry and
QueueCode (and QueueCount, their counts per filter value) are a *derived index* of them (one row
per case, recomputed by reviews.queue from the records in the same transaction, rebuildable with
`manage.py rebuild_queue`) so that the queue stays fast with 100k cases; nothing reads them as
the truth about a review.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from groundgate.models import Case, Dataset, GateRun
from groundgate.models.append_only import AppendOnlyModel


class Label(models.TextChoices):
    GROUNDED = "grounded", "Grounded"
    NOT_GROUNDED = "not_grounded", "Not grounded"
    PARTIALLY_GROUNDED = "partially_grounded", "Partially grounded"
    CANNOT_JUDGE = "cannot_judge", "Cannot judge"


class GateCall(models.TextChoices):
    RIGHT = "right", "Gate was right"
    WRONG = "wrong", "Gate was wrong"


class WrongReason(models.TextChoices):
    """Why a reviewer overturns a finding (a short list keeps the dashboard meaningful)."""

    FORMATTING = "formatting", "Same content, different formatting"
    PARAPHRASE = "paraphrase", "Faithful paraphrase"
    EVIDENCE_ELSEWHERE = "evidence_elsewhere", "Supported by other cited evidence"
    EXTRACTION = "extraction", "Text extraction / OCR problem"
    OTHER = "other", "Other (see comment)"


class ReviewState(models.TextChoices):
    UNREVIEWED = "unreviewed", "Unreviewed"
    REVIEWED = "reviewed", "Reviewed"
    DISPUTED = "disputed", "Disputed"


class Review(AppendOnlyModel):
    """One reviewer's decision on one case, against the gate run they saw. A reviewer who
    changes their mind adds a new Review; their latest one counts."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="reviews")
    gate_run = models.ForeignKey(GateRun, on_delete=models.PROTECT, related_name="reviews")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="reviews"
    )
    label = models.CharField(max_length=24, choices=Label.choices)
    comment = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["case", "-id"], name="review_case_newest")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.reviewer} on {self.case}: {self.label}"


class FindingDecision(AppendOnlyModel):
    """Per finding of the reviewed run: was the gate right?"""

    review = models.ForeignKey(Review, on_delete=models.PROTECT, related_name="decisions")
    finding_index = models.PositiveIntegerField()
    code = models.CharField(max_length=64)
    call = models.CharField(max_length=8, choices=GateCall.choices)
    reason = models.CharField(max_length=24, choices=WrongReason.choices, blank=True)

    class Meta:
        indexes = [models.Index(fields=["code", "call"], name="decision_code_call")]

    def __str__(self) -> str:
        return f"{self.code} #{self.finding_index}: {self.call}"


class Relabel(AppendOnlyModel):
    """An admin setting a case's final label, with the reason. Every change is kept."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="relabels")
    from_label = models.CharField(max_length=24, blank=True)
    to_label = models.CharField(max_length=24, choices=Label.choices)
    admin = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="relabels"
    )
    reason = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["case", "-id"], name="relabel_case_newest")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.case}: {self.from_label or '-'} -> {self.to_label}"


class QueueEntry(models.Model):
    """Derived: the case as the queue shows it (see the module docstring)."""

    case = models.OneToOneField(
        Case, on_delete=models.CASCADE, primary_key=True, related_name="queue_entry"
    )
    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16)
    external_id = models.CharField(max_length=255)
    question = models.CharField(max_length=300, blank=True)
    gate_status = models.CharField(max_length=32, blank=True)
    passed = models.BooleanField(default=False)
    finding_codes = models.CharField(max_length=1000, blank=True)
    review_state = models.CharField(
        max_length=16, choices=ReviewState.choices, default=ReviewState.UNREVIEWED
    )
    # Queue order: rejected first, then unreviewed, disputed, reviewed.
    review_rank = models.PositiveSmallIntegerField(default=0)
    review_count = models.PositiveIntegerField(default=0)
    final_label = models.CharField(max_length=24, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["dataset", "passed", "review_rank", "case"], name="queue_order"),
            # A filter's rows in queue order: the page is the first rows of one index range
            # (with the filter alone, a status holding the dataset's last rows was a scan of
            # every row before them: 50 ms at 100k).
            models.Index(
                fields=["dataset", "gate_status", "passed", "review_rank", "case"],
                name="queue_status_order",
            ),
            models.Index(
                fields=["dataset", "review_state", "passed", "review_rank", "case"],
                name="queue_review_order",
            ),
            models.Index(
                fields=["dataset", "kind", "passed", "review_rank", "case"], name="queue_kind_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.external_id}: {self.gate_status}, {self.review_state}"


class QueueCode(models.Model):
    """Derived: one row per finding code of a case's current gate run (for filters/counts)."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="+")
    code = models.CharField(max_length=64)

    class Meta:
        indexes = [models.Index(fields=["dataset", "code", "case"], name="queuecode_filter")]

    def __str__(self) -> str:
        return f"{self.case_id}: {self.code}"


class QueueCount(models.Model):
    """Derived: how many queue rows of a dataset there are, kept in step by reviews.queue in the
    writer's transaction, so the queue page reads its counts in one indexed query of a few dozen
    rows instead of grouping 100k. Two kinds of row: a cell (code "") counts the cases with one
    gate status, kind and review state, so any combination of those filters is a sum of cells;
    a code row (status, kind and review "") counts the cases with that finding code."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    gate_status = models.CharField(max_length=32, blank=True)
    kind = models.CharField(max_length=16, blank=True)
    review_state = models.CharField(max_length=16, blank=True)
    code = models.CharField(max_length=64, blank=True)
    n = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["dataset", "gate_status", "kind", "review_state", "code"],
                name="queuecount_key",
            )
        ]

    def __str__(self) -> str:
        what = self.code or f"{self.gate_status}/{self.kind}/{self.review_state}"
        return f"{what}: {self.n}"
