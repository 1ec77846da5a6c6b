"""Gate-as-a-service: a RAG system submits one case, gets the verdict, and the case lands in the
review queue. external_id (the case's own id) makes it idempotent: the same id and content return
the stored verdict; the same id with other content is a conflict and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError
from pydantic import ValidationError

from groundgate.engine.canonical import sha256_of
from groundgate.engine.limits import check_case_json
from groundgate.engine.registry import get_gate
from groundgate.models import Case, Dataset
from groundgate.selectors.cases import case_current_run
from groundgate.services.gating import case_create_gated
from groundgate.services.untrusted import NONFINITE_MESSAGE, NUL_MESSAGE, nonfinite_path, nul_path


class BadPayload(ValueError):
    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field, self.message = field, message


class SubmissionConflict(Exception):
    def __init__(self, external_id: str):
        super().__init__(f"a case with id {external_id!r} exists with different content")
        self.external_id = external_id


@dataclass(frozen=True)
class Submission:
    case: Case
    verdict_json: bytes  # canonical, exactly what the CLI prints (without the newline)
    created: bool


def case_submit(*, dataset: Dataset, kind: str, body: bytes) -> Submission:
    """Validate, store and gate one case. Raises pydantic.ValidationError for bad input and
    SubmissionConflict for a reused id with other content."""
    spec = get_gate(kind)
    # The same checks as the CLI and import_cases, before any parsing work: size, NaN/Infinity
    # anywhere (even in keys the gate ignores), text lengths, list lengths, nesting.
    payload, problem = check_case_json(body, settings.GROUNDGATE_CASE_LIMITS)
    if problem is not None:
        raise BadPayload(problem.field, problem.message)
    parsed = spec.input_model.model_validate_json(body)
    if (where := nul_path(payload)) is not None:
        raise BadPayload(where, NUL_MESSAGE)
    try:
        digest = sha256_of(payload)
    except ValueError:  # canonical JSON refuses a non-finite number (1e400): say where it is
        raise BadPayload(nonfinite_path(payload) or "case", NONFINITE_MESSAGE) from None
    external_id = spec.external_id(parsed)

    # No existence check first: the INSERT of the case is one (the unique constraint on the
    # dataset, kind and id refuses a taken id, and nothing is written then). A resubmission pays
    # for gating once more, which costs less than a read on every new case.
    verdict = spec.run(parsed, spec.default_policy)
    try:
        stored = case_create_gated(
            dataset=dataset,
            kind=kind,
            external_id=external_id,
            question=spec.question(parsed),
            payload=payload,
            verdict=verdict,
            policy=spec.default_policy,
            payload_sha256=digest,
        )
    except IntegrityError:
        # Submitted before, or concurrently and the other request stored it first.
        existing = Case.objects.get(dataset=dataset, kind=kind, external_id=external_id)
        return _existing(existing, digest)
    return Submission(stored.case, stored.run.verdict.encode(), True)


def _existing(case: Case, digest: str) -> Submission:
    if case.payload_sha256 != digest:
        raise SubmissionConflict(case.external_id)
    run = case_current_run(case=case)
    return Submission(case, run.verdict.encode() if run else b"{}", False)


__all__ = ["BadPayload", "Submission", "SubmissionConflict", "ValidationError", "case_submit"]
