"""Read a JSON-lines span export trace by trace, in memory that does not grow with the file.

A trace's spans may be anywhere in the file (an exporter writes spans as they end, traces
interleave), so a case cannot be built before the whole file was read. Holding every span
would cost memory in proportion to the file; instead:

1. `index_traces` reads the file once, line by line, and keeps only where each trace's lines
   start (byte offsets) and the problems found; a line that is not JSON is a problem of no known
   trace, which (as for a whole-file read) stops the import.
2. `trace_cases` then reads each trace's lines again (seek + readline) and builds its case,
   one trace at a time, in the order the traces first appear.

Memory: the offsets (about 250 bytes per trace and 16 per line: 8.5 MB for 100,000 spans in
33,333 traces) and one trace's spans; the spans of the last few lines are cached, so an OTLP
file whose lines each carry many traces is not parsed once per trace. A file that is one JSON
document (not JSON lines) is read whole by `read_spans`.
"""

from __future__ import annotations

from array import array
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import IO

import orjson

from groundgate.integrations.openinference.cases import TraceCase, TraceProblem, trace_case
from groundgate.integrations.openinference.citation_pattern import CitationPattern
from groundgate.integrations.openinference.spans import (
    FORMATS,
    Span,
    SpanProblem,
    reader_for,
    why_not_json,
)

LINES_CACHED = 8
# Spans of one line are numbered line * LINE_ORDER + their place in the line (file order).
LINE_ORDER = 1_000_000


@dataclass
class TraceIndex:
    """Where each trace's lines start, in the order traces first appear, and the problems.

    Per trace, one array of machine integers: each of its lines' byte offset followed by its
    line number (half the memory of lists of Python ints and a dict of line numbers: 8.5
    instead of 17.8 MB for 100,000 spans); arrays are not tracked by the garbage collector
    either, so its full collections do not walk the index of a big file."""

    offsets: dict[str, array[int]] = field(default_factory=dict)
    problems: list[SpanProblem] = field(default_factory=list)
    spans: int = 0


def is_json_lines(file: IO[bytes]) -> bool:
    """Is the file JSON lines: its first non-blank line a whole JSON value, and another line
    after it? (A one-line file is read as one document, as before: its places are then named
    `spans[i]`, not `line 1`.) Leaves the file at its start."""
    file.seek(0)
    try:
        seen_first = False
        for line in file:
            if not line.strip():
                continue
            if seen_first:
                return True
            try:
                orjson.loads(line)
            except orjson.JSONDecodeError:
                return False
            seen_first = True
        return False
    finally:
        file.seek(0)


def _lines(file: IO[bytes]) -> Iterator[tuple[int, int, bytes]]:
    """(line number, byte offset, line) for every line of the file."""
    file.seek(0)
    offset = 0
    for number, line in enumerate(iter(file.readline, b""), start=1):
        yield number, offset, line
        offset += len(line)


def _spans_of(raw_line: bytes, number: int, fmt: str, problems: list[SpanProblem]) -> list[Span]:
    try:
        text = raw_line.decode("utf-8")
    except UnicodeDecodeError as exc:
        where = f"line {number}"
        problems.append(SpanProblem(where, number, None, None, "", f"not UTF-8 ({exc.reason})"))
        return []
    if not text.strip():
        return []
    try:
        raw = orjson.loads(raw_line)
    except orjson.JSONDecodeError:
        where = f"line {number}"
        problems.append(SpanProblem(where, number, None, None, "", why_not_json(text)))
        return []
    spans = list(reader_for(fmt)(raw, f"line {number}", number, problems))
    for i, span in enumerate(spans):
        # The spans were made just above and nothing else holds them yet: their place in the
        # file is set in place rather than by dataclasses.replace (a copy per span, per pass).
        object.__setattr__(span, "order", number * LINE_ORDER + i)
    return spans


def index_traces(file: IO[bytes], fmt: str) -> TraceIndex:
    """Pass 1: every line read and checked; only the offsets of each trace's lines are kept."""
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    index = TraceIndex()
    for number, offset, line in _lines(file):
        spans = _spans_of(line, number, fmt, index.problems)
        index.spans += len(spans)
        for span in spans:
            places = index.offsets.get(span.trace_id)
            if places is None:
                places = index.offsets[span.trace_id] = array("q")
            if not places or places[-2] != offset:
                places.extend((offset, number))
    if not index.spans and not index.problems:
        index.problems.append(SpanProblem("file", None, None, None, "", "no spans in it"))
    return index


def trace_cases(
    file: IO[bytes],
    index: TraceIndex,
    *,
    fmt: str,
    citation_pattern: CitationPattern,
    part: tuple[int, int] = (0, 1),
) -> Iterator[tuple[TraceCase | None, list[TraceProblem]]]:
    """Pass 2: (case, problems) per trace, in first-appearance order. Traces with a problem
    from pass 1 are skipped (their problems are the caller's, from the index); nothing at all
    when a problem has no known trace (it may belong to any). part=(k, n): only the k-th of
    every n traces that are not skipped (the trace import's reader processes share them)."""
    if any(p.trace_id is None for p in index.problems):
        return
    rejected = {p.trace_id for p in index.problems}
    cache: OrderedDict[int, list[Span]] = OrderedDict()
    mine, parts = part
    counted = -1
    for trace_id, offsets in index.offsets.items():
        if trace_id in rejected:
            continue
        counted += 1
        if counted % parts != mine:
            continue
        spans: list[Span] = []
        for offset, number in zip(offsets[::2], offsets[1::2], strict=True):
            line_spans = cache.get(offset)
            if line_spans is None:
                file.seek(offset)
                ignored: list[SpanProblem] = []  # seen in pass 1 already
                line_spans = _spans_of(file.readline(), number, fmt, ignored)
                cache[offset] = line_spans
                if len(cache) > LINES_CACHED:
                    cache.popitem(last=False)
            spans.extend(s for s in line_spans if s.trace_id == trace_id)
        yield trace_case(trace_id, spans, fmt, citation_pattern)
