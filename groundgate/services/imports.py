"""Import cases from JSONL: validate each line, store it, gate it.

Bad lines are reported (line number and field path, as the CLI does) and skipped; the rest are
written a batch at a time, each batch in one transaction, so nothing is ever half written.
Re-importing the same case (same external id, same content) is a no-op; the same id with
different content is reported as a conflict and never overwrites what was stored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction

from groundgate.engine.canonical import sha256_of
from groundgate.engine.registry import get_gate
from groundgate.engine.runner import BadInput, parse_case_payload
from groundgate.models import Case, Dataset
from groundgate.services.gating import gate_runs_record, gaterun_build, policy_record_for
from groundgate.services.untrusted import NUL_MESSAGE, nul_path


@dataclass
class ImportReport:
    imported: int = 0
    unchanged: int = 0
    errors: list[BadInput] = field(default_factory=list)
    by_status: Counter = field(default_factory=Counter)

    @property
    def gated(self) -> int:
        return sum(self.by_status.values())


@dataclass
class _Pending:
    line: int
    external_id: str
    payload: dict
    sha256: str
    parsed: object


def case_import_lines(
    *,
    dataset: Dataset,
    lines: Iterable[str | bytes],
    kind: str = "answer",
    gate: bool = True,
    batch_size: int = 500,
    progress: Callable[[int], None] | None = None,
) -> ImportReport:
    """Import one case per line (1-based line numbers; blank lines skipped)."""
    spec = get_gate(kind)
    limits = settings.GROUNDGATE_CASE_LIMITS
    report = ImportReport()
    policy_record = policy_record_for(spec=spec, policy=spec.default_policy) if gate else None
    seen: dict[str, str] = {}  # external_id -> sha256, within this import
    batch: list[_Pending] = []

    def flush() -> None:
        if not batch:
            return
        _write_batch(
            dataset=dataset, kind=kind, batch=batch, report=report, policy_record=policy_record
        )
        batch.clear()

    for number, text in enumerate(lines, start=1):
        if progress is not None:
            progress(len(text))
        if not text.strip():
            continue
        parsed, payload, error = parse_case_payload(spec, text, number, limits)
        if error is not None:
            report.errors.append(error)
            continue
        if (where := nul_path(payload)) is not None:
            report.errors.append(BadInput(number, f"{where}: {NUL_MESSAGE}", (where,)))
            continue
        digest = sha256_of(payload)
        external_id = spec.external_id(parsed)
        previous = seen.get(external_id)
        if previous is not None:
            if previous == digest:
                report.unchanged += 1
            else:
                report.errors.append(_conflict(number, external_id, "earlier in this file"))
            continue
        seen[external_id] = digest
        batch.append(_Pending(number, external_id, payload, digest, parsed))
        if len(batch) >= batch_size:
            flush()
    flush()
    return report


def _conflict(line: int, external_id: str, where: str) -> BadInput:
    return BadInput(
        line,
        f"case_id {external_id!r} was already imported {where} with different content; "
        "stored cases are never overwritten (give the new case a new case_id)",
        ("case_id",),
    )


@transaction.atomic
def _write_batch(*, dataset, kind, batch, report, policy_record) -> None:
    spec = get_gate(kind)
    existing = dict(
        Case.objects.filter(
            dataset=dataset, kind=kind, external_id__in=[p.external_id for p in batch]
        ).values_list("external_id", "payload_sha256")
    )
    fresh: list[_Pending] = []
    for pending in batch:
        stored = existing.get(pending.external_id)
        if stored is None:
            fresh.append(pending)
        elif stored == pending.sha256:
            report.unchanged += 1
        else:
            report.errors.append(_conflict(pending.line, pending.external_id, "before"))
    cases = Case.objects.bulk_create(
        [
            Case(
                dataset=dataset,
                kind=kind,
                external_id=p.external_id,
                question=spec.question(p.parsed),
                payload=p.payload,
                payload_sha256=p.sha256,
            )
            for p in fresh
        ]
    )
    report.imported += len(cases)
    if policy_record is None:
        return
    runs = []
    for case, pending in zip(cases, fresh, strict=True):
        verdict = spec.run(pending.parsed, spec.default_policy)
        runs.append(
            gaterun_build(case=case, spec=spec, verdict=verdict, policy_record=policy_record)
        )
        report.by_status[spec.status(verdict)] += 1
    gate_runs_record(runs=runs)
