"""Export audited datasets: one record per case, streamed with constant memory.

Record schema `groundgate.export.v1` (docs/export-schema.md, docs/export.schema.json): the case,
the answer as submitted, the cited chunks with provenance, every gate verdict (oldest first), the
final label and review state, and the whole review and relabel history.

Cases are read in batches; each batch needs a fixed number of queries whatever its size. Stored
verdicts are canonical JSON already and are embedded as they are (orjson.Fragment), never parsed.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

import orjson
from django.db.models import Q, TextField
from django.db.models.functions import Cast
from django.utils.dateparse import parse_datetime

from groundgate.families import get_family
from groundgate.models import Case, Chunk, Dataset, GateRun
from reviews.models import FindingDecision, Label, QueueEntry, Relabel, Review
from reviews.selectors import queue_entries

SCHEMA_VERSION = "groundgate.export.v1"
BATCH = 2000
CSV_COLUMNS = [
    "schema_version",
    "case_id",
    "external_id",
    "kind",
    "dataset",
    "created_at",
    "question",
    "current_status",
    "passed",
    "final_label",
    "review_state",
    "review_count",
    "finding_codes",
    "answer",
    "cited_chunks",
    "gate_runs",
    "reviews",
    "relabels",
]


@dataclass(frozen=True)
class ExportFilters:
    reviewed_only: bool = False
    label: str = ""
    code: str = ""
    since: dt.datetime | None = None


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


def export_filters_parse(params) -> tuple[ExportFilters | None, list[dict]]:
    """Export filters from query parameters (the API) or options (the command): the filters, or
    the errors as [{"field", "message"}]."""
    errors = []
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


def export_case_ids(*, dataset: Dataset, filters: ExportFilters) -> Iterator[int]:
    """The ids to export, in case order, read in slices (no big list in memory)."""
    entries = queue_entries(
        dataset=dataset,
        filters={"final_label": filters.label, "code": filters.code},
    )
    if filters.reviewed_only:
        # Settled: the reviewers agree or an admin relabelled (a relabel is not a review, but it
        # is a final label): the case has a final label.
        entries = entries.exclude(final_label="")
    if filters.since is not None:
        since = filters.since
        entries = entries.filter(
            Q(case__created_at__gte=since)
            | Q(case__gate_runs__created_at__gte=since)
            | Q(case__reviews__created_at__gte=since)
            | Q(case__relabels__created_at__gte=since)
        ).distinct()
    last = 0
    while True:
        ids = list(
            entries.filter(case_id__gt=last)
            .order_by("case_id")
            .values_list("case_id", flat=True)[:BATCH]
        )
        if not ids:
            return
        yield from ids
        last = ids[-1]


def _batches(ids: Iterator[int]) -> Iterator[list[int]]:
    batch: list[int] = []
    for case_id in ids:
        batch.append(case_id)
        if len(batch) >= BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _iso(value: dt.datetime | str | None) -> str | None:
    """ISO 8601 in UTC. Timestamps are read as text to skip per-row datetime
    conversion (as_text below): SQLite gives "2026-11-22 06:00:00.123456", PostgreSQL "...+00"."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.isoformat().replace("+00:00", "Z")
    text = value.replace(" ", "T", 1)
    for suffix in ("+00:00", "+00"):
        if text.endswith(suffix):
            text = text[: -len(suffix)]
    return text + "Z"


def as_text(field: str) -> Cast:
    return Cast(field, output_field=TextField())


def export_records(*, dataset: Dataset, filters: ExportFilters) -> Iterator[dict]:
    for batch in _batches(export_case_ids(dataset=dataset, filters=filters)):
        yield from _batch_records(dataset, batch)


def _batch_records(dataset: Dataset, ids: list[int]) -> Iterator[dict]:
    # Rows are selected by the batch's id range (cheap to prepare, unlike a 1000-item IN list)
    # and kept only if in the batch; payloads come as raw JSON text, embedded unparsed.
    wanted_ids = set(ids)
    span = {"case_id__gte": ids[0], "case_id__lte": ids[-1]}
    cases = (
        Case.objects.filter(dataset=dataset, id__gte=ids[0], id__lte=ids[-1])
        .annotate(raw=Cast("payload", output_field=TextField()), ts=as_text("created_at"))
        .order_by("id")
        .values_list("id", "external_id", "kind", "question", "ts", "raw", "payload_sha256")
    )
    entries = {
        e[0]: e
        for e in QueueEntry.objects.filter(dataset=dataset, **span).values_list(
            "case_id",
            "gate_status",
            "passed",
            "final_label",
            "review_state",
            "review_count",
            "finding_codes",
        )
    }
    runs: dict[int, list] = defaultdict(list)
    for case_id, *run in (
        GateRun.objects.filter(**span)
        .annotate(ts=as_text("created_at"))
        .order_by("id")
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
        run_id, gate, version, policy, status, passed, created, verdict = run
        runs[case_id].append(
            {
                "id": run_id,
                "gate": gate,
                "gate_version": version,
                "policy_sha256": policy,
                "status": status,
                "passed": passed,
                "created_at": _iso(created),
                "verdict": orjson.Fragment(verdict),
            }
        )
    decisions: dict[int, list] = defaultdict(list)
    for review_id, index, code, call, reason in (
        FindingDecision.objects.filter(
            review__case_id__gte=ids[0],
            review__case_id__lte=ids[-1],
        )
        .order_by("id")
        .values_list("review_id", "finding_index", "code", "call", "reason")
    ):
        decisions[review_id].append(
            {"finding_index": index, "code": code, "call": call, "reason": reason or None}
        )
    reviews: dict[int, list] = defaultdict(list)
    for rid, case_id, run_id, reviewer, label, comment, created in (
        Review.objects.filter(**span)
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
                "decisions": decisions[rid],
            }
        )
    relabels: dict[int, list] = defaultdict(list)
    for rid, case_id, old, new, admin, reason, created in (
        Relabel.objects.filter(**span)
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

    rows = []
    for case_id, external_id, kind, question, created, raw, sha in cases:
        if case_id in wanted_ids:
            rows.append(
                (case_id, external_id, kind, question, created, raw, sha, orjson.loads(raw))
            )
    # The family-specific part of a record: which chunks a case cites, and those it carries.
    wanted = {cid for row in rows for cid in get_family(row[2]).cited_chunk_ids(row[7])}
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
    for case_id, external_id, kind, question, created, raw, sha, payload in rows:
        entry = entries.get(case_id) or (case_id, "", False, "", "unreviewed", 0, "")
        family = get_family(kind)
        inline = family.inline_chunks(payload)
        chunks = []
        for chunk_id in dict.fromkeys(family.cited_chunk_ids(payload)):
            row = stored.get(chunk_id)
            if row is not None:
                _, doc_id, title, doc_sha, page, bbox, positions, chunk_kind = row
                chunks.append(
                    {
                        "chunk_id": chunk_id,
                        "kind": chunk_kind,
                        "document": {"id": doc_id, "title": title, "sha256": doc_sha}
                        if doc_id
                        else None,
                        "page_index": page,
                        "bbox": bbox,
                        "position_int": positions,
                        "source": "stored",
                    }
                )
            elif chunk_id in inline:
                inline_chunk = inline[chunk_id]
                positions = inline_chunk.get("position_int")
                first = positions[0] if isinstance(positions, list) and positions else None
                bbox = (
                    [first[1], first[3], first[2], first[4]]
                    if isinstance(first, list) and len(first) == 5
                    else None
                )
                chunks.append(
                    {
                        "chunk_id": chunk_id,
                        "kind": "text",
                        "document": None,
                        "page_index": inline_chunk.get("page_index"),
                        "bbox": bbox,
                        "position_int": positions,
                        "source": "case",
                    }
                )
            else:
                chunks.append(
                    {
                        "chunk_id": chunk_id,
                        "kind": None,
                        "document": None,
                        "page_index": None,
                        "bbox": None,
                        "position_int": None,
                        "source": "unknown",
                    }
                )
        yield {
            "schema_version": SCHEMA_VERSION,
            "case": {
                "id": case_id,
                "external_id": external_id,
                "kind": kind,
                "dataset": dataset.slug,
                "created_at": _iso(created),
                "payload_sha256": sha,
            },
            "question": question,
            "answer": orjson.Fragment(raw),
            "cited_chunks": chunks,
            "gate_runs": runs.get(case_id, []),
            "current": {
                "status": entry[1] or None,
                "passed": entry[2],
                "finding_codes": entry[6].split(),
            },
            "final_label": entry[3] or None,
            "review_state": entry[4],
            "review_count": entry[5],
            "reviews": reviews.get(case_id, []),
            "relabels": relabels.get(case_id, []),
        }


class Counted:
    """An iterator of records that counts what passed through it (the export_ready event says
    how many records an export held)."""

    def __init__(self, records: Iterator[dict]):
        self._records = iter(records)
        self.count = 0

    def __iter__(self) -> Counted:
        return self

    def __next__(self) -> dict:
        record = next(self._records)
        self.count += 1
        return record


def jsonl_stream(records: Iterator[dict]) -> Iterator[bytes]:
    """JSON lines, yielded in blocks of ~1000 records (fewer, larger writes)."""
    block: list[bytes] = []
    dumps = orjson.dumps
    for record in records:
        block.append(dumps(record, option=orjson.OPT_SORT_KEYS))
        if len(block) >= 1000:
            yield b"\n".join(block) + b"\n"
            block = []
    if block:
        yield b"\n".join(block) + b"\n"


# A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): such a
# cell gets a leading apostrophe, which spreadsheets show as text (OWASP's advice).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _SafeWriter:
    """csv.writer whose string cells are neutralised (csv_cell)."""

    def __init__(self, writer):
        self.writer = writer

    def writerow(self, row):
        return self.writer.writerow([csv_cell(value) for value in row])


def csv_stream(records: Iterator[dict]) -> Iterator[bytes]:
    """CSV with a header; nested parts are JSON in their cells (see docs/export-schema.md).
    Cells that a spreadsheet would run as a formula start with an apostrophe."""
    buffer = io.StringIO()
    # CRLF line ends (RFC 4180): the csv module then quotes any cell holding a CR or an LF, so a
    # carriage return in a question can never end a row early.
    writer = _SafeWriter(csv.writer(buffer, lineterminator="\r\n"))
    writer.writerow(CSV_COLUMNS)
    count = 0

    def js(value) -> str:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()

    for r in records:
        case = r["case"]
        writer.writerow(
            [
                r["schema_version"],
                case["id"],
                case["external_id"],
                case["kind"],
                case["dataset"],
                case["created_at"],
                r["question"],
                r["current"]["status"] or "",
                r["current"]["passed"],
                r["final_label"] or "",
                r["review_state"],
                r["review_count"],
                " ".join(r["current"]["finding_codes"]),
                js(r["answer"]),
                js(r["cited_chunks"]),
                js(r["gate_runs"]),
                js(r["reviews"]),
                js(r["relabels"]),
            ]
        )
        count += 1
        if count % 1000 == 0:
            yield buffer.getvalue().encode()
            buffer.seek(0)
            buffer.truncate()
    yield buffer.getvalue().encode()
