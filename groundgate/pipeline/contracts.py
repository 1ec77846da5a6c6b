"""R2's input contract and the AnswerBundle it produces (pydantic, fail fast)."""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from groundgate.engine.policy import GatePolicy

RetrievalStatus = Literal["SUCCESS", "NO_EVIDENCE", "FAILED"]
AssemblyStatus = Literal["OK", "NO_EVIDENCE", "FAILED"]


class Strict(BaseModel):
    """Strict types (V1): a string "0.91" is not a similarity, true is not 1.0, "3" is not a
    rank. Unknown keys are refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False, strict=True)


class RetrievalRow(Strict):
    """One retrieval_result_row, with the spec's field names."""

    rank: int
    chunk_id: str = Field(min_length=1)
    faiss_id: int = Field(ge=0, description="the row's id in the vector index (not null)")
    chunk_text: str
    similarity: float
    knowledge_type_effective: str = Field(min_length=1)
    # Not in the spec's required list: absent means the chunk is its own knowledge item (the
    # per-knowledge_id cap then counts it alone) and the public citation shows its chunk_id.
    knowledge_id: str | None = Field(default=None, min_length=1)
    source_reference: str = ""
    event_date: str | None = None
    equipment_id: str | None = None

    @property
    def knowledge_key(self) -> str:
        return self.knowledge_id or self.chunk_id


class FiltersApplied(Strict):
    equipment_id: str | None = None
    knowledge_type: str | None = None
    date_from: str | None = None
    date_to: str | None = None


class RetrievalBundle(Strict):
    request_id: str = Field(min_length=1)
    user_question: str = Field(min_length=1)
    retrieval_status: RetrievalStatus
    index_version: str = Field(min_length=1)
    embedding_model: str = Field(min_length=1)
    top_k: int = Field(ge=1)
    results: list[RetrievalRow]
    run_id: str | None = None
    retrieval_latency_ms: float | None = None
    filters_applied: FiltersApplied | None = None

    @field_validator("results", mode="before")
    @classmethod
    def _results_is_a_list(cls, value: Any) -> Any:
        if not isinstance(value, list):
            raise ValueError("V1: results must be a list")
        return value


CROSS_E5 = 0.72  # e5-small across languages: calibrated on the question files (d372)


class SelectionPolicy(GatePolicy):
    """The frozen R2/R3/R4 policy. Its version and sha256 are stored with every run."""

    # 2026-11.2 (issue 11): the spec's row names (faiss_id, knowledge_type_effective) and strict
    # types; the top similarity is the maximum (top_similarity); the prompt never exceeds
    # max_total_prompt_tokens; temperature and max_retries left the policy (nothing read them);
    # R5 checks claim coverage (claim_coverage), so its stored verdict shows a coverage failure.
    # 2026-11.3 (issue 32): the similarity gate's thresholds belong to the embedding model that
    # produced the similarities (similarity_thresholds, keyed by the bundle's embedding_model).
    # The spec's 0.76 stays the value for any model the table does not name (the spec's
    # reading: a cosine of the spec's own embedding model). See docs/decisions.md, d181.
    # 2026-11.4 (issue 32): Phase-3 sufficiency reads a question by what it asks
    # (sufficiency_reading "asked", pipeline/sufficiency.py); "spec" is the literal table. The
    # offline model is extractive-v2 (Chinese words found inside longer words).
    # 2026-11.5 (issue 32): answerability (answerability-v1, pipeline/answerability.py): only
    # chunks that state the question's subject and attribute answer; e5's threshold 0.84 -> 0.80.
    # 2026-11.6 (issue 32): answerability-v2 (answerability_version 2: the dictionary finds a
    # term said in the other language, a change is its own attribute, a value and its subject
    # in one clause ...); the offline model is extractive-v3 (it quotes across languages too).
    # 2026-11.7 (issue 32): a row in the other language than the question is held to the
    # model's cross-language threshold (cross_language_thresholds; select.py, d372); the
    # retriever also ranks by the question's words in the other language (d373); answerability-v3
    # (d374); the offline model is extractive-v4 (a heading is not an answer, d377).
    # 2026-11.8 (issue 32): answerability-v4 (d395-d396): the dictionary read both ways (a
    # Chinese text's glosses, a gloss's head word), a count asked with any measure word, and a
    # question for a typed value is no scope question. answerability_version 3 is 2026-11.7's.
    # 2026-11.9 (issue 32): R2 keeps up to 3 chunks of one knowledge_id (a document), not 2
    # (max_per_knowledge_id, d438): when one paper fills the retrieved head, its third chunk
    # may be the one that answers. max_per_knowledge_id=2 is 2026-11.8's.
    # 2026-11.10 (issue 32): answerability-v5 is selectable (answerability_version 5, its
    # thresholds paraphrase_min_similarity and paraphrase_cross_language_min_similarity;
    # pipeline/answerability_meaning.py, d466): a common term a chunk does not state is found
    # when a word of the chunk means it (e5-small's cosine of the two words). The default stays
    # answerability-v4 (d467: e5-small's word cosines do not tell a paraphrase from a neighbour,
    # and across languages its gains ride on the noise floor), so every answer is as under
    # 2026-11.9; the version moves because the policy has new fields.
    # 2026-11.11 (issue 32): answerability-v6 is the default: v5 (d469's condition met, d485:
    # the words of indexed chunks have their vectors stored, services/word_vectors.py, d484, so
    # a question no longer embeds the words of a chunk it meets first - v5 cold, s35's 51
    # questions: 2,372 -> 89 ms a question on average) and the thing a Chinese question asks
    # for (什么名字, 哪条河) required without slack (d486). answerability_version 4 is
    # 2026-11.10's default reading, 5 v5 alone.
    # 2026-11.12 (issue 32): answerability-v8 is the default: v6, and an English question read
    # by its shape (pipeline/answerability_shapes.py, d551): a scene-setting clause, the
    # document's own words and irregular past forms only tie; a kind of X, a size, "to whom"
    # and an identifier are attributes asked. answerability_version 6 is 2026-11.11's.
    # 2026-11.13 (issue 32): the retriever's rerank (d282) reads the policy's own answerability
    # (rerank_reading "answerability": answerability_version and its paraphrase thresholds;
    # services/retrieval.rerank_reading, d555), not answerability-v4 from the words (d468): a
    # chunk v6 finds answering by meaning no longer ranks behind v4's and falls to R2's cap of
    # 3 chunks a document (with v8 the default, the rerank reads v8). rerank_reading
    # "answerability-v4" is 2026-11.11's and 2026-11.12's retrieval.
    # 2026-11.14 (issue 32): answerability-v9 is the default (d560): v8, and what a yes/no
    # question asks to be stated ("Is there a X", "Does it say which X", 有没有/是否/吗) is
    # required without slack and never found by meaning (pipeline/answerability_yesno.py,
    # d558); the rerank reads v9 too. answerability_version 8 is 2026-11.13's.
    # 2026-11.15 (issue 32): answerability-v11 is the default (d585): v9, and a span word of
    # "the B of A" strict but common, an English proper name said in Chinese, a Chinese
    # question cut by dictionary words, a plain yes/no question's subject asked
    # (pipeline/answerability_v11.py); the rerank reads v11 too. answerability_version 9 is
    # 2026-11.14's.
    # 2026-11.16 (issue 32): answerability-v12 is the default (d591): v11, and a Chinese term
    # found by meaning only through a Chinese word sharing a character with it or an English word
    # of three or more letters, and the object of 是否 + verb phrase asked
    # (pipeline/answerability_v12.py); the rerank reads v12 too. answerability_version 11 is
    # 2026-11.15's.
    # answerability_version 13 (issue 32, d603-d607) is selectable, not the default: the
    # naming terms of a question read in a chunk's document context (title, section heading);
    # 2026-11.16's answers are unchanged, so the version does not move.
    # 2026-11.17 (issue 32, d613): answerability-v14 is the default: v12, and the kind of value
    # asked read for more question forms, the event of "Has X contested", no meaning through a
    # two-letter word (pipeline/answerability_v14.py); the rerank reads v14 too.
    # answerability_version 12 is 2026-11.16's.
    # 2026-11.18 (issue 32, d642): answerability-v15 is the default: v14, and request and
    # framing words no subject, a compound question's parts each read on its own, no money asked
    # of a cost said in another unit (pipeline/answerability_v15.py); the rerank reads v15 too.
    # answerability_version 14 is 2026-11.17's.
    # 2026-11.19 (issue 32, d658): answerability-v16 is the default: v15, and derivations, a
    # document's parts that only tie, idioms, a reason / concentration / interval asked.
    # answerability_version 15 is 2026-11.18's.
    # 2026-11.20 (issue 32, d663-d666): coverage checks after answerability (coverage_checks:
    # years, names, ties; pipeline/coverage_checks.py). coverage_checks=() is 2026-11.19's.
    # 2026-11.21 (issue 32, d719-d723): the coverage check `units` joins the default (a physical
    # quantity asked - a power rating, a flow, a torque, a diameter, a cache's size, a version -
    # needs a value in its unit; pipeline/coverage_units.py), and answerability-v17 is the
    # default (v16, and a general noun found where the chunk names an instance of it:
    # answerability_v17.py). ("years", "names", "ties") and answerability_version 16 are
    # 2026-11.20's.
    # 2026-11.22 (issue 32, d766-d767): Phase-3 sufficiency reads a Chinese "how" question as
    # an English one (sufficiency_reading "asked-v2", pipeline/sufficiency_how.py): 如何 / 怎么 /
    # 怎样 asks a procedure only when somebody is to do it, 程序 ("program") is no cue. "asked"
    # is 2026-11.21's.
    # 2026-11.23 (issue 32, d863-d865): answerability-v18 is the default - v17, and a question
    # that quotes a reading (5 bar, 80 C, 2,000 hours) is about the quantity its unit measures
    # (pipeline/answerability_reading.py); the rerank reads v18 too. 17 is 2026-11.22's.
    # 2026-11.24 (issue 32, d1035-d1038): answerability-v19 is the default - v18, and a unit the
    # question names (mg, 毫克, bar) stated by a value in it however the chunk writes it ("150mg/L",
    # pipeline/answerability_units.py); the rerank reads v19 too. 18 is 2026-11.23's.
    policy_version: str = "answer-assembly/2026-11.24"
    min_top_similarity_score: float = Field(default=0.76, ge=0, le=1)
    # What "top similarity" means for the min_top_similarity_score gate: "max", the highest
    # similarity among the rows (a reranked list may put a weaker row at rank 0), or "rank0",
    # the similarity of the rank-0 row. See docs/decisions.md, d86.
    top_similarity: Literal["max", "rank0"] = "max"
    min_similarity: float = Field(default=0.76, ge=0, le=1)
    # (embedding_model prefix, top threshold, per-row threshold): the first entry whose prefix
    # starts the bundle's embedding_model wins; no entry -> the two thresholds above. Cosines of
    # multilingual-e5-small crowd into [0.65, 0.95] (unrelated text is ~0.70), so the spec's
    # 0.76 means nothing there; calibrated with `manage.py calibrate_similarity` on
    # fixtures/questions/retrieval.jsonl.
    similarity_thresholds: tuple[tuple[str, float, float], ...] = (
        ("multilingual-e5-small", 0.80, 0.80),
    )
    # (embedding_model prefix, top threshold, per-row threshold) for a row whose text is in the
    # other language than the question (Chinese / not Chinese, pipeline.select.text_language):
    # a multilingual model's cosine between a question and its answer in the other language is
    # lower than within one language (e5-small: the chunks that hold the answer 0.75-0.80
    # across, 0.82-0.90 within). No entry -> the row is held to similarity_thresholds.
    # Calibrated on fixtures/questions/retrieval.jsonl (d372).
    cross_language_thresholds: tuple[tuple[str, float, float], ...] = (
        ("multilingual-e5-small", CROSS_E5, CROSS_E5),
    )
    max_chunks: int = Field(default=5, ge=1)
    # The spec's "cap per knowledge_id, do not force only one per knowledge_id" names no value:
    # 3 since 2026-11.9 (2 before; chosen on the question files per file and language, d438).
    # A row's knowledge_id is its document (the PDF's sha256 prefix).
    max_per_knowledge_id: int = Field(default=3, ge=1)
    overlap_ratio_threshold: float = Field(default=0.8, gt=0, le=1)
    max_chunk_token_ratio: float = Field(default=0.5, gt=0, le=1)
    max_evidence_tokens: int = Field(default=1200, ge=50)
    max_total_prompt_tokens: int = Field(default=3000, ge=200)
    reserved_output_tokens: int = Field(default=400, ge=16)
    allowed_knowledge_types: tuple[str, ...] = (
        "manual",
        "report",
        "bulletin",
        "decision",
        "regulation",
        "faq",
        "pdf",
        "code",
        "text",
    )
    ordering_mode: Literal["rank_strict"] = "rank_strict"
    prompt_template: str = "synthesis-v1"
    refusal_text: str = "I cannot answer this question from the available evidence."
    # The fixed model identity: a provider with another model is refused before any call (no
    # silent fallback). Temperature (0.0) is a constant of the R4 contract, not a setting.
    model: str = "extractive-v4"
    # R5 also checks Phase-3 claim coverage; its failure is then in the stored R5 verdict.
    claim_coverage: bool = True
    # How Phase-3 sufficiency reads the question: "asked" - "What's the hottest ...?" asks for a
    # fact, not a definition; "How does X work?" is not a procedure; Chinese terms found inside
    # longer words - or "spec", the spec's table word for word. See pipeline/sufficiency.py.
    # "asked-v2" (the default since 2026-11.22, d766-d767): "asked", and a Chinese question
    # read for a procedure as an English one is (pipeline/sufficiency_how.py).
    sufficiency_reading: Literal["asked-v2", "asked", "spec"] = "asked-v2"
    # 2026-11.5 (issue 32): after Phase-3, a chunk goes on only when it states the question's
    # attribute of the question's subject (pipeline/answerability.py, answerability-v1); none
    # -> NO_EVIDENCE. "off": the spec's reading (Phase-3 alone decides).
    answerability: Literal["subject_attribute", "off"] = "subject_attribute"
    # Which rules answerability applies (pipeline/answerability.py): 1 - answerability-v1
    # (2026-11.5), 2 - answerability-v2 (2026-11.6), 3 - answerability-v3 (2026-11.7: a chunk
    # admitted by the cross-language threshold alone states every required term), 4 -
    # answerability-v4 (2026-11.8, d395-d396: see pipeline/answerability.py), 5 - answerability-v5
    # (2026-11.10, selectable: a common term found by meaning, d466-d467), 6 - answerability-v6
    # (the default since 2026-11.11: v5, and a Chinese question's thing asked is required
    # without slack; d485, d486), 7 - answerability-v7 (selectable, not the default: v6, and
    # the qualifier of the shape word an English question asks for - "vibration" of "what
    # vibration level" - without slack; d524), 8 - answerability-v8 (the default since
    # 2026-11.12: v6, and the question's shape - pipeline/answerability_shapes.py; d551).
    # 9 and 10 (issue 32, d558-d559): selectable - a yes/no question's thing asked, and the
    # slack not covering a modifier the chunk contrasts; not the default (measured on 12 files)
    # 12 (issue 32, d588-d591): the default since 2026-11.16 - v11, and a Chinese term found
    # by meaning only through a Chinese word sharing a character with it or an English word of
    # three or more letters; the object of 是否 + verb phrase asked (answerability_v12.py)
    # 13 (issue 32, d603-d607): selectable - v12, and a question's naming terms read in the
    # chunk's document context (its title and section heading; answerability_context.py)
    # 14 (issue 32, d610-d613): the default since 2026-11.17 - v12 (not v13), and the kind
    # of value asked read for more question forms (how heavy, how much money, which pages, 多大,
    # 多少行), the event of "Has X contested" asked, no meaning through a two-letter English
    # word (answerability_v14.py)
    # 15 (issue 32, d638-d642): the default since 2026-11.18 - v14, and request and framing
    # words no subject, a compound question's parts each read on its own, no money asked of a
    # cost said in another unit (answerability_v15.py)
    # 16 (issue 32, d657-d658): the default since 2026-11.19 - v15, and a term found through a
    # regular derivation, a document's parts only tying, idioms naming nothing, the value asked
    # read again (a reason, a concentration, an interval; answerability_v16.py)
    # 17 (issue 32, d722-d723): the default since 2026-11.21 - v16, and a general noun of the
    # question found where the chunk names an instance of it (machine ~ MacBook, site ~ station;
    # answerability_v17.py); the rerank reads v17 too. 16 is 2026-11.20's.
    # 18 (issue 32, d863-d865): the default since 2026-11.23 - v17, and a question quoting a
    # reading in a unit answered by a chunk with a clause stating a value in that unit and a
    # word of the question, its named terms and the thing it asks stated (answerability_reading).
    # 19 (issue 32, d1037-d1038): the default since 2026-11.24 - v18, and a unit the question
    # names stated by a clause's value in that unit, however written (answerability_units).
    answerability_version: Literal[
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19
    ] = 19
    # answerability-v5 (pipeline/answerability_meaning.py, d466): a common term of the question
    # that a chunk does not state (nor through the dictionary) is found when one of the chunk's
    # words means it: multilingual-e5-small's cosine of the two, each embedded alone, is at least
    # this. 0.92: the lowest value that lost no refusal on any question file (0.90 lost 2, 0.88 8,
    # 0.86 16; bench/ablate_paraphrase_meaning.py); read by v5 only.
    paraphrase_min_similarity: float = Field(default=0.92, gt=0, le=1)
    # ... when one of the two words is Chinese and the other not: e5-small's cosines across
    # languages run lower (d372: 0.72 for a chunk, 0.80 within one language); 0.84 is 0.92 less
    # d372's 0.08 (d466). It is the noise floor too: unrelated pairs reach 0.84-0.87 (city ~ 完成
    # 0.841, good ~ 依据 0.869), so v5 was not the default (d467) until an unseen file (s35)
    # gained 8 covered questions for 1 refusal lost (d469, d485).
    paraphrase_cross_language_min_similarity: float = Field(default=0.84, gt=0, le=1)
    # What the hybrid retriever's rerank (the fused head, answering chunks first: d282) reads
    # (services/retrieval.rerank_reading): "answerability" - this policy's answerability
    # (version and thresholds; its default since 2026-11.13, d555); "answerability-v4" -
    # answerability-v4 from the words whatever the policy (up to 2026-11.11, d468).
    rerank_reading: Literal["answerability", "answerability-v4"] = "answerability"
    # Coverage checks (issue 32, pipeline/coverage_checks.py, d663-d666): after answerability,
    # an answering chunk is kept only when it passes each named check. The default since
    # 2026-11.20: `years` (the years and product versions the question names are stated; a
    # year a change is measured from need not be), `names` (a question asking a party's name -
    # "which enterprise", "the name of the firm", 全称 - is answered by a chunk naming one),
    # `ties` (the value's clause names a word of the question stated or meant within one
    # language, not only words meant in the other language). Selectable, measured and not in
    # the default (d667): `heads` (the slack never covers a compound's head), `last` (nor the
    # question's last noun), `across` (at most one term meant across languages), `anchor` (a
    # term meant across languages needs another stated). () - none: 2026-11.18's reading.
    # The default since 2026-11.21 adds `units` (d719-d721, pipeline/coverage_units.py): a
    # physical quantity asked (by its unit, "in kW", 多少毫秒, or by a quantity only ever stated
    # with one: a power rating, a flow rate, a torque, a vibration level, a diameter, a cache's
    # size, a sum in dollars, lines of code, a version number) is answered only by a chunk
    # stating a value in a unit of it. ("years", "names", "ties") is 2026-11.20's.
    coverage_checks: tuple[
        Literal["years", "names", "ties", "heads", "last", "across", "anchor", "units"], ...
    ] = ("years", "names", "ties", "units")

    def thresholds_for(self, embedding_model: str) -> tuple[float, float]:
        """(top threshold, per-row threshold) for similarities produced by embedding_model."""
        for prefix, top, row in self.similarity_thresholds:
            if embedding_model.startswith(prefix):
                return top, row
        return self.min_top_similarity_score, self.min_similarity

    def cross_language_thresholds_for(self, embedding_model: str) -> tuple[float, float] | None:
        """(top, per-row) thresholds for a row in the other language than the question, or
        None: such rows are held to thresholds_for."""
        for prefix, top, row in self.cross_language_thresholds:
            if embedding_model.startswith(prefix):
                return top, row
        return None


# The spec's literal reading: 0.76 for every embedding model, whatever scale its cosines have,
# and Phase-3's query table word for word.
SPEC_LITERAL_SELECTION = {
    "similarity_thresholds": (),
    "cross_language_thresholds": (),
    "sufficiency_reading": "spec",
    "answerability": "off",
    "coverage_checks": (),
}


class UsedChunk(Strict):
    anchor: str
    rank: int
    chunk_id: str
    chunk_text: str
    similarity: float
    faiss_id: int
    knowledge_id: str
    knowledge_type_effective: str
    source_reference: str
    event_date: str | None
    equipment_id: str | None
    token_count: int
    trimmed: bool


class Citation(Strict):
    anchor: str
    chunk_id: str
    knowledge_id: str
    source_reference: str
    event_date: str | None
    equipment_id: str | None


class AnswerBundle(Strict):
    request_id: str
    assembly_status: AssemblyStatus
    reason: str = ""
    used_chunks: list[UsedChunk]
    citations: list[Citation]
    trace: dict[str, Any]
    metrics: dict[str, Any]


def finite(value: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
