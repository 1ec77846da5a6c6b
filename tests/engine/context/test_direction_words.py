"""Direction words outside row labels (policy `direction_words: "outside_row_labels"`, answer gate
2.19.0, d442): the words of a row label the answer names are the row's name, not the direction
of a change - "the difference in gains on the sale of ..." names no rise, so a positive bare
difference is the distance between the two cells and a negative one the first named year's
minus the second's (d410). Small tables and real TAT-QA ones (read from ../shared)."""

from __future__ import annotations

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import derived_formula, tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
SENTENCE = AnswerGatePolicy(derived_numbers="accept", direction_words="sentence")
TABLE = (
    "Year Ended December 31,  2019  2018\n"
    "Gains on the sale of company-operated restaurants  $1,366  $46,164\n"
    "Reductions in accrued costs  (3,144)  (1,102)\n"
    "Revenue  $9,100  $8,800"
)


def derived(conclusion: str, policy: AnswerGatePolicy = ACCEPT) -> str | None:
    return derived_formula(conclusion, policy, TABLE)


def test_the_default_reads_directions_outside_labels_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.direction_words == "outside_row_labels"
    assert VERBATIM_POLICY.direction_words == "sentence"


def test_a_label_word_is_no_direction():
    sentence = (
        "The difference in gains on the sale of company-operated restaurants between 2018 "
        "and 2019 is 44,798."
    )
    assert derived(sentence) == "$46,164 − $1,366 ≈ 44,798"
    # Read as a rise ("gains"), the difference was 2019 - 2018 only: the positive one refused.
    assert derived(sentence, SENTENCE) is None
    # Stated negative: the first named year's cell minus the second's (d410), 1,366 - 46,164
    # is not it; under the sentence reading the sign flip was taken.
    flipped = sentence.replace("44,798", "-44,798")
    assert derived(flipped) is None
    assert derived(flipped, SENTENCE) is not None


def test_a_direction_said_outside_the_label_still_counts():
    # "increased" is the sentence's own word: 2019 - 2018, negative, as before.
    said = (
        "The gains on the sale of company-operated restaurants increased by -44,798 "
        "from 2018 to 2019."
    )
    assert derived(said) == derived(said, SENTENCE) == "$1,366 − $46,164 ≈ -44,798"
    # Another row's cells are not the change.
    assert derived("The difference in revenue between 2018 and 2019 is 44,798.") is None


def test_real_tatqa_label_words_read_as_names():
    # "Reductions related to a lapse of applicable statute of limitations": no fall named;
    # "Gains on the sale of company-operated restaurants": no rise named.
    for uid in ("359f9c4c-b405-40e5-88b5-86bfa0069b89", "8f82ba3f-683f-444d-8ca5-de376a1bf459"):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right calculation"])
        assert gate_answer(right, ACCEPT).status == "ok"
        assert gate_answer(right, SENTENCE).status != "ok"
        assert gate_answer(right, DEFAULT_POLICY).status != "ok"  # derived: a finding
        for group in ("sign", "period", "row", "digit"):
            if group in cases:
                wrong = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
                assert wrong.status != "ok", (uid, group)
