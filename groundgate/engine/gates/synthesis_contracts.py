"""The synthesis gate's contracts: its input (a query, the retrieved chunks, an answer), its
policy and its verdict (../shared/specs/evidence-sufficient-synthesis.md). The phases are
synthesis_sufficiency.py (is the evidence enough for this kind of query) and
synthesis_coverage.py (is each sentence covered by what it cites); synthesis.py runs them."""

from __future__ import annotations

from typing import Final, Literal

from pydantic import Field

from groundgate.engine.contracts import InputModel, OutputModel
from groundgate.engine.findings import Finding
from groundgate.engine.policy import GatePolicy
from groundgate.engine.sentences import SPLITTER_VERSION

GATE: Final = "synthesis"
GATE_VERSION = "1.0.0"

QueryType = Literal["definition", "punishment", "procedure", "scope", "general"]


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
    # is compared. See docs/decisions.md, d80.
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
