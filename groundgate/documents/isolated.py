"""Parse an untrusted PDF in a child process with memory and time limits.

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
encrypted PDF, by the decrypted bytes to store.

No Django here, like the rest of groundgate.documents.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from dataclasses import asdict, dataclass

from groundgate.documents.chunking import DEFAULT_CHUNKING, ChunkingPolicy, Line, PageChunk
from groundgate.documents.pdf_text import ExtractedPdf, PageInfo, PdfLimits, PdfProblem


@dataclass(frozen=True)
class IsolationLimits:
    """The child's resource limits (settings: GROUNDGATE_PDF_MAX_MEMORY_MB, ..._TIMEOUT_SECONDS)."""

    max_memory_bytes: int = 2 * 1024**3
    timeout_seconds: float = 120.0


def extract_pdf_isolated(
    data: bytes,
    *,
    password: str | None = None,
    policy: ChunkingPolicy = DEFAULT_CHUNKING,
    limits: PdfLimits | None = None,
    isolation: IsolationLimits | None = None,
) -> ExtractedPdf:
    """Like pdf_text.extract_pdf, in a child process. Raises PdfProblem for every failure."""
    limits = limits or PdfLimits()
    isolation = isolation or IsolationLimits()
    options = {
        "password": password,
        "policy": asdict(policy),
        "limits": asdict(limits),
        "max_memory_bytes": isolation.max_memory_bytes,
        "cpu_seconds": max(1, int(isolation.timeout_seconds) + 1),
    }
    header = json.dumps(options).encode("utf-8") + b"\n"
    try:
        done = subprocess.run(
            [sys.executable, "-m", "groundgate.documents.isolated"],
            input=header + data,
            capture_output=True,
            timeout=isolation.timeout_seconds,
            check=False,
        )
    except subprocess.TimeoutExpired:
        # subprocess.run has killed the child already.
        raise PdfProblem(
            "failed",
            f"parsing took longer than {isolation.timeout_seconds:g} s "
            "(GROUNDGATE_PDF_TIMEOUT_SECONDS); the file was not ingested",
        ) from None
    return _read_answer(done, data, isolation)


def _read_answer(done: subprocess.CompletedProcess, data: bytes, isolation) -> ExtractedPdf:
    head, _, rest = done.stdout.partition(b"\n")
    try:
        answer = json.loads(head) if head else None
    except ValueError:
        answer = None
    if not isinstance(answer, dict):
        raise PdfProblem("failed", _crash_reason(done, isolation))
    if "problem" in answer:
        problem = answer["problem"]
        raise PdfProblem(problem["status"], problem["reason"], problem["warnings"])
    ok = answer["ok"]
    return ExtractedPdf(
        sha256=ok["sha256"],
        page_count=ok["page_count"],
        pages=[PageInfo(*page) for page in ok["pages"]],
        chunks=[
            PageChunk(
                page_index=chunk["page_index"],
                text=chunk["text"],
                lines=[Line(text, tuple(bbox), block) for text, bbox, block in chunk["lines"]],
            )
            for chunk in ok["chunks"]
        ],
        warnings=ok["warnings"],
        stored_bytes=rest if ok["decrypted"] else data,
    )


def _crash_reason(done: subprocess.CompletedProcess, isolation: IsolationLimits) -> str:
    code = done.returncode
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        if -code in (signal.SIGXCPU, signal.SIGKILL):
            return (
                f"the PDF parser was stopped ({name}): it exceeded its CPU or memory limit "
                "(GROUNDGATE_PDF_TIMEOUT_SECONDS, GROUNDGATE_PDF_MAX_MEMORY_MB)"
            )
        return f"the PDF parser crashed ({name}) on this file"
    tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no output"]
    return f"the PDF parser failed (exit {code}): {tail[0][:300]}"


# ---- the child --------------------------------------------------------------------------------


def _child() -> int:
    import resource

    from groundgate.documents.pdf_text import extract_pdf

    options = json.loads(sys.stdin.buffer.readline())
    memory = options["max_memory_bytes"]
    # Limits first, then the bytes: reading the PDF counts against the memory cap too.
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CPU, (options["cpu_seconds"], options["cpu_seconds"]))
    out = sys.stdout.buffer
    try:
        data = sys.stdin.buffer.read()
        extracted = extract_pdf(
            data,
            password=options["password"],
            policy=ChunkingPolicy(**options["policy"]),
            limits=PdfLimits(**options["limits"]),
        )
    except PdfProblem as problem:
        answer = {"status": problem.status, "reason": problem.reason, "warnings": problem.warnings}
        out.write(json.dumps({"problem": answer}).encode("utf-8") + b"\n")
        return 0
    except MemoryError:
        mb = memory // (1024 * 1024)
        reason = (
            f"parsing needed more than {mb} MB of memory (GROUNDGATE_PDF_MAX_MEMORY_MB); "
            "the file was not ingested"
        )
        out.write(json.dumps({"problem": _failed(reason)}).encode("utf-8") + b"\n")
        return 0
    except Exception as exc:  # anything else MuPDF or the chunker raised on this file
        reason = f"the PDF could not be parsed: {type(exc).__name__}: {str(exc)[:300]}"
        out.write(json.dumps({"problem": _failed(reason)}).encode("utf-8") + b"\n")
        return 0
    decrypted = extracted.stored_bytes is not data
    ok = {
        "sha256": extracted.sha256,
        "page_count": extracted.page_count,
        "pages": [[p.index, p.width, p.height, p.rotation] for p in extracted.pages],
        "chunks": [
            {
                "page_index": c.page_index,
                "text": c.text,
                "lines": [[line.text, list(line.bbox), line.block] for line in c.lines],
            }
            for c in extracted.chunks
        ],
        "warnings": extracted.warnings,
        "decrypted": decrypted,
    }
    out.write(json.dumps({"ok": ok}).encode("utf-8") + b"\n")
    if decrypted:
        out.write(extracted.stored_bytes)
    return 0


def _failed(reason: str) -> dict:
    return {"status": "failed", "reason": reason, "warnings": []}


if __name__ == "__main__":
    sys.exit(_child())
