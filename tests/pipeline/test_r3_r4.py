"""R3 prompt bytes and the R4 execution contract's five invariants, against an OpenAI-compatible
server on 127.0.0.1 driven through the real openai SDK."""

from __future__ import annotations

import json

from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider, LLMResult, OpenAIProvider
from groundgate.pipeline.prompt import build_prompt, parse_prompt
from groundgate.pipeline.select import parse_bundle, select
from tests.pipeline.fake_openai import FakeOpenAI
from tests.pipeline.test_r2_select import bundle, row

POLICY = SelectionPolicy()
ANSWER = select(
    parse_bundle(
        bundle(
            [
                row(0, "pm-1", "The discharge valve must be inspected every 90 days. Keep a log."),
                row(1, "pm-2", "Bearings are greased every 2,000 operating hours."),
            ]
        )
    ),
    POLICY,
)
QUESTION = "How often must the discharge valve be inspected?"


def provider(server: FakeOpenAI, retries: int = 2) -> OpenAIProvider:
    return OpenAIProvider(
        base_url=server.base_url,
        api_key="test-key",
        model="gpt-test",
        timeout=5,
        max_output_tokens=300,
        max_retries=retries,
        backoff=0,
    )


def test_prompt_bytes_are_deterministic_and_hashed():
    first = build_prompt(ANSWER, QUESTION, POLICY)
    again = build_prompt(ANSWER, QUESTION, POLICY)
    assert first.data == again.data and first.sha256 == again.sha256
    assert (
        first.text.index("=== SYSTEM ===")
        < first.text.index("=== RULES ===")
        < first.text.index("=== EVIDENCE ===")
        < first.text.index("=== QUESTION ===")
        < first.text.index("=== OUTPUT ===")
    )
    items, question = parse_prompt(first.text)
    assert [a for a, _ in items] == ["C0", "C1"] and question == QUESTION
    assert POLICY.refusal_text in first.text


def test_1_no_prompt_mutation():
    prompt = build_prompt(ANSWER, QUESTION, POLICY)
    with FakeOpenAI(["Every 90 days [C0]."]) as server:
        provider(server).generate(prompt, refusal=POLICY.refusal_text)
    sent = json.loads(server.requests[0])
    assert sent["input"] == prompt.text  # byte for byte, no prefix, suffix or trimming


def test_2_no_silent_fallback():
    prompt = build_prompt(ANSWER, QUESTION, POLICY)
    with FakeOpenAI([500]) as server:
        result = provider(server, retries=2).generate(prompt, refusal=POLICY.refusal_text)
    assert result.generation_status == "FAILED" and result.model_name == "gpt-test"
    assert {json.loads(r)["model"] for r in server.requests} == {"gpt-test"}
    assert len(server.requests) == 3  # the first try and two retries, then FAILED


def test_3_no_parameter_drift():
    prompt = build_prompt(ANSWER, QUESTION, POLICY)
    with FakeOpenAI([429, 503, "Every 90 days [C0]."]) as server:
        result = provider(server).generate(prompt, refusal=POLICY.refusal_text)
    params = [{k: v for k, v in json.loads(r).items() if k != "input"} for r in server.requests]
    assert params == [{"model": "gpt-test", "temperature": 0.0, "max_output_tokens": 300}] * 3
    assert result.attempts == 3


def test_4_no_prompt_corruption_across_retries():
    prompt = build_prompt(ANSWER, QUESTION, POLICY)
    with FakeOpenAI([500, 429, "ok [C0]."]) as server:
        provider(server).generate(prompt, refusal=POLICY.refusal_text)
    assert len(set(server.requests)) == 1 and len(server.requests) == 3  # identical bytes


def test_5_no_contract_violation_in_the_output_shape():
    prompt = build_prompt(ANSWER, QUESTION, POLICY)
    with FakeOpenAI(["Every 90 days [C0]."]) as server:
        result = provider(server).generate(prompt, refusal=POLICY.refusal_text)
    assert isinstance(result, LLMResult)
    assert (result.generation_status, result.raw_model_text) == ("OK", "Every 90 days [C0].")
    assert (result.model_name, result.prompt_sha256, result.response_id) == (
        "gpt-test",
        prompt.sha256,
        "resp_0001",
    )
    assert (
        result.prompt_tokens_actual,
        result.completion_tokens_actual,
        result.total_tokens_actual,
    ) == (120, 20, 140)
    assert result.llm_latency_ms > 0


def test_client_errors_are_not_retried():
    prompt = build_prompt(ANSWER, QUESTION, POLICY)
    with FakeOpenAI([400]) as server:
        result = provider(server).generate(prompt, refusal=POLICY.refusal_text)
    assert result.generation_status == "FAILED" and len(server.requests) == 1


def test_the_offline_provider_quotes_evidence_with_anchors():
    prompt = build_prompt(ANSWER, QUESTION, POLICY)
    result = ExtractiveProvider().generate(prompt, refusal=POLICY.refusal_text)
    assert result.raw_model_text == "The discharge valve must be inspected every 90 days [C0]."
    assert result.prompt_sha256 == prompt.sha256
    assert (
        ExtractiveProvider().generate(prompt, refusal="R").raw_model_text == result.raw_model_text
    )
