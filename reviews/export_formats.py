"""The export's formats: JSON lines and CSV (reviews/export.py), Label Studio tasks, Parquet and
OpenTelemetry evaluation events (groundgate/integrations). Each takes the same records
(groundgate.export.v1) and streams bytes; the API and the `export` command look a format up here
by name."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice

import orjson

from groundgate.integrations.labelstudio import PageSize, record_task
from groundgate.integrations.otel import otlp_logs_stream
from groundgate.models import Dataset, Page
from reviews.export import csv_stream, jsonl_stream

PageUrl = Callable[[int, int], str]
TASK_BLOCK = 1000


@dataclass(frozen=True)
class ExportFormat:
    name: str
    content_type: str
    extension: str
    stream: Callable[..., Iterator[bytes]]


def page_sizes_for(
    *, dataset: Dataset, keys: set[tuple[int, int]]
) -> dict[tuple[int, int], PageSize]:
    """The size and rotation of the pages `keys` ((document id, page index)) of `dataset`."""
    if not keys:
        return {}
    documents = {document for document, _ in keys}
    indexes = {index for _, index in keys}
    return {
        (document, index): PageSize(width, height, rotation)
        for document, index, width, height, rotation in Page.objects.filter(
            document__dataset=dataset, document_id__in=documents, index__in=indexes
        ).values_list("document_id", "index", "width", "height", "rotation")
        if (document, index) in keys
    }


def labelstudio_stream(records: Iterator[dict], *, dataset: Dataset, page_url: PageUrl):
    """A JSON array of Label Studio tasks (what its import takes), a block of tasks at a time;
    page sizes are read once per block."""
    yield b"["
    first = True
    while block := list(islice(records, TASK_BLOCK)):
        keys = {
            (chunk["document"]["id"], chunk["page_index"])
            for record in block
            for chunk in record["cited_chunks"]
            if chunk.get("document") and chunk.get("page_index") is not None
        }
        sizes = page_sizes_for(dataset=dataset, keys=keys)
        parts = [orjson.dumps(record_task(r, page_sizes=sizes, page_url=page_url)) for r in block]
        yield (b"\n" if first else b",\n") + b",\n".join(parts)
        first = False
    yield b"]\n"


def _jsonl(records, **_):
    return jsonl_stream(records)


def _csv(records, **_):
    return csv_stream(records)


def _parquet(records, **_):
    # pyarrow is imported only for a Parquet export: it is ~30 MB of memory and 0.1 s of
    # start-up that every other export (and every process that imports this module) would pay.
    from groundgate.integrations.parquet import parquet_stream

    return parquet_stream(records)


def _otel(records, **_):
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
