"""Phase-3 sufficiency as the answering pipeline reads a question (policy `sufficiency_reading`).

"spec": the spec's table literally (engine.gates.synthesis.classify_query): every "What is ..." /
"...是什么" is a definition question and needs definitional language ("means", "是指"); every
"How does/can/is ..." is a procedure question and needs procedural language ("steps", "submit").

"asked" (the default since answer-assembly/2026-11.4): the same table where the question is of
that kind, not where it merely starts that way -
  - a bare "What is/are/'s X?" is a definition question when X is a term (at most three words,
    not led by "the"/"this"/... : "What is TraceMonkey?", "What are side exits?"), and a
    question for a fact otherwise ("What's the hottest the bearing may get?", "What is the back
    end called?"); "X是什么" likewise when X is a short term without 的 ("水里最主要的污染物是什么"
    asks which pollutant). Explicit cues ("define", "what does X mean", 什么是, 含义) stay;
  - "How ..." is a procedure question when it asks how to do something ("how to", "how do I/we/
    you", "how can I ..."), not how something works ("How does the system handle nested loops?");
  - a Chinese key term is also found inside a longer word of a chunk (cjk_within_words).
Punishment and scope questions read the same in both. Questions of the other kind are "general":
they need one retrieved chunk with a key term of the question, as in the spec.

"asked-v2" (the default since answer-assembly/2026-11.22, d766-d767): "asked", and a Chinese
question read for a procedure as an English one is - 如何 / 怎么 / 怎样 asks one only when somebody
is to do it, and 程序 ("program") is no cue (pipeline/sufficiency_how.py).
"""

from __future__ import annotations

import re

from groundgate.engine.gates.synthesis import (
    _DEFINITION_CUES,
    EVIDENCE_PATTERNS,
    QUERY_PATTERNS,
    QueryType,
    RetrievedChunk,
    Sufficiency,
    is_evidence_sufficient,
)
from groundgate.pipeline.sufficiency_how import asks_how_to

_DEFINITION_CUE = re.compile(_DEFINITION_CUES, re.I)
_BARE_WHAT = re.compile(r"^\s*what(?:\s+is|\s+are|'s|’s)\s+(?P<rest>.*?)[\s?？.!]*$", re.I)
_LEADS_A_FACT = re.compile(
    r"^(?:the|this|that|these|those|its?|their|our|your|my|his|her|which|how)\b", re.I
)
_ARTICLE = re.compile(r"^(?:an?)\s+", re.I)
_BARE_SHI_SHENME = re.compile(r"^\s*(?P<subject>.*?)是什么[\s?？。!！]*$")
_HOW_TO = re.compile(
    r"^\s*how\s+(?:to\b|(?:do|can|could|should|must|would)\s+(?:i|we|you|one|they)\b)"
    r"|\bsteps?\b|\bprocedures?\b|\bprocess\s+(?:for|of|to)\b"
    r"|如何|怎么|怎样|步骤|流程|程序|办理",
    re.I,
)
TERM_MAX_WORDS = 3
TERM_MAX_CHARS_ZH = 8


def _is_term_question(query: str) -> bool:
    match = _BARE_WHAT.match(query)
    if match:
        rest = match.group("rest")
        if _LEADS_A_FACT.match(rest):
            return False
        return 0 < len(_ARTICLE.sub("", rest).split()) <= TERM_MAX_WORDS
    zh = _BARE_SHI_SHENME.match(query)
    if zh:
        subject = zh.group("subject")
        return 0 < len(subject) <= TERM_MAX_CHARS_ZH and "的" not in subject
    return False


def asked_query_type(query: str, reading: str = "asked") -> QueryType:
    """The query type under the "asked" reading, or "asked-v2"'s (see the module docstring)."""
    how_to = asks_how_to if reading == "asked-v2" else _HOW_TO.search
    for query_type, pattern in QUERY_PATTERNS:
        if not pattern.search(query):
            continue
        if query_type == "procedure" and not how_to(query):
            continue
        if (
            query_type == "definition"
            and not _DEFINITION_CUE.search(query)
            and not _is_term_question(query)
        ):
            continue
        return query_type
    return "general"


def sufficiency(query: str, chunks: list[RetrievedChunk], reading: str) -> Sufficiency:
    if reading == "spec":
        return is_evidence_sufficient(query, chunks)
    return is_evidence_sufficient(
        query, chunks, query_type=asked_query_type(query, reading), cjk_within_words=True
    )


_NEEDS = {
    "definition": "definitional language (means, is defined as, 是指 ...)",
    "punishment": "penalty or punishment information",
    "procedure": "procedural language (steps, shall apply, submit ...)",
    "scope": "scope or applicability information",
}


def typed_sufficiency(
    query: str,
    chunks: list[RetrievedChunk],
    attribute: str | None = None,
    scope: bool = False,
    reading: str = "asked",
) -> Sufficiency:
    """Phase-3 after answerability (policy answerability "subject_attribute"): `chunks` already
    state the question's subject and attribute, so the key-term test is answerability's; a
    definition, punishment, procedure or scope question (the "asked" reading) still needs a
    chunk with the language of its kind. `attribute` (answerability-v2 passes it): a question
    asking for a typed value (a count, a date ...) is no procedure question - 多少个程序 asks
    how many programs, though 程序 also means procedure. `scope` (answerability-v4, d396): nor
    is it a scope question - 压力应保持在什么范围 asks for a pressure, and the range that answers
    is no applicability clause. `reading`: the policy's sufficiency_reading ("asked-v2" reads a
    Chinese "how" question as an English one, d766; "spec" reads as "asked" here - the spec's
    literal table is read where answerability is off)."""
    query_type = asked_query_type(query, reading)
    typed = ("procedure", "scope") if scope else ("procedure",)
    if attribute is not None and query_type in typed:
        query_type = "general"
    ids = [c.semantic_id for c in chunks]
    if query_type == "general":
        return Sufficiency(
            is_sufficient=bool(ids),
            query_type=query_type,
            supporting_chunks=ids,
            reason=f"{len(ids)} chunk(s) state the question's subject and attribute",
        )
    pattern = EVIDENCE_PATTERNS[query_type]
    supporting = [c.semantic_id for c in chunks if pattern.search(c.text)]
    reason = (
        f"{', '.join(supporting)} give {_NEEDS[query_type]}"
        if supporting
        else f"{query_type} query, but no answering chunk gives {_NEEDS[query_type]}"
    )
    return Sufficiency(
        is_sufficient=bool(supporting),
        query_type=query_type,
        supporting_chunks=supporting,
        reason=reason,
    )
