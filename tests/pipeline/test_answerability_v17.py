"""answerability-v17 (issue 32, pipeline/answerability_v17.py, d722-d723; the default since
answer-assembly/2026-11.21): v16, and a general noun of the question is found where the chunk
names an instance of it (machine ~ MacBook, site ~ station). The texts are the demo PDF's and
tracemonkey.pdf's chunks as the index stores them; the questions are covered ones of the
question files that v16 refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.pipeline.answerability import chunk_answers
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.answerability_v17 import HYPERNYMS, names_an_instance
from groundgate.pipeline.contracts import SelectionPolicy
from tests.pipeline.test_answerability import INSPECTION, MANUAL
from tests.pipeline.test_coverage_checks import EXPERIMENTS, _run

FASTEST = (
    "TraceMonkey is the fastest VM on 9 of the 26 benchmarks (3d-morph, bitops-3bit-bits-in-byte, "
    "bitops-bitwise- and, crypto-sha1, math-cordic, math-partial-sums, math- spectral-norm, "
    "string-base64, string-validate-input)."
)


def _answers(question: str, text: str, version: int) -> bool:
    return chunk_answers(question_parts(question, version, 0.92, 0.84), text)[0]


def test_v17_and_v16_are_selectable():
    assert VERSIONS[17] == "answerability-v17"
    assert SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    assert SelectionPolicy(answerability_version=16).answerability_version == 16
    assert SelectionPolicy().policy_version == "answer-assembly/2026-11.24"


@pytest.mark.parametrize(
    ("question", "text"),
    [
        ("How much RAM did the test machine have?", EXPERIMENTS),  # s29 en-sc08
        ("What machine were the performance measurements taken on?", EXPERIMENTS),  # s34 en-c15
        ("How many MS-40 kits should each site hold in reserve?", MANUAL),  # s40 en-c07
        ("My pressure gauge just read 6.3 bar - do I need to stop the machine?", INSPECTION),
        ("On how many of the benchmarks does TraceMonkey beat every other engine?", FASTEST),
    ],
)
def test_a_general_noun_is_found_where_the_chunk_names_an_instance(question, text):
    assert not _answers(question, text, 16)
    assert _answers(question, text, 17)


@pytest.mark.parametrize(
    ("term", "text", "found"),
    [
        ("site", "The bearing temperature must not exceed 85 C.", False),
        ("engine", "Google's V8 is a JavaScript implementation based on inline threading.", False),
        ("machine", "All experiments were performed on a MacBook Pro.", True),
        ("machine", "The discharge valve of each pump must be inspected.", True),  # a pump is one
        ("sites", "Impeller IMP-315: 1 per station.", True),  # the plural asked
        ("pump", "All experiments were performed on a MacBook Pro.", False),  # no hypernym
        ("station", "a plant", False),  # the table reads one way: an instance is no hypernym
    ],
)
def test_a_hypernym_is_found_only_by_its_instances(term, text, found):
    assert names_an_instance(term, text.lower()) is found


def test_the_pipeline_answers_the_test_machine_under_v17_only():
    question = "How much RAM did the test machine have?"
    assert _run(question, EXPERIMENTS, 0.84, SelectionPolicy()).public.status == "OK"
    v16 = SelectionPolicy(answerability_version=16)
    assert _run(question, EXPERIMENTS, 0.84, v16).public.status == "NO_EVIDENCE"


@given(hypernym=st.sampled_from(sorted(HYPERNYMS)), pad=st.text(alphabet="xyz ", max_size=20))
def test_each_hypernym_is_found_by_each_of_its_instances_and_their_plurals(hypernym, pad):
    for instance in HYPERNYMS[hypernym]:
        assert names_an_instance(hypernym, f"{pad} the {instance} {pad}")
        assert names_an_instance(hypernym, f"two {instance}s.")
        assert not names_an_instance(hypernym, f"{pad} {instance}x{pad}")
