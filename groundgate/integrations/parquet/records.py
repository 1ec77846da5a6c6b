"""Export records (groundgate.export.v1) as typed Parquet, streamed a row group at a time. Pure.

Layout `groundgate.parquet/2` (docs/export-schema.md):

- the flat part of a record: typed columns, `created_at` a UTC timestamp;
- the nested parts every family shares, as Arrow types: `cited_chunks`, `gate_runs`, `reviews`
  (with their `decisions`) and `relabels` (the corrections) are `list<struct>`, their times
  timestamps, boxes lists of doubles;
- what differs by family stays JSON text: `answer` (the case as submitted) and each gate run's
  `verdict` (one Arrow struct for five families' verdicts would be nulls for all but one);
- the evaluation view, the columns evaluation tools take (RAGAS, DeepEval, TruLens):
  `question`, `contexts` (list<string>, the texts the answer was given), `response` (the
  answer's text) and `reference` (a reference answer the case carries, else null). Which
  payload fields they come from is the family's (groundgate/families: `contexts`, `text`),
  handed in as `evaluation`.

Memory stays flat as in the JSON lines export: a row group of ROWS_PER_GROUP records is built,
written, handed on, and dropped.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import orjson
import pyarrow as pa
import pyarrow.parquet as pq

if TYPE_CHECKING:
    from typing_extensions import Buffer

LAYOUT = "groundgate.parquet/2"
TIMESTAMP = pa.timestamp("us", tz="UTC")
BOX = pa.list_(pa.float64())
CHUNK = pa.struct(
    [
        ("chunk_id", pa.string()),
        ("kind", pa.string()),
        (
            "document",
            pa.struct([("id", pa.int64()), ("title", pa.string()), ("sha256", pa.string())]),
        ),
        ("page_index", pa.int64()),
        ("bbox", BOX),
        ("position_int", pa.list_(BOX)),
        ("source", pa.string()),
    ]
)
GATE_RUN = pa.struct(
    [
        ("id", pa.int64()),
        ("gate", pa.string()),
        ("gate_version", pa.string()),
        ("policy_sha256", pa.string()),
        ("status", pa.string()),
        ("passed", pa.bool_()),
        ("created_at", TIMESTAMP),
        ("verdict", pa.string()),  # JSON text: the family's verdict
    ]
)
DECISION = pa.struct(
    [
        ("finding_index", pa.int64()),
        ("code", pa.string()),
        ("call", pa.string()),
        ("reason", pa.string()),
    ]
)
REVIEW = pa.struct(
    [
        ("id", pa.int64()),
        ("reviewer", pa.string()),
        ("label", pa.string()),
        ("comment", pa.string()),
        ("created_at", TIMESTAMP),
        ("gate_run_id", pa.int64()),
        ("decisions", pa.list_(DECISION)),
        ("correction", pa.string()),  # JSON text: the reviewer's correction (reviews.corrections)
    ]
)
RELABEL = pa.struct(
    [
        ("id", pa.int64()),
        ("from_label", pa.string()),
        ("to_label", pa.string()),
        ("admin", pa.string()),
        ("reason", pa.string()),
        ("created_at", TIMESTAMP),
    ]
)
JSON_COLUMNS = ("answer", "gate_runs.verdict", "reviews.correction")
PARQUET_SCHEMA = pa.schema(
    [
        pa.field("schema_version", pa.string(), nullable=False),
        pa.field("case_id", pa.int64(), nullable=False),
        pa.field("external_id", pa.string(), nullable=False),
        pa.field("kind", pa.string(), nullable=False),
        pa.field("dataset", pa.string(), nullable=False),
        pa.field("created_at", TIMESTAMP),
        pa.field("payload_sha256", pa.string()),
        pa.field("question", pa.string()),
        pa.field("contexts", pa.list_(pa.string())),
        pa.field("response", pa.string()),
        pa.field("reference", pa.string()),
        pa.field("current_status", pa.string()),
        pa.field("passed", pa.bool_()),
        pa.field("finding_codes", pa.list_(pa.string())),
        pa.field("final_label", pa.string()),
        pa.field("review_state", pa.string(), nullable=False),
        pa.field("review_count", pa.int64(), nullable=False),
        pa.field("answer", pa.string(), nullable=False),
        pa.field("cited_chunks", pa.list_(CHUNK)),
        pa.field("gate_runs", pa.list_(GATE_RUN)),
        pa.field("reviews", pa.list_(REVIEW)),
        pa.field("relabels", pa.list_(RELABEL)),
    ],
    metadata={
        "groundgate.schema_version": "groundgate.export.v1",
        "groundgate.parquet_layout": LAYOUT,
        "groundgate.json_columns": ",".join(JSON_COLUMNS),
    },
)
ROWS_PER_GROUP = 1000

# (contexts, response, reference) of a record: the family's reading of its payload.
Evaluation = Callable[[Mapping[str, Any]], tuple[list[str], str | None, str | None]]


def _no_evaluation(record: Mapping[str, Any]) -> tuple[list[str], str | None, str | None]:
    return [], None, None


def _json(value: Any) -> str:
    """JSON text of a value (an orjson.Fragment, the stored text, is written as it is)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def _time(value: Any) -> dt.datetime | None:
    if isinstance(value, dt.datetime):
        return value
    if isinstance(value, str) and value:
        return dt.datetime.fromisoformat(value)
    return None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _box(value: Any) -> list[float] | None:
    if not isinstance(value, list | tuple):
        return None
    return [float(v) for v in value if isinstance(v, int | float) and not isinstance(v, bool)]


def _chunk(chunk: Mapping[str, Any]) -> dict[str, Any]:
    document = chunk.get("document")
    positions = chunk.get("position_int")
    return {
        "chunk_id": chunk.get("chunk_id"),
        "kind": chunk.get("kind"),
        "document": dict(document) if isinstance(document, Mapping) else None,
        "page_index": _int(chunk.get("page_index")),
        "bbox": _box(chunk.get("bbox")),
        "position_int": [_box(p) for p in positions] if isinstance(positions, list) else None,
        "source": chunk.get("source"),
    }


def _run(run: Mapping[str, Any]) -> dict[str, Any]:
    return {**run, "created_at": _time(run.get("created_at")), "verdict": _json(run["verdict"])}


def _review(review: Mapping[str, Any]) -> dict[str, Any]:
    return {**review, "created_at": _time(review.get("created_at"))}


def _reviewed(review: Mapping[str, Any]) -> dict[str, Any]:
    """A review with its correction as JSON text (null when the reviewer corrected nothing)."""
    correction = review.get("correction")
    return {**_review(review), "correction": None if correction is None else _json(correction)}


def _columns() -> dict[str, list[Any]]:
    return {name: [] for name in PARQUET_SCHEMA.names}


def _add(columns: dict[str, list[Any]], record: Mapping[str, Any], evaluation: Evaluation) -> None:
    """Append one record's row to `columns` (a row group is built from columns directly)."""
    case, current = record["case"], record["current"]
    contexts, response, reference = evaluation(record)
    columns["schema_version"].append(record["schema_version"])
    columns["case_id"].append(case["id"])
    columns["external_id"].append(case["external_id"])
    columns["kind"].append(case["kind"])
    columns["dataset"].append(case["dataset"])
    columns["created_at"].append(_time(case["created_at"]))
    columns["payload_sha256"].append(case["payload_sha256"])
    columns["question"].append(record["question"])
    columns["contexts"].append(contexts)
    columns["response"].append(response)
    columns["reference"].append(reference)
    columns["current_status"].append(current["status"])
    columns["passed"].append(current["passed"])
    columns["finding_codes"].append(current["finding_codes"])
    columns["final_label"].append(record["final_label"])
    columns["review_state"].append(record["review_state"])
    columns["review_count"].append(record["review_count"])
    columns["answer"].append(_json(record["answer"]))
    columns["cited_chunks"].append([_chunk(c) for c in record["cited_chunks"]])
    columns["gate_runs"].append([_run(r) for r in record["gate_runs"]])
    columns["reviews"].append([_reviewed(r) for r in record["reviews"]])
    columns["relabels"].append([_review(r) for r in record["relabels"]])


def parquet_record(
    record: Mapping[str, Any], evaluation: Evaluation = _no_evaluation
) -> dict[str, Any]:
    """One Parquet row for one export record, as Python values."""
    columns = _columns()
    _add(columns, record, evaluation)
    return {name: values[0] for name, values in columns.items()}


class _Drain:
    """A write-only file whose bytes are taken away as they come (so memory stays flat)."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.position = 0
        self.closed = False

    def write(self, data: Buffer) -> int:
        chunk = bytes(data)
        self.parts.append(chunk)
        self.position += len(chunk)
        return len(chunk)

    def tell(self) -> int:
        return self.position

    def flush(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def take(self) -> bytes:
        data = b"".join(self.parts)
        self.parts.clear()
        return data


def parquet_stream(
    records: Iterable[Mapping[str, Any]], evaluation: Evaluation = _no_evaluation
) -> Iterator[bytes]:
    """A Parquet file, yielded as each row group of ROWS_PER_GROUP records is written.
    `evaluation` gives a record's contexts, response and reference (none without it)."""
    sink = _Drain()
    writer = pq.ParquetWriter(sink, PARQUET_SCHEMA, compression="zstd")
    columns = _columns()
    rows = 0
    try:
        for record in records:
            _add(columns, record, evaluation)
            rows += 1
            if rows >= ROWS_PER_GROUP:
                writer.write_table(pa.Table.from_pydict(columns, schema=PARQUET_SCHEMA))
                columns, rows = _columns(), 0
                yield sink.take()
        if rows:
            writer.write_table(pa.Table.from_pydict(columns, schema=PARQUET_SCHEMA))
    finally:
        writer.close()
    yield sink.take()
