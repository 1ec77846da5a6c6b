"""R2: validate the retrieval bundle (V1-V5, fail fast), sanitize, select evidence by the frozen
policy, and assemble the AnswerBundle with anchors C0, C1, ... in rank_strict order."""

from __future__ import annotations

import re
from collections import Counter

from pydantic import ValidationError

from groundgate.engine.errors import describe
from groundgate.pipeline.contracts import (
    AnswerBundle,
    Citation,
    RetrievalBundle,
    RetrievalRow,
    SelectionPolicy,
    UsedChunk,
    finite,
)
from groundgate.pipeline.tokens import count_tokens, truncate_to_tokens

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SPACES = re.compile(r"[ \t\u00a0]+")
_WORDS = re.compile(r"\w+", re.UNICODE)


class R2ValidationError(ValueError):
    """A broken retrieval bundle. `rule` is V1..V5, `field` the path."""

    def __init__(self, rule: str, field: str, message: str):
        super().__init__(f"{rule} {field}: {message}")
        self.rule, self.field, self.message = rule, field, message


def sanitize(text: str) -> str:
    """Remove control characters and null bytes, normalise whitespace; never rewrite words."""
    text = _CONTROL.sub("", text.replace("\x00", ""))
    lines = [_SPACES.sub(" ", line).strip() for line in text.replace("\r\n", "\n").split("\n")]
    return "\n".join(line for line in lines if line)


def parse_bundle(data: dict | str | bytes) -> RetrievalBundle:
    """V1 schema validation (every required field, types); the error names the field."""
    try:
        if isinstance(data, (str, bytes)):
            return RetrievalBundle.model_validate_json(data)
        return RetrievalBundle.model_validate(data)
    except ValidationError as exc:
        path, message = describe(exc, limit=1)[0]
        rule = "V3" if "finite" in message else "V1"
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
        if row.knowledge_type not in policy.allowed_knowledge_types:
            raise R2ValidationError(
                "V5",
                f"{where}.knowledge_type",
                f"{row.knowledge_type!r} is not one of {', '.join(policy.allowed_knowledge_types)}",
            )
    if bundle.retrieval_status == "SUCCESS" and not rows:
        raise R2ValidationError("V3", "results", "SUCCESS needs a top similarity (no results)")
    return rows


def _overlap(a: str, b: str) -> float:
    wa, wb = set(_WORDS.findall(a.lower())), set(_WORDS.findall(b.lower()))
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / min(len(wa), len(wb))


def select(bundle: RetrievalBundle, policy: SelectionPolicy) -> AnswerBundle:
    """Validate (fail fast), then select evidence. NO_EVIDENCE when nothing valid remains."""
    rows = validate(bundle, policy)
    dropped: Counter = Counter()
    trace = {
        "index_version": bundle.index_version,
        "embedding_model": bundle.embedding_model,
        "policy_version": policy.policy_version,
        "policy_sha256": policy.sha256,
        "run_id": bundle.run_id,
    }

    def outcome(status: str, reason: str, used: list[UsedChunk]) -> AnswerBundle:
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

    if rows[0].similarity < policy.min_top_similarity_score:
        dropped["below_similarity"] = len(rows)
        return outcome(
            "NO_EVIDENCE",
            f"top similarity {rows[0].similarity:.2f} is below {policy.min_top_similarity_score}",
            [],
        )

    chosen: list[tuple[RetrievalRow, str]] = []
    per_knowledge: Counter = Counter()
    for row in rows:
        text = sanitize(row.chunk_text)
        if row.similarity < policy.min_similarity:
            dropped["below_similarity"] += 1
        elif any(_overlap(text, t) >= policy.overlap_ratio_threshold for _, t in chosen):
            dropped["near_duplicate"] += 1
        elif per_knowledge[row.knowledge_id] >= policy.max_per_knowledge_id:
            dropped["knowledge_cap"] += 1
        elif len(chosen) >= policy.max_chunks:
            dropped["max_chunks"] += 1
        else:
            chosen.append((row, text))
            per_knowledge[row.knowledge_id] += 1

    # Token budget: no chunk above its share; then prune the lowest rank first; then trim.
    per_chunk = int(policy.max_chunk_token_ratio * policy.max_evidence_tokens)
    sized = []
    for row, text in chosen:
        trimmed = count_tokens(text) > per_chunk
        if trimmed:
            text = truncate_to_tokens(text, per_chunk)
        sized.append([row, text, count_tokens(text), trimmed])
    while len(sized) > 1 and sum(s[2] for s in sized) > policy.max_evidence_tokens:
        sized.pop()  # the lowest rank
        dropped["budget"] += 1
    if sized and sized[0][2] > policy.max_evidence_tokens:
        sized[0][1] = truncate_to_tokens(sized[0][1], policy.max_evidence_tokens)
        sized[0][2], sized[0][3] = count_tokens(sized[0][1]), True
    if not sized:
        return outcome("NO_EVIDENCE", "no evidence left after selection", [])
    used = [
        UsedChunk(
            anchor=f"C{i}",
            rank=row.rank,
            chunk_id=row.chunk_id,
            chunk_text=text,
            similarity=row.similarity,
            knowledge_id=row.knowledge_id,
            knowledge_type=row.knowledge_type,
            source_reference=row.source_reference,
            event_date=row.event_date,
            equipment_id=row.equipment_id,
            token_count=tokens,
            trimmed=trimmed,
        )
        for i, (row, text, tokens, trimmed) in enumerate(sized)
    ]
    return outcome("OK", "", used)
