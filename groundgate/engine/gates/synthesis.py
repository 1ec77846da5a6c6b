"""The synthesis-coverage gate: ../shared/specs/evidence-sufficient-synthesis.md (Phase-3).

  classify_query          definition | punishment | procedure | scope | general
  is_evidence_sufficient  the retrieved chunks can answer this type of query (with a reason);
                          key terms are compared by Snowball stem (policy.stemming)
                                                   else INSUFFICIENT_EVIDENCE
  check_claim_coverage    each sentence citing [SEMANTIC_ID]s shares >= 30% of its content words
                          with one cited chunk (21% when it cites several); policy
                          coverage_mode "pooled" compares the union of the cited chunks instead
                                                   else UNCOVERED_CLAIM
                          a sentence without citations (and not a meta-statement)
                                                   -> UNCITED_CLAIM
                          a citation of an id that was not retrieved -> UNKNOWN_CITATION
  validate_multi_chunk_citations
                          a sentence that uses an uncited chunk's information (>= 30% of its
                          words found only in that chunk) -> MISSING_CITATION, with the ids
Status: grounded (every check passes), not_grounded, or insufficient_evidence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, Literal

from pydantic import Field

from groundgate.engine.contracts import InputModel, OutputModel
from groundgate.engine.findings import Finding
from groundgate.engine.policy import GatePolicy
from groundgate.engine.sentences import SPLITTER_VERSION, split_sentences
from groundgate.engine.words import content_words, stem, stemmed_words

GATE: Final = "synthesis"
GATE_VERSION = "1.0.0"

INSUFFICIENT_EVIDENCE = "INSUFFICIENT_EVIDENCE"
UNKNOWN_CITATION = "UNKNOWN_CITATION"
UNCITED_CLAIM = "UNCITED_CLAIM"
UNCOVERED_CLAIM = "UNCOVERED_CLAIM"
MISSING_CITATION = "MISSING_CITATION"
FINDING_CODES = (
    INSUFFICIENT_EVIDENCE,
    UNKNOWN_CITATION,
    UNCITED_CLAIM,
    UNCOVERED_CLAIM,
    MISSING_CITATION,
)

QueryType = Literal["definition", "punishment", "procedure", "scope", "general"]
CITATION = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9_.:-]*)\]")

# Query patterns, checked in this order (a punishment question often starts "What is ...";
# "How is X defined?" is a definition, not a procedure, so explicit definition cues come before
# the procedure patterns and the bare "What is ..." form comes last).
_DEFINITION_CUES = (
    r"\bhow\s+(?:is|are)\s+.+\s+defined\b|\bdefin(?:e|ed|es|ing|ition|itions)\b"
    r"|\bmeaning\s+of\b|\bwhat\s+does\s+.+\s+mean\b|\bwhat\s+is\s+meant\s+by\b"
    r"|什么是|的定义|含义|指什么|是指"
)
QUERY_PATTERNS: list[tuple[QueryType, re.Pattern[str]]] = [
    (
        # About punishment: "sentence" and "fine" count only where they mean a penalty
        # ("sentence for", "prison sentence", "fined", "fine for", "the fine"), never in
        # "the second sentence" or "the fine print".
        "punishment",
        re.compile(
            r"\bpunish\w*|\bpenalt(?:y|ies)\b|\bimprison\w*|\bjail\b|\bprison\b"
            r"|\bsentenced\b|\b(?:jail|prison|maximum|minimum|custodial)\s+sentences?\b"
            r"|\bsentences?\s+(?:for|of\s+imprisonment)\b|\bfined\b"
            r"|\bfines?\s+(?:for|of|up\s+to|under|imposed|payable)\b"
            r"|\b(?:amount|quantum)\s+of\s+(?:the\s+)?fines?\b|\bwhat\s+(?:is|are)\s+the\s+fines?\b"
            r"|处罚|罚款|刑罚|判处|处以|罚金|徒刑|拘役|惩罚",
            re.I,
        ),
    ),
    ("definition", re.compile(_DEFINITION_CUES, re.I)),
    (
        "procedure",
        re.compile(
            r"^\s*how\s+(?:to|do|does|can|should|is|are|must)\b|\bsteps?\b|\bprocedures?\b"
            r"|\bprocess\s+(?:for|of|to)\b|如何|怎么|怎样|步骤|流程|程序|办理",
            re.I,
        ),
    ),
    (
        "scope",
        re.compile(
            r"\bextent\b|\bapplicab\w*|\bappl(?:y|ies)\s+to\b|\bscope\b|\bwho\s+is\s+covered\b"
            r"|范围|适用",
            re.I,
        ),
    ),
    (
        "definition",
        re.compile(r"^\s*(?:what\s+is|what\s+are|what's)\b|是什么", re.I),
    ),
]

# What a chunk must say to answer each type of query.
EVIDENCE_PATTERNS: dict[str, re.Pattern[str]] = {
    "definition": re.compile(
        r"\bmeans\b|\bis\s+defined\s+as\b|\bdefines?\b|\bshall\s+mean\b|\brefers\s+to\b"
        r"|\bdenotes\b|\bdefinition\b|\bdeals\s+with\b|\bprovides\s+for\b|\brelates\s+to\b"
        # Not 规定 ("provides"/"stipulates"): it is in nearly every Chinese legal text, so it
        # cannot mark a definition.
        r"|是指|指的是|定义|称为|所称|系指",
        re.I,
    ),
    "punishment": re.compile(
        r"\bpunish\w*|\bpenalt(?:y|ies)\b|\bfine[sd]?\b|\bimprison\w*|\bliable\s+to\b"
        r"|处以|罚款|徒刑|拘役|罚金|处罚|判处",
        re.I,
    ),
    "procedure": re.compile(
        r"\bsteps?\b|\bprocedure\b|\bshall\s+(?:apply|submit|file)\b|\bsubmit\w*|\bapplication\b"
        r"|\bfirst\b.*\bthen\b|\bmust\s+(?:file|apply|submit|register)\b"
        # Not 应当 ("shall"), for the same reason.
        r"|申请|提交|步骤|程序|办理",
        re.I,
    ),
    "scope": re.compile(
        r"\bappl(?:y|ies)\s+to\b|\bextends?\s+to\b|\bshall\s+apply\b|\bapplicable\b"
        # Not a bare 适用 ("apply [article X]"), for the same reason; 适用于 ("applies to") stays.
        r"|\bwhole\s+of\b|\bscope\b|\bexcept\b|适用于|适用范围|范围",
        re.I,
    ),
}
# Words that say what kind of question it is, not what it is about.
QUERY_FORM_WORDS = frozenset(
    """define definition meaning mean means punishment punished penalty penalties fine
    imprisonment steps step procedure process extent applicability applies apply scope
    covered 什么 定义 含义 处罚 罚款 步骤 流程 程序 范围 适用 如何 怎么""".split()
)
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


class RetrievedChunk(InputModel):
    semantic_id: str
    text: str


class SynthesisCase(InputModel):
    case_id: str
    query: str
    retrieved_chunks: list[RetrievedChunk] = Field(default_factory=list)
    answer_text: str


class SynthesisGatePolicy(GatePolicy):
    # 2026-11.2 (issue 11): query types (definition cues before procedure; punishment only where
    # "sentence"/"fine" mean a penalty), stemmed sufficiency, no 规定/应当/适用 markers, meta
    # statements by vocabulary, per-chunk coverage by default, sentence splitter sentences/2.
    policy_version: str = "synthesis-gate/2026-11.2"
    # "per_chunk" (the spec's formula, literally): a sentence is covered when ONE cited chunk
    # alone shares >= the threshold of its words. "pooled": the union of the cited chunks' words
    # is compared. See docs/decisions.md.
    coverage_mode: Literal["per_chunk", "pooled"] = "per_chunk"
    # Sufficiency compares Snowball stems of the query's key terms with the chunks' ("cheating"
    # finds "cheats"); False: exact words.
    stemming: bool = True
    sentence_splitter: Literal["sentences/2"] = SPLITTER_VERSION
    min_overlap: float = Field(default=0.3, ge=0, le=1)
    # Sentences citing several chunks: min_overlap x this (0.3 x 0.7 = 0.21).
    multi_citation_factor: float = Field(default=0.7, ge=0, le=1)
    # Share of a sentence's words found only in an uncited chunk that means it used that chunk.
    missing_citation_overlap: float = Field(default=0.3, ge=0, le=1)
    # A meta-statement has fewer content words than this once meta phrases are removed.
    meta_max_content_words: int = Field(default=2, ge=0)
    refusal_text: str = "I cannot answer this question from the available evidence."


DEFAULT_POLICY = SynthesisGatePolicy()


class Sufficiency(OutputModel):
    is_sufficient: bool
    query_type: QueryType
    reason: str
    supporting_chunks: list[str]


class ClaimCoverage(OutputModel):
    sentence: str
    span: tuple[int, int]
    cited: list[str]
    is_meta: bool
    overlap: float
    threshold: float
    is_covered: bool
    covering_chunks: list[str]
    missing_citations: list[str]
    reason: str


class SynthesisVerdict(OutputModel):
    case_id: str
    status: Literal["grounded", "not_grounded", "insufficient_evidence"]
    query_type: QueryType
    sufficiency: Sufficiency
    citations: list[str]
    missing_citations: list[str]
    claims: list[ClaimCoverage]
    findings: list[Finding]
    gate: Literal["synthesis"] = GATE
    gate_version: str = GATE_VERSION
    policy_sha256: str


def classify_query(query: str) -> QueryType:
    for query_type, pattern in QUERY_PATTERNS:
        if pattern.search(query):
            return query_type
    return "general"


_STEMMED_FORM_WORDS = frozenset(stem(w) for w in QUERY_FORM_WORDS)


def query_key_terms(query: str, *, stemmed: bool = False) -> frozenset[str]:
    if stemmed:
        return frozenset(w for w in stemmed_words(query) if w not in _STEMMED_FORM_WORDS)
    return frozenset(w for w in content_words(query) if w not in QUERY_FORM_WORDS)


_CJK_TERM = re.compile(r"[\u3400-\u9fff]+")


def is_evidence_sufficient(
    query: str,
    chunks: list[RetrievedChunk],
    policy: SynthesisGatePolicy | None = None,
    *,
    query_type: QueryType | None = None,
    cjk_within_words: bool = False,
) -> Sufficiency:
    """The spec's check. The answering pipeline's "asked" reading passes its own `query_type`
    and `cjk_within_words` (罚 found in 罚款); the gate itself uses neither."""
    policy = policy or DEFAULT_POLICY
    query_type = query_type or classify_query(query)
    terms = query_key_terms(query)
    stems = query_key_terms(query, stemmed=True) if policy.stemming else frozenset()
    cjk = [t for t in terms if _CJK_TERM.fullmatch(t)] if cjk_within_words else []

    def is_relevant(chunk: RetrievedChunk) -> bool:
        # Exact words first (cheap, and the common case); stems only when they find nothing.
        if not terms or terms & content_words(chunk.text):
            return True
        if any(t in chunk.text for t in cjk):
            return True
        return bool(stems & stemmed_words(chunk.text))

    relevant = [c for c in chunks if is_relevant(c)]
    if not chunks:
        return Sufficiency(
            is_sufficient=False,
            query_type=query_type,
            reason="no chunks were retrieved",
            supporting_chunks=[],
        )
    if not relevant:
        return Sufficiency(
            is_sufficient=False,
            query_type=query_type,
            supporting_chunks=[],
            reason=f"no retrieved chunk contains a key term of the query ({_words(terms)})",
        )
    if query_type == "general":
        ids = [c.semantic_id for c in relevant]
        return Sufficiency(
            is_sufficient=True,
            query_type=query_type,
            supporting_chunks=ids,
            reason=f"{len(ids)} chunk(s) contain key terms of the query",
        )
    pattern = EVIDENCE_PATTERNS[query_type]
    supporting = [c.semantic_id for c in relevant if pattern.search(c.text)]
    need = {
        "definition": "definitional language (means, is defined as, 是指 ...)",
        "punishment": "penalty or punishment information",
        "procedure": "procedural language (steps, shall apply, submit ...)",
        "scope": "scope or applicability information",
    }[query_type]
    if supporting:
        return Sufficiency(
            is_sufficient=True,
            query_type=query_type,
            supporting_chunks=supporting,
            reason=f"{', '.join(supporting)} give {need}",
        )
    return Sufficiency(
        is_sufficient=False,
        query_type=query_type,
        supporting_chunks=[],
        reason=f"{query_type} query, but no relevant chunk gives {need}",
    )


def _words(words: Iterable[str]) -> str:
    return ", ".join(sorted(words)) or "none"


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


def gate_synthesis(
    case: SynthesisCase, policy: SynthesisGatePolicy = DEFAULT_POLICY
) -> SynthesisVerdict:
    chunks = case.retrieved_chunks
    retrieved = {c.semantic_id for c in chunks}
    sufficiency = is_evidence_sufficient(case.query, chunks, policy)
    findings: list[Finding] = []
    refusal = case.answer_text.strip() == policy.refusal_text
    if not sufficiency.is_sufficient:
        findings.append(
            Finding(
                code=INSUFFICIENT_EVIDENCE,
                message=sufficiency.reason,
                severity="warning" if refusal else "error",
            )
        )

    claims: list[ClaimCoverage] = []
    citations: list[str] = []
    missing_all: list[str] = []
    sentences = [] if refusal else split_sentences(case.answer_text)
    for s in sentences:
        claim = check_claim_coverage(s.text, chunks, policy, (s.start, s.end))
        claims.append(claim)
        for cid in claim.cited:
            if cid not in citations:
                citations.append(cid)
        span = (s.start, s.end)
        for m in CITATION.finditer(s.text):
            if m.group(1) not in retrieved:
                findings.append(
                    Finding(
                        code=UNKNOWN_CITATION,
                        value=m.group(1),
                        message=f"[{m.group(1)}] was not retrieved",
                        field="answer_text",
                        span=(s.start + m.start(), s.start + m.end()),
                    )
                )
        if not claim.is_covered:
            code = UNCITED_CLAIM if not claim.cited else UNCOVERED_CLAIM
            findings.append(
                Finding(
                    code=code, message=f"{claim.reason}: {s.text!r}", field="answer_text", span=span
                )
            )
        if claim.missing_citations:
            for cid in claim.missing_citations:
                if cid not in missing_all:
                    missing_all.append(cid)
            findings.append(
                Finding(
                    code=MISSING_CITATION,
                    value=", ".join(claim.missing_citations),
                    message=f"uses information from {', '.join(claim.missing_citations)} without "
                    f"citing it: {s.text!r}",
                    field="answer_text",
                    span=span,
                )
            )

    status: Literal["grounded", "not_grounded", "insufficient_evidence"]
    if not sufficiency.is_sufficient:
        status = "insufficient_evidence"
    elif any(f.severity == "error" for f in findings):
        status = "not_grounded"
    else:
        status = "grounded"
    return SynthesisVerdict(
        case_id=case.case_id,
        status=status,
        query_type=sufficiency.query_type,
        sufficiency=sufficiency,
        citations=citations,
        missing_citations=missing_all,
        claims=claims,
        findings=findings,
        policy_sha256=policy.sha256,
    )
