"""R2: validate the retrieval bundle (V1-V5, fail fast), sanitize, select evidence by the frozen
policy, and assemble the AnswerBundle with anchors C0, C1, ... in rank_strict order."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from pydantic import ValidationError

from groundgate.engine.errors import describe, field_path
from groundgate.engine.words import content_words
from groundgate.pipeline.contracts import (
    AnswerBundle,
    AssemblyStatus,
    Citation,
    RetrievalBundle,
    RetrievalRow,
    SelectionPolicy,
    UsedChunk,
    finite,
)
from groundgate.pipeline.crosslingual import text_language
from groundgate.pipeline.tokens import count_tokens, truncate_to_tokens

# Removed outright: C0 controls other than tab/newline/CR/VT/FF, DEL, C1 controls, zero-width
# space / word joiner / BOM / soft hyphen (invisible, carry no meaning in running text), and the
# bidirectional embedding/override/isolate controls (they can make text display differently from
# what the model reads). ZWJ/ZWNJ (U+200C/U+200D) are kept: they change how some scripts spell.
_INVISIBLE = re.compile(
    "[\x00-\x08\x0e-\x1f\x7f-\x9f\u00ad\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]"
)
# Every other horizontal whitespace (tab, vertical tab, form feed, NBSP, the U+2000 spaces,
# ideographic space ...) becomes one space: never glue two words together.
_SPACES = re.compile(r"[^\S\n]+")
# Line breaks: CRLF, a lone CR, and the Unicode line/paragraph separators become "\n".
_LINE_BREAKS = re.compile("\r\n?|[\u2028\u2029\x85]")
# Row fields renamed by the spec: an old name gets a pointer to the new one.
SPEC_NAMES = {"knowledge_type": "knowledge_type_effective"}


class R2ValidationError(ValueError):
    """A broken retrieval bundle. `rule` is V1..V5, `field` the path."""

    def __init__(self, rule: str, field: str, message: str):
        super().__init__(f"{rule} {field}: {message}")
        self.rule, self.field, self.message = rule, field, message


def sanitize(text: str) -> str:
    """Remove control and invisible characters and null bytes, normalise whitespace and line
    breaks; never rewrite words (and never join two of them)."""
    text = _LINE_BREAKS.sub("\n", text)  # first: U+0085 is also a C1 control
    text = _INVISIBLE.sub("", text)
    lines = [_SPACES.sub(" ", line).strip() for line in text.split("\n")]
    return "\n".join(line for line in lines if line)


def parse_bundle(data: dict[str, Any] | str | bytes) -> RetrievalBundle:
    """V1 schema validation (every required field, types); the error names the field."""
    try:
        if isinstance(data, (str, bytes)):
            return RetrievalBundle.model_validate_json(data)
        return RetrievalBundle.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        renamed = [
            e
            for e in errors
            if e["type"] == "extra_forbidden" and e["loc"] and e["loc"][-1] in SPEC_NAMES
        ]
        if renamed:  # an old field name explains the "missing" new one: say that first
            name = str(renamed[0]["loc"][-1])
            raise R2ValidationError(
                "V1",
                field_path(renamed[0]["loc"]),
                f"unknown field; the spec's name is {SPEC_NAMES[name]}",
            ) from None
        path, message = describe(exc, limit=1)[0]
        rule = "V3" if errors[0]["type"] == "finite_number" else "V1"
        raise R2ValidationError(rule, path, message) from None


def validate(bundle: RetrievalBundle, policy: SelectionPolicy) -> list[RetrievalRow]:
    """V2-V5. Returns the rows in rank_strict order (rank, then chunk_id)."""
    rows = sorted(bundle.results, key=lambda r: (r.rank, r.chunk_id))
    ranks = [r.rank for r in rows]
    if len(set(ranks)) != len(ranks):
        dup = next(k for k, n in Counter(ranks).items() if n > 1)
        raise R2ValidationError("V2", "results[].rank", f"rank {dup} appears more than once")
    if rows and ranks[0] != 0:
        raise R2ValidationError(
            "V2", "results[].rank", f"ranks must start at 0; first is {ranks[0]}"
        )
    for row in rows:
        where = f"results[{bundle.results.index(row)}]"
        if not finite(row.similarity) or not 0.0 <= row.similarity <= 1.0:
            raise R2ValidationError(
                "V3",
                f"{where}.similarity",
                f"must be a finite number in [0, 1]; got {row.similarity}",
            )
        if not row.chunk_text.strip():
            raise R2ValidationError("V4", f"{where}.chunk_text", "is empty")
        if not sanitize(row.chunk_text):
            raise R2ValidationError("V4", f"{where}.chunk_text", "is empty after sanitization")
        if row.knowledge_type_effective not in policy.allowed_knowledge_types:
            raise R2ValidationError(
                "V5",
                f"{where}.knowledge_type_effective",
                f"{row.knowledge_type_effective!r} is not one of "
                f"{', '.join(policy.allowed_knowledge_types)}",
            )
    if bundle.retrieval_status == "SUCCESS" and not rows:
        raise R2ValidationError("V3", "results", "SUCCESS needs a top similarity (no results)")
    return rows


def top_similarity(rows: list[RetrievalRow], policy: SelectionPolicy) -> float:
    """The similarity the min_top_similarity_score gate compares: the maximum over the rows, or
    the rank-0 row's (policy.top_similarity). `rows` is non-empty and in rank order."""
    if policy.top_similarity == "rank0":
        return rows[0].similarity
    return max(r.similarity for r in rows)


def row_thresholds(
    bundle: RetrievalBundle, rows: list[RetrievalRow], policy: SelectionPolicy
) -> list[tuple[float, float]]:
    """(top, per-row) threshold of each row: the model's cross-language thresholds for a row in
    the other language than the question (policy 2026-11.7), else its own."""
    same = policy.thresholds_for(bundle.embedding_model)
    cross = policy.cross_language_thresholds_for(bundle.embedding_model)
    if cross is None:
        return [same for _ in rows]
    asked = text_language(bundle.user_question)
    return [same if text_language(r.chunk_text) == asked else cross for r in rows]


def _overlap(a: str, b: str) -> float:
    """The near-duplicate measure: shared content words over the smaller chunk's, with the
    retriever's tokeniser (groundgate.engine.words: English words, jieba-segmented Chinese, stop
    words out) - one tokeniser (issue 33)."""
    wa, wb = content_words(a), content_words(b)
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / min(len(wa), len(wb))


def select(bundle: RetrievalBundle, policy: SelectionPolicy) -> AnswerBundle:
    """Validate (fail fast), then select evidence. NO_EVIDENCE when nothing valid remains."""
    rows = validate(bundle, policy)
    dropped: Counter[str] = Counter()
    trace = {
        "index_version": bundle.index_version,
        "embedding_model": bundle.embedding_model,
        "policy_version": policy.policy_version,
        "policy_sha256": policy.sha256,
        "run_id": bundle.run_id,
    }

    def outcome(status: AssemblyStatus, reason: str, used: list[UsedChunk]) -> AnswerBundle:
        citations = [
            Citation(
                anchor=u.anchor,
                chunk_id=u.chunk_id,
                knowledge_id=u.knowledge_id,
                source_reference=u.source_reference,
                event_date=u.event_date,
                equipment_id=u.equipment_id,
            )
            for u in used
        ]
        metrics = {
            "candidates": len(rows),
            "selected_k": len(used),
            "dropped": dict(sorted(dropped.items())),
            "evidence_tokens": sum(u.token_count for u in used),
            "trimmed_chunks": sum(u.trimmed for u in used),
        }
        return AnswerBundle(
            request_id=bundle.request_id,
            assembly_status=status,
            reason=reason,
            used_chunks=used,
            citations=citations,
            trace=trace,
            metrics=metrics,
        )

    if bundle.retrieval_status != "SUCCESS":
        return outcome(bundle.retrieval_status, f"retrieval_status {bundle.retrieval_status}", [])

    # Equipment null semantics: under an equipment_id filter, rows without one never pass.
    wanted = bundle.filters_applied.equipment_id if bundle.filters_applied else None
    if wanted is not None:
        kept = [r for r in rows if r.equipment_id == wanted]
        dropped["equipment_filter"] = len(rows) - len(kept)
        rows = kept
        if not rows:
            return outcome("NO_EVIDENCE", "no row matches the equipment_id filter", [])

    min_top, _ = policy.thresholds_for(bundle.embedding_model)
    thresholds = row_thresholds(bundle, rows, policy)
    gated = list(zip(rows, thresholds, strict=True))
    if policy.top_similarity == "rank0":
        gated = gated[:1]
    if not any(r.similarity >= top_min for r, (top_min, _) in gated):
        top = top_similarity(rows, policy)
        cross = {top_min for _, (top_min, _) in gated} - {min_top}
        across = f" ({', '.join(map(str, sorted(cross)))} across languages)" if cross else ""
        dropped["below_similarity"] = len(rows)
        return outcome(
            "NO_EVIDENCE",
            f"top similarity ({policy.top_similarity}) {top:.2f} is below {min_top}{across}",
            [],
        )

    chosen: list[tuple[RetrievalRow, str]] = []
    per_knowledge: Counter[str] = Counter()
    for row, (_, row_min) in zip(rows, thresholds, strict=True):
        text = sanitize(row.chunk_text)
        if row.similarity < row_min:
            dropped["below_similarity"] += 1
        elif any(_overlap(text, t) >= policy.overlap_ratio_threshold for _, t in chosen):
            dropped["near_duplicate"] += 1
        elif per_knowledge[row.knowledge_key] >= policy.max_per_knowledge_id:
            dropped["knowledge_cap"] += 1
        elif len(chosen) >= policy.max_chunks:
            dropped["max_chunks"] += 1
        else:
            chosen.append((row, text))
            per_knowledge[row.knowledge_key] += 1

    # Token budget: no chunk above its share; then prune the lowest rank first; then trim.
    per_chunk = int(policy.max_chunk_token_ratio * policy.max_evidence_tokens)
    sized: list[tuple[RetrievalRow, str, int, bool]] = []
    for row, text in chosen:
        trimmed = count_tokens(text) > per_chunk
        if trimmed:
            text = truncate_to_tokens(text, per_chunk)
        sized.append((row, text, count_tokens(text), trimmed))
    while len(sized) > 1 and sum(s[2] for s in sized) > policy.max_evidence_tokens:
        sized.pop()  # the lowest rank
        dropped["budget"] += 1
    if sized and sized[0][2] > policy.max_evidence_tokens:
        first = truncate_to_tokens(sized[0][1], policy.max_evidence_tokens)
        sized[0] = (sized[0][0], first, count_tokens(first), True)
    if not sized:
        return outcome("NO_EVIDENCE", "no evidence left after selection", [])
    used = [
        UsedChunk(
            anchor=f"C{i}",
            rank=row.rank,
            chunk_id=row.chunk_id,
            chunk_text=text,
            similarity=row.similarity,
            faiss_id=row.faiss_id,
            knowledge_id=row.knowledge_key,
            knowledge_type_effective=row.knowledge_type_effective,
            source_reference=row.source_reference,
            event_date=row.event_date,
            equipment_id=row.equipment_id,
            token_count=tokens,
            trimmed=trimmed,
        )
        for i, (row, text, tokens, trimmed) in enumerate(sized)
    ]
    return outcome("OK", "", used)
