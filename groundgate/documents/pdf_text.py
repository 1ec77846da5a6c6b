"""Open an untrusted PDF and extract its pages and chunks, or say clearly why not."""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

import pymupdf

from groundgate.documents.chunking import (
    DEFAULT_CHUNKING,
    ChunkingPolicy,
    PageChunk,
    chunk_page,
)
from groundgate.documents.glyph_boxes import page_text

# Text extraction flags: everything "dict" gives except embedded images, which we do not use
# and which would cost a copy of every image.
TEXT_FLAGS = pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_IMAGES

Problem = Literal["failed", "needs_password", "no_text"]


PDF_HEADER = b"%PDF-"
_ALLOC_FAILED = re.compile(r"\b\w*alloc\w* \(.*\) failed")


def looks_like_pdf(data: bytes) -> bool:
    """Content sniffing: a PDF starts with %PDF- (after optional whitespace). An HTML page or a
    text file named .pdf is refused by every surface before MuPDF, which would try to "repair"
    it into something, ever sees it."""
    return data[:1024].lstrip().startswith(PDF_HEADER)


@dataclass(frozen=True)
class PdfLimits:
    """Work allowed for one PDF (settings GROUNDGATE_PDF_MAX_PAGES and
    GROUNDGATE_PDF_MAX_DECOMPRESSED_MB; docs/limits.md)."""

    max_pages: int = 5000
    # Bytes the page content streams and form XObjects may inflate to, summed over the file.
    max_decompressed_bytes: int = 256 * 1024 * 1024


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


# PageChunk in this process; chunking.StoredChunk from the isolated child.
ChunkT = TypeVar("ChunkT")


@dataclass
class ExtractedPdf(Generic[ChunkT]):
    sha256: str
    page_count: int
    pages: list[PageInfo]
    chunks: list[ChunkT]
    warnings: list[str] = field(default_factory=list)
    # The bytes to store: the upload itself, or a decrypted copy when a password was needed
    # (so pages can be rendered later without keeping the password).
    stored_bytes: bytes = b""


def open_pdf(data: bytes, password: str | None = None) -> tuple[pymupdf.Document, list[str]]:
    """Open and authenticate; raise PdfProblem with a reason a person can act on."""
    if not looks_like_pdf(data):
        raise PdfProblem("failed", "not a PDF: the file does not start with %PDF-")
    pymupdf.TOOLS.mupdf_warnings()  # reset the warning buffer
    pymupdf.TOOLS.mupdf_display_errors(False)
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for broken files
        raise_if_out_of_memory(exc)
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


@dataclass
class PagesPart:
    """What one run over a range of pages found. A long PDF is read in several parts, one per
    process (documents/isolated.py), and `finish_parts` joins them in page order into what one
    run over every page would have given."""

    first: int  # the first page's index
    pages: list[PageInfo] = field(default_factory=list)
    # PageChunks, or their stored form (isolated.py)
    chunks: list[Any] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # pages whose text could not be read
    empty_pages: list[int] = field(default_factory=list)
    # Per page read, the content streams first met on it in this part and what they inflate to.
    charges: list[list[tuple[int, int]]] = field(default_factory=list)
    # MuPDF's warnings of the process that read the part, when that is not the joining one.
    mupdf_warnings: list[str] = field(default_factory=list)


def extract_pdf(
    data: bytes,
    *,
    password: str | None = None,
    policy: ChunkingPolicy = DEFAULT_CHUNKING,
    progress: Callable[[int], None] | None = None,
    limits: PdfLimits | None = None,
) -> ExtractedPdf[PageChunk]:
    """Extract pages and chunks in this process. Untrusted files go through
    groundgate.documents.isolated, which calls the same functions in child processes with
    resource limits."""
    limits = limits or PdfLimits()
    doc, warnings = open_pdf(data, password)
    try:
        check_page_count(doc, limits, warnings)
        part = extract_part(doc, 0, doc.page_count, policy=policy, limits=limits, progress=progress)
        return finish_parts(doc, data, password, warnings, [part], limits)
    finally:
        doc.close()


def check_page_count(doc: pymupdf.Document, limits: PdfLimits, warnings: list[str]) -> None:
    if doc.page_count > limits.max_pages:
        raise PdfProblem(
            "failed",
            f"the PDF has {doc.page_count} pages; at most {limits.max_pages} are ingested "
            "(GROUNDGATE_PDF_MAX_PAGES)",
            warnings,
        )


def extract_part(
    doc: pymupdf.Document,
    first: int,
    stop: int,
    *,
    policy: ChunkingPolicy,
    limits: PdfLimits,
    progress: Callable[[int], None] | None = None,
) -> PagesPart:
    """Pages first..stop-1: their boxes, chunks and inflated sizes. Stops after the page whose
    content streams pass the budget on their own (a bomb is never interpreted); `finish_parts`
    says which page passed it counting every part."""
    budget = _InflateBudget(doc, limits.max_decompressed_bytes)
    part = PagesPart(first)
    for number in range(first, stop):
        page = doc[number]
        # Before MuPDF interprets the page: a content stream that inflates past the budget
        # (a decompression bomb) stops here, having cost one bounded zlib pass.
        part.charges.append(budget.charge_page(page))
        if budget.used > budget.limit:
            break
        box = page.cropbox  # unrotated
        part.pages.append(
            PageInfo(number, round(box.width, 3), round(box.height, 3), page.rotation)
        )
        try:
            # One text page for both: the paragraphs and lines, and the words with their boxes
            # (kept so a value's own box can be drawn, not its chunk's), boxed where the
            # glyphs are (glyph_boxes: upside-down lines, numbers inside words).
            textpage = page.get_textpage(flags=TEXT_FLAGS)
            page_dict, words = page_text(textpage)
        except Exception as exc:
            # Running out of memory is not a page without text: the file is refused.
            raise_if_out_of_memory(exc)
            part.warnings.append(f"page {number}: text could not be read: {exc}")
            page_dict, words = {}, []
        found = chunk_page(number, page_dict, policy, words)
        if not found:
            part.empty_pages.append(number)
        part.chunks.extend(found)
        if progress is not None:
            progress(1)
    return part


def finish_parts(
    doc: pymupdf.Document,
    data: bytes,
    password: str | None,
    warnings: list[str],
    parts: list[PagesPart],
    limits: PdfLimits,
) -> ExtractedPdf[Any]:
    """Join the parts (in page order) into the document's extraction, or raise the PdfProblem a
    single run over every page would have raised. MuPDF's warnings: this process's, then those
    the parts read elsewhere brought."""
    _check_budget(parts, limits)
    pages = [page for part in parts for page in part.pages]
    chunks = [chunk for part in parts for chunk in part.chunks]
    empty_pages = [number for part in parts for number in part.empty_pages]
    warnings = [*warnings, *(w for part in parts for w in part.warnings)]
    warnings += [w for w in pymupdf.TOOLS.mupdf_warnings().splitlines() if w.strip()]
    warnings += [w for part in parts for w in part.mupdf_warnings]
    if not chunks:
        raise PdfProblem(
            "no_text",
            "no text layer: the PDF has only images (a scan?); OCR is not supported",
            warnings,
        )
    if empty_pages:
        warnings.append(
            f"{len(empty_pages)} page(s) without a text layer, not chunked: " + _ranges(empty_pages)
        )
    stored = data
    if doc.is_encrypted or password:
        stored = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_NONE, garbage=0)
    sha256 = hashlib.sha256(data).hexdigest()
    return ExtractedPdf(sha256, doc.page_count, pages, chunks, warnings, stored)


def _check_budget(parts: list[PagesPart], limits: PdfLimits) -> None:
    """The decompression budget over the whole file, each stream counted once, in page order:
    the first page at which it is passed is the one a single run would have named. (A part
    counts only its own streams; a stream it capped early is over the budget here too.)"""
    seen: set[int] = set()
    used = 0
    for part in parts:
        for page, charges in enumerate(part.charges, start=part.first):
            for xref, size in charges:
                if xref not in seen:
                    seen.add(xref)
                    used += size
            if used > limits.max_decompressed_bytes:
                mb = limits.max_decompressed_bytes // (1024 * 1024)
                raise PdfProblem(
                    "failed",
                    f"page {page}: the content streams inflate to more than {mb} MB "
                    "(GROUNDGATE_PDF_MAX_DECOMPRESSED_MB); a decompression bomb? "
                    "The file was not ingested",
                )


def raise_if_out_of_memory(exc: Exception) -> None:
    """PyMuPDF reports MuPDF's failed allocations as RuntimeError("code=2: calloc (...) failed");
    turn that into the MemoryError it is, so no caller mistakes it for a broken page."""
    if isinstance(exc, MemoryError):
        raise exc
    if isinstance(exc.__cause__ or exc.__context__, MemoryError):
        # Python ran out while PyMuPDF built the page's dict: "returned a result with an
        # exception set" (a SystemError) whose cause is the MemoryError.
        raise MemoryError(str(exc)) from exc
    message = str(exc)
    if _ALLOC_FAILED.search(message):
        raise MemoryError(message) from exc


class _InflateBudget:
    """Counts the bytes a PDF's page content streams and form XObjects inflate to, each stream
    once, and refuses the file when the total passes the limit. Flate (alone or after ASCIIHex /
    ASCII85) is inflated here in bounded steps, so a bomb is measured without being expanded in
    memory; other filters are rare and decoded by MuPDF, under the child's memory limit."""

    STEP = 1024 * 1024

    def __init__(self, doc: pymupdf.Document, limit: int):
        self.doc, self.limit, self.used = doc, limit, 0
        self.seen: set[int] = set()

    def charge_page(self, page: pymupdf.Page) -> list[tuple[int, int]]:
        """Inflate the page's streams not met before (each up to what is left of the budget):
        [(xref, bytes)]."""
        charges = []
        xrefs = list(page.get_contents()) + [item[0] for item in page.get_xobjects()]
        for xref in xrefs:
            if xref in self.seen or xref <= 0:
                continue
            self.seen.add(xref)
            size = self._inflated_size(xref, self.limit - self.used + 1)
            charges.append((xref, size))
            self.used += size
            if self.used > self.limit:
                break
        return charges

    def _inflated_size(self, xref: int, cap: int) -> int:
        kind, value = self.doc.xref_get_key(xref, "Filter")
        filters = [] if kind == "null" else value.strip("[]").replace("/", " ").split()
        raw = self.doc.xref_stream_raw(xref) or b""
        try:
            while filters and filters[0] in ("ASCIIHexDecode", "AHx", "ASCII85Decode", "A85"):
                raw = _ascii_decode(filters.pop(0), raw)  # these only ever shrink the data
        except (ValueError, binascii.Error):
            return len(raw)  # broken encoding: MuPDF will not get far with it either
        if not filters:
            return len(raw)
        if filters == ["FlateDecode"] or filters == ["Fl"]:
            return _inflate_size(raw, cap, self.STEP)
        return len(self.doc.xref_stream(xref) or b"")


def _ascii_decode(name: str, raw: bytes) -> bytes:
    if name in ("ASCIIHexDecode", "AHx"):
        text = bytes(c for c in raw.split(b">", 1)[0] if not chr(c).isspace())
        return binascii.unhexlify(text + b"0" * (len(text) % 2))
    body = raw.strip()
    body = body.removeprefix(b"<~").split(b"~>", 1)[0]
    return base64.a85decode(body, ignorechars=b" \t\n\r\x0b\x0c")


def _inflate_size(raw: bytes, cap: int, step: int) -> int:
    """How many bytes `raw` inflates to, stopping once past `cap` (never holds more than `step`
    inflated bytes at once). A stream zlib cannot read counts what it gave before the error."""
    inflater = zlib.decompressobj()
    size = 0
    pending = raw
    try:
        while pending and size <= cap:
            size += len(inflater.decompress(pending, step))
            pending = inflater.unconsumed_tail
            if inflater.eof:
                break
    except zlib.error:
        pass
    return size


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
