"""Export records (groundgate.export.v1) as Parquet, streamed a row group at a time. Pure.

The flat part of a record is typed columns; the nested parts (`answer`, `cited_chunks`,
`gate_runs`, `reviews`, `relabels`) are JSON text, as in the CSV export: their shape differs by
case kind (and a verdict by gate), which one Arrow struct type cannot hold without nulls for
every other family (docs/decisions.md 99). The schema version is in the file's metadata
(`groundgate.schema_version`) and in the `schema_version` column.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import orjson
import pyarrow as pa
import pyarrow.parquet as pq

JSON_COLUMNS = ("answer", "cited_chunks", "gate_runs", "reviews", "relabels")
PARQUET_SCHEMA = pa.schema(
    [
        pa.field("schema_version", pa.string(), nullable=False),
        pa.field("case_id", pa.int64(), nullable=False),
        pa.field("external_id", pa.string(), nullable=False),
        pa.field("kind", pa.string(), nullable=False),
        pa.field("dataset", pa.string(), nullable=False),
        pa.field("created_at", pa.string()),
        pa.field("payload_sha256", pa.string()),
        pa.field("question", pa.string()),
        pa.field("current_status", pa.string()),
        pa.field("passed", pa.bool_()),
        pa.field("finding_codes", pa.list_(pa.string())),
        pa.field("final_label", pa.string()),
        pa.field("review_state", pa.string(), nullable=False),
        pa.field("review_count", pa.int64(), nullable=False),
        *(pa.field(name, pa.string(), nullable=False) for name in JSON_COLUMNS),
    ],
    metadata={
        "groundgate.schema_version": "groundgate.export.v1",
        "groundgate.json_columns": ",".join(JSON_COLUMNS),
    },
)
ROWS_PER_GROUP = 1000


def _json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS).decode()


def parquet_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """One Parquet row for one export record."""
    case, current = record["case"], record["current"]
    row = {
        "schema_version": record["schema_version"],
        "case_id": case["id"],
        "external_id": case["external_id"],
        "kind": case["kind"],
        "dataset": case["dataset"],
        "created_at": case["created_at"],
        "payload_sha256": case["payload_sha256"],
        "question": record["question"],
        "current_status": current["status"],
        "passed": current["passed"],
        "finding_codes": current["finding_codes"],
        "final_label": record["final_label"],
        "review_state": record["review_state"],
        "review_count": record["review_count"],
    }
    for name in JSON_COLUMNS:
        row[name] = _json(record[name])
    return row


class _Drain:
    """A write-only file whose bytes are taken away as they come (so memory stays flat)."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.position = 0
        self.closed = False

    def write(self, data) -> int:
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


def _columns() -> dict[str, list]:
    return {name: [] for name in PARQUET_SCHEMA.names}


def _add(columns: dict[str, list], record: Mapping[str, Any]) -> None:
    """Append one record's row to `columns` (what parquet_record gives, column by column: a
    row group is built from columns directly, not from a list of row dicts)."""
    case, current = record["case"], record["current"]
    columns["schema_version"].append(record["schema_version"])
    columns["case_id"].append(case["id"])
    columns["external_id"].append(case["external_id"])
    columns["kind"].append(case["kind"])
    columns["dataset"].append(case["dataset"])
    columns["created_at"].append(case["created_at"])
    columns["payload_sha256"].append(case["payload_sha256"])
    columns["question"].append(record["question"])
    columns["current_status"].append(current["status"])
    columns["passed"].append(current["passed"])
    columns["finding_codes"].append(current["finding_codes"])
    columns["final_label"].append(record["final_label"])
    columns["review_state"].append(record["review_state"])
    columns["review_count"].append(record["review_count"])
    for name in JSON_COLUMNS:
        columns[name].append(_json(record[name]))


def parquet_stream(records: Iterable[Mapping[str, Any]]) -> Iterator[bytes]:
    """A Parquet file, yielded as each row group of ROWS_PER_GROUP records is written."""
    sink = _Drain()
    writer = pq.ParquetWriter(sink, PARQUET_SCHEMA, compression="zstd")
    columns = _columns()
    rows = 0
    try:
        for record in records:
            _add(columns, record)
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
