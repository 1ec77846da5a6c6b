"""Trace import and the Label Studio / Parquet / OpenTelemetry exports: records per second and
memory (issue 16).

Run: .venv/bin/python bench/bench_integrations.py [--spans N]
     DEBUG=1 .venv/bin/python bench/bench_integrations.py --end-to-end [--sizes 10000,100000]

--end-to-end runs each measurement in its own process (peak RSS only grows, so one process per
size is the only honest way to compare sizes), against a throwaway SQLite file under
bench/out/integrations/:
  convert     the trace file read trace by trace (two passes, no database): spans/s, peak RSS
  import      `trace_file_import` of the file into a new dataset, gated: spans/s, peak RSS;
              the CPU column counts the reader processes too (decision 153), and the
              importing process's own CPU and the readers' peak RSS are printed apart
  export-F    the export of that dataset in format F (jsonl, labelstudio, parquet, otel), the
              records read from the database as the API streams them: records/s, peak RSS
Each line gives the process's RSS before the measured step and its peak after, in MB; memory is
flat when the peak does not grow with the size.

Measures the pure parts, in-process, on generated data shaped like fixtures/traces/:
  read+convert  N Phoenix JSONL spans (a chain, a retriever with two documents, an LLM span per
                trace) read and turned into answer cases (groundgate.integrations.openinference)
  labelstudio   N/3 export records turned into Label Studio tasks and serialised
  parquet       N/3 export records streamed as a Parquet file (pyarrow, zstd)
and the process's peak resident memory (it only grows, and generating the input dominates it, so
it says little here: --end-to-end measures memory per size, in separate processes, and the whole
import and export through the database).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import orjson

from groundgate.integrations.labelstudio import Evidence, PageImage, PageSize, record_task
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
    # The pure part only: a short stand-in image (a real export inlines each page's PNG once
    # rendered; reviews/labelstudio_export.py).
    image = PageImage("data:image/png;base64,AAAA", PageSize(595, 842, 0))

    def labelstudio():
        for i in range(records):
            evidences = [Evidence(f"c{i}", TEXT.format(n=i), 1, [(i % 10, (72, 100, 500, 140))])]
            task = record_task(
                record(i), evidences=evidences, page_image=lambda d, p: image, no_page="x"
            )
            orjson.dumps(task)

    measure("labelstudio", records, "records", labelstudio)

    def parquet():
        total = sum(len(b) for b in parquet_stream(record(i) for i in range(records)))
        assert total > 0

    measure("parquet", records, "records", parquet)


OUT = Path(__file__).resolve().parent / "out" / "integrations"


def _vmrss(field: str = "VmRSS") -> float:
    """This process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. Not
    ru_maxrss: Linux carries that across fork and exec, so a child would report the peak of
    the parent that generated its input."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the import's reader process,
    decision 153, are waited for before the import returns)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def child(kind: str, spans_path: Path, db: Path, fmt: str) -> None:
    """One measurement in this process; prints one JSON line."""

    os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    # DEBUG off as in production: with DEBUG on Django keeps the SQL of the last 9,000 queries,
    # which for bulk inserts of whole payloads is hundreds of MB.
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-integrations-" + "k" * 40)
    import django

    django.setup()
    from django.core.management import call_command

    from groundgate.services.datasets import dataset_get_or_create

    result: dict = {"step": kind}
    if kind == "convert":
        from groundgate.integrations.openinference.stream import index_traces, trace_cases

        before = _vmrss()
        started, cpu_started = time.perf_counter(), time.process_time()
        with spans_path.open("rb") as fh:
            index = index_traces(fh, "openinference")
            pattern = compile_citation_pattern(None)
            built = sum(
                1
                for c, _ in trace_cases(fh, index, fmt="openinference", citation_pattern=pattern)
                if c
            )
        result |= {"count": index.spans, "unit": "spans", "cases": built}
    elif kind == "import":
        from groundgate.services.trace_imports import trace_file_import

        call_command("migrate", verbosity=0)
        dataset, _ = dataset_get_or_create(slug="bench")
        # Counted line by line before the measurement: reading the whole file to count its
        # lines afterwards put the file's size (52 MB at 100k spans) into the peak.
        with spans_path.open("rb") as fh:
            spans = sum(1 for line in fh if line.strip())
        before = _vmrss()
        started, cpu_started = time.perf_counter(), _cpu()
        own_cpu_started = time.process_time()
        with spans_path.open("rb") as fh:
            report = trace_file_import(dataset=dataset, file=fh, fmt="openinference")
        result["importer_cpu_seconds"] = round(time.process_time() - own_cpu_started, 2)
        assert not report.errors, report.errors[:3]
        result |= {"count": spans, "unit": "spans", "cases": report.imported}
    else:
        from reviews.export import ExportFilters, export_records
        from reviews.export_formats import EXPORT_FORMATS

        dataset, _ = dataset_get_or_create(slug="bench")
        export_format = EXPORT_FORMATS[fmt]
        records = Counted(export_records(dataset=dataset, filters=ExportFilters()))
        before = _vmrss()
        started, cpu_started = time.perf_counter(), time.process_time()
        size = sum(
            len(b)
            for b in export_format.stream(records, dataset=dataset, page_url=lambda d, p: "/x")
        )
        result |= {"count": records.count, "unit": "records", "bytes": size}
    seconds = time.perf_counter() - started
    cpu = (_cpu() if kind == "import" else time.process_time()) - cpu_started
    result |= {
        "seconds": round(seconds, 2),
        "cpu_seconds": round(cpu, 2),
        "per_second": round(result["count"] / seconds),
        "rss_before_mb": round(before),
        "peak_rss_mb": round(_vmrss("VmHWM")),
        # The import's reader processes (decision 153), if they ran: their peak RSS, which
        # counts the pages they share with this process (copy-on-write after the fork).
        "reader_peak_rss_mb": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024),
    }
    print(json.dumps(result))


class Counted:
    def __init__(self, records):
        self._records = iter(records)
        self.count = 0

    def __iter__(self):
        return self

    def __next__(self):
        record = next(self._records)
        self.count += 1
        return record


STEPS = ["convert", "import", "export-jsonl", "export-labelstudio", "export-parquet", "export-otel"]


def end_to_end(sizes: list[int], names: list[str]) -> None:
    import subprocess

    OUT.mkdir(parents=True, exist_ok=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    for size in sizes:
        spans_path = OUT / f"spans-{size}.jsonl"
        spans_path.write_bytes(spans_file(size))
        db = OUT / f"bench-{size}.sqlite3"
        for stale in OUT.glob(f"bench-{size}.sqlite3*"):
            stale.unlink()
        steps = [(n.partition("-")[0], n.partition("-")[2] or "-") for n in names]
        for kind, fmt in steps:
            out = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    kind,
                    "--spans-path",
                    str(spans_path),
                    "--db",
                    str(db),
                    "--fmt",
                    fmt,
                ],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            line = json.loads(out.strip().splitlines()[-1])
            name = kind if kind != "export" else f"export-{fmt}"
            print(
                f"{size:>7,} spans  {name:18} {line['count']:>8,} {line['unit']:7} "
                f"{line['seconds']:7.2f} s (CPU {line['cpu_seconds']:6.2f} s) "
                f"{line['per_second']:>8,}/s  "
                f"RSS before {line['rss_before_mb']:4} MB, peak {line['peak_rss_mb']:4} MB"
                + (
                    f"; importer CPU {line['importer_cpu_seconds']} s, reader processes' peak "
                    f"{line['reader_peak_rss_mb']} MB"
                    if kind == "import" and line["reader_peak_rss_mb"]
                    else ""
                ),
                flush=True,
            )


if __name__ == "__main__":
    if "--child" in sys.argv or "--end-to-end" in sys.argv:
        parser = argparse.ArgumentParser()
        parser.add_argument("--child")
        parser.add_argument("--spans-path", type=Path)
        parser.add_argument("--db", type=Path)
        parser.add_argument("--fmt", default="-")
        parser.add_argument("--end-to-end", action="store_true")
        parser.add_argument("--sizes", default="10000,100000")
        parser.add_argument(
            "--steps",
            default=",".join(STEPS),
            help=f"comma-separated, of {','.join(STEPS)} (the exports read the import's database)",
        )
        options = parser.parse_args()
        if options.child:
            child(options.child, options.spans_path, options.db, options.fmt)
        else:
            names = options.steps.split(",")
            if unknown := set(names) - set(STEPS):
                parser.error(f"--steps: unknown {', '.join(sorted(unknown))}")
            end_to_end([int(n) for n in options.sizes.split(",")], names)
    else:
        main()
