"""Which tracing tool's export a file looks like: a hint for a person who chose another format.

Pure (no Django). Never used to decide how a file is read: the shapes overlap (Phoenix and
Langfuse both page their REST answers as `{"data": [...]}`, an OTLP file may carry OpenInference
or GenAI attributes, a first line may be broken), so the importer always reads the file in the
format that was chosen (docs/decisions.md). When that reading finds problems, the import page
adds "this file looks like …" if exactly one format's marks are in the file's start.
"""

from __future__ import annotations

from typing import IO

SNIFF_BYTES = 64 * 1024

# Keys only one format writes (as JSON keys, quoted, so an attribute's text rarely matches).
_MARKS: dict[str, tuple[bytes, ...]] = {
    "otlp": (b'"resourceSpans"',),
    "langsmith": (b'"run_type"', b'"dotted_order"', b'"parent_run_id"'),
    "langfuse": (b'"parentObservationId"', b'"observations"', b'"traceId"'),
    "openinference": (b'"span_kind"', b'"parent_id"', b'"openinference.span.kind"'),
}


def format_guess(head: bytes) -> str | None:
    """The one format whose marks are in `head` (the start of a file), or None when none or
    several are. OTLP spans also carry `traceId`, so an OTLP mark wins over Langfuse's."""
    found = {fmt for fmt, marks in _MARKS.items() if any(mark in head for mark in marks)}
    if "otlp" in found:
        return "otlp"
    return found.pop() if len(found) == 1 else None


def file_format_guess(file: IO[bytes]) -> str | None:
    """`format_guess` of the file's first SNIFF_BYTES; leaves the file at its start."""
    file.seek(0)
    head = file.read(SNIFF_BYTES)
    file.seek(0)
    return format_guess(head)
