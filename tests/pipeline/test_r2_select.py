"""R2: the retrieval bundle contract (V1-V5) and the selection policy."""

from __future__ import annotations

import pytest

from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.select import R2ValidationError, parse_bundle, sanitize, select
from groundgate.pipeline.tokens import count_tokens, truncate_to_tokens

POLICY = SelectionPolicy()


def row(rank: int, chunk_id: str, text: str, similarity: float = 0.9, **extra) -> dict:
    return {
        "rank": rank,
        "chunk_id": chunk_id,
        "chunk_text": text,
        "similarity": similarity,
        "faiss_id": 100 + rank,
        "knowledge_id": extra.pop("knowledge_id", f"k-{chunk_id}"),
        "knowledge_type_effective": extra.pop("knowledge_type_effective", "manual"),
        **extra,
    }


def bundle(rows: list[dict], **extra) -> dict:
    return {
        "request_id": "r-1",
        "user_question": "How often is the valve inspected?",
        "retrieval_status": "SUCCESS",
        "index_version": "v1",
        "embedding_model": "bm25",
        "top_k": 5,
        "results": rows,
        **extra,
    }


def run(data: dict, policy: SelectionPolicy = POLICY):
    return select(parse_bundle(data), policy)


@pytest.mark.parametrize(
    ("data", "rule", "field"),
    [
        ({"request_id": "r"}, "V1", "user_question"),
        (bundle("nope"), "V1", "results"),
        (bundle([row(0, "a", "x")]) | {"top_k": "five"}, "V1", "top_k"),
        (bundle([row(0, "a", "x"), row(0, "b", "y")]), "V2", "results[].rank"),
        (bundle([row(1, "a", "x")]), "V2", "results[].rank"),
        (bundle([row(0, "a", "x", similarity=1.5)]), "V3", "results[0].similarity"),
        (bundle([]), "V3", "results"),
        (bundle([row(0, "a", "   ")]), "V4", "results[0].chunk_text"),
        (bundle([row(0, "a", "\x00\x01")]), "V4", "results[0].chunk_text"),
        (
            bundle([row(0, "a", "x", knowledge_type_effective="gossip")]),
            "V5",
            "results[0].knowledge_type_effective",
        ),
    ],
)
def test_fail_fast_validations_name_the_rule_and_field(data, rule, field):
    with pytest.raises(R2ValidationError) as error:
        run(data)
    assert (error.value.rule, error.value.field) == (rule, field)


def test_nan_similarity_is_refused():
    with pytest.raises(R2ValidationError) as error:
        parse_bundle(
            bundle([row(0, "a", "x")])
            | {"results": [row(0, "a", "x") | {"similarity": float("nan")}]}
        )
    assert error.value.field == "results[0].similarity"


def test_rank_strict_order_with_chunk_id_tie_break_and_anchors():
    data = bundle([row(2, "c", "gamma text"), row(0, "b", "beta text"), row(1, "a", "alpha")])
    answer = run(data)
    assert [(u.anchor, u.chunk_id) for u in answer.used_chunks] == [
        ("C0", "b"),
        ("C1", "a"),
        ("C2", "c"),
    ]
    assert [c.anchor for c in answer.citations] == ["C0", "C1", "C2"]


def test_everything_below_the_gate_is_no_evidence():
    answer = run(bundle([row(0, "a", "valve text", similarity=0.75), row(1, "b", "other", 0.5)]))
    assert answer.assembly_status == "NO_EVIDENCE" and answer.used_chunks == []
    assert "below 0.76" in answer.reason


def test_rows_below_the_chunk_gate_are_dropped():
    answer = run(bundle([row(0, "a", "valve text", 0.9), row(1, "b", "bearing text", 0.5)]))
    assert [u.chunk_id for u in answer.used_chunks] == ["a"]
    assert answer.metrics["dropped"] == {"below_similarity": 1}


def test_near_duplicates_are_removed():
    text = "The discharge valve must be inspected every 90 days."
    answer = run(bundle([row(0, "a", text), row(1, "b", text + " Really."), row(2, "c", "Other.")]))
    assert [u.chunk_id for u in answer.used_chunks] == ["a", "c"]
    assert answer.metrics["dropped"]["near_duplicate"] == 1


def test_per_knowledge_id_cap_and_max_chunks():
    rows = [
        row(i, f"c{i}", f"distinct text item{i} " + "w" * i, knowledge_id="same") for i in range(4)
    ]
    assert len(run(bundle(rows)).used_chunks) == 3  # 2026-11.9: three per knowledge_id
    many = [
        row(i, f"c{i}", f"unique words set {i} " + " ".join(f"x{i}{j}" for j in range(5)))
        for i in range(8)
    ]
    assert len(run(bundle(many)).used_chunks) == 5


def test_knowledge_cap_is_a_policy_field_whose_old_value_stays_selectable():
    """2026-11.9 (d438): up to three chunks of one document; 2026-11.8's two with
    max_per_knowledge_id=2. The cap counts per knowledge_id: another document's chunk passes."""
    rows = [
        row(i, f"c{i}", f"distinct text item{i} " + "w" * i, knowledge_id="paper") for i in range(4)
    ] + [row(4, "m0", "the manual's own words", knowledge_id="manual")]
    assert POLICY.max_per_knowledge_id == 3
    assert POLICY.policy_version == "answer-assembly/2026-11.24"
    answer = run(bundle(rows))
    assert [u.chunk_id for u in answer.used_chunks] == ["c0", "c1", "c2", "m0"]
    assert answer.metrics["dropped"]["knowledge_cap"] == 1
    old = SelectionPolicy(max_per_knowledge_id=2)
    answer = run(bundle(rows), old)
    assert [u.chunk_id for u in answer.used_chunks] == ["c0", "c1", "m0"]
    assert answer.metrics["dropped"]["knowledge_cap"] == 2
    assert old.sha256 != POLICY.sha256


def test_budget_pruning_removes_the_lowest_rank_first():
    long = " ".join(f"word{i}" for i in range(300))
    rows = [row(i, f"c{i}", f"{i} " + long.replace("word", f"w{i}x")) for i in range(4)]
    policy = SelectionPolicy(max_evidence_tokens=1000, max_chunk_token_ratio=0.5)
    answer = run(bundle(rows), policy)
    assert [u.rank for u in answer.used_chunks] == [0, 1]  # ranks 3 then 2 pruned
    assert answer.metrics["dropped"]["budget"] == 2
    assert sum(u.token_count for u in answer.used_chunks) <= 1000
    assert all(u.trimmed for u in answer.used_chunks)  # each trimmed to its 500-token share


def test_equipment_filter_drops_rows_without_equipment():
    rows = [
        row(0, "a", "valve", equipment_id=None),
        row(1, "b", "pump", equipment_id="P-1"),
        row(2, "c", "motor", equipment_id="P-2"),
    ]
    answer = run(bundle(rows, filters_applied={"equipment_id": "P-1"}))
    assert [u.chunk_id for u in answer.used_chunks] == ["b"]
    none = run(bundle(rows[:1], filters_applied={"equipment_id": "P-9"}))
    assert none.assembly_status == "NO_EVIDENCE"


def test_retrieval_no_evidence_escalates():
    assert run(bundle([], retrieval_status="NO_EVIDENCE")).assembly_status == "NO_EVIDENCE"


def test_sanitization_keeps_words_and_removes_control_characters():
    assert sanitize("a\x00b\x07  c\t\td\r\n\n e ") == "ab c d\ne"


def test_tokens_are_exact_bpe_counts_offline():
    assert count_tokens("hello world") == 2
    assert count_tokens("罚款为1.5万元") > 3
    assert count_tokens(truncate_to_tokens("one two three four five", 3)) <= 3


def test_policy_is_frozen_and_hashed():
    assert SelectionPolicy().sha256 == POLICY.sha256
    assert SelectionPolicy(max_chunks=3).sha256 != POLICY.sha256
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="frozen"):
        POLICY.max_chunks = 9
