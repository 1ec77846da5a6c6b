"""Trace import and the Label Studio / Parquet exports: records per second (issue 16).

Run: .venv/bin/python bench/bench_integrations.py [--spans N]

Measures the pure parts, in-process, on generated data shaped like fixtures/traces/:
  read+convert  N Phoenix JSONL spans (a chain, a retriever with two documents, an LLM span per
                trace) read and turned into answer cases (groundgate.integrations.openinference)
  labelstudio   N/3 export records turned into Label Studio tasks and serialised
  parquet       N/3 export records streamed as a Parquet file (pyarrow, zstd)
and the process's peak resident memory (it only grows, and generating the input dominates it, so
it says little: the import holds the whole file and its cases in memory to group spans by
trace). Storing and gating the cases (the case import service, the database) is not part of
these figures: bench_answer_gate.py and bench_load.py measure those.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson

from groundgate.integrations.labelstudio import PageSize, record_task
from groundgate.integrations.openinference import read_spans, traces_to_cases
from groundgate.integrations.openinference.cases import compile_citation_pattern
from groundgate.integrations.parquet import parquet_stream

TEXT = (
    "The discharge valve of each pump must be inspected every {n} days. During inspection the "
    "operating pressure must stay between 4.5 and 6.0 bar."
)


def spans_file(spans: int) -> bytes:
    lines = []
    for t in range(spans // 3):
        trace = f"{t:032x}"

        def span(i, kind, attributes, trace=trace, t=t):
            return {
                "name": kind.lower(),
                "context": {"trace_id": trace, "span_id": f"{t * 3 + i:016x}"},
                "parent_id": None if i == 0 else f"{t * 3:016x}",
                "span_kind": kind,
                "start_time": f"2026-11-20T10:00:0{i}+00:00",
                "end_time": f"2026-11-20T10:00:0{i + 1}+00:00",
                "attributes": {"openinference.span.kind": kind, **attributes},
            }

        docs = {}
        for d in range(2):
            prefix = f"retrieval.documents.{d}.document"
            docs[f"{prefix}.id"] = f"doc-{t}-{d}"
            docs[f"{prefix}.content"] = TEXT.format(n=t + d)
            docs[f"{prefix}.metadata"] = json.dumps({"page": d, "bbox": [72, 100, 500, 140]})
        lines.append(span(0, "CHAIN", {"input.value": f"question {t}"}))
        lines.append(span(1, "RETRIEVER", {"input.value": f"question {t}", **docs}))
        answer = f"Inspect every {t} days [1]; keep 4.5 to 6.0 bar [2]."
        lines.append(span(2, "LLM", {"output.value": answer}))
    return b"\n".join(orjson.dumps(s) for s in lines)


def record(i: int) -> dict:
    return {
        "schema_version": "groundgate.export.v1",
        "case": {
            "id": i,
            "external_id": f"{i:032x}",
            "kind": "answer",
            "dataset": "bench",
            "created_at": "2026-11-22T10:00:00Z",
            "payload_sha256": "0" * 64,
        },
        "question": f"question {i}",
        "answer": orjson.Fragment(
            orjson.dumps({"case_id": f"{i}", "answer": {"conclusion": TEXT.format(n=i)}})
        ),
        "cited_chunks": [
            {
                "chunk_id": f"c{i}",
                "kind": "text",
                "document": {"id": 1, "title": "manual", "sha256": "1" * 64},
                "page_index": i % 10,
                "bbox": [72, 100, 500, 140],
                "position_int": [[i % 10 + 1, 72, 500, 100, 140]],
                "source": "stored",
            }
        ],
        "gate_runs": [
            {
                "id": i,
                "gate": "answer",
                "gate_version": "2",
                "policy_sha256": "2" * 64,
                "status": "ok",
                "passed": True,
                "created_at": "2026-11-22T10:00:00Z",
                "verdict": orjson.Fragment(b'{"status":"ok","findings":[]}'),
            }
        ],
        "current": {"status": "ok", "passed": True, "finding_codes": []},
        "final_label": None,
        "review_state": "unreviewed",
        "review_count": 0,
        "reviews": [],
        "relabels": [],
    }


def measure(name: str, count: int, unit: str, run) -> None:
    started = time.perf_counter()
    run()
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{name:13} {count:>8,} {unit:8} {seconds:7.2f} s  {count / seconds:>9,.0f} {unit}/s  "
        f"peak RSS so far {peak:7.0f} MB"
    )


def _rss() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--spans", type=int, default=100_000)
    args = parser.parse_args()
    data = spans_file(args.spans)
    print(f"{len(data) / 2**20:.0f} MB of spans; peak RSS before {_rss():.0f} MB")
    pattern = compile_citation_pattern(None)
    spans_count = args.spans // 3 * 3

    def convert():
        spans, problems = read_spans(data, "openinference")
        cases, problems = traces_to_cases(
            spans, problems, fmt="openinference", citation_pattern=pattern
        )
        assert not problems and len(cases) == spans_count // 3

    measure("read+convert", spans_count, "spans", convert)
    records = spans_count // 3
    sizes = {(1, p): PageSize(595, 842, 0) for p in range(10)}

    def labelstudio():
        for i in range(records):
            orjson.dumps(record_task(record(i), page_sizes=sizes, page_url=lambda d, p: "/x"))

    measure("labelstudio", records, "records", labelstudio)

    def parquet():
        total = sum(len(b) for b in parquet_stream(record(i) for i in range(records)))
        assert total > 0

    measure("parquet", records, "records", parquet)


if __name__ == "__main__":
    main()
