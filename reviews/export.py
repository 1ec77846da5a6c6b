"""Export audited datasets: one record per case, streamed with constant memory.

Record schema `groundgate.export.v1` (docs/export-schema.md, docs/export.schema.json): the case,
the answer as submitted, the cited chunks with provenance, every gate verdict (oldest first), the
final label and review state, and the whole review and relabel history.

Cases are read in batches; each batch needs a fixed number of queries whatever its size. Stored
verdicts are canonical JSON already and are embedded as they are (orjson.Fragment), never parsed.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import orjson
from django.db import connections
from django.db.models import Exists, OuterRef, Q, QuerySet, TextField
from django.db.models.functions import Cast
from django.utils.dateparse import parse_datetime

from groundgate.families import get_family
from groundgate.models import Case, Chunk, Dataset, GateRun
from reviews.models import (
    Correction,
    FindingCorrection,
    FindingDecision,
    Label,
    QueueCode,
    Relabel,
    Review,
)

SCHEMA_VERSION = "groundgate.export.v1"
BATCH = 2000


@dataclass(frozen=True)
class ExportFilters:
    reviewed_only: bool = False
    label: str = ""
    code: str = ""
    since: dt.datetime | None = None
    # Only these cases (the outbox's Phoenix push); empty: every case the other filters select.
    case_ids: tuple[int, ...] = ()


def _since(raw: str) -> dt.datetime | None:
    """An aware UTC datetime, or None for anything that is not one: unparseable text, an offset
    of a day or more (parse_datetime raises ValueError), a moment that leaves the calendar when
    moved to UTC (OverflowError)."""
    try:
        since = parse_datetime(raw) or dt.datetime.fromisoformat(raw)
        if since.tzinfo is None:
            since = since.replace(tzinfo=dt.UTC)
        return since.astimezone(dt.UTC)
    except (ValueError, OverflowError):
        return None


def export_filters_parse(
    params: Mapping[str, Any],
) -> tuple[ExportFilters | None, list[dict[str, Any]]]:
    """Export filters from query parameters (the API) or options (the command): the filters, or
    the errors as [{"field", "message"}]."""
    errors: list[dict[str, Any]] = []
    reviewed = params.get("reviewed", "")
    if reviewed not in ("", "true", "false", "1", "0"):
        errors.append({"field": "reviewed", "message": "true or false"})
    label = params.get("label", "")
    if label and label not in Label.values:
        errors.append({"field": "label", "message": f"one of {', '.join(Label.values)}"})
    since = None
    if params.get("since"):
        since = _since(params["since"])
        if since is None:
            errors.append(
                {"field": "since", "message": "an ISO 8601 date or date-time (offset within ±24 h)"}
            )
    if errors:
        return None, errors
    return ExportFilters(
        reviewed_only=reviewed in ("true", "1"),
        label=label,
        code=params.get("code", ""),
        since=since,
    ), []


class ExportRecord(dict[str, Any]):
    """One export record: a plain dict to every serialiser (orjson writes it as the dict it is),
    which also carries what the export parsed already, so a format that reads inside the stored
    JSON (Label Studio's conclusion, OpenTelemetry's trace link and findings) does not parse it a
    second time: `payload`, the case's payload parsed, and `last_verdict`, the raw JSON text of
    the newest gate run's verdict (or None)."""

    __slots__ = ("last_verdict", "payload")
    payload: Any
    last_verdict: str | None


def _selected(*, dataset: Dataset, filters: ExportFilters) -> QuerySet[Case, tuple[Any, ...]]:
    """The cases to export, each with its queue entry (a case outside the queue is not exported).
    Read from the case table: its (dataset, id) index gives a batch in id order directly, where
    the queue table's indexes made SQLite sort the whole dataset's entries for every batch."""
    cases = Case.objects.filter(dataset=dataset, queue_entry__isnull=False)
    if filters.case_ids:
        cases = cases.filter(id__in=filters.case_ids)
    if filters.label:
        cases = cases.filter(queue_entry__final_label=filters.label)
    if filters.code:
        with_code = QueueCode.objects.filter(dataset=dataset, code=filters.code)
        cases = cases.filter(id__in=with_code.values("case_id"))
    if filters.reviewed_only:
        # Settled: the reviewers agree or an admin relabelled (a relabel is not a review, but it
        # is a final label): the case has a final label.
        cases = cases.exclude(queue_entry__final_label="")
    if filters.since is not None:
        since = filters.since
        cases = cases.filter(
            Q(created_at__gte=since)
            | Exists(GateRun.objects.filter(case=OuterRef("pk"), created_at__gte=since))
            | Exists(Review.objects.filter(case=OuterRef("pk"), created_at__gte=since))
            | Exists(Relabel.objects.filter(case=OuterRef("pk"), created_at__gte=since))
        )
    return cases.annotate(raw=as_text("payload"), ts=as_text("created_at")).values_list(
        "id",
        "external_id",
        "kind",
        "question",
        "ts",
        "raw",
        "payload_sha256",
        "queue_entry__gate_status",
        "queue_entry__passed",
        "queue_entry__final_label",
        "queue_entry__review_state",
        "queue_entry__review_count",
        "queue_entry__finding_codes",
    )


def _fetch(queryset: QuerySet[Any, Any]) -> list[tuple[Any, ...]]:
    """The rows of a values_list queryset as the driver returns them, without Django's per-row
    converters (a third of the reading time at 100k records). Only for columns that need none:
    text (timestamps are cast to text), numbers, and booleans, which SQLite gives as 0/1 and the
    caller turns into bool."""
    sql, params = queryset.query.get_compiler(using=queryset.db).as_sql()
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def export_case_rows(
    *, dataset: Dataset, filters: ExportFilters
) -> Iterator[list[tuple[Any, ...]]]:
    """The selected cases in id order, BATCH rows at a time (keyset on the id: no big list in
    memory, no OFFSET)."""
    selected = _selected(dataset=dataset, filters=filters)
    last = 0
    while True:
        rows = _fetch(selected.filter(id__gt=last).order_by("id")[:BATCH])
        if not rows:
            return
        yield rows
        last = rows[-1][0]


def _iso(value: dt.datetime | str | None) -> str | None:
    """ISO 8601 in UTC. Timestamps are read as text to skip per-row datetime
    conversion (as_text below): SQLite gives "2026-11-22 06:00:00.123456", PostgreSQL "...+00"."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.isoformat().replace("+00:00", "Z")
    if value.endswith(("+00:00", "+00")):
        value = value[: value.rindex("+")]
    # PostgreSQL's text drops a fraction's trailing zeros ("04.02566"); written as Python's
    # isoformat writes it (six digits), the same instant is the same text on either database.
    if "." in value:
        whole, fraction = value.split(".", 1)
        value = f"{whole}.{fraction.ljust(6, '0')}"
    return value.replace(" ", "T", 1) + "Z"


def as_text(field: str) -> Cast:
    return Cast(field, output_field=TextField())


def export_records(*, dataset: Dataset, filters: ExportFilters) -> Iterator[ExportRecord]:
    for rows in export_case_rows(dataset=dataset, filters=filters):
        yield from _batch_records(dataset, rows)


def _batch_runs(lo: int, hi: int) -> tuple[dict[int, list[Any]], dict[int, str]]:
    """Each case's gate runs (oldest first) and its newest verdict's raw text."""
    runs: dict[int, list[Any]] = defaultdict(list)
    newest: dict[int, str] = {}
    Fragment = orjson.Fragment
    for case_id, run_id, gate, version, policy, status, passed, created, verdict in _fetch(
        # Ordered by (case, id): the order of each case's runs, read straight off the case_id
        # index (whose entries are in (case_id, id) order); by id alone SQLite sorted the batch.
        GateRun.objects.filter(case_id__gte=lo, case_id__lte=hi)
        .annotate(ts=as_text("created_at"))
        .order_by("case_id", "id")
        .values_list(
            "case_id",
            "id",
            "gate",
            "gate_version",
            "policy_sha256",
            "status",
            "passed",
            "ts",
            "verdict",
        )
    ):
        runs[case_id].append(
            {
                "id": run_id,
                "gate": gate,
                "gate_version": version,
                "policy_sha256": policy,
                "status": status,
                "passed": bool(passed),
                "created_at": _iso(created),
                "verdict": Fragment(verdict),
            }
        )
        newest[case_id] = verdict
    return runs, newest


def _batch_reviews(
    lo: int, hi: int
) -> tuple[dict[int, list[dict[str, Any]]], dict[int, list[dict[str, Any]]]]:
    """Each case's reviews with their finding decisions, and its relabels, oldest first."""
    decisions: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for review_id, index, code, call, reason in (
        FindingDecision.objects.filter(review__case_id__gte=lo, review__case_id__lte=hi)
        .order_by("id")
        .values_list("review_id", "finding_index", "code", "call", "reason")
    ):
        decisions[review_id].append(
            {"finding_index": index, "code": code, "call": call, "reason": reason or None}
        )
    corrections = _batch_corrections(lo, hi)
    reviews: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for rid, case_id, run_id, reviewer, label, comment, created in (
        Review.objects.filter(case_id__gte=lo, case_id__lte=hi)
        .order_by("id")
        .values_list(
            "id", "case_id", "gate_run_id", "reviewer__username", "label", "comment", "created_at"
        )
    ):
        reviews[case_id].append(
            {
                "id": rid,
                "reviewer": reviewer,
                "label": label,
                "comment": comment,
                "created_at": _iso(created),
                "gate_run_id": run_id,
                "decisions": decisions.get(rid, []),
                "correction": corrections.get(rid),
            }
        )
    relabels: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for rid, case_id, old, new, admin, reason, created in (
        Relabel.objects.filter(case_id__gte=lo, case_id__lte=hi)
        .order_by("id")
        .values_list(
            "id", "case_id", "from_label", "to_label", "admin__username", "reason", "created_at"
        )
    ):
        relabels[case_id].append(
            {
                "id": rid,
                "from_label": old or None,
                "to_label": new,
                "admin": admin,
                "reason": reason,
                "created_at": _iso(created),
            }
        )
    return reviews, relabels


def _batch_corrections(lo: int, hi: int) -> dict[int, dict[str, Any]]:
    """Each review's correction (reviews.corrections), by review id: the corrected answer, the
    gate's verdict on it, and per finding where its evidence is and the value it should say."""
    fixes: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for cid, index, code, chunk_id, start, end, doc, page, bbox, text, value in (
        FindingCorrection.objects.filter(correction__case_id__gte=lo, correction__case_id__lte=hi)
        .order_by("id")
        .values_list(
            "correction_id",
            "finding_index",
            "code",
            "chunk_id",
            "start",
            "end",
            "document_id",
            "page_index",
            "bbox",
            "text",
            "value",
        )
    ):
        fixes[cid].append(
            {
                "finding_index": index,
                "code": code,
                "chunk_id": chunk_id or None,
                "span": [start, end] if start is not None else None,
                "document_id": doc,
                "page_index": page,
                "bbox": bbox,
                "text": text,
                "value": value or None,
            }
        )
    out = {}
    for cid, review_id, answer, conclusion, citations, status, passed, version, policy, verdict in (
        Correction.objects.filter(case_id__gte=lo, case_id__lte=hi)
        .order_by("id")
        .values_list(
            "id",
            "review_id",
            "answer",
            "conclusion_changed",
            "citations_changed",
            "gate_status",
            "gate_passed",
            "gate_version",
            "policy_sha256",
            "verdict",
        )
    ):
        out[review_id] = {
            "answer": answer,
            "conclusion_changed": bool(conclusion),
            "citations_changed": bool(citations),
            "findings": fixes.get(cid, []),
            "gate": {
                "status": status,
                "passed": bool(passed),
                "gate_version": version,
                "policy_sha256": policy,
                "verdict": orjson.Fragment(verdict),
            },
        }
    return out


def _cited_chunk(
    chunk_id: str, stored: dict[str, Any], inline: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """One cited chunk: as stored in the dataset, as carried by the case, or unknown."""
    row = stored.get(chunk_id)
    if row is not None:
        _, doc_id, title, doc_sha, page, bbox, positions, chunk_kind = row
        return {
            "chunk_id": chunk_id,
            "kind": chunk_kind,
            "document": {"id": doc_id, "title": title, "sha256": doc_sha} if doc_id else None,
            "page_index": page,
            "bbox": bbox,
            "position_int": positions,
            "source": "stored",
        }
    if chunk_id in inline:
        inline_chunk = inline[chunk_id]
        positions = inline_chunk.get("position_int")
        first = positions[0] if isinstance(positions, list) and positions else None
        bbox = (
            [first[1], first[3], first[2], first[4]]
            if isinstance(first, list) and len(first) == 5
            else None
        )
        return {
            "chunk_id": chunk_id,
            "kind": "text",
            "document": None,
            "page_index": inline_chunk.get("page_index"),
            "bbox": bbox,
            "position_int": positions,
            "source": "case",
        }
    return {
        "chunk_id": chunk_id,
        "kind": None,
        "document": None,
        "page_index": None,
        "bbox": None,
        "position_int": None,
        "source": "unknown",
    }


def _batch_records(dataset: Dataset, rows: list[tuple[Any, ...]]) -> Iterator[ExportRecord]:
    # The other tables are read by the batch's case id range (cheap to prepare, unlike a
    # 2000-item IN list), a fixed number of queries per batch; rows of cases outside the batch
    # (another dataset's, or filtered out) are never looked up. Payloads and verdicts come as
    # raw JSON text and are embedded unparsed (orjson.Fragment).
    lo, hi = rows[0][0], rows[-1][0]
    runs, newest = _batch_runs(lo, hi)
    reviews, relabels = _batch_reviews(lo, hi)
    loads = orjson.loads
    payloads = [loads(row[5]) for row in rows]
    # The family-specific part of a record: which chunks a case cites, and those it carries.
    families = {kind: get_family(kind) for kind in {row[2] for row in rows}}
    cited = [
        list(dict.fromkeys(families[row[2]].cited_chunk_ids(payload)))
        for row, payload in zip(rows, payloads, strict=True)
    ]
    wanted = {chunk_id for ids in cited for chunk_id in ids}
    stored = {
        c[0]: c
        for c in Chunk.objects.filter(dataset=dataset, chunk_id__in=wanted).values_list(
            "chunk_id",
            "document_id",
            "document__title",
            "document__sha256",
            "page_index",
            "bbox",
            "position_int",
            "kind",
        )
    }
    slug = dataset.slug
    Fragment = orjson.Fragment
    for row, payload, chunk_ids in zip(rows, payloads, cited, strict=True):
        case_id, external_id, kind, question, created, raw, sha = row[:7]
        status, passed, final_label, review_state, review_count, codes = row[7:]
        inline = {}
        if chunk_ids and not all(chunk_id in stored for chunk_id in chunk_ids):
            inline = families[kind].inline_chunks(payload)
        record = ExportRecord(
            schema_version=SCHEMA_VERSION,
            case={
                "id": case_id,
                "external_id": external_id,
                "kind": kind,
                "dataset": slug,
                "created_at": _iso(created),
                "payload_sha256": sha,
            },
            question=question,
            answer=Fragment(raw),
            cited_chunks=[_cited_chunk(c, stored, inline) for c in chunk_ids],
            gate_runs=runs.get(case_id, []),
            current={
                "status": status or None,
                "passed": bool(passed),
                "finding_codes": codes.split(),
            },
            final_label=final_label or None,
            review_state=review_state,
            review_count=review_count,
            reviews=reviews.get(case_id, []),
            relabels=relabels.get(case_id, []),
        )
        record.payload = payload
        record.last_verdict = newest.get(case_id)
        yield record


class Counted:
    """An iterator of records that counts what passed through it (the export_ready event says
    how many records an export held)."""

    def __init__(self, records: Iterator[dict[str, Any]]):
        self._records = iter(records)
        self.count = 0

    def __iter__(self) -> Counted:
        return self

    def __next__(self) -> dict[str, Any]:
        record = next(self._records)
        self.count += 1
        return record
