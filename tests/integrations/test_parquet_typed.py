"""The Parquet export is typed: nested parts as list<struct>, times as timestamps, and an
evaluation view (question, contexts, response, reference). Read back by pyarrow, pandas and
Hugging Face `datasets` (offline, from the file), and equal to the JSON lines export once the
typed values are written as JSON again."""

from __future__ import annotations

import datetime as dt
import io
import json

import orjson
import pandas
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from groundgate.integrations.parquet import parquet_stream
from groundgate.integrations.parquet.records import ROWS_PER_GROUP
from groundgate.models import Case, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from reviews.services import case_relabel, review_submit
from tests.api.conftest import api_client
from tests.conftest import DEMO_CASES, ROOT

pytestmark = pytest.mark.django_db

SYNTHESIS = ROOT / "fixtures" / "demo" / "synthesis.jsonl"


def _iso(value: dt.datetime | None) -> str | None:
    return None if value is None else value.isoformat().replace("+00:00", "Z")


def record_from_row(row: dict) -> dict:
    """The JSON lines record a typed Parquet row holds (pyarrow's to_pylist values)."""

    def times(items):
        return [
            {k: (_iso(v) if k == "created_at" else v) for k, v in item.items()} for item in items
        ]

    runs = [dict(r, verdict=json.loads(r["verdict"])) for r in times(row["gate_runs"])]
    return {
        "schema_version": row["schema_version"],
        "case": {
            "id": row["case_id"],
            "external_id": row["external_id"],
            "kind": row["kind"],
            "dataset": row["dataset"],
            "created_at": _iso(row["created_at"]),
            "payload_sha256": row["payload_sha256"],
        },
        "question": row["question"],
        "answer": json.loads(row["answer"]),
        "cited_chunks": row["cited_chunks"],
        "gate_runs": runs,
        "current": {
            "status": row["current_status"],
            "passed": row["passed"],
            "finding_codes": row["finding_codes"],
        },
        "final_label": row["final_label"],
        "review_state": row["review_state"],
        "review_count": row["review_count"],
        "reviews": [
            dict(r, correction=None if r["correction"] is None else json.loads(r["correction"]))
            for r in times(row["reviews"])
        ],
        "relabels": times(row["relabels"]),
    }


def same_numbers(value):
    """JSON's 72 and 72.0 are one number: boxes are doubles in Parquet."""
    if isinstance(value, dict):
        return {k: same_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [same_numbers(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    return value


@pytest.fixture
def exported(tmp_path):
    dataset, _ = dataset_get_or_create(slug="typed")
    lines = DEMO_CASES.read_bytes().splitlines()[:6]
    lines.append(
        orjson.dumps(
            orjson.loads(lines[0]) | {"case_id": "with-ref", "reference": "Every 90 days."}
        )
    )
    assert not case_import_lines(dataset=dataset, lines=lines).errors
    assert not case_import_lines(
        dataset=dataset, lines=SYNTHESIS.read_bytes().splitlines()[:2], kind="synthesis"
    ).errors
    admin = api_client("ada", dataset, Role.ADMIN)
    first = Case.objects.get(dataset=dataset, external_id="demo-en-01")
    review_submit(case=first, reviewer=admin.user, label="grounded", comment="checked")
    case_relabel(case=first, admin=admin.user, to_label="partially_grounded", reason="one value")
    jsonl = admin.get("/api/v1/datasets/typed/export?format=jsonl")
    records = [orjson.loads(line) for line in b"".join(jsonl.streaming_content).splitlines()]
    response = admin.get("/api/v1/datasets/typed/export?format=parquet")
    path = tmp_path / "typed.parquet"
    path.write_bytes(b"".join(response.streaming_content))
    return records, path


def test_the_columns_are_typed_and_hold_the_jsonl_records(exported):
    records, path = exported
    table = pq.read_table(path)
    schema = table.schema
    assert schema.field("created_at").type == pa.timestamp("us", tz="UTC")
    for name in ("cited_chunks", "gate_runs", "reviews", "relabels"):
        assert pa.types.is_list(schema.field(name).type), name
        assert pa.types.is_struct(schema.field(name).type.value_type), name
    run = schema.field("gate_runs").type.value_type
    assert run.field("created_at").type == pa.timestamp("us", tz="UTC")
    assert run.field("passed").type == pa.bool_()
    assert schema.field("contexts").type == pa.list_(pa.string())
    assert schema.metadata[b"groundgate.parquet_layout"] == b"groundgate.parquet/2"

    rows = table.to_pylist()
    assert [same_numbers(record_from_row(r)) for r in rows] == same_numbers(records)


def test_the_evaluation_view_is_what_ragas_and_deepeval_take(exported):
    _, path = exported
    rows = {r["external_id"]: r for r in pq.read_table(path).to_pylist()}
    first = rows["demo-en-01"]
    payload = orjson.loads(DEMO_CASES.read_bytes().splitlines()[0])
    assert first["question"] == payload["question"]
    assert first["contexts"] == [c["text"] for c in payload["raw_chunks"]]
    assert first["response"] == payload["answer"]["conclusion"]
    assert first["reference"] is None
    assert rows["with-ref"]["reference"] == "Every 90 days."
    synthesis = next(r for r in rows.values() if r["kind"] == "synthesis")
    assert synthesis["contexts"] and synthesis["response"]


def test_pandas_and_datasets_read_it_with_its_types(exported, tmp_path, monkeypatch):
    _, path = exported
    frame = pandas.read_parquet(path)
    assert str(frame["created_at"].dtype).startswith("datetime64")
    first = frame[frame["external_id"] == "demo-en-01"].iloc[0]
    assert first["reviews"][0]["label"] == "grounded"
    assert isinstance(first["reviews"][0]["created_at"], dt.datetime)  # a time, not a string
    assert first["relabels"][0]["to_label"] == "partially_grounded"

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    import datasets

    loaded = datasets.load_dataset(
        "parquet", data_files=str(path), split="train", cache_dir=str(tmp_path / "hf")
    )
    features = loaded.features
    assert features["created_at"].dtype.startswith("timestamp")
    assert features["contexts"].feature.dtype == "string"
    row = loaded.filter(lambda r: r["external_id"] == "demo-en-01")[0]
    assert row["gate_runs"][0]["passed"] in (True, False)
    assert row["cited_chunks"][0]["chunk_id"]
    assert row["contexts"] and row["response"]


def test_memory_stays_flat_row_group_by_row_group():
    """The writer holds one row group: a stream of many records yields as it goes."""
    record = {
        "schema_version": "groundgate.export.v1",
        "case": {
            "id": 1,
            "external_id": "x",
            "kind": "answer",
            "dataset": "d",
            "created_at": "2026-11-22T10:00:00Z",
            "payload_sha256": "0" * 64,
        },
        "question": "q",
        "answer": orjson.Fragment(b'{"case_id":"x"}'),
        "cited_chunks": [],
        "gate_runs": [],
        "current": {"status": "ok", "passed": True, "finding_codes": []},
        "final_label": None,
        "review_state": "unreviewed",
        "review_count": 0,
        "reviews": [],
        "relabels": [],
    }
    pulled = 0

    def records():
        nonlocal pulled
        for _ in range(ROWS_PER_GROUP * 3):
            pulled += 1
            yield record

    stream = parquet_stream(records())
    parts = [next(stream)]
    assert pulled == ROWS_PER_GROUP  # the first row group is out before the second is read
    parts += list(stream)
    table = pq.read_table(io.BytesIO(b"".join(parts)))
    assert table.num_rows == ROWS_PER_GROUP * 3
    assert pq.ParquetFile(io.BytesIO(b"".join(parts))).metadata.num_row_groups == 3
