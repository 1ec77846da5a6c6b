"""The export's formats: JSON lines and CSV, Label Studio tasks, Parquet and
OpenTelemetry evaluation events (groundgate/integrations). Each takes the same records
(groundgate.export.v1) and streams bytes; the API and the `export` command look a format up here
by name."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import orjson

from groundgate.families import get_family
from groundgate.families.base import evaluation_view
from groundgate.integrations.otel import otlp_logs_stream
from reviews.labelstudio_export import labelstudio_stream

PageUrl = Callable[[int, int], str]
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
class ExportFormat:
    name: str
    content_type: str
    extension: str
    stream: Callable[..., Iterator[bytes]]


def jsonl_stream(records: Iterator[dict[str, Any]]) -> Iterator[bytes]:
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


def csv_cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _SafeWriter:
    """csv.writer whose string cells are neutralised (csv_cell)."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer

    def writerow(self, row: Iterable[Any]) -> Any:
        return self.writer.writerow([csv_cell(value) for value in row])


def csv_stream(records: Iterator[dict[str, Any]]) -> Iterator[bytes]:
    """CSV with a header; nested parts are JSON in their cells (see docs/export-schema.md).
    Cells that a spreadsheet would run as a formula start with an apostrophe."""
    buffer = io.StringIO()
    # CRLF line ends (RFC 4180): the csv module then quotes any cell holding a CR or an LF, so a
    # carriage return in a question can never end a row early.
    writer = _SafeWriter(csv.writer(buffer, lineterminator="\r\n"))
    writer.writerow(CSV_COLUMNS)
    count = 0

    def js(value: Any) -> str:
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


def _jsonl(records: Iterator[dict[str, Any]], **_: Any) -> Iterator[bytes]:
    return jsonl_stream(records)


def _csv(records: Iterator[dict[str, Any]], **_: Any) -> Iterator[bytes]:
    return csv_stream(records)


def _parquet(records: Iterator[dict[str, Any]], **_: Any) -> Iterator[bytes]:
    # pyarrow is imported only for a Parquet export: it is ~30 MB of memory and 0.1 s of
    # start-up that every other export (and every process that imports this module) would pay.
    from groundgate.integrations.parquet import parquet_stream

    return parquet_stream(records, evaluation=_evaluation)


def _evaluation(record: Mapping[str, Any]) -> tuple[list[str], str | None, str | None]:
    """The evaluation view of a record (the family's contexts, response and reference)."""
    payload = getattr(record, "payload", None)
    return evaluation_view(get_family(record["case"]["kind"]), payload)


def _otel(records: Iterator[dict[str, Any]], **_: Any) -> Iterator[bytes]:
    return otlp_logs_stream(records)


EXPORT_FORMATS = {
    f.name: f
    for f in (
        ExportFormat("jsonl", "application/x-ndjson", "jsonl", _jsonl),
        ExportFormat("csv", "text/csv", "csv", _csv),
        ExportFormat("labelstudio", "application/json", "labelstudio.json", labelstudio_stream),
        ExportFormat("parquet", "application/vnd.apache.parquet", "parquet", _parquet),
        ExportFormat("otel", "application/x-ndjson", "otlp.jsonl", _otel),
    )
}
