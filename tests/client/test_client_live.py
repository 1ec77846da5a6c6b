"""The Python client against the real app served over real HTTP: gunicorn on 127.0.0.1 with a
fresh seeded database (tests/hostile/live_server.py). A case built from real LangChain
Documents is gated and stored; resubmitted it is the same case; every error answer becomes the
exception that names it."""

from __future__ import annotations

import pytest
from langchain_core.documents import Document

from groundgate.client import (
    AuthenticationFailed,
    BadRequest,
    Conflict,
    GroundGate,
    GroundGateUnreachable,
    NotFound,
    TooLarge,
    answer_case,
)
from tests.hostile.live_server import free_port, live_server, token

QUESTION = "How often must the discharge valve be inspected?"
DOCS = [
    Document(
        id="pump-p3-c1",
        page_content="The discharge valve of each pump must be inspected every 90 days.",
        metadata={"source": "pump-manual.pdf", "page": 2},
    ),
    Document(
        page_content="Lubricate the bearings with 120 g of grease every 2,000 operating hours.",
        metadata={"source": "pump-manual.pdf", "page": 2},
    ),
]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    port = free_port()
    var_dir = tmp_path_factory.mktemp("client-server")
    with live_server(var_dir, port=port, postgres_name="groundgate_client"):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture
def gg(base_url) -> GroundGate:
    return GroundGate(base_url, token=token("rita"), dataset="team")


def test_a_case_from_langchain_documents_is_gated_stored_and_linked(gg, base_url):
    case = answer_case(
        case_id="client-1",
        question=QUESTION,
        documents=DOCS,
        answer="The valve is inspected every 90 days [pump-p3-c1]. Bearings get 120 g [2].",
    )
    assert [c["chunk_id"] for c in case["raw_chunks"]] == ["pump-p3-c1", "C1"]
    assert case["raw_chunks"][0]["page_index"] == 2
    result = gg.gate(case)
    assert result.created and result.passed, result.verdict
    assert [e["chunk_id"] for e in result.verdict["evidences"]] == ["pump-p3-c1", "C1"]
    assert result.case_url and result.case_url.startswith(f"{base_url}/d/team/cases/")
    case_id = int(result.case_url.rstrip("/").rsplit("/", 1)[1])
    assert gg.case(case_id)["external_id"] == "client-1"

    again = gg.gate(case)
    assert not again.created and again.verdict == result.verdict
    assert again.case_url == result.case_url


def test_a_changed_number_fails_and_names_its_finding(gg):
    case = answer_case(
        case_id="client-2",
        question=QUESTION,
        documents=DOCS,
        answer="The valve is inspected every 60 days [C0].",
    )
    result = gg.gate(case)
    assert not result.passed and result.status != "ok"
    assert result.finding_codes, result.verdict


def test_errors_are_typed_and_say_why(gg, base_url):
    case = answer_case(case_id="client-3", question="q", documents=DOCS, answer="90 days [C0].")
    gg.gate(case)
    with pytest.raises(Conflict, match="client-3"):
        gg.gate(dict(case, question="another question"))
    with pytest.raises(BadRequest) as bad:
        gg.gate({"case_id": "client-4", "answer": {"evidences": "not a list"}})
    assert any(e["field"].startswith("answer.evidences") for e in bad.value.errors)
    assert "answer.evidences" in str(bad.value)
    with pytest.raises(AuthenticationFailed):
        GroundGate(base_url, token="0" * 40, dataset="team").gate(case)
    with pytest.raises(NotFound):
        gg.gate(case, dataset="no-such-dataset")
    with pytest.raises(GroundGateUnreachable):
        GroundGate(f"http://127.0.0.1:{free_port()}", token="x", timeout=5).gate(case)


def test_batches_and_listing(gg):
    cases = [
        answer_case(case_id=f"client-b{i}", question=QUESTION, documents=DOCS, answer=text)
        for i, text in enumerate(["Every 90 days [C0].", "Every 9 days [C0]."])
    ]
    items = gg.gate_batch([*cases, {"case_id": "bad"}])
    assert [i.status for i in items] == [201, 201, 400]
    assert [i.passed for i in items] == [True, False, False]
    assert items[2].errors and items[2].verdict is None
    with pytest.raises(TooLarge):
        gg.gate_batch([cases[0]] * 101)
    ids = {c["external_id"] for c in gg.cases()}
    assert {"client-b0", "client-b1", "demo-en-01"} <= ids
