"""The demo dataset for `make run`: the checked-in cases plus cases built on a real PDF.

The PDF cases are built from the chunks that ingestion produced, so their coordinates are real
and the case page can draw them on the page image.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pymupdf
from django.conf import settings

from groundgate.engine.gates.code import attach_symbols
from groundgate.models import Chunk, ChunkKind, Dataset
from groundgate.services.code_ingestion import code_repository_ingest
from groundgate.services.embedding_index import embedding_index_refresh
from groundgate.services.imports import SHOWN_CASES, ImportReport, case_import_lines
from groundgate.services.ingestion import IngestResult, document_ingest

FIXTURES = Path(settings.BASE_DIR) / "fixtures" / "demo"
DEMO_CASES = FIXTURES / "cases.jsonl"
DEMO_PDF = FIXTURES / "demo-documents.pdf"
# Cases of the other gate families, checked in.
FAMILY_CASES = {
    "anchored": "anchored.jsonl",
    "synthesis": "synthesis.jsonl",
    "report": "report.jsonl",
}
# The code cases cite GroundGate's own engine, as it is in this checkout.
CODE_ROOT = Path(settings.BASE_DIR) / "groundgate"


@dataclass(frozen=True)
class PdfCase:
    case_id: str
    question: str
    conclusion: str
    excerpt: str  # must be in the chunk text, unless the case is about a rejected excerpt
    locate: str  # text that identifies the cited chunk
    claim: str = "true"  # "true": the chunk's real box; "shifted": a box 6 points off


PDF_CASES = [
    PdfCase(
        "demo-pdf-01",
        "How often must the discharge valve be inspected?",
        "The discharge valve must be inspected every 90 days.",
        "The discharge valve of each pump must be inspected every 90 days.",
        "every 90 days",
    ),
    PdfCase(
        "demo-pdf-02",
        "What does the seal kit cost?",
        "The seal kit costs $1,500.",
        "Unit price of the seal kit: $1,050.",
        "seal kit: $1,050",
    ),
    PdfCase(
        "demo-pdf-03",
        "What is the bearing temperature limit?",
        "Bearings must not exceed 85 C.",
        "The bearing temperature must not exceed 85 C.",
        "85 C",
        claim="shifted",
    ),
    PdfCase(
        "demo-pdf-04",
        "2023年地表水水质优良比例是多少？",
        "2023年全市地表水国控断面水质优良比例为86.7%。",
        "2023年全市地表水国控断面水质优良比例为86.7%",
        "86.7%",
    ),
    PdfCase(
        "demo-pdf-05",
        "罚款金额是多少？",
        "决定对当事人处以罚款人民币200万元。",
        "决定对当事人处以罚款人民币20万元",
        "20万元",
    ),
    PdfCase(
        "demo-pdf-06",
        "当事人何时超标排放？",
        "当事人于2024年5月10日超标排放废水。",
        "当事人于2024年5月1日超标排放废水",
        "2024年5月10日",
    ),
]


def demo_load(*, dataset: Dataset) -> tuple[ImportReport, IngestResult]:
    with DEMO_CASES.open("rb") as fh:
        report = case_import_lines(dataset=dataset, lines=fh)
    ingested = document_ingest(dataset=dataset, data=DEMO_PDF.read_bytes(), filename=DEMO_PDF.name)
    embedding_index_refresh(dataset)  # the first question is answered without embedding first
    lines = [json.dumps(case, ensure_ascii=False) for case in _pdf_cases(ingested)]
    _merge(report, case_import_lines(dataset=dataset, lines=lines))
    for kind, name in FAMILY_CASES.items():
        with (FIXTURES / name).open("rb") as fh:
            _merge(report, case_import_lines(dataset=dataset, lines=fh, kind=kind))
    code_repository_ingest(dataset=dataset, repo=CODE_ROOT, title="groundgate (this checkout)")
    code_lines = [json.dumps(case) for case in _code_cases(dataset)]
    _merge(report, case_import_lines(dataset=dataset, lines=code_lines, kind="code"))
    return report, ingested


def _merge(report: ImportReport, more: ImportReport) -> None:
    report.imported += more.imported
    report.unchanged += more.unchanged
    report.errors += more.errors
    report.by_status.update(more.by_status)
    report.first_cases += more.first_cases[: max(SHOWN_CASES - len(report.first_cases), 0)]


def _code_cases(dataset: Dataset) -> list[dict[str, Any]]:
    symbols = {
        c.chunk_id: c.metadata for c in Chunk.objects.filter(dataset=dataset, kind=ChunkKind.CODE)
    }
    target = symbols.get("engine/numbers.py::extract_numbers")
    helper = symbols.get("engine/numbers.py::is_grounded")
    if target is None or helper is None:
        return []
    ref = {
        k: target[k]
        for k in ("symbol_id", "file_path", "start_line", "end_line", "source_hash", "repo_commit")
    }
    # A checkout's symbols change with the code: the case ids carry the symbol's hash so a
    # changed engine gives new cases instead of conflicting with the stored ones.
    tag = target["source_hash"][:8]
    question = "Where does GroundGate find the numeric values of a text?"
    cases = [
        {
            "case_id": f"demo-code-01-{tag}",
            "context_symbols": [target["symbol_id"], helper["symbol_id"]],
            "sample": {
                "question": question,
                "answer": "extract_numbers scans the text once.",
                "evidence_refs": [ref],
            },
        },
        {
            "case_id": f"demo-code-02-{tag}",
            "context_symbols": [target["symbol_id"]],
            "sample": {
                "question": question,
                "answer": "extract_numbers does it.",
                "evidence_refs": [
                    ref | {"source_hash": "0" * 64, "end_line": target["end_line"] + 40}
                ],
            },
        },
        {
            "case_id": f"demo-code-03-{tag}",
            "context_symbols": [helper["symbol_id"]],
            "sample": {
                "question": "How is a value grounded?",
                "answer": "By quantity and unit.",
                "evidence_refs": [],
            },
        },
    ]
    return [attach_symbols(case, symbols) for case in cases]


def _pdf_cases(ingested: IngestResult) -> list[dict[str, Any]]:
    document = ingested.document
    chunks = list(Chunk.objects.filter(document=document).order_by("ordinal"))
    raw_chunks = [
        {
            "chunk_id": c.chunk_id,
            "text": c.text,
            "page_index": c.page_index,
            "position_int": c.position_int,
        }
        for c in chunks
    ]
    with document.file.open("rb") as fh:
        pdf = pymupdf.open(stream=fh.read(), filetype="pdf")
    cases = []
    for spec in PDF_CASES:
        chunk = next(c for c in chunks if spec.locate in c.text)
        page_number, x0, x1, top, bottom = _box_of(pdf, chunk, spec.locate)
        if spec.claim == "shifted":
            top, bottom = top + 6, bottom + 6
        evidence = {
            "chunk_id": chunk.chunk_id,
            "excerpt": spec.excerpt,
            "page_index": page_number - 1,
            "bbox": [x0, top, x1, bottom],
        }
        answer = {"conclusion": spec.conclusion, "evidences": [evidence]}
        cases.append(
            {
                "case_id": spec.case_id,
                "question": spec.question,
                "raw_chunks": raw_chunks,
                "answer": answer,
            }
        )
    pdf.close()
    return cases


def _box_of(pdf: pymupdf.Document, chunk: Chunk, text: str) -> list[int]:
    """The chunk's rectangle that holds `text` on the page (its first one if none does)."""
    for position in chunk.position_int:
        page_number, x0, x1, top, bottom = position
        if pdf[page_number - 1].search_for(text, clip=pymupdf.Rect(x0, top, x1, bottom)):
            return list(position)
    return list(chunk.position_int[0])
