"""Open an untrusted PDF and extract its pages and chunks, or say clearly why not."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import pymupdf

from groundgate.documents.chunking import (
    DEFAULT_CHUNKING,
    ChunkingPolicy,
    PageChunk,
    chunk_page,
)

# Text extraction flags: everything "dict" gives except embedded images, which we do not use
# and which would cost a copy of every image.
TEXT_FLAGS = pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_IMAGES

Problem = Literal["failed", "needs_password", "no_text"]


class PdfProblem(Exception):
    """The PDF cannot be ingested; `status` is the Document status to record."""

    def __init__(self, status: Problem, reason: str, warnings: list[str] | None = None):
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.warnings = warnings or []


@dataclass(frozen=True)
class PageInfo:
    index: int
    width: float  # unrotated, points
    height: float
    rotation: int


@dataclass
class ExtractedPdf:
    sha256: str
    page_count: int
    pages: list[PageInfo]
    chunks: list[PageChunk]
    warnings: list[str] = field(default_factory=list)
    # The bytes to store: the upload itself, or a decrypted copy when a password was needed
    # (so pages can be rendered later without keeping the password).
    stored_bytes: bytes = b""


def open_pdf(data: bytes, password: str | None = None) -> tuple[pymupdf.Document, list[str]]:
    """Open and authenticate; raise PdfProblem with a reason a person can act on."""
    pymupdf.TOOLS.mupdf_warnings()  # reset the warning buffer
    pymupdf.TOOLS.mupdf_display_errors(False)
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for broken files
        raise PdfProblem("failed", f"not a readable PDF: {exc}") from None
    warnings = [w for w in pymupdf.TOOLS.mupdf_warnings().splitlines() if w.strip()]
    if doc.needs_pass:
        if not password:
            doc.close()
            raise PdfProblem("needs_password", "the PDF is encrypted: give its password", warnings)
        if not doc.authenticate(password):
            doc.close()
            raise PdfProblem("needs_password", "the password given for this PDF is wrong", warnings)
    if doc.page_count == 0:
        doc.close()
        raise PdfProblem("failed", "the PDF has no pages", warnings)
    return doc, warnings


def extract_pdf(
    data: bytes,
    *,
    password: str | None = None,
    policy: ChunkingPolicy = DEFAULT_CHUNKING,
    progress: Callable[[int], None] | None = None,
) -> ExtractedPdf:
    sha256 = hashlib.sha256(data).hexdigest()
    doc, warnings = open_pdf(data, password)
    try:
        pages: list[PageInfo] = []
        chunks: list[PageChunk] = []
        empty_pages: list[int] = []
        for page in doc:
            box = page.cropbox  # unrotated
            pages.append(
                PageInfo(page.number, round(box.width, 3), round(box.height, 3), page.rotation)
            )
            try:
                page_dict = page.get_text("dict", flags=TEXT_FLAGS)
            except Exception as exc:
                warnings.append(f"page {page.number}: text could not be read: {exc}")
                page_dict = {}
            found = chunk_page(page.number, page_dict, policy)
            if not found:
                empty_pages.append(page.number)
            chunks.extend(found)
            if progress is not None:
                progress(1)
        warnings += [w for w in pymupdf.TOOLS.mupdf_warnings().splitlines() if w.strip()]
        if not chunks:
            raise PdfProblem(
                "no_text",
                "no text layer: the PDF has only images (a scan?); OCR is not supported",
                warnings,
            )
        if empty_pages:
            warnings.append(
                f"{len(empty_pages)} page(s) without a text layer, not chunked: "
                + _ranges(empty_pages)
            )
        stored = data
        if doc.is_encrypted or password:
            stored = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_NONE, garbage=0)
        return ExtractedPdf(sha256, doc.page_count, pages, chunks, warnings, stored)
    finally:
        doc.close()


def _ranges(indexes: list[int]) -> str:
    """[0, 1, 2, 5] -> "0-2, 5" (0-based page indexes)."""
    out: list[str] = []
    start = prev = indexes[0]
    for i in [*indexes[1:], None]:
        if i is not None and i == prev + 1:
            prev = i
            continue
        out.append(f"{start}" if start == prev else f"{start}-{prev}")
        if i is not None:
            start = prev = i
    return ", ".join(out)
