"""One answer-gate case per trace, from its OpenInference spans. Pure (no Django).

- raw_chunks: the documents of the trace's RETRIEVER spans (`retrieval.documents.{i}.document.
  {id,content,score,metadata}`, or the GenAI conventions' `gen_ai.retrieval.documents` on a
  `retrieval` span), in retrieval order; page and box from the metadata when present.
- answer.conclusion: the output of the trace's last LLM span, with the citation markers removed
  (a marker such as "[1]" is not part of the claim, and its digits would read as a number).
- answer.evidences: one per distinct chunk the output cites; the excerpt is the cited chunk's
  text (docs/decisions.md 98 says why not the citing sentence, which is kept as `claim`).
- case_id: the trace id; `trace` keeps the trace id, the span ids and the raw output.

A trace with one bad span is not imported at all (never half a trace); other traces are. A span
whose trace id cannot be read (a broken line) stops the whole file: it could belong to any trace.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import orjson

from groundgate.engine.sentences import split_sentences
from groundgate.integrations.openinference.citation_pattern import (
    CitationPattern,
    CitationPatternTimeout,
    citation_pattern_compile,
)
from groundgate.integrations.openinference.spans import Span, SpanProblem, attr

# [1], [C0], [doc-7], [1, 3]: group 1 is the reference (or several, comma separated).
DEFAULT_CITATION_PATTERN = r"\[([^\[\]\n]{1,128})\]"
CITATION_POLICY = "openinference-citations/2026-11.2"
_DOC_KEY = re.compile(r"^retrieval\.documents\.(\d+)\.document\.(id|content|score|metadata)$")
_DOC_METADATA_KEY = re.compile(r"^retrieval\.documents\.(\d+)\.document\.metadata\.(.+)$")
FLAT_METADATA = " flat metadata"  # not an attribute name: no key of a span has a space first
_C_INDEX = re.compile(r"[Cc](\d+)")
_OUTPUT_MESSAGE_KEY = re.compile(r"^llm\.output_messages\.(\d+)\.message\.content$")
_SPACE_BEFORE_MARK = re.compile(r"\s+([.,;:!?])")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class TraceProblem:
    """Why (part of) the file was not imported: where, which trace and span, which field."""

    where: str
    line: int | None
    trace_id: str | None
    span_id: str | None
    field: str
    message: str

    def one_line(self) -> str:
        ids = ", ".join(
            f"{name} {value}"
            for name, value in (("trace", self.trace_id), ("span", self.span_id))
            if value
        )
        at = f"{self.where} ({ids})" if ids else self.where
        field = f"{self.field}: " if self.field else ""
        return f"{at}: {field}{self.message}"


@dataclass(frozen=True)
class TraceCase:
    trace_id: str
    case: dict[str, Any]
    where: str  # of the LLM span the answer comes from
    line: int | None
    span_id: str


def compile_citation_pattern(pattern: str | None) -> CitationPattern:
    """The citation regex, bounded in time (citation_pattern.py); ValueError with a readable
    reason if it is not one or can backtrack catastrophically."""
    return citation_pattern_compile(pattern or DEFAULT_CITATION_PATTERN)


def traces_to_cases(
    spans: list[Span],
    span_problems: Iterable[SpanProblem],
    *,
    fmt: str,
    citation_pattern: CitationPattern,
) -> tuple[list[TraceCase], list[TraceProblem]]:
    problems = [TraceProblem(**p.__dict__) for p in span_problems]
    if any(p.trace_id is None for p in problems):
        # A span we could not read far enough to know its trace may belong to any trace: every
        # case could miss a chunk or its answer, so nothing is imported until the file is fixed.
        return [], problems
    rejected = {p.trace_id for p in problems}
    traces: dict[str, list[Span]] = {}
    for span in spans:
        traces.setdefault(span.trace_id, []).append(span)
    cases = []
    for trace_id, trace in traces.items():
        if trace_id in rejected:
            continue  # a span of it could not be read: the whole trace waits for a fixed file
        case, trace_problems = trace_case(trace_id, trace, fmt, citation_pattern)
        problems.extend(trace_problems)
        if case is not None and not trace_problems:
            cases.append(case)
    return cases, problems


def trace_case(
    trace_id: str, trace: list[Span], fmt: str, pattern: CitationPattern
) -> tuple[TraceCase | None, list[TraceProblem]]:
    """The case of one trace (its spans, any order), or the problems that keep it out."""
    problems: list[TraceProblem] = []
    ordered = sorted(trace, key=lambda s: (str(s.start), s.order))
    chunks: dict[str, dict[str, Any]] = {}
    retrievers = [s for s in ordered if s.kind == "RETRIEVER"]
    for span in retrievers:
        for chunk in _span_chunks(span, problems):
            known = chunks.get(chunk["chunk_id"])
            if known is None:
                chunks[chunk["chunk_id"]] = chunk
            elif known["text"] != chunk["text"]:
                problems.append(
                    _problem(
                        span,
                        "retrieval.documents",
                        f"document id {chunk['chunk_id']!r} was retrieved twice with different "
                        "content",
                    )
                )
    outputs = {id(s): _output(s) for s in trace if s.kind == "LLM"}
    llms = [s for s in trace if outputs.get(id(s)) is not None]
    if not llms:
        first = ordered[0]
        problems.append(
            TraceProblem(
                first.where,
                first.line,
                trace_id,
                None,
                "",
                "the trace has no LLM span with an output (output.value or llm.output_messages)",
            )
        )
        return None, problems
    # The answer is the last LLM span to finish (an agent's final call); file order breaks ties.
    llm = max(llms, key=lambda s: (str(s.end), s.order))
    output = outputs[id(llm)] or ""
    try:
        conclusion, evidences = _citations(output, pattern, list(chunks.values()))
    except CitationPatternTimeout as exc:  # the pattern's time bound: this trace is left out
        problems.append(_problem(llm, "citation_pattern", str(exc)))
        return None, problems
    question = _question(retrievers, ordered)
    raw_chunks = [
        {k: v for k, v in chunk.items() if v is not None or k in ("chunk_id", "text")}
        for chunk in chunks.values()
    ]
    case = {
        "case_id": trace_id,
        "question": question,
        "raw_chunks": raw_chunks,
        "answer": {"conclusion": conclusion, "evidences": evidences},
        "trace": {
            "format": fmt,
            "trace_id": trace_id,
            "llm_span_id": llm.span_id,
            "retriever_span_ids": [s.span_id for s in retrievers],
            "citation_policy": CITATION_POLICY,
            "output": output,
        },
    }
    return TraceCase(trace_id, case, llm.where, llm.line, llm.span_id), problems


def _problem(span: Span, field: str, message: str) -> TraceProblem:
    return TraceProblem(span.where, span.line, span.trace_id, span.span_id, field, message)


def _genai_json(span: Span, name: str) -> Any:
    """A GenAI attribute that may be structured or JSON text (the conventions allow both)."""
    value = attr(span.attributes, name)
    if isinstance(value, str):
        try:  # orjson: no recursion (past 1,024 levels it is "not JSON"), never a RecursionError
            return orjson.loads(value)
        except orjson.JSONDecodeError:
            return None
    return value


def _genai_documents(span: Span) -> list[Any] | None:
    """`gen_ai.retrieval.documents` as OpenInference-style documents: `id`, `score`, the text
    from `content` (the conventions require only id and score; without the text there is
    nothing to check), the other fields as metadata. None when the span has none."""
    documents = _genai_json(span, "gen_ai.retrieval.documents")
    if documents is None:
        return None
    if not isinstance(documents, list):
        return [None]
    out: list[Any] = []
    for item in documents:
        if not isinstance(item, dict):
            out.append(item)
            continue
        rest = {k: v for k, v in item.items() if k not in ("id", "score", "content")}
        out.append(
            {
                "id": item.get("id"),
                "score": item.get("score"),
                "content": item.get("content"),
                "metadata": rest,
            }
        )
    return out


def _documents(span: Span) -> tuple[list[Any], bool]:
    """The span's documents as dicts, whether written nested or flat (OpenInference) or as
    `gen_ai.retrieval.documents` (OpenTelemetry GenAI: then True)."""
    genai = _genai_documents(span)
    if genai is not None:
        return genai, True
    nested = attr(span.attributes, "retrieval.documents")
    if isinstance(nested, list):
        documents = [
            (d.get("document") if isinstance(d, dict) and "document" in d else d) for d in nested
        ]
        return documents, False
    found: dict[int, dict[str, Any]] = {}
    for key, value in span.attributes.items():
        match = _DOC_KEY.match(key)
        if match:
            found.setdefault(int(match[1]), {})[match[2]] = value
        elif match := _DOC_METADATA_KEY.match(key):
            # Metadata flattened into attributes (`...document.metadata.page`): OTel attribute
            # values cannot nest, so some instrumentations write each metadata key apart.
            document = found.setdefault(int(match[1]), {})
            document.setdefault(FLAT_METADATA, {})[match[2]] = value
    return [found[i] for i in sorted(found)], False


def _span_chunks(span: Span, problems: list[TraceProblem]) -> list[dict[str, Any]]:
    chunks = []
    documents, genai = _documents(span)
    for i, document in enumerate(documents):
        field = f"gen_ai.retrieval.documents[{i}]" if genai else f"retrieval.documents.{i}.document"
        if not isinstance(document, dict):
            problems.append(_problem(span, field, "a document object is required"))
            continue
        content = document.get("content")
        if not isinstance(content, str) or not content.strip():
            problems.append(_problem(span, f"{field}.content", "the document's text is required"))
            continue
        metadata = document.get("metadata")
        if isinstance(metadata, str):  # OpenInference writes it as JSON text
            try:
                metadata = orjson.loads(metadata)
            except orjson.JSONDecodeError:
                problems.append(_problem(span, f"{field}.metadata", "not JSON"))
                continue
        if metadata is None:
            metadata = {}
        if not isinstance(metadata, dict):
            problems.append(_problem(span, f"{field}.metadata", "a JSON object is required"))
            continue
        if isinstance(document.get(FLAT_METADATA), dict):
            metadata = {**document[FLAT_METADATA], **metadata}
        doc_id = document.get("id")
        if doc_id is None or doc_id == "":
            doc_id = metadata.get("chunk_id")
        chunk_id = str(doc_id) if doc_id not in (None, "") else f"{span.span_id}.{i}"
        location, error = _location(metadata)
        if error:
            problems.append(_problem(span, f"{field}.metadata.{error[0]}", error[1]))
            continue
        score = document.get("score")
        chunks.append(
            {
                "chunk_id": chunk_id,
                "text": content,
                "page_index": location[0],
                "position_int": location[1],
                "score": score if isinstance(score, int | float) else None,
                "metadata": metadata or None,
            }
        )
    return chunks


def _location(
    metadata: dict[str, Any],
) -> tuple[tuple[int | None, list[Any] | None], tuple[str, str] | None]:
    """(page_index, position_int) from a document's metadata, or an error (key, message).

    `page_index` is 0-based; `page` is 0-based too (LangChain's PDF loaders); `page_number` is
    1-based (Unstructured). `bbox` is [x0, top, x1, bottom] in PDF points, as in our export."""
    page = None
    for key, base in (("page_index", 0), ("page", 0), ("page_number", 1)):
        value = metadata.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < base:
            return (None, None), (key, f"a page number from {base} is required")
        page = value - base
        break
    bbox = metadata.get("bbox")
    if bbox is None:
        return (page, None), None
    if (
        not isinstance(bbox, list)
        or len(bbox) != 4
        or not all(_finite(v) for v in bbox)
        or bbox[0] > bbox[2]
        or bbox[1] > bbox[3]
    ):
        return (None, None), ("bbox", "[x0, top, x1, bottom] with x0 <= x1 and top <= bottom")
    if page is None:
        return (None, None), ("bbox", "a box needs its page (page_index, page or page_number)")
    x0, top, x1, bottom = bbox
    return (page, [[page + 1, x0, x1, top, bottom]]), None


def _finite(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _output(span: Span) -> str | None:
    """The LLM's answer text: the last output message's content, else output.value."""
    messages = attr(span.attributes, "llm.output_messages")
    if isinstance(messages, list) and messages:
        last = messages[-1]
        content = attr(last, "message.content") if isinstance(last, dict) else None
        if isinstance(content, str) and content.strip():
            return content
    flat = [
        (int(m[1]), v) for k, v in span.attributes.items() if (m := _OUTPUT_MESSAGE_KEY.match(k))
    ]
    if flat:
        content = max(flat)[1]
        if isinstance(content, str) and content.strip():
            return content
    value = attr(span.attributes, "output.value")
    if isinstance(value, str) and value.strip():
        return value
    return _genai_text(_genai_json(span, "gen_ai.output.messages"), "assistant")


def _genai_text(messages: Any, role: str) -> str | None:
    """The text parts of the last `role` message of a GenAI messages list, joined."""
    if not isinstance(messages, list):
        return None
    for message in reversed(messages):
        if not isinstance(message, dict) or message.get("role") != role:
            continue
        parts = message.get("parts")
        texts = [
            p["content"]
            for p in (parts if isinstance(parts, list) else [])
            if isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("content"), str)
        ]
        text = "".join(texts)
        if text.strip():
            return text
    return None


def _question(retrievers: list[Span], ordered: list[Span]) -> str:
    """The retriever's query, else the root span's input."""
    for span in [*retrievers, *(s for s in ordered if s.parent_id is None)]:
        for name in ("input.value", "gen_ai.retrieval.query.text"):
            value = attr(span.attributes, name)
            if isinstance(value, str) and value.strip():
                return value
    for span in ordered:  # GenAI: the last user message of the first model call
        if span.kind == "LLM":
            text = _genai_text(_genai_json(span, "gen_ai.input.messages"), "user")
            if text:
                return text
    return ""


def _resolve(
    reference: str, chunks: list[dict[str, Any]], by_id: dict[str, dict[str, Any]]
) -> dict[str, Any] | None:
    """A cited reference's chunk: its document id; else `C<n>` (0-based, the "context n"
    labelling of prompts) or `<n>` (1-based, the numbered-source style) into the retrieved
    documents, in order (docs/decisions.md 98)."""
    if reference in by_id:
        return by_id[reference]
    if match := _C_INDEX.fullmatch(reference):
        index = int(match[1])
    elif reference.isdigit():
        index = int(reference) - 1
    else:
        return None
    return chunks[index] if 0 <= index < len(chunks) else None


_SPACE_BEFORE_PUNCTUATION = re.compile(r"[ \t]+([.,;:!?])")
_RUNS_OF_SPACE = re.compile(r"[ \t]{2,}")


def _citations(
    output: str, pattern: CitationPattern, chunks: list[dict[str, Any]]
) -> tuple[str, list[dict[str, Any]]]:
    evidences: dict[str, dict[str, Any]] = {}
    by_id = {chunk["chunk_id"]: chunk for chunk in chunks}
    for match, sentence in _citing_sentences(output, pattern):
        group = match.group(1) if pattern.groups else match.group(0)
        for reference in (r.strip() for r in (group or "").split(",")):
            if not reference:
                continue
            chunk = _resolve(reference, chunks, by_id)
            if chunk is None:
                # Kept, so the gate reports a citation of a chunk the trace never retrieved.
                evidences.setdefault(
                    reference, {"chunk_id": reference, "excerpt": sentence, "claim": sentence}
                )
                continue
            evidence = {"chunk_id": chunk["chunk_id"], "excerpt": chunk["text"], "claim": sentence}
            if chunk.get("page_index") is not None:
                evidence["page_index"] = chunk["page_index"]
            if chunk.get("position_int"):
                _, x0, x1, top, bottom = chunk["position_int"][0]
                evidence["bbox"] = [x0, top, x1, bottom]
            evidences.setdefault(chunk["chunk_id"], evidence)
    conclusion = _SPACE_BEFORE_PUNCTUATION.sub(r"\1", pattern.sub("", output))
    conclusion = _RUNS_OF_SPACE.sub(" ", conclusion).strip()
    return conclusion, list(evidences.values())


def cited_answer(
    output: str, chunks: list[dict[str, Any]], pattern: str | None = None
) -> tuple[str, list[dict[str, Any]]]:
    """An answer text with citation markers, read against the retrieved `chunks` (raw chunks,
    in retrieval order) as a trace's answer is: the conclusion without the markers, and one
    evidence per distinct chunk cited (the client's and the pytest plugin's way in)."""
    return _citations(output, compile_citation_pattern(pattern), chunks)


def _citing_sentences(output: str, pattern: CitationPattern) -> Iterator[tuple[Any, str]]:
    """Each citation marker of `output` with the sentence it cites for, markers removed. The
    sentences are the engine's (engine/sentences.py, the one splitter; split once per output,
    a bisect per marker: linear in the answer's length). A marker that opens its sentence (only
    spaces and other markers before it there: "... 90 days. [1] During ...") belongs to the
    sentence before."""
    sentences = split_sentences(output)
    starts = [sentence.start for sentence in sentences]
    current, lead = -1, -1  # the marker's sentence; where its run of leading markers ends
    for match in pattern.finditer(output):
        if not sentences:
            yield match, ""
            continue
        i = max(bisect_right(starts, match.start()) - 1, 0)
        if i != current:
            current, lead = i, sentences[i].start
        opens = lead >= 0 and not output[lead : match.start()].strip()
        lead = match.end() if opens else -1
        text = sentences[i - 1 if opens and i > 0 else i].text
        yield match, _SPACES.sub(" ", _SPACE_BEFORE_MARK.sub(r"\1", pattern.sub("", text))).strip()
