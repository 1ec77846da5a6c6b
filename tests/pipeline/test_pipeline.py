"""The whole pipeline on stored chunks: retrieval, R2-R6, Phase-3, storage for review, and the
CLI and API surfaces. The spec's R5 tests run through the pipeline with canned model answers
from an OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from groundgate.pipeline.llm import OpenAIProvider
from groundgate.services.answering import answer_question
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from reviews.models import QueueEntry
from tests.conftest import ROOT
from tests.pipeline.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db
QUESTION = "How often must the discharge valve be inspected?"


@pytest.fixture
def manual(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="manual")
    pdf = ROOT / "fixtures" / "demo" / "demo-documents.pdf"
    document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name)
    return dataset


def canned(server: FakeOpenAI) -> OpenAIProvider:
    return OpenAIProvider(
        base_url=server.base_url, api_key="k", model="gpt-test", timeout=5, max_retries=0, backoff=0
    )


def test_grounded_answer_end_to_end_and_stored_for_review(manual):
    result = answer_question(dataset=manual, question=QUESTION)
    public = result.run.public
    assert public.status == "OK"
    assert public.answer == "The discharge valve of each pump must be inspected every 90 days [C0]."
    assert [c.anchor for c in public.citations] == ["C0"]
    dumped = public.model_dump()
    assert set(dumped) == {
        "request_id",
        "status",
        "answer",
        "citations",
        "token_usage",
        "latency_ms",
    }
    assert set(dumped["citations"][0]) == {
        "anchor",
        "knowledge_id",
        "source_reference",
        "event_date",
        "equipment_id",
    }  # no text, no scores
    case = result.case
    assert case.kind == "anchored" and case.question == QUESTION
    run = case.gate_runs.get()
    assert run.status == "PASSED"
    pipeline = case.payload["pipeline"]
    assert pipeline["prompt_sha256"] == result.run.prompt.sha256
    assert pipeline["model"] == "extractive-v4" and pipeline["token_usage"]["total"] > 0
    assert QueueEntry.objects.get(case=case).passed is True


def test_determinism_same_prompt_bytes_and_public_response(manual):
    first = answer_question(dataset=manual, question=QUESTION)
    again = answer_question(dataset=manual, question=QUESTION)
    assert first.run.prompt.data == again.run.prompt.data
    one, two = first.run.public.model_dump(), again.run.public.model_dump()
    one.pop("latency_ms"), two.pop("latency_ms")  # a measurement; everything else is identical
    assert one == two
    assert (first.created, again.created) == (True, False)  # idempotent storage


def test_unrelated_question_is_refused_as_no_evidence(manual):
    public = answer_question(dataset=manual, question="Who won the cricket world cup?").run.public
    assert (public.status, public.citations) == ("NO_EVIDENCE", [])
    assert public.answer == "I cannot answer this question from the available evidence."


def test_chinese_question(manual):
    public = answer_question(dataset=manual, question="2023年地表水水质优良比例是多少？").run.public
    assert public.status == "OK" and "86.7%" in public.answer


# The spec's five R5 tests, through the whole pipeline (model answers from the local server).
def ask(manual, answer_text: str):
    with FakeOpenAI([answer_text]) as server:
        return answer_question(dataset=manual, question=QUESTION, provider=canned(server)).run


def test_r5_1_valid_answer_passes(manual):
    run = ask(manual, "The discharge valve must be inspected every 90 days [C0].")
    assert (run.r5.validation_status, run.r5.generation_status) == ("PASSED", "OK")
    assert run.r5.validated_citations == ["C0"] and run.public.status == "OK"


def test_r5_2_invented_citation_fails(manual):
    run = ask(manual, "The discharge valve must be inspected every 90 days [C99].")
    assert run.r5.failure_reason == "INVALID_CITATION_REFERENCE"
    assert (run.public.status, run.public.answer) == ("FAILED", "")


def test_r5_3_uncited_factual_sentence_fails(manual):
    run = ask(manual, "Inspect the valve every 90 days [C0]. The pump was made in Germany.")
    assert run.r5.failure_reason == "UNCITED_FACTUAL_STATEMENT"
    assert run.public.status == "FAILED"


def test_r5_4_bad_refusal_fails(manual):
    run = ask(manual, "Sorry, there is not enough evidence to answer.")
    assert run.r5.failure_reason == "INVALID_REFUSAL_FORMAT"


def test_r5_5_exact_refusal_passes(manual):
    run = ask(manual, "I cannot answer this question from the available evidence.")
    assert (run.r5.validation_status, run.r5.generation_status) == ("PASSED", "NO_EVIDENCE")
    assert run.public.status == "NO_EVIDENCE" and run.public.citations == []


def test_claim_coverage_after_generation_blocks_unsupported_claims(manual):
    with FakeOpenAI(["The warranty covers dry running for ten years [C0]."]) as server:
        result = answer_question(dataset=manual, question=QUESTION, provider=canned(server))
    run = result.run
    # The anchor is valid, but C0 does not cover the claim: R5 (with Phase-3 coverage) fails it.
    assert run.r5.failure_reason == "CLAIM_NOT_COVERED"
    assert run.public.status == "FAILED"
    assert run.coverage[0].is_covered is False
    # The persisted validation record says so too, not only the public response.
    stored = result.case.gate_runs.latest("id")
    assert (stored.status, stored.passed) == ("FAILED", False)
    assert json.loads(stored.verdict)["failure_reason"] == "CLAIM_NOT_COVERED"
    assert "UNCOVERED_CLAIM" in stored.finding_codes


def test_the_answer_api_returns_the_public_response(manual):
    from tests.api.conftest import api_client

    client = api_client("asker", manual)
    response = client.post(
        "/api/v1/answer", {"question": QUESTION, "dataset": "manual"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["status"] == "OK"
    assert client.post("/api/v1/answer", {"question": ""}, format="json").status_code == 400
    assert (
        api_client("stranger")
        .post("/api/v1/answer", {"question": QUESTION, "dataset": "manual"}, format="json")
        .status_code
        == 404
    )


def external_bundle(request_id: str = "ext-1", **row_changes) -> dict:
    """What a FAISS-based retriever hands over: the spec's R2 input, field for field."""
    first = {
        "rank": 0,
        "chunk_id": "faiss-chunk-17",
        "faiss_id": 17,
        "similarity": 0.91,
        "chunk_text": "The discharge valve must be inspected every 90 days.",
        "knowledge_type_effective": "manual",
        "knowledge_id": "pump-manual",
        "source_reference": "Pump manual, section 4",
        **row_changes,
    }
    return {
        "request_id": request_id,
        "user_question": QUESTION,
        "retrieval_status": "SUCCESS",
        "index_version": "faiss-2026-11",
        "embedding_model": "text-embedding-3-small",
        "top_k": 5,
        "results": [first],
        "run_id": "run-9",
    }


def test_the_answer_api_accepts_a_retrieval_bundle_in_the_body(manual):
    from tests.api.conftest import api_client

    client = api_client("asker", manual)

    def post(body):
        return client.post("/api/v1/answer", {"dataset": "manual", **body}, format="json")

    first = post({"retrieval_bundle": external_bundle()})
    assert first.status_code == 200, first.json()
    assert first.json()["status"] == "OK" and first.json()["request_id"] == "ext-1"
    assert first.json()["citations"][0]["source_reference"] == "Pump manual, section 4"
    case = manual.cases.get(external_id="ext-1")
    assert case.payload["pipeline"]["trace"]["index_version"] == "faiss-2026-11"
    # The same bundle again is idempotent; another bundle with its request_id is a conflict.
    assert post({"retrieval_bundle": external_bundle()}).status_code == 200
    assert manual.cases.filter(external_id="ext-1").count() == 1
    changed = post({"retrieval_bundle": external_bundle(similarity=0.95)})
    assert changed.status_code == 409
    assert changed.json()["errors"][0]["field"] == "retrieval_bundle.request_id"
    # V1 fails fast with the field; V2-V5 failures are FAILED runs (nothing sent to a model).
    bad = post({"retrieval_bundle": external_bundle("ext-2", similarity=True)})
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["field"] == "retrieval_bundle.results[0].similarity"
    assert "V1" in bad.json()["errors"][0]["message"]
    v2 = post({"retrieval_bundle": external_bundle("ext-3", rank=1)})
    assert v2.status_code == 200 and v2.json()["status"] == "FAILED"
    neither = post({})
    assert neither.status_code == 400
    both = post({"question": QUESTION, "retrieval_bundle": external_bundle()})
    assert both.status_code == 400


# One real process runs the whole path a user takes: a fresh interpreter, settings from the
# environment, a file database migrated and filled by the management commands, then the
# `groundgate answer` command; its exit status is the process's. One boot instead of seven.
ONE_PROCESS = """
import sys

import django

django.setup()
from django.core.management import call_command

call_command("migrate", verbosity=0)
call_command("ingest", "fixtures/demo/demo-documents.pdf", "--dataset", "manual", stdout=sys.stderr)
from groundgate.cli import main

sys.exit(main(["answer", sys.argv[1], "--dataset", "manual", "--json"]))
"""


def test_the_answer_command_answers_in_a_real_process(tmp_path):
    env = dict(
        os.environ,
        DATABASE_URL=f"sqlite:///{tmp_path / 'cli.sqlite3'}",
        MEDIA_ROOT=str(tmp_path / "m"),
        DJANGO_SETTINGS_MODULE="groundgate.settings",
    )
    ok = subprocess.run(
        [sys.executable, "-c", ONE_PROCESS, QUESTION],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["status"] == "OK"


def test_the_answer_command_exit_codes(manual, capfd, tmp_path):
    """The other outcomes, through the same main() in this process (on the test database)."""
    from groundgate.cli import main

    def answer(*args) -> tuple[int, str, str]:
        code = main(["answer", *args])
        out, err = capfd.readouterr()
        return code, out, err

    code, out, _ = answer(QUESTION, "--dataset", "manual", "--json")
    assert code == 0 and json.loads(out)["status"] == "OK"
    code, out, _ = answer("Who won the cricket world cup?", "--dataset", "manual")
    assert code == 1 and out.startswith("refused: ")  # the queue's word; --json: NO_EVIDENCE
    code, _, err = answer(QUESTION, "--dataset", "nope")
    assert code == 2 and "no dataset 'nope'" in err
    assert answer("   ", "--dataset", "manual")[0] == 2
    _, _, err = answer(QUESTION, "--dataset", "manual", "--verbose")
    assert '"r4_llm"' in err

    # An R2 retrieval bundle from the user's own retriever, from a file.
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(external_bundle()))
    code, out, err = answer("--bundle", str(path), "--dataset", "manual", "--json")
    assert code == 0, err
    assert json.loads(out)["request_id"] == "ext-1"
    path.write_text(json.dumps(external_bundle(similarity="0.91")))
    code, _, err = answer("--bundle", str(path), "--dataset", "manual")
    assert code == 2
    assert "V1 results[0].similarity" in err and str(path) in err
    code, _, err = answer(QUESTION, "--bundle", str(path), "--dataset", "manual")
    assert code == 2 and "exactly one of QUESTION and --bundle" in err


def test_the_case_page_shows_the_run(manual):
    from django.test import Client

    from groundgate.models import Role
    from groundgate.services.datasets import membership_grant

    result = answer_question(dataset=manual, question=QUESTION)
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("rita")
    membership_grant(dataset=manual, user=user, role=Role.REVIEWER)
    client = Client()
    client.force_login(user)
    html = client.get(f"/d/manual/cases/{result.case.pk}/").content.decode()
    assert "Answering run" in html and result.run.prompt.sha256[:16] in html
    assert "extractive-v4" in html


def test_a_pipeline_answer_shows_its_cited_page(manual):
    from django.contrib.auth import get_user_model
    from django.test import Client

    from groundgate.models import Role
    from groundgate.services.datasets import membership_grant

    result = answer_question(dataset=manual, question=QUESTION)
    user = get_user_model().objects.create_user("sam")
    membership_grant(dataset=manual, user=user, role=Role.REVIEWER)
    client = Client()
    client.force_login(user)
    page = client.get(f"/d/manual/cases/{result.case.pk}/")
    assert page.context["pages"] and page.context["pages"][0]["index"] == 0
    image = client.get(
        f"/d/manual/documents/{page.context['pages'][0]['document_id']}/pages/0.png"
        f"?case={result.case.pk}"
    )
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
