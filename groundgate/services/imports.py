"""Import cases from JSONL: validate each line, store it, gate it.

Bad lines are reported (line number and field path, as the CLI does) and skipped; the rest are
written a batch at a time, each batch in one transaction, so nothing is ever half written (a
caller that wants a file whole or not at all wraps the import in its own transaction and rolls
it back when the report has errors, as the admin import page does).
Re-importing the same case (same external id, same content) is a no-op; the same id with
different content is reported as a conflict and never overwrites what was stored.

Memory does not grow with the file: only the current batch is held. Whether a case is stored
already is asked of the database, one indexed read per batch, and the INSERT itself skips a row
whose (dataset, kind, external id) another writer took meanwhile (the unique constraint); a
case repeated within one file is found the same way, since its first copy was written by an
earlier batch (or is in the current one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from groundgate.engine.limits import CaseLimits
from groundgate.engine.registry import GateSpec, get_gate
from groundgate.engine.runner import BadInput, parse_case_payload
from groundgate.models import Case, Dataset, GatePolicyRecord
from groundgate.services.garbage_collection import old_objects_frozen
from groundgate.services.gating import (
    gate_runs_record,
    gaterun_from_values,
    gaterun_values,
    policy_record_for,
)
from groundgate.services.untrusted import UnstorablePayload, storable_payload_sha256

# How many of an import's new cases its report names (the result page lists them): enough to
# open the first few and check them, bounded so a report never grows with the file.
SHOWN_CASES = 50


@dataclass(frozen=True, slots=True)
class ImportedCase:
    """One stored case of an import, as the result page lists it."""

    pk: int
    external_id: str
    question: str
    status: str


@dataclass
class ImportReport:
    imported: int = 0
    unchanged: int = 0
    errors: list[BadInput] = field(default_factory=list)
    by_status: Counter[str] = field(default_factory=Counter)
    # The first SHOWN_CASES new cases, in file order (the status is "" when not gated).
    first_cases: list[ImportedCase] = field(default_factory=list)

    @property
    def gated(self) -> int:
        return sum(self.by_status.values())


@dataclass(frozen=True, slots=True)
class CaseSource:
    """One case to import: its JSON text, the line an error names, and what an error says
    before its message (the trace import names the trace and span the case was built from)."""

    line: int | None
    text: str | bytes
    context: str = ""

    def error(self, message: str, fields: tuple[str, ...]) -> BadInput:
        text = f"{self.context}: {message}" if self.context else message
        return BadInput(self.line, text, fields)


@dataclass(slots=True)
class PreparedCase:
    """A case that passed validation, ready to be stored: what its rows need. `run` holds its
    GateRun's values (gating.gaterun_values) when it was gated before the write (by the trace
    import's reader processes); otherwise it is gated at the write, if it is new, from `parsed`."""

    source: CaseSource
    external_id: str
    question: str
    payload: dict[str, Any]
    sha256: str
    parsed: object = None
    run: dict[str, Any] | None = None


@dataclass
class _Import:
    """One import's state; nothing in it grows with the file."""

    dataset: Dataset
    spec: GateSpec
    report: ImportReport
    policy_record: GatePolicyRecord | None
    # The smallest id this import stored: a stored case with a larger id was written by an
    # earlier line of this file (an id repeated with other content is then "earlier in this
    # file", not "before").
    first_id: int | None = None


class _Rollback(Exception):
    """Raised inside import_all_or_nothing's transaction when a line is bad."""


def import_all_or_nothing(run: Callable[[], ImportReport]) -> ImportReport:
    """Run an import (`run`: case_import_lines or trace_file_import with its arguments) in one
    transaction that a single error rolls back whole: the web's imports keep a file whole or
    not at all, and the report says what was wrong, line by line."""
    report = ImportReport()
    try:
        with transaction.atomic():
            report = run()
            if report.errors:
                raise _Rollback
    except _Rollback:
        pass
    return report


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

    def sources() -> Iterator[CaseSource]:
        for number, text in enumerate(lines, start=1):
            if progress is not None:
                progress(len(text))
            if text.strip():
                yield CaseSource(number, text)

    return case_import_sources(
        dataset=dataset, sources=sources(), kind=kind, gate=gate, batch_size=batch_size
    )


def case_import_sources(
    *,
    dataset: Dataset,
    sources: Iterable[CaseSource],
    kind: str = "answer",
    gate: bool = True,
    batch_size: int = 500,
) -> ImportReport:
    """Import the cases `sources` gives, in order (the JSONL and the trace imports share it):
    each validated here by case_prepare, and gated at its batch's write if it is new."""
    spec, limits = get_gate(kind), settings.GROUNDGATE_CASE_LIMITS
    prepared = (case_prepare(spec=spec, source=source, limits=limits) for source in sources)
    return case_import_prepared(
        dataset=dataset, prepared=prepared, kind=kind, gate=gate, batch_size=batch_size
    )


def case_import_prepared(
    *,
    dataset: Dataset,
    prepared: Iterable[PreparedCase | BadInput],
    kind: str = "answer",
    gate: bool = True,
    batch_size: int = 500,
) -> ImportReport:
    """Import cases validated (and maybe gated) by case_prepare, in order; a bad one is its
    BadInput, reported in its place. case_import_sources validates here; the trace import's
    reader processes validate and gate in theirs."""
    with old_objects_frozen():
        return _import_prepared(dataset, prepared, kind, gate, batch_size)


def case_prepare(
    *, spec: GateSpec, source: CaseSource, limits: CaseLimits, gate: bool = False
) -> PreparedCase | BadInput:
    """Validate one case (the one validation, runner.parse_case_payload, then NUL and
    NaN/Infinity anywhere in its JSON) and take its digest; gate=True: gate it too, with the
    family's default policy. Pure: no database."""
    parsed, payload, error, finite = parse_case_payload(spec, source.text, source.line, limits)
    if error is not None:
        return source.error(error.message, error.fields)
    try:
        digest = storable_payload_sha256(source.text, payload, finite=finite)
    except UnstorablePayload as exc:
        return source.error(str(exc), (exc.field,))
    external_id, question = spec.external_id(parsed), spec.question(parsed)
    if gate:
        run = gaterun_values(spec=spec, verdict=spec.run(parsed, spec.default_policy))
        return PreparedCase(source, external_id, question, payload, digest, run=run)
    return PreparedCase(source, external_id, question, payload, digest, parsed=parsed)


def _import_prepared(
    dataset: Dataset,
    prepared: Iterable[PreparedCase | BadInput],
    kind: str,
    gate: bool,
    batch_size: int,
) -> ImportReport:
    spec = get_gate(kind)
    report = ImportReport()
    policy_record = policy_record_for(spec=spec, policy=spec.default_policy) if gate else None
    state = _Import(dataset=dataset, spec=spec, report=report, policy_record=policy_record)
    batch: dict[str, PreparedCase] = {}  # external_id -> the case, this batch only

    for pending in prepared:
        if isinstance(pending, BadInput):
            report.errors.append(pending)
            continue
        earlier = batch.get(pending.external_id)
        if earlier is not None:
            _known(state, pending, earlier.sha256, "earlier in this file")
            continue
        batch[pending.external_id] = pending
        if len(batch) >= batch_size:
            _write_batch(state, list(batch.values()))
            batch.clear()
    _write_batch(state, list(batch.values()))
    return report


def _known(state: _Import, pending: PreparedCase, stored_sha256: str, where: str) -> None:
    """`pending`'s external id is taken: unchanged if the content is the same, else a conflict."""
    if stored_sha256 == pending.sha256:
        state.report.unchanged += 1
        return
    state.report.errors.append(
        pending.source.error(
            f"case_id {pending.external_id!r} was already imported {where} with different "
            "content; stored cases are never overwritten (give the new case a new case_id)",
            ("case_id",),
        )
    )


def _stored(state: _Import, batch: list[PreparedCase]) -> dict[str, tuple[int, str]]:
    """external_id -> (id, payload_sha256) of the cases of `batch` already stored."""
    # Unordered: with Case's default ORDER BY id, SQLite's planner walks the (dataset, kind)
    # index in id order and tests every case of the dataset, so each batch of an import cost
    # more than the one before (30 ms for 500 ids at 33k cases, 1.2 ms by the unique key).
    rows = (
        Case.objects.filter(
            dataset=state.dataset,
            kind=state.spec.kind,
            external_id__in=[p.external_id for p in batch],
        )
        .order_by()
        .values_list("external_id", "id", "payload_sha256")
    )
    return {external_id: (pk, sha) for external_id, pk, sha in rows}


def _classify(state: _Import, pending: PreparedCase, stored: tuple[int, str]) -> None:
    pk, sha = stored
    mine = state.first_id is not None and pk >= state.first_id
    _known(state, pending, sha, "earlier in this file" if mine else "before")


def _write_batch(state: _Import, batch: list[PreparedCase]) -> None:
    """Store the new cases of `batch` with their gate runs and queue rows, in one transaction.
    The cases are gated before it begins, so the write lock (SQLite takes it at BEGIN
    IMMEDIATE) is held for the INSERTs only."""
    if not batch:
        return
    spec, report = state.spec, state.report
    stored = _stored(state, batch)
    fresh = []
    for pending in batch:
        if pending.external_id in stored:
            _classify(state, pending, stored[pending.external_id])
        else:
            fresh.append(pending)
    if not fresh:
        return
    policy_record = state.policy_record
    if policy_record is not None:
        for p in fresh:
            if p.run is None:
                p.run = gaterun_values(spec=spec, verdict=spec.run(p.parsed, spec.default_policy))
    cases = [
        Case(
            dataset=state.dataset,
            kind=spec.kind,
            external_id=p.external_id,
            question=p.question,
            payload=p.payload,
            payload_sha256=p.sha256,
        )
        for p in fresh
    ]
    with transaction.atomic():
        inserted = _insert_new(state, fresh, cases)
        if inserted:
            first = min(c.pk for c in inserted)
            state.first_id = first if state.first_id is None else min(state.first_id, first)
        report.imported += len(inserted)
        if policy_record is None:
            _show(report, [(c, "") for c in cases if c.pk is not None])
            return
        runs = []
        shown: list[tuple[Case, str]] = []
        room = SHOWN_CASES - len(report.first_cases)
        for case, pending in zip(cases, fresh, strict=True):
            if case.pk is None or pending.run is None:  # (every fresh case has its run here)
                continue
            runs.append(
                gaterun_from_values(case=case, values=pending.run, policy_record=policy_record)
            )
            status = pending.run["status"]
            report.by_status[status] += 1
            if len(shown) < room:
                shown.append((case, status))
        _show(report, shown)
        # Every case here was created in this transaction with this run as its only one: the
        # queue rows are written from the runs in hand, nothing re-read.
        gate_runs_record(runs=runs, new_cases=True)


def _insert_new(state: _Import, fresh: list[PreparedCase], cases: list[Case]) -> list[Case]:
    """INSERT `cases` (one per pending case of `fresh`) and return those stored, with their
    primary keys. A case another writer stored since _write_batch's read makes the INSERT fail:
    the batch's ids are read again, the taken ones told apart (unchanged or a conflict) and left
    without a primary key, and the rest inserted. Each attempt is a savepoint, so a refused one
    leaves nothing; another writer wins a race at most a few times in a row."""
    todo = list(zip(fresh, cases, strict=True))
    for _ in range(RACE_RETRIES):
        try:
            with transaction.atomic():
                Case.objects.bulk_create([case for _, case in todo])
        except IntegrityError:
            for _, case in todo:  # a batch written before the refused one was rolled back too
                case.pk, case._state.adding = None, True
            now_stored = _stored(state, [pending for pending, _ in todo])
            if not now_stored:
                raise  # not a taken id
            for pending, _case in todo:
                if pending.external_id in now_stored:
                    _classify(state, pending, now_stored[pending.external_id])
            todo = [(p, c) for p, c in todo if p.external_id not in now_stored]
            continue
        return [case for case in cases if case.pk is not None]
    raise IntegrityError("the import's case ids kept being taken by another writer")


RACE_RETRIES = 5


def _show(report: ImportReport, stored: list[tuple[Case, str]]) -> None:
    room = SHOWN_CASES - len(report.first_cases)
    for case, status in stored[: max(room, 0)]:
        report.first_cases.append(ImportedCase(case.pk, case.external_id, case.question, status))
