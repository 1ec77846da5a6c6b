"""Store code symbols as Chunks of kind code, so reviewers can see the cited lines."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from groundgate.documents.code_symbols import Symbol, decode_source, extract_symbols
from groundgate.engine.canonical import canonical_bytes
from groundgate.models import Chunk, ChunkKind, Dataset, Document, DocumentKind, DocumentStatus
from groundgate.services.document_status import document_status_move


@dataclass(frozen=True)
class CodeIngestResult:
    document: Document
    symbols: int
    problems: list[str]
    already: bool


@transaction.atomic
def code_repository_ingest(*, dataset: Dataset, repo: Path, title: str = "") -> CodeIngestResult:
    """Extract the repository's symbols and store each as a code Chunk (chunk_id = symbol_id,
    text = its source lines, metadata = the symbols.jsonl record). One Document per distinct set
    of symbols: re-ingesting an unchanged repository is a no-op."""
    symbols, problems = extract_symbols(repo)
    digest = hashlib.sha256(b"".join(canonical_bytes(s.as_dict()) for s in symbols)).hexdigest()
    existing = Document.objects.filter(dataset=dataset, sha256=digest).first()
    if existing is not None:
        return CodeIngestResult(existing, len(symbols), problems, True)
    document = Document(
        dataset=dataset,
        title=title or repo.resolve().name,
        sha256=digest,
        kind=DocumentKind.CODE,
        metadata={"repo_commit": symbols[0].repo_commit if symbols else "", "root": str(repo)},
    )
    document_status_move(document, DocumentStatus.READY, warnings=problems)
    document.save(force_insert=True)
    texts: dict[str, list[str]] = {}
    rows = []
    for ordinal, symbol in enumerate(symbols):
        lines = texts.setdefault(symbol.file_path, _lines(repo / symbol.file_path))
        rows.append(_chunk(dataset, document, ordinal, symbol, lines))
    # A symbol id already stored (from an earlier commit) keeps its row; the new Document
    # records the repository as it is now.
    known = set(
        Chunk.objects.filter(dataset=dataset, chunk_id__in=[r.chunk_id for r in rows]).values_list(
            "chunk_id", flat=True
        )
    )
    Chunk.objects.bulk_create(r for r in rows if r.chunk_id not in known)
    return CodeIngestResult(document, len(symbols), problems, False)


def _lines(path: Path) -> list[str]:
    # Decoded exactly as the extractor did (BOM, coding cookie), so the lines match the hashes.
    return decode_source(path.name, path.read_bytes()).split("\n")


def _chunk(
    dataset: Dataset, document: Document, ordinal: int, symbol: Symbol, lines: list[str]
) -> Chunk:
    return Chunk(
        dataset=dataset,
        document=document,
        chunk_id=symbol.symbol_id,
        kind=ChunkKind.CODE,
        ordinal=ordinal,
        text="\n".join(lines[symbol.start_line - 1 : symbol.end_line]),
        knowledge_id=symbol.file_path,
        knowledge_type=symbol.kind,
        source_reference=f"{symbol.file_path}:{symbol.start_line}-{symbol.end_line}",
        metadata=symbol.as_dict(),
    )
