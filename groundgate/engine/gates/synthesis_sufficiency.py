"""The synthesis gate's first phase: what kind of query it is and whether the retrieved chunks
can answer that kind (the spec's is_evidence_sufficient; INSUFFICIENT_EVIDENCE in synthesis.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from groundgate.engine.gates.synthesis_contracts import (
    DEFAULT_POLICY,
    QueryType,
    RetrievedChunk,
    Sufficiency,
    SynthesisGatePolicy,
)
from groundgate.engine.words import content_words, stem, stemmed_words

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
