"""Gate-as-a-service: a RAG system submits one case, gets the verdict, and the case lands in the
review queue. external_id (the case's own id) makes it idempotent: the same id and content return
the stored verdict; the same id with other content is a conflict and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from django.conf import settings
from django.db import IntegrityError
from pydantic import ValidationError

from groundgate.engine.limits import CaseLimits, check_case_json
from groundgate.engine.registry import GateSpec, get_gate
from groundgate.engine.runner import parse_case_payload
from groundgate.models import Case, Dataset
from groundgate.selectors.cases import case_current_run
from groundgate.services.gating import case_create_gated
from groundgate.services.untrusted import UnstorablePayload, storable_payload_sha256


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
    limits = settings.GROUNDGATE_CASE_LIMITS
    # The one validation of every way a case comes in (runner.parse_case_payload: size,
    # NaN/Infinity anywhere, even in keys the gate ignores, text and list lengths, nesting, then
    # the model), as the CLI and the imports run it.
    parsed, payload, error, finite = parse_case_payload(spec, body, None, limits)
    if error is not None:
        _raise_bad_input(spec, body, limits)
    try:
        digest = storable_payload_sha256(body, payload, finite=finite)
    except UnstorablePayload as exc:
        raise BadPayload(exc.field, exc.message) from None
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


def _raise_bad_input(spec: GateSpec, body: bytes, limits: CaseLimits) -> NoReturn:
    """Raise what the API reports for a body parse_case_payload refused: BadPayload for a
    limit (one field), the model's ValidationError (every field, each with its message; the
    CLI's BadInput joins them in one line). Both come from the checks of that function's exact
    path, run again here on a bad body only."""
    _, problem = check_case_json(body, limits)
    if problem is not None:
        raise BadPayload(problem.field, problem.message)
    spec.input_model.model_validate_json(body)
    raise AssertionError("parse_case_payload refused a body its exact checks accept")


def _existing(case: Case, digest: str) -> Submission:
    if case.payload_sha256 != digest:
        raise SubmissionConflict(case.external_id)
    run = case_current_run(case=case)
    return Submission(case, run.verdict.encode() if run else b"{}", False)


__all__ = ["BadPayload", "Submission", "SubmissionConflict", "ValidationError", "case_submit"]
