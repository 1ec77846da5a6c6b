"""Parse an untrusted PDF, or render one of its pages, in a child process with memory and time
limits.

MuPDF is C code fed with bytes from strangers: a 1 MB file can inflate to gigabytes, loop for
minutes or crash the interpreter. Parsing therefore runs in a fresh Python process
(`python -m groundgate.documents.isolated`) that caps its own address space (RLIMIT_AS) and CPU
time (RLIMIT_CPU) before it reads the PDF; the parent waits at most `timeout_seconds` of wall
time and kills it after that. Whatever happens in the child (a bomb, an endless loop, a
segfault, a MemoryError) comes back to the caller as a PdfProblem with a reason a person can
read, never as a dead web worker or Celery worker.

Protocol (stdin -> stdout, no pickle: the child has handled hostile data, so the parent only
trusts plain JSON from it): the parent writes one JSON line of options and then the PDF's bytes;
the child answers one JSON line (`{"ok": {...}}` or `{"problem": {...}}`) followed, for an
encrypted PDF, by the decrypted bytes to store, and for a rendered page by its PNG. The job
("extract", "render", "rotation") is named in the options: one place for isolation.

No Django here, like the rest of groundgate.documents.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import orjson
import pymupdf

from groundgate.documents.chunking import DEFAULT_CHUNKING, ChunkingPolicy, StoredChunk
from groundgate.documents.glyph_boxes import words_in_box
from groundgate.documents.highlights import Highlight
from groundgate.documents.page_parts import error_name, page_ranges, read_parts
from groundgate.documents.pdf_text import (
    TEXT_FLAGS,
    ExtractedPdf,
    PageInfo,
    PdfLimits,
    PdfProblem,
    check_page_count,
    finish_parts,
    open_pdf,
    raise_if_out_of_memory,
)
from groundgate.documents.render import (
    base_zoom,
    heavy_page,
    render_base_png,
    render_page_png,
    upright_rotation,
)
from groundgate.documents.standby import child_prepare_next, child_start


@dataclass(frozen=True)
class IsolationLimits:
    """The child's resource limits, and the names of the settings that set them (errors name
    them): GROUNDGATE_PDF_* for ingestion, GROUNDGATE_RENDER_* for page images."""

    max_memory_bytes: int = 2 * 1024**3
    timeout_seconds: float = 120.0
    memory_setting: str = "GROUNDGATE_PDF_MAX_MEMORY_MB"
    timeout_setting: str = "GROUNDGATE_PDF_TIMEOUT_SECONDS"
    work: str = "parsing"  # what the child does, for error messages
    outcome: str = "the file was not ingested"


def extract_pdf_isolated(
    data: bytes,
    *,
    password: str | None = None,
    policy: ChunkingPolicy = DEFAULT_CHUNKING,
    limits: PdfLimits | None = None,
    isolation: IsolationLimits | None = None,
    processes: int = 1,
) -> ExtractedPdf[StoredChunk]:
    """Like pdf_text.extract_pdf, in a child process (reading a long PDF's pages in up to
    `processes` processes at once: page_parts.py). Raises PdfProblem for every failure. The
    chunks come back in their stored form (chunking.StoredChunk), checked: each JSON column is
    JSON."""
    limits = limits or PdfLimits()
    isolation = isolation or IsolationLimits()
    options = {
        "password": password,
        "policy": asdict(policy),
        "limits": asdict(limits),
        "processes": processes,
    }
    ok, rest = _run_child("extract", options, data, isolation)
    try:
        chunks = [_stored(*chunk) for chunk in ok["chunks"]]
        pages = [PageInfo(*page) for page in ok["pages"]]
    except (TypeError, ValueError) as exc:
        raise PdfProblem("failed", f"{isolation.work} gave a malformed answer: {exc}") from None
    return ExtractedPdf(
        sha256=ok["sha256"],
        page_count=ok["page_count"],
        pages=pages,
        chunks=chunks,
        warnings=ok["warnings"],
        stored_bytes=rest if ok["decrypted"] else data,
    )


def _stored(
    page_index: object,
    text: object,
    bbox: str,
    position_int: str,
    metadata: str,
    word_boxes: str = "[]",
) -> StoredChunk:
    """The child has read hostile bytes: what it sends is checked before it is stored."""
    if type(page_index) is not int or type(text) is not str:
        raise TypeError("a chunk's page index or text has the wrong type")
    for column in (bbox, position_int, metadata, word_boxes):
        orjson.loads(column)  # raises on anything but JSON text
    return StoredChunk(page_index, text, bbox, position_int, metadata, word_boxes)


def render_page_isolated(
    data: bytes,
    page_index: int,
    *,
    zoom: float,
    highlights: list[Highlight],
    max_side_px: int | None,
    isolation: IsolationLimits,
    base: Path | None = None,
    max_zoom: float = 6.0,
) -> tuple[bytes, int, bytes]:
    """render.render_page_png (page turned upright) in a child process: (PNG, the rotation it
    was shown at, a base picture to keep or b""). A page that needs more memory or time than
    `isolation` allows (a 40k x 40k image, an image stream inflating to gigabytes) raises
    PdfProblem, and the web worker that asked never decodes it.

    A heavy page (render.heavy_page) is drawn over its base picture: the file `base` when the
    caller kept one, else one the child makes (at the largest size any zoom up to `max_zoom` is
    served at) and returns for the caller to keep."""
    options = {
        "page_index": page_index,
        "zoom": zoom,
        "highlights": [[h.layer, list(h.bbox), h.text] for h in highlights],
        "max_side_px": max_side_px,
        "base": str(base) if base is not None else None,
        "max_zoom": max_zoom,
    }
    ok, out = _run_child("render", options, data, isolation)
    made = int(ok.get("base_bytes", 0))
    made_base, png = out[:made], out[made:]
    if not png.startswith(b"\x89PNG") or (made_base and not made_base.startswith(b"\x89PNG")):
        raise PdfProblem("failed", f"{isolation.work} gave no image; {isolation.outcome}")
    return png, ok["rotation"], made_base


def upright_rotation_isolated(data: bytes, page_index: int, *, isolation: IsolationLimits) -> int:
    """render.upright_rotation of one page, in a child process (it reads the page's text)."""
    ok, _ = _run_child("rotation", {"page_index": page_index}, data, isolation)
    rotation: int = ok["rotation"]
    return rotation


def page_words_isolated(
    data: bytes, page_index: int, bbox: list[float], *, isolation: IsolationLimits
) -> list[str]:
    """The words of one page whose boxes lie mostly inside `bbox` ([x0, top, x1, bottom] in
    unrotated PDF points), in reading order, read in a child process (a reviewer's drawn box)."""
    ok, _ = _run_child("words", {"page_index": page_index, "bbox": bbox}, data, isolation)
    words = ok["words"]
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        raise PdfProblem("failed", f"{isolation.work} gave a malformed answer")
    return words


def _run_child(
    job: str, options: dict[str, Any], data: bytes, isolation: IsolationLimits
) -> tuple[dict[str, Any], bytes]:
    """Run `job` in a fresh child under `isolation`: its JSON answer and the bytes after it."""
    options = {
        **options,
        "job": job,
        "max_memory_bytes": isolation.max_memory_bytes,
        "memory_setting": isolation.memory_setting,
        "work": isolation.work,
        "outcome": isolation.outcome,
        "cpu_seconds": max(1, int(isolation.timeout_seconds) + 1),
    }
    header = json.dumps(options).encode("utf-8") + b"\n"
    child = child_start()
    try:
        stdout, stderr = child.communicate(header + data, timeout=isolation.timeout_seconds)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise PdfProblem(
            "failed",
            f"{isolation.work} took longer than {isolation.timeout_seconds:g} s "
            f"({isolation.timeout_setting}); {isolation.outcome}",
        ) from None
    finally:
        child_prepare_next()
    done = subprocess.CompletedProcess(child.args, child.returncode, stdout, stderr)
    head, _, rest = done.stdout.partition(b"\n")
    try:
        answer = orjson.loads(head) if head else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        raise PdfProblem("failed", _crash_reason(done, isolation))
    if "problem" in answer:
        problem = answer["problem"]
        raise PdfProblem(problem["status"], problem["reason"], problem["warnings"])
    return answer["ok"], rest


def _crash_reason(done: subprocess.CompletedProcess[bytes], isolation: IsolationLimits) -> str:
    code = done.returncode
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        if -code in (signal.SIGXCPU, signal.SIGKILL):
            return (
                f"{isolation.work} was stopped ({name}): it exceeded its CPU or memory limit "
                f"({isolation.timeout_setting}, {isolation.memory_setting}); {isolation.outcome}"
            )
        return f"{isolation.work} crashed ({name}) on this file; {isolation.outcome}"
    tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no output"]
    return f"{isolation.work} failed (exit {code}): {tail[0][:300]}"


# ---- the child --------------------------------------------------------------------------------


def _child() -> int:
    import resource

    line = sys.stdin.buffer.readline()
    if not line:
        return 0  # started ahead of time (standby.py) and never given a job
    options = json.loads(line)
    memory = options["max_memory_bytes"]
    # Limits first, then the bytes: reading the PDF counts against the memory cap too.
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (options["cpu_seconds"], options["cpu_seconds"]))
    out = sys.stdout.buffer
    try:
        data = sys.stdin.buffer.read()
        ok, rest = JOBS[options["job"]](data, options)
        # orjson: a few times quicker than json for the ~1 MB of chunks of a long book (and it
        # refuses what is not valid UTF-8, so a problem is reported here, not in the parent).
        head = orjson.dumps({"ok": ok})
    except PdfProblem as problem:
        answer = {"status": problem.status, "reason": problem.reason, "warnings": problem.warnings}
        out.write(json.dumps({"problem": answer}).encode("utf-8") + b"\n")
        return 0
    except MemoryError:
        mb = memory // (1024 * 1024)
        reason = (
            f"{options['work']} needed more than {mb} MB of memory "
            f"({options['memory_setting']}); {options['outcome']}"
        )
        out.write(json.dumps({"problem": _failed(reason)}).encode("utf-8") + b"\n")
        return 0
    except Exception as exc:  # anything else MuPDF or the chunker raised on this file
        reason = f"the PDF could not be {_PARTICIPLE.get(options['job'], 'read')}: "
        reason += f"{error_name(exc)}: {str(exc)[:300]}"
        out.write(json.dumps({"problem": _failed(reason)}).encode("utf-8") + b"\n")
        return 0
    out.write(head + b"\n")
    out.write(rest)
    return 0


_PARTICIPLE = {"extract": "parsed", "render": "rendered", "rotation": "read", "words": "read"}


def _extract_job(data: bytes, options: dict[str, Any]) -> tuple[dict[str, Any], bytes]:
    limits = PdfLimits(**options["limits"])
    password = options["password"]
    doc, warnings = open_pdf(data, password)
    try:
        check_page_count(doc, limits, warnings)
        ranges = page_ranges(doc.page_count, options["processes"])
        parts = read_parts(doc, ranges, ChunkingPolicy(**options["policy"]), limits)
        extracted = finish_parts(doc, data, password, warnings, parts, limits)
    finally:
        doc.close()
    decrypted = extracted.stored_bytes is not data
    ok = {
        "sha256": extracted.sha256,
        "page_count": extracted.page_count,
        "pages": [[p.index, p.width, p.height, p.rotation] for p in extracted.pages],
        "chunks": extracted.chunks,  # stored form, as lists (page_parts.read_parts)
        "warnings": extracted.warnings,
        "decrypted": decrypted,
    }
    return ok, extracted.stored_bytes if decrypted else b""


def _open_for_render(data: bytes) -> pymupdf.Document:
    try:
        return pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:
        raise_if_out_of_memory(exc)
        raise


def _render_job(data: bytes, options: dict[str, Any]) -> tuple[dict[str, Any], bytes]:
    doc = _open_for_render(data)
    try:
        index = options["page_index"]
        page = doc[index]
        rotation = upright_rotation(page)
        highlights = [
            Highlight(layer, tuple(bbox), text) for layer, bbox, text in options["highlights"]
        ]
        base, made = None, b""
        # A base picture covers the cropbox; pages cropped off their media box stay direct.
        if options.get("base") and Path(options["base"]).is_file():
            base = Path(options["base"]).read_bytes()
        elif heavy_page(page) and page.cropbox == page.mediabox and options["max_side_px"]:
            zoom = base_zoom(page, max_zoom=options["max_zoom"], max_side_px=options["max_side_px"])
            base = made = render_base_png(doc, index, zoom=zoom)
            doc = _open_for_render(data)  # the page as it was (render_base_png turned it)
        png = render_page_png(
            doc,
            index,
            zoom=options["zoom"],
            highlights=highlights,
            max_side_px=options["max_side_px"],
            rotation=rotation,
            base_png=base,
        )
    except Exception as exc:  # MuPDF reports a failed malloc as a RuntimeError
        raise_if_out_of_memory(exc)
        raise
    return {"rotation": rotation, "base_bytes": len(made)}, made + png


def _rotation_job(data: bytes, options: dict[str, Any]) -> tuple[dict[str, Any], bytes]:
    doc = _open_for_render(data)
    try:
        return {"rotation": upright_rotation(doc[options["page_index"]])}, b""
    except Exception as exc:
        raise_if_out_of_memory(exc)
        raise


def _words_job(data: bytes, options: dict[str, Any]) -> tuple[dict[str, Any], bytes]:
    doc = _open_for_render(data)
    try:
        page = doc[options["page_index"]]
        # The page's words are in unrotated space as the box is, boxed where their glyphs are.
        textpage = page.get_textpage(flags=TEXT_FLAGS)
        return {"words": words_in_box(textpage, tuple(options["bbox"]))}, b""
    except Exception as exc:
        raise_if_out_of_memory(exc)
        raise


JOBS = {
    "extract": _extract_job,
    "render": _render_job,
    "rotation": _rotation_job,
    "words": _words_job,
}


def _failed(reason: str) -> dict[str, Any]:
    return {"status": "failed", "reason": reason, "warnings": []}


def _main() -> None:
    code = _child()
    # The answer is out once it is flushed; the parent waits for this process's end (the end of
    # its stdout) before it goes on. Tearing the interpreter down (PyMuPDF's document and the
    # page dicts freed one by one, module cleanup) took 40-100 ms of that wait: skip it.
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        code = code or 1  # the parent went away: nobody reads the answer
    os._exit(code)


if __name__ == "__main__":
    _main()
