"""Issue 11: sentences of answer-assembly-r2-r6.md, each a test named after it (R2 contract,
sanitization, token allocation, similarity gate, R4 identity, policy), without a database."""

from __future__ import annotations

import pytest

from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider, LLMResult
from groundgate.pipeline.prompt import Prompt
from groundgate.pipeline.run import run_pipeline
from groundgate.pipeline.select import R2ValidationError, parse_bundle, sanitize, select
from groundgate.pipeline.tokens import count_tokens
from tests.pipeline.test_r2_select import bundle, row

POLICY = SelectionPolicy()
VALVE = "The discharge valve must be inspected every 90 days by the operator on duty."


def fails(data: dict) -> R2ValidationError:
    with pytest.raises(R2ValidationError) as error:
        select(parse_bundle(data), POLICY)
    return error.value


def with_row(**changes) -> dict:
    data = row(0, "a", VALVE)
    for key, value in changes.items():
        if value is ...:
            data.pop(key)
        else:
            data[key] = value
    return bundle([data])


# R2 input contract: each retrieval_result_row must include ...
@pytest.mark.parametrize("name", ["chunk_id", "rank", "faiss_id", "similarity", "chunk_text"])
def test_each_retrieval_result_row_must_include_its_required_fields_not_null(name):
    for missing in (with_row(**{name: ...}), with_row(**{name: None})):
        error = fails(missing)
        assert (error.rule, error.field) == ("V1", f"results[0].{name}")


def test_knowledge_type_effective_not_null():
    error = fails(with_row(knowledge_type_effective=None))
    assert (error.rule, error.field) == ("V1", "results[0].knowledge_type_effective")


def test_the_row_uses_the_spec_field_names():
    data = with_row(knowledge_type_effective=...)
    data["results"][0]["knowledge_type"] = "manual"
    error = fails(data)
    assert error.field == "results[0].knowledge_type"
    assert "knowledge_type_effective" in error.message
    used = select(parse_bundle(bundle([row(0, "a", VALVE)])), POLICY).used_chunks[0]
    assert (used.faiss_id, used.knowledge_type_effective) == (100, "manual")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("similarity", "0.91"),
        ("similarity", True),
        ("rank", "0"),
        ("rank", 0.0),
        ("faiss_id", "17"),
        ("faiss_id", False),
        ("chunk_id", 7),
    ],
)
def test_v1_types_match_expected_schema(name, value):
    error = fails(with_row(**{name: value}))
    assert (error.rule, error.field) == ("V1", f"results[0].{name}")


def test_v1_types_are_strict_in_json_too():
    import json

    text = json.dumps(with_row(similarity="0.91"))
    with pytest.raises(R2ValidationError) as error:
        parse_bundle(text)
    assert (error.value.rule, error.value.field) == ("V1", "results[0].similarity")
    assert parse_bundle(json.dumps(with_row(similarity=1))).results[0].similarity == 1.0


def test_v3_similarity_is_finite_number():
    assert fails(with_row(similarity=float("inf"))).rule == "V3"
    assert fails(with_row(similarity=-0.1)).rule == "V3"


def test_knowledge_id_is_optional_and_then_the_chunk_is_its_own_knowledge_item():
    texts = [VALVE, "Bearings are greased every 2,000 hours.", "Seals are replaced yearly."]
    rows = [row(i, f"c{i}", text) for i, text in enumerate(texts)]
    for r in rows:
        r.pop("knowledge_id")
    used = select(parse_bundle(bundle(rows)), SelectionPolicy(max_per_knowledge_id=1)).used_chunks
    assert [u.knowledge_id for u in used] == ["c0", "c1", "c2"]


# Evidence sanitization rules.
def test_sanitization_remove_control_characters_including_c1():
    assert sanitize("valve\x85pump\x9bseal\x80x") == "valve\npumpsealx"


def test_sanitization_normalize_whitespace_vertical_tab_and_form_feed_never_glue_words():
    assert sanitize("valve\x0bpump\x0cseal\u2003ring\u3000end") == "valve pump seal ring end"


def test_sanitization_zero_width_and_bidi_controls_are_removed():
    assert sanitize("in\u200bspect \u2060every\ufeff 90\u00ad days") == "inspect every 90 days"
    assert sanitize("\u202eevil\u202c text") == "evil text"
    assert sanitize("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645") == (
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"  # ZWNJ spells Persian: kept
    )


def test_sanitization_lone_cr_is_a_line_break():
    assert sanitize("line one\rline two\r\nline three\u2028four") == (
        "line one\nline two\nline three\nfour"
    )


def test_sanitization_strip_null_bytes():
    assert sanitize("val\x00ve") == "valve"


# Similarity gate.
def test_if_retrieval_status_is_success_then_top_similarity_must_exist():
    error = fails(bundle([]))
    assert (error.rule, error.field) == ("V3", "results")


def test_top_similarity_is_the_maximum_or_rank_0_by_policy():
    # A reranked list: rank 0 is weaker than rank 1.
    rows = [row(0, "a", "Bearings are greased often.", 0.5), row(1, "b", VALVE, 0.9)]
    by_max = select(parse_bundle(bundle(rows)), POLICY)
    assert by_max.assembly_status == "OK"
    assert [u.chunk_id for u in by_max.used_chunks] == ["b"]  # rank 0 still below min_similarity
    rank0 = SelectionPolicy(top_similarity="rank0")
    refused = select(parse_bundle(bundle(rows)), rank0)
    assert refused.assembly_status == "NO_EVIDENCE"
    assert "top similarity (rank0) 0.50" in refused.reason
    assert rank0.sha256 != POLICY.sha256


# Token allocation contract.
class Recording:
    """A provider that records the prompts it is sent (and answers by quoting C0)."""

    name = "recording"

    def __init__(self, model: str = POLICY.model):
        self.model = model
        self.prompts: list[Prompt] = []

    def generate(self, prompt: Prompt, *, refusal: str) -> LLMResult:
        self.prompts.append(prompt)
        return ExtractiveProvider(model=self.model).generate(prompt, refusal=refusal)


def long_bundle(question: str) -> dict:
    rows = [
        row(
            i,
            f"c{i}",
            f"The discharge valve {i} is inspected every 90 days. "
            + " ".join(f"w{i}x{j}" for j in range(400)),
        )
        for i in range(4)
    ]
    return bundle(rows, user_question=question)


def test_never_exceed_max_total_prompt_tokens():
    question = "How often must the discharge valve be inspected? " + "Please answer. " * 300
    policy = SelectionPolicy(max_evidence_tokens=2000, max_chunk_token_ratio=0.5)
    provider = Recording()
    run = run_pipeline(parse_bundle(long_bundle(question)), policy, provider)
    (prompt,) = provider.prompts
    assert prompt.tokens + policy.reserved_output_tokens <= policy.max_total_prompt_tokens
    assert count_tokens(prompt.text) == prompt.tokens
    assert run.bundle.metrics["dropped"]["prompt_budget"] >= 1  # lowest ranks pruned first
    assert run.bundle.used_chunks[-1].trimmed


def test_a_prompt_that_cannot_fit_fails_fast_with_a_reason():
    question = "How often must the discharge valve be inspected? " + "Please answer. " * 900
    provider = Recording()
    run = run_pipeline(parse_bundle(long_bundle(question)), POLICY, provider)
    assert provider.prompts == []  # nothing sent
    assert run.public.status == "FAILED" and run.public.answer == ""
    assert run.reason.startswith("R3 token budget:")
    assert run.r5.failure_reason == "GENERATION_FAILED"


# R4: fixed model identity, no silent fallback.
def test_fixed_model_identity_no_silent_fallback():
    provider = Recording(model="another-model")
    run = run_pipeline(parse_bundle(bundle([row(0, "a", VALVE)])), POLICY, provider)
    assert provider.prompts == []
    assert run.public.status == "FAILED"
    assert "is not the policy's 'extractive-v4'" in run.reason


def test_policy_fields_that_nothing_reads_are_not_in_the_hashed_policy():
    fields = set(SelectionPolicy.model_fields)
    assert "temperature" not in fields and "max_retries" not in fields
    with pytest.raises(ValueError):
        SelectionPolicy(temperature=0.0)
