"""The one sentence splitter: boundaries, and the traps it must not fall into."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.sentences import split_sentences


def texts(text: str) -> list[str]:
    return [s.text for s in split_sentences(text)]


def test_splits_english_on_full_stop_question_and_exclamation():
    assert texts("One. Two? Three! Four") == ["One.", "Two?", "Three!", "Four"]


def test_splits_chinese_on_full_width_terminators():
    assert texts("罚款为1.5万元。是否适用？适用！") == ["罚款为1.5万元。", "是否适用？", "适用！"]


@pytest.mark.parametrize(
    "text",
    [
        "The dose is 3.5 mg per day.",
        "See Section 2.1 of the manual.",
        "Fines apply, e.g. for late filing.",
        "Pay Rs. 500 within a week.",
        "Form No. 5 is required.",
        "It is sold in the U.S. and Canada.",
        "Dr. Smith signed it.",
        "Visit example.com for the form.",
        "Version 1.2.3 fixed it.",
        "As shown in Fig. 3 above.",
        "J. Smith agreed.",
    ],
)
def test_does_not_split_inside_a_sentence(text):
    assert texts(text) == [text]


def test_runs_of_terminators_and_closing_quotes_stay_together():
    assert texts('He asked "why?" Then left... Really?!') == [
        'He asked "why?"',
        "Then left...",
        "Really?!",
    ]


def test_spans_point_into_the_text():
    text = "  First one.   Second one?  "
    for sentence in split_sentences(text):
        assert text[sentence.start : sentence.end] == sentence.text


def test_empty_and_whitespace_give_no_sentences():
    assert split_sentences("") == [] and split_sentences("   \n ") == []


# Issue 11: the exceptions must not merge two sentences.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Acme Inc. The pump is painted blue.", ["Acme Inc.", "The pump is painted blue."]),
        ("Sold in the U.S. The pump is blue.", ["Sold in the U.S.", "The pump is blue."]),
        ("The valve is class B. The pump is blue.", ["The valve is class B.", "The pump is blue."]),
        ("The seal is type A. 3 pumps are blue.", ["The seal is type A.", "3 pumps are blue."]),
        (
            "Inspect every 90 days.The pump is blue.",
            ["Inspect every 90 days.", "The pump is blue."],
        ),
        ("The answer is no. The pump is blue.", ["The answer is no.", "The pump is blue."]),
        ("Made by Acme Ltd.[C0] Blue.", ["Made by Acme Ltd.", "[C0] Blue."]),
    ],
)
def test_sentence_segmentation_rule_splits_on_period_despite_the_exceptions(text, expected):
    assert texts(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Acme Inc. is the maker.",
        "John F. Kennedy spoke there.",
        "See No. 5 and Vol. II for details.",
        "Prices are in U.S. dollars.",
        "Fines, fees etc. apply here.",
    ],
)
def test_the_exceptions_still_hold_inside_a_sentence(text):
    assert texts(text) == [text]


def test_the_lookbehind_is_bounded_so_a_long_word_is_no_abbreviation():
    word = "x" * 40
    assert texts(f"It is {word}. Next one.") == [f"It is {word}.", "Next one."]


def test_numbered_list_markers_are_not_sentences():
    text = "Steps:\n9. Close the valve.\n10. Open the drain.\n  11. Log it."
    assert texts(text) == ["Steps:\n9. Close the valve.", "10. Open the drain.", "11. Log it."]
    assert texts("It was built in 1999. Then it failed.") == [
        "It was built in 1999.",
        "Then it failed.",
    ]


# Text dense in what the splitter looks at: terminators, abbreviations, initials, digits, anchors.
SENTENCY = st.lists(
    st.sampled_from(
        [
            *list(".?!。！？ \n\t\"')]”"),
            "Inc",
            "U.S",
            "e.g",
            "No",
            "J",
            "B",
            "The",
            "the",
            "10",
            "3",
            "[C0]",
            "阀门",
            "x" * 20,
        ]
    ),
    max_size=40,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(SENTENCY, st.text(max_size=80)))
def test_sentences_keep_every_character_in_order_and_point_into_the_text(text):
    sentences = split_sentences(text)
    previous_end = 0
    for s in sentences:
        assert text[s.start : s.end] == s.text and s.text == s.text.strip() and s.text
        assert s.start >= previous_end
        assert not text[previous_end : s.start].strip()  # only whitespace between sentences
        previous_end = s.end
    assert not text[previous_end:].strip()
