"""The round trip of issue 16: a trace export → import → gate → review → Label Studio tasks
(validated against Label Studio's documented task format) and Parquet (read back by pyarrow with
the same records as the JSON lines export). The chunks are those of the demo PDF, ingested."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import orjson
import pyarrow.parquet as pq
import pytest

from groundgate.models import Case, Chunk, Page, Role
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from reviews.services import review_submit
from tests.api.conftest import api_client
from tests.integrations.test_parquet_typed import record_from_row, same_numbers

ROOT = Path(__file__).resolve().parents[2]
TRACES = ROOT / "fixtures" / "traces"
PDF = ROOT / "fixtures" / "demo" / "demo-documents.pdf"
SCHEMA = json.loads((Path(__file__).parent / "labelstudio_task.schema.json").read_text())


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def spans_citing(chunks: list[Chunk]) -> bytes:
    """The first trace of fixtures/traces/phoenix-spans.jsonl, its retriever returning `chunks`
    and its answer quoting the first and citing it ([1]) and the second ([2])."""
    spans = [json.loads(line) for line in (TRACES / "phoenix-spans.jsonl").read_text().splitlines()]
    trace = [s for s in spans if s["context"]["trace_id"] == spans[0]["context"]["trace_id"]]
    retriever = next(s for s in trace if s["span_kind"] == "RETRIEVER")
    retriever["attributes"] = {
        k: v for k, v in retriever["attributes"].items() if not k.startswith("retrieval.")
    }
    for i, chunk in enumerate(chunks):
        prefix = f"retrieval.documents.{i}.document"
        retriever["attributes"][f"{prefix}.id"] = chunk.chunk_id
        retriever["attributes"][f"{prefix}.content"] = chunk.text
        metadata = {"page_index": chunk.page_index, "bbox": chunk.bbox}
        retriever["attributes"][f"{prefix}.metadata"] = json.dumps(metadata)
    llm = next(s for s in trace if s["span_kind"] == "LLM")
    first_sentence = chunks[0].text.split(". ")[0].strip().rstrip(".")
    output = f"{first_sentence} [1]. See also [2]."
    llm["attributes"] = {"openinference.span.kind": "LLM", "output.value": output}
    return "\n".join(json.dumps(s) for s in trace).encode()


@pytest.mark.django_db
def test_trace_to_labelstudio_and_parquet():
    dataset, _ = dataset_get_or_create(slug="pumps")
    document = document_ingest(dataset=dataset, data=PDF.read_bytes(), filename=PDF.name).document
    chunks = list(Chunk.objects.filter(document=document).order_by("id")[:2])
    assert len(chunks) == 2 and all(c.bbox for c in chunks)
    admin = api_client("ada", dataset, Role.ADMIN)

    response = admin.post(
        "/api/v1/datasets/pumps/traces/import",
        data=spans_citing(chunks),
        content_type="application/x-ndjson",
    )
    assert response.json() == {"imported": 1, "unchanged": 0, "errors": []}
    case = Case.objects.get(dataset=dataset)
    review_submit(case=case, reviewer=admin.user, label="grounded", comment="checked the page")

    # Label Studio tasks
    response = admin.get("/api/v1/datasets/pumps/export?format=labelstudio")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert 'filename="pumps.labelstudio.json"' in response["Content-Disposition"]
    tasks = json.loads(b"".join(response.streaming_content))
    jsonschema.validate(tasks, SCHEMA)
    (task,) = tasks
    assert task["data"]["external_id"] == case.external_id
    assert task["data"]["final_label"] == "grounded"
    assert task["data"]["answer_text"] == case.payload["answer"]["conclusion"]
    boxes = task["predictions"][0]["result"]
    assert [b["meta"]["chunk_id"] for b in boxes] == [c.chunk_id for c in chunks]
    for box, chunk in zip(boxes, chunks, strict=True):
        page = Page.objects.get(document=document, index=chunk.page_index)
        ref = task["data"]["page_refs"][box["item_index"]]
        assert ref == {"document_id": document.pk, "page_index": chunk.page_index}
        image = task["data"]["pages"][box["item_index"]]
        assert image.startswith("data:image/png;base64,")  # inline: Label Studio loads it as is
        # the evidence's box: the excerpt is the whole chunk (decision 98), so all its lines
        rects = [p for p in chunk.position_int if p[0] - 1 == chunk.page_index]
        x0, top = min(p[1] for p in rects), min(p[3] for p in rects)
        x1, bottom = max(p[2] for p in rects), max(p[4] for p in rects)
        assert page.rotation == 0
        assert box["value"]["x"] == pytest.approx(x0 / page.width * 100, abs=0.2)
        assert box["value"]["y"] == pytest.approx(top / page.height * 100, abs=0.2)
        assert box["value"]["width"] == pytest.approx((x1 - x0) / page.width * 100, abs=0.3)
        assert box["value"]["height"] == pytest.approx((bottom - top) / page.height * 100, abs=0.3)
    assert chunks[0].text[:40] in task["data"]["evidence_text"]

    # Parquet: the same records as the JSON lines export
    jsonl = admin.get("/api/v1/datasets/pumps/export?format=jsonl")
    records = [orjson.loads(line) for line in b"".join(jsonl.streaming_content).splitlines()]
    response = admin.get("/api/v1/datasets/pumps/export?format=parquet")
    assert response["Content-Type"] == "application/vnd.apache.parquet"
    table = pq.read_table(io.BytesIO(b"".join(response.streaming_content)))
    assert table.schema.metadata[b"groundgate.schema_version"] == b"groundgate.export.v1"
    back = [same_numbers(record_from_row(row)) for row in table.to_pylist()]
    assert back == same_numbers(records)
    assert records[0]["answer"]["trace"]["trace_id"] == case.external_id
    assert records[0]["reviews"][0]["label"] == "grounded"


def test_the_export_refuses_an_unknown_format(db):
    dataset, _ = dataset_get_or_create(slug="pumps")
    admin = api_client("ada", dataset, Role.ADMIN)
    response = admin.get("/api/v1/datasets/pumps/export?format=xlsx")
    assert response.status_code == 400
    assert response.json()["errors"][0] == {
        "field": "format",
        "message": "jsonl or csv or labelstudio or parquet or otel",
    }


@pytest.mark.django_db
def test_the_export_command_writes_labelstudio_and_parquet(tmp_path):
    from django.core.management import call_command

    dataset, _ = dataset_get_or_create(slug="pumps")
    document = document_ingest(dataset=dataset, data=PDF.read_bytes(), filename=PDF.name).document
    chunks = list(Chunk.objects.filter(document=document).order_by("id")[:2])
    path = tmp_path / "spans.jsonl"
    path.write_bytes(spans_citing(chunks))
    call_command("import_traces", str(path), "--dataset", "pumps", stdout=io.StringIO())
    tasks_file, parquet_file = tmp_path / "tasks.json", tmp_path / "cases.parquet"
    for fmt, out in (("labelstudio", tasks_file), ("parquet", parquet_file)):
        call_command(
            "export",
            "--dataset",
            "pumps",
            "--format",
            fmt,
            "--output",
            str(out),
            "--base-url",
            "https://gate.example.org/",
            stderr=io.StringIO(),
        )
    tasks = json.loads(tasks_file.read_text())
    jsonschema.validate(tasks, SCHEMA)
    assert tasks[0]["data"]["pages"][0].startswith("data:image/png;base64,")
    assert tasks[0]["data"]["page_refs"][0] == {
        "document_id": document.pk,
        "page_index": chunks[0].page_index,
    }
    assert pq.read_table(parquet_file).column("external_id").to_pylist() == [
        Case.objects.get().external_id
    ]
