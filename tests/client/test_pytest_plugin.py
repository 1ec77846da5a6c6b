"""assert_grounded: the answer gate in a user's own test suite, in process. Checked directly and
through pytest itself (pytester runs a test file in a child pytest with the plugin loaded from
its installed entry point, as in a user's project)."""

from __future__ import annotations

import pytest
from langchain_core.documents import Document

from groundgate.testing import assert_grounded

pytest_plugins = ["pytester"]

DOCS = [
    Document(
        id="p3",
        page_content="The discharge valve must be inspected every 90 days.",
        metadata={"page": 2},
    ),
    Document(page_content="Revenue was $1,577 million in 2023.", metadata={"page_number": 7}),
]


def test_a_grounded_answer_passes_and_returns_its_verdict():
    verdict = assert_grounded("Inspect the valve every 90 days [p3].", DOCS, question="How often?")
    assert verdict["status"] == "ok"
    assert verdict["evidences"][0]["page_index"] == 2


def test_an_ungrounded_answer_fails_naming_the_finding_and_the_words():
    with pytest.raises(AssertionError) as failed:
        assert_grounded("Revenue was $1,757 million in 2023 [2].", DOCS)
    message = str(failed.value)
    assert "answer is not grounded" in message
    assert "1,757" in message


def test_an_answer_citing_nothing_says_so():
    with pytest.raises(AssertionError, match="no citation"):
        assert_grounded("The valve is inspected every 90 days.", DOCS)


def test_raw_chunks_and_a_structured_answer_are_taken_as_they_are():
    chunks = [{"chunk_id": "c1", "text": "Pressure must stay between 4.5 and 6.0 bar."}]
    answer = {
        "conclusion": "Keep the pressure between 4.5 and 6.0 bar.",
        "evidences": [{"chunk_id": "c1", "excerpt": "between 4.5 and 6.0 bar"}],
    }
    assert assert_grounded(answer, chunks)["status"] == "ok"


def test_the_plugin_works_in_a_users_suite(pytester, monkeypatch):
    # A user's project, not ours: the child does not inherit the Django settings pytest-django put
    # in this process's environment (setting Django up there cost ~3 CPU-s a run, d455).
    monkeypatch.delenv("DJANGO_SETTINGS_MODULE", raising=False)
    pytester.makepyfile(
        """
        def test_fixture_passes(assert_grounded):
            chunks = [{"chunk_id": "c1", "text": "The valve is inspected every 90 days."}]
            assert_grounded("Every 90 days [c1].", chunks)

        def test_import_fails():
            from groundgate.testing import assert_grounded
            chunks = [{"chunk_id": "c1", "text": "The valve is inspected every 90 days."}]
            assert_grounded("Every 60 days [c1].", chunks)
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*answer is not grounded*", "*60*"])
    verbatim = pytester.runpytest_subprocess("--groundgate-policy", "verbatim")
    verbatim.assert_outcomes(passed=1, failed=1)
