"""POST /api/v1/answer's errors, body for body: the answering service's bad input (a bundle's V1
failure, a reused request_id, a provider that cannot run) as the API's one error shape."""

from __future__ import annotations

import pytest

from tests.pipeline.test_pipeline import QUESTION, external_bundle, manual  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def test_the_answer_api_errors(manual, settings):  # noqa: F811
    from tests.api.conftest import api_client

    client = api_client("asker", manual)

    def post(body: dict) -> tuple[int, dict]:
        response = client.post("/api/v1/answer", body, format="json")
        return response.status_code, response.json()

    def invalid(field: str, message: str) -> tuple[int, dict]:
        return 400, {"detail": "invalid input", "errors": [{"field": field, "message": message}]}

    # V1 at the bundle's root is the field retrieval_bundle itself.
    not_json = "V1 (root): not valid JSON: EOF while parsing a value at line 1 column 0"
    assert post({"retrieval_bundle": ""}) == invalid("retrieval_bundle", not_json)
    missing = "V1 request_id: required field is missing"
    assert post({"retrieval_bundle": {}}) == invalid("retrieval_bundle.request_id", missing)
    assert post({"retrieval_bundle": external_bundle()})[0] == 200
    reused = (
        "request_id: 'ext-1' is already stored with another bundle, policy or model; "
        "use a new request_id"
    )
    assert post({"retrieval_bundle": external_bundle(similarity=0.95)}) == (
        409,
        {"detail": reused, "errors": [{"field": "retrieval_bundle.request_id", "message": reused}]},
    )
    # A provider that cannot run: the field is the message's head.
    settings.OPENAI_API_KEY = ""
    no_key = "provider openai: set OPENAI_API_KEY (and OPENAI_BASE_URL)"
    assert post({"question": QUESTION, "provider": "openai"}) == invalid("provider openai", no_key)
    settings.GROUNDGATE_LLM_PROVIDER = "bogus"
    bogus = "provider must be extractive or openai; got 'bogus'"
    assert post({"question": QUESTION}) == invalid("provider", bogus)


def test_answer_takes_exactly_one_of_question_and_bundle(manual):  # noqa: F811
    from groundgate.services.answering import answer

    with pytest.raises(ValueError, match=r"^question: give exactly one of"):
        answer(dataset=manual)
    with pytest.raises(ValueError, match=r"^question: give exactly one of"):
        answer(dataset=manual, question=QUESTION, bundle=external_bundle())
    assert answer(dataset=manual, question=QUESTION).run.public.status == "OK"
    assert answer(dataset=manual, bundle=external_bundle()).run.public.request_id == "ext-1"
