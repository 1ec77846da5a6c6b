"""Reviews, relabels, and the queue index.

Review, FindingDecision and Relabel are append-only records (who, when, what). QueueEntry,
QueueCode and QueueCall (and QueueCount, their counts per filter value) are a *derived index*
of them (one row per case, recomputed by reviews.queue from the records in the same
transaction, rebuildable with `manage.py rebuild_queue`) so that the queue stays fast with 1M
cases; nothing reads them as the truth about a review.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from groundgate.models import Case, Dataset, Document, GateRun
from groundgate.models.append_only import AppendOnlyModel
from reviews.save_keys import save_key_once


class Label(models.TextChoices):
    GROUNDED = "grounded", "Grounded"
    NOT_GROUNDED = "not_grounded", "Not grounded"
    PARTIALLY_GROUNDED = "partially_grounded", "Partially grounded"
    CANNOT_JUDGE = "cannot_judge", "Cannot judge"
    # Only for a refusal (the answering pipeline declined): the documents hold the answer, so
    # refusing was wrong. The dashboard counts these as retrieval misses (reviews.dashboard).
    SHOULD_HAVE_ANSWERED = "should_have_answered", "Should have answered"


# Labels that judge an answer; a refusal is judged by these and SHOULD_HAVE_ANSWERED.
ANSWER_LABELS = tuple(
    (value, name) for value, name in Label.choices if value != Label.SHOULD_HAVE_ANSWERED
)


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
    # Reviewers disagreed and an admin's relabel settled it. A relabel is not a review: a case
    # nobody reviewed stays unreviewed whatever an admin set (d129).
    ADJUDICATED = "adjudicated", "Adjudicated"


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
    save_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        indexes = [models.Index(fields=["case", "-id"], name="review_case_newest")]
        constraints = [save_key_once("reviewer", "review_save_key_once")]
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


class Correction(AppendOnlyModel):
    """The corrected data a reviewer saved with a review (reviews.corrections): the answer as it
    should have been (conclusion and citations, the family's `answer` object) and the gate's
    verdict on it. Who and when are the review's. Append-only; a new review brings a new one."""

    review = models.OneToOneField(Review, on_delete=models.PROTECT, related_name="correction")
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="corrections")
    answer = models.JSONField()
    conclusion_changed = models.BooleanField(default=False)
    citations_changed = models.BooleanField(default=False)
    # The gate on the corrected answer, with the policy of the reviewed run.
    gate_status = models.CharField(max_length=32)
    gate_passed = models.BooleanField()
    gate_version = models.CharField(max_length=32)
    policy_sha256 = models.CharField(max_length=64)
    verdict = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["case", "-id"], name="correction_case_newest")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"correction of {self.case_id} by review {self.review_id}: {self.gate_status}"


class FindingCorrection(AppendOnlyModel):
    """Per finding: where the evidence that grounds its value is - a chunk and a character span
    (text selected in a source) or a page and a box (drawn on the page image) - and/or the value
    the answer should have said."""

    correction = models.ForeignKey(Correction, on_delete=models.PROTECT, related_name="findings")
    finding_index = models.PositiveIntegerField()
    code = models.CharField(max_length=64)
    chunk_id = models.CharField(max_length=255, blank=True)
    start = models.PositiveIntegerField(null=True)
    end = models.PositiveIntegerField(null=True)
    # The page's document (kept as its id if the document is ever collected: the record stays).
    document = models.ForeignKey(
        Document, on_delete=models.DO_NOTHING, db_constraint=False, null=True, related_name="+"
    )
    page_index = models.PositiveIntegerField(null=True)
    bbox = models.JSONField(null=True)
    # The evidence text pointed at (the chunk's characters, or the words in the box).
    text = models.TextField(blank=True)
    value = models.CharField(max_length=255, blank=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"finding {self.finding_index} ({self.code}) of correction {self.correction_id}"


class Relabel(AppendOnlyModel):
    """An admin setting a case's final label, with the reason. Every change is kept; a relabel
    sent twice (its `save_key`, as a review's) is kept once."""

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="relabels")
    from_label = models.CharField(max_length=24, blank=True)
    to_label = models.CharField(max_length=24, choices=Label.choices)
    admin = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="relabels"
    )
    reason = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    save_key = models.CharField(max_length=64, blank=True, default="")  # d729

    class Meta:
        indexes = [models.Index(fields=["case", "-id"], name="relabel_case_newest")]
        constraints = [save_key_once("admin", "relabel_save_key_once")]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.case}: {self.from_label or '-'} -> {self.to_label}"


class ReviewGuide(models.Model):
    """A dataset's review instructions (what "grounded" means here, when to say "cannot
    judge"), written by its admins and shown at the top of the queue and on every case page.
    A setting, not a record of work: the newest text is the one kept."""

    dataset = models.OneToOneField(
        Dataset, on_delete=models.CASCADE, primary_key=True, related_name="review_guide"
    )
    text = models.TextField(blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"review instructions of {self.dataset_id}"


class Assignment(models.Model):
    """A case assigned to a reviewer by an admin (reviews.services.cases_assign). A work plan,
    not a record of work: assigning the case again replaces the row."""

    case = models.OneToOneField(
        Case, on_delete=models.CASCADE, primary_key=True, related_name="assignment"
    )
    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assignments"
    )
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    assigned_at = models.DateTimeField(auto_now=True)
    # Derived: the reviewer has reviewed the case (set by review_submit in its transaction, and
    # by cases_assign from her reviews), so progress is a count of index rows - the Exists
    # over her reviews was 287 ms on every queue page of a reviewer with 20k cases at 1M.
    reviewed = models.BooleanField(default=False)
    # Derived: the case's review state (its QueueEntry's), kept in step by the queue's one
    # writer (reviews.queue) and by cases_assign, so "her cases, unreviewed" is counted from
    # index rows - probing each case's entry counted 10,001 of 20k in ~50 ms at 1M (d393).
    review_state = models.CharField(
        max_length=16, choices=ReviewState.choices, default=ReviewState.UNREVIEWED
    )

    class Meta:
        indexes = [
            models.Index(fields=["dataset", "reviewer"], name="assignment_reviewer"),
            models.Index(fields=["dataset", "reviewer", "reviewed"], name="assignment_progress"),
            # With the case: a count of her cases in a state reads the index alone (case_id is
            # a bigint key, not SQLite's rowid, so an index without it read each row as well).
            models.Index(
                fields=["dataset", "reviewer", "review_state", "case"],
                name="assignment_review_state",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.case_id} assigned to {self.reviewer_id}"


class AssignmentCount(models.Model):
    """Derived: how many cases of a dataset are assigned to a reviewer, per review state of the
    case and whether she has reviewed it (the Assignment columns), kept in step in the writer's
    transaction by whoever changes an assignment (reviews.assignment_counts): her progress, the
    admin's table of everyone's and the count of `assigned=` (with a review state) are sums of
    a few rows - counting her 20k assignment rows, or the dataset's 100k, was 10-60 ms at 1M."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    review_state = models.CharField(max_length=16, choices=ReviewState.choices)
    reviewed = models.BooleanField()
    n = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["dataset", "reviewer", "review_state", "reviewed"],
                name="assignmentcount_key",
            )
        ]

    def __str__(self) -> str:
        return f"{self.reviewer_id} {self.review_state} reviewed={self.reviewed}: {self.n}"


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
    # The one vocabulary across families (groundgate.families.OUTCOMES); gate_status is the detail.
    outcome = models.CharField(max_length=16, blank=True)
    passed = models.BooleanField(default=False)
    finding_codes = models.CharField(max_length=1000, blank=True)
    review_state = models.CharField(
        max_length=16, choices=ReviewState.choices, default=ReviewState.UNREVIEWED
    )
    # Queue order: rejected first, then unreviewed, disputed, reviewed.
    review_rank = models.PositiveSmallIntegerField(default=0)
    review_count = models.PositiveIntegerField(default=0)
    final_label = models.CharField(max_length=24, blank=True)
    # The label the reviewers agreed on (reviews only, never a relabel): what the dashboard's
    # agreement between gate and reviewers counts.
    review_label = models.CharField(max_length=24, blank=True)

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
            models.Index(
                fields=["dataset", "outcome", "passed", "review_rank", "case"],
                name="queue_outcome_order",
            ),
            # The dashboard's label links at 1M cases: without these a label held only by
            # reviewed rows (ranked last) was a walk over every unreviewed row first (6 s).
            models.Index(
                fields=["dataset", "review_label", "passed", "review_rank", "case"],
                name="queue_review_label_order",
            ),
            models.Index(
                fields=["dataset", "final_label", "passed", "review_rank", "case"],
                name="queue_final_label_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.external_id}: {self.gate_status}, {self.review_state}"


class QueueCode(models.Model):
    """Derived: one row per finding code of a case's current gate run (for filters/counts)."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="+")
    code = models.CharField(max_length=64)
    # The entry's queue order, copied (reviews.queue writes both together): a code's page is
    # the first rows of one index range, in queue order, whatever share of cases has the code.
    passed = models.BooleanField(default=False)
    review_rank = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(fields=["dataset", "code", "case"], name="queuecode_filter"),
            models.Index(
                fields=["dataset", "code", "passed", "review_rank", "case"],
                name="queuecode_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.case_id}: {self.code}"


class QueueCall(models.Model):
    """Derived: a finding code that a reviewer's latest review of the case called right or wrong
    (one row per case, code and call, whoever made it), with the entry's queue order - the
    dashboard's "Was the gate right?" counts and the queue's code + call filter read these
    instead of finding every reviewer's latest review among all reviews (19.7 s at 1M cases).
    Written by reviews.queue with the entry, in the review writer's transaction."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="+")
    code = models.CharField(max_length=64)
    call = models.CharField(max_length=8)
    passed = models.BooleanField(default=False)
    review_rank = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(
                fields=["dataset", "code", "call", "passed", "review_rank", "case"],
                name="queuecall_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.case_id}: {self.code} {self.call}"


class QueueText(models.Model):
    """Derived: the words a case is searched by - its external (request) id, question and
    answer conclusion - one row per case, written with its queue entry (reviews.queue), and
    indexed for substring search by the 0013_queue_search migration: an FTS5 trigram table on
    SQLite, a pg_trgm GIN index on PostgreSQL (reviews.search reads them)."""

    case = models.OneToOneField(Case, on_delete=models.CASCADE, primary_key=True, related_name="+")
    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    text = models.TextField()

    def __str__(self) -> str:
        return f"{self.case_id}: {self.text[:40]}"


class QueueCount(models.Model):
    """Derived: how many queue rows of a dataset there are, kept in step by reviews.queue in the
    writer's transaction, so the queue page reads its counts in one indexed query of a few dozen
    rows instead of grouping 100k. Two kinds of row: a cell (code "") counts the cases with one
    gate status (and outcome), kind and review state, so any combination of those filters is a
    sum of cells; a code row counts the cases with that finding code in one such cell, so a code
    combined with the other filters is a sum too (the queue's faceted counts)."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    gate_status = models.CharField(max_length=32, blank=True)
    outcome = models.CharField(max_length=16, blank=True)
    kind = models.CharField(max_length=16, blank=True)
    review_state = models.CharField(max_length=16, blank=True)
    code = models.CharField(max_length=64, blank=True)
    n = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["dataset", "gate_status", "outcome", "kind", "review_state", "code"],
                name="queuecount_cell_key",
            )
        ]

    def __str__(self) -> str:
        what = f"{self.gate_status}/{self.kind}/{self.review_state}"
        return f"{what} {self.code}: {self.n}"


class QueueCallCount(models.Model):
    """Derived: how many cases of a queue cell (QueueCount's columns) have finding `code` and a
    reviewer's latest review calling it `call` (QueueCall rows whose case still has the code),
    kept in step by reviews.queue with the calls: the code + call filter is counted as a sum of
    these, alone or with the faceted filters - reading 10,001 call rows, probing each case for
    its code, was ~80 ms at 1M cases on SQLite."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    gate_status = models.CharField(max_length=32, blank=True)
    outcome = models.CharField(max_length=16, blank=True)
    kind = models.CharField(max_length=16, blank=True)
    review_state = models.CharField(max_length=16, blank=True)
    code = models.CharField(max_length=64)
    call = models.CharField(max_length=8)
    n = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=[
                    "dataset",
                    "code",
                    "call",
                    "gate_status",
                    "outcome",
                    "kind",
                    "review_state",
                ],
                name="queuecallcount_key",
            )
        ]

    def __str__(self) -> str:
        return (
            f"{self.gate_status}/{self.kind}/{self.review_state} {self.code} {self.call}: {self.n}"
        )


class Reservation(models.Model):
    """A case held by the reviewer who opened it, until `expires_at` (GROUNDGATE_RESERVATION_MINUTES
    after the last opening). Not a record of work: a lock that the queue respects, deleted when
    its reviewer saves a review of the case or opens another case of the dataset; an expired row
    holds nothing and is replaced by the next opening (reviews.reservations)."""

    case = models.OneToOneField(
        Case, on_delete=models.CASCADE, primary_key=True, related_name="reservation"
    )
    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reservations"
    )
    expires_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["dataset", "expires_at"], name="reservation_live")]

    def __str__(self) -> str:
        return f"{self.case_id} held by {self.reviewer_id} until {self.expires_at:%H:%M}"


class ReviewerDay(models.Model):
    """Derived: how many cases a reviewer reviewed for the first time on a day (the server's
    time zone), kept in step by review_submit and recounted by rebuild_queue, so the queue's
    "reviewed today / in all" is a read of a few rows instead of counting the reviewer's reviews
    (100 ms for 20k reviews on SQLite). A relabel is not a review and never counts here."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="+")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    day = models.DateField()
    cases = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["dataset", "reviewer", "day"], name="reviewerday_key")
        ]

    def __str__(self) -> str:
        return f"{self.reviewer_id} on {self.day}: {self.cases}"
