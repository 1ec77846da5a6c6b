"""Gate answers in a test suite: `assert_grounded(answer, chunks)` runs the answer gate in
process (no server, no database, no Django), like DeepEval's `assert_test`.

    from groundgate.testing import assert_grounded

    def test_the_bot_cites_what_it_says():
        docs = retriever.invoke("How often is the valve inspected?")
        answer = chain.invoke(...)            # "The valve is inspected every 90 days [C0]."
        assert_grounded(answer, docs, question="How often is the valve inspected?")

`chunks` are the retriever's documents (LangChain Documents, LlamaIndex nodes, raw chunk dicts);
`answer` is the model's text with its citation markers, or an `answer` object of the case
contract (`{"conclusion", "evidences"}`). A verdict other than `ok` fails the test with every
finding (code, message, the words it is about). The verdict is returned for further checks.

Installed as a pytest plugin (entry point `groundgate`): the `assert_grounded` fixture is the
same function, and `--groundgate-policy verbatim|PATH.json` chooses the gate's policy for a run.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

from groundgate.client.cases import answer_case
from groundgate.client.chunks import raw_chunks
from groundgate.engine.registry import get_gate, policy_presets

_policy_choice: str | None = None


def _policy(policy: Any) -> Any:
    spec = get_gate("answer")
    choice = policy if policy is not None else _policy_choice
    if choice is None:
        return spec.default_policy
    if isinstance(choice, spec.policy_model):
        return choice
    presets = policy_presets("answer")
    if isinstance(choice, str) and choice in presets:
        return presets[choice]
    if isinstance(choice, Mapping):
        return spec.policy_model.model_validate(choice)
    return spec.policy_model.model_validate(json.loads(Path(choice).read_text()))


def _where(finding: Mapping[str, Any], case: Mapping[str, Any]) -> str:
    field, span = finding.get("field"), finding.get("span")
    if field == "answer.conclusion" and span:
        text = case["answer"].get("conclusion") or ""
        return f' at "{text[span[0] : span[1]]}"'
    return f" ({field})" if field else ""


def assert_grounded(
    answer: str | Mapping[str, Any],
    chunks: Iterable[Any],
    *,
    question: str = "",
    case_id: str = "test",
    citation_pattern: str | None = None,
    policy: Any = None,
    allow: Iterable[str] = (),
) -> dict[str, Any]:
    """Gate `answer` against `chunks`; raise AssertionError listing the findings unless the
    verdict is `ok` (or every error finding's code is in `allow`). Returns the verdict (JSON)."""
    if isinstance(answer, str):
        case = answer_case(
            case_id=case_id,
            question=question,
            documents=chunks,
            answer=answer,
            citation_pattern=citation_pattern,
        )
    else:
        case = {
            "case_id": case_id,
            "question": question,
            "raw_chunks": raw_chunks(chunks),
            "answer": dict(answer),
        }
    spec = get_gate("answer")
    verdict = spec.run(spec.input_model.model_validate(case), _policy(policy))
    result = verdict.model_dump(mode="json")
    allowed = set(allow)
    blocking = [
        f for f in result["findings"] if f.get("severity") == "error" and f["code"] not in allowed
    ]
    if result["status"] != "ok" and (blocking or not allowed):
        lines = [f"answer is not grounded (status {result['status']}):"]
        lines += [
            f"  {f['code']}: {f['message']}{_where(f, case)}"
            for f in result["findings"]
            if f.get("severity") != "info"
        ]
        if not case["answer"].get("evidences"):
            lines.append("  (no citation of a chunk was found in the answer)")
        raise AssertionError("\n".join(lines))
    return result


# -- the pytest plugin (entry point `groundgate` in pyproject.toml) ------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("groundgate").addoption(
        "--groundgate-policy",
        default=None,
        help="answer gate policy for assert_grounded: a preset (verbatim) or a policy JSON file",
    )


def pytest_configure(config: pytest.Config) -> None:
    global _policy_choice
    _policy_choice = config.getoption("--groundgate-policy", default=None)


@pytest.fixture(name="assert_grounded")
def assert_grounded_fixture() -> Callable[..., dict[str, Any]]:
    """The assert_grounded function, for tests that prefer a fixture to an import."""
    return assert_grounded
