"""The synthesis gate's second phase: each sentence of the answer against the chunks it cites
(coverage: UNCOVERED_CLAIM, UNCITED_CLAIM) and the chunks it uses without citing them
(MISSING_CITATION); the codes are given in synthesis.py."""

from __future__ import annotations

import re

from groundgate.engine.gates.synthesis_contracts import (
    DEFAULT_POLICY,
    ClaimCoverage,
    RetrievedChunk,
    SynthesisGatePolicy,
)
from groundgate.engine.sentences import split_sentences
from groundgate.engine.words import content_words

CITATION = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9_.:-]*)\]")
# What a meta-statement may talk about besides its meta phrase ("Based on the evidence provided,
# here is a summary."; "综上所述，答案如下。"): the evidence, the answer, its form.
META_WORDS = frozenset(
    """evidence provided available given retrieved above below cited following summary summarise
    summarize overview answer answers information context sources source documents document
    chunks chunk passages passage question questions conclusion short brief briefly key points
    findings main result results follows details
    证据 材料 资料 文件 答案 如下 总结 以下 下面 回答 问题 信息 提供 结论 要点""".split()
)
META = re.compile(
    r"\b(?:based\s+on|according\s+to|from)\s+the\s+(?:provided\s+|available\s+|retrieved\s+)?"
    r"(?:evidence|documents?|sources?|context|information|chunks?)\b"
    r"|\bthe\s+(?:evidence|documents?|sources?)\s+(?:show|shows|indicate|indicates|say|says)\b"
    r"|\bhere\s+(?:is|are)\b|\bthe\s+following\b|\bin\s+summary\b|\bto\s+summari[sz]e\b"
    r"|\bin\s+conclusion\b|根据(?:所)?(?:提供的)?(?:证据|材料|资料|文件)|综上所述|总之|以下是"
    r"|答案如下|总结如下",
    re.I,
)


def _overlap(sentence_words: frozenset[str], chunk_words: frozenset[str]) -> float:
    if not sentence_words:
        return 0.0
    return len(sentence_words & chunk_words) / len(sentence_words)


def is_meta_statement(sentence: str, policy: SynthesisGatePolicy = DEFAULT_POLICY) -> bool:
    """A sentence about the answer itself: a meta phrase, and besides it fewer than
    meta_max_content_words content words, or only words about the evidence and the answer
    (META_WORDS). "Based on the evidence, the answer is yes." is not one: "yes" is a claim."""
    if not META.search(sentence):
        return False
    rest = content_words(META.sub(" ", CITATION.sub(" ", sentence)))
    return len(rest) < policy.meta_max_content_words or not (rest - META_WORDS)


def check_claim_coverage(
    sentence: str,
    chunks: list[RetrievedChunk],
    policy: SynthesisGatePolicy = DEFAULT_POLICY,
    span: tuple[int, int] = (0, 0),
) -> ClaimCoverage:
    """Coverage of one sentence by the chunks it cites, and the chunks it uses but does not
    cite."""
    by_id = {c.semantic_id: c for c in chunks}
    cited = list(dict.fromkeys(CITATION.findall(sentence)))
    words = content_words(CITATION.sub(" ", sentence))
    known = [cid for cid in cited if cid in by_id]
    threshold = policy.min_overlap * (policy.multi_citation_factor if len(known) > 1 else 1.0)
    threshold = round(threshold, 6)
    meta = not cited and is_meta_statement(sentence, policy)
    cited_words = frozenset().union(*(content_words(by_id[c].text) for c in known))
    if policy.coverage_mode == "pooled":
        overlap = round(_overlap(words, cited_words), 4) if known else 0.0
        covering = [c for c in known if words & content_words(by_id[c].text)]
    else:
        # The spec's formula per cited chunk: the best single chunk decides, and the chunks
        # that reach the threshold on their own are the covering ones.
        per_chunk = {c: round(_overlap(words, content_words(by_id[c].text)), 4) for c in known}
        overlap = max(per_chunk.values(), default=0.0)
        covering = [c for c in known if per_chunk[c] >= threshold]
    unexplained = words - cited_words
    missing = [
        c.semantic_id
        for c in chunks
        if c.semantic_id not in cited
        and words
        and len(unexplained & content_words(c.text)) / len(words) >= policy.missing_citation_overlap
    ]
    if meta:
        covered, reason = True, "meta-statement: needs no evidence"
    elif not words:
        covered, reason = True, "no content words"
    elif not cited:
        covered, reason = False, "no citation"
    elif not known:
        covered, reason = False, "cites only ids that were not retrieved"
    elif overlap >= threshold:
        covered, reason = True, f"{overlap:.0%} of its words are in {_where(policy, covering)}"
    else:
        covered = False
        where = "the cited chunks" if policy.coverage_mode == "pooled" else "any one cited chunk"
        reason = f"only {overlap:.0%} of its words are in {where} (needs {threshold:.0%})"
    return ClaimCoverage(
        sentence=sentence,
        span=span,
        cited=cited,
        is_meta=meta,
        overlap=overlap,
        threshold=threshold,
        is_covered=covered,
        covering_chunks=covering,
        missing_citations=[] if meta else missing,
        reason=reason,
    )


def _where(policy: SynthesisGatePolicy, covering: list[str]) -> str:
    if policy.coverage_mode == "pooled":
        return "the cited chunks"
    return ", ".join(covering)


def validate_multi_chunk_citations(
    answer_text: str, chunks: list[RetrievedChunk], policy: SynthesisGatePolicy = DEFAULT_POLICY
) -> tuple[bool, list[str], str]:
    """(is_valid, missing semantic ids, reason), as the spec's API."""
    missing: list[str] = []
    for s in split_sentences(answer_text):
        for cid in check_claim_coverage(s.text, chunks, policy).missing_citations:
            if cid not in missing:
                missing.append(cid)
    if missing:
        return False, missing, f"uses information from uncited chunks: {', '.join(missing)}"
    return True, [], "every chunk used is cited"
