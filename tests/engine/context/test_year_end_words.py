""" "Year end" beside a year (policy `year_end_words: "period"`, answer gate 2.31.0, d563): "2019
year end", "year-end 2019" name the end of that year, a period, not a row: "the change in
additions between 2018 year end and 2019 year end" is the "Additions" row's change, not a
figure of the "At end of the year" row, whose only naming word is "end"."""

from __future__ import annotations

from groundgate.engine.context.claims import ClaimReader
from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, AnswerGatePolicy
from tests.engine.context.derivations import derived_formula, tatqa_answers

PERIOD = AnswerGatePolicy(derived_numbers="accept", year_end_words="period")
NAMING = AnswerGatePolicy(derived_numbers="accept", year_end_words="naming")

TABLE = "\n".join(
    [
        "2019  2018",
        "RMB’Million  RMB’Million",
        "At beginning of the year  97,877  –",
        "Additions (Note (a))  44,618  60,807",
        "Disposals (Note (c))  (16,664)  (14,805)",
        "At end of the year  135,936  97,877",
    ]
)


def test_the_verbatim_preset_reads_end_as_a_word():
    assert VERBATIM_POLICY.year_end_words == "naming"
    assert DEFAULT_POLICY.year_end_words == "naming"  # one TAT-QA half (d563)


def test_year_end_is_blanked_with_its_span_kept():
    text = "The change between 2018 year end and 2019 year-end was 5."
    for year_end, end_said in ((True, False), (False, True)):
        reader = ClaimReader(text, year_end=year_end)
        values = reader.values()
        assert [v.text for _, v, _ in values][-1] == "5"
        assert values[-1][1].start == text.index("5.")
        assert ("end" in reader.sentences[0].text) is end_said
    # "the end of the year" is no "year end": the row's words stay.
    assert (
        "end"
        in ClaimReader("At the end of the year 2019 it was 5.", year_end=True).sentences[0].text
    )


def test_the_named_row_changes_between_two_year_ends():
    said = "The change in additions between 2018 year end and 2019 year end was -16,189 million."
    assert derived_formula(said, PERIOD, TABLE) == "44,618 − 60,807 ≈ -16,189 million"
    assert derived_formula(said, NAMING, TABLE) is None
    # The other direction, and another row's change, are not derived.
    flipped = "The change in additions between 2018 year end and 2019 year end was 16,189 million."
    assert derived_formula(flipped, PERIOD, TABLE) is None
    closing = "The change in additions between 2018 year end and 2019 year end was 38,059 million."
    assert derived_formula(closing, PERIOD, TABLE) is None


def test_tatqa_change_between_year_ends():
    # TAT-QA "How much is the change in additions of financial assets between 2018 year end and
    # 2019 year end?" (44,618 - 60,807): rejected at 2.30.0, derived as the period's change.
    answers = tatqa_answers("25c87384-03af-40a7-85e3-e26341bf93cf")
    right = answers["right calculation"]
    table = right["raw_chunks"][0]["text"]
    conclusion = right["answer"]["conclusion"]
    assert derived_formula(conclusion, PERIOD, table) == "44,618 − 60,807 ≈ -16,189 million"
    assert derived_formula(conclusion, NAMING, table) is None
    assert derived_formula(answers["sign"]["answer"]["conclusion"], PERIOD, table) is None
