"""A prose figure's own period phrase, and a sentence's figures read as a row's cells (policy
`sentence_periods` "own_phrases", answer gate 2.68.0, d855, d856; issue 28); a quarter named
without its year in a sentence naming one year (`year_quarters` "sentence_year", d854): both
readings of each, the readings themselves, and property tests - a quarter's or a year's value
said of another is refused, the right one accepted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.phrase_periods import phrase_periods, prose_row
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.year_quarters import sentence_year_quarters
from tests.engine.context.test_operands import case

ADJACENT = DEFAULT_POLICY.model_copy(update={"sentence_periods": "adjacent"})
NO_QUARTERS = DEFAULT_POLICY.model_copy(update={"year_quarters": "off"})
QUARTERS = (
    "In 2023, revenue was $1.1 billion in Q1, $1.3 billion in Q2, $1.4 billion in Q3 and $1.6"
    " billion in Q4."
)


def _status(answer: str, text: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=text), policy).status


def _read(text: str) -> dict[str, tuple[str, ...]]:
    return {text[a:b]: p for (a, b), p in phrase_periods(text).items()}


def test_the_defaults_and_the_verbatim_readings():
    assert DEFAULT_POLICY.sentence_periods == "own_phrases"
    assert DEFAULT_POLICY.year_quarters == "sentence_year"
    assert VERBATIM_POLICY.sentence_periods == "off"
    assert VERBATIM_POLICY.year_quarters == "off"


def test_a_figure_takes_its_own_phrase_and_the_sentence_year():
    got = _read(QUARTERS)
    assert got["$1.3 billion"] == ("Q2", "Y2023")  # claims.py alone: Q1, Q2 and 2023
    assert got["$1.6 billion"] == ("Q4", "Y2023")
    assert _read(
        "Revenue was $5.2 billion, or 8% more, in 2023, compared with $4.8 billion in 2022."
    )["$5.2 billion"] == ("Y2023",)
    assert _read("Revenue was $4.8 billion in 2022, and in 2023 it was $5.2 billion.")[
        "$4.8 billion"
    ] == ("Y2022",)
    # An aside naming an amount is no aside: the period is not the first figure's.
    assert _read("Revenue was $5.2 billion, up $400 million, in 2023.")["$5.2 billion"] == ()


def test_a_period_in_parentheses_after_a_figure_is_the_comparatives():
    # claims.py alone gives US$261,518 2018 (the period after it, no figure between).
    text = "Guarantees amounted to US$261,518 (2018: US$283,752) at year end."
    assert "Y2018" not in _read(text)["US$261,518"]
    text = "Amounts due to related parties of $200 (December 31, 2018: $169) are expenses."
    assert _read(text)["$200"] == ()


def test_a_sentence_is_no_table_row():
    text = "Free cash flow totaled $640 million in 2022; in 2023 it was $710 million."
    assert prose_row(text, text.index("$710"))
    table = "Revenue  1,234  1,100\nNet income  310  265"
    assert not prose_row(table, table.index("1,234"))


def test_a_quarter_named_without_its_year_is_the_sentence_years():
    quarters = sentence_year_quarters(QUARTERS, extract_numbers(QUARTERS))
    assert [(q.value.text, q.kind_value.year, q.kind_value.number) for q in quarters] == [
        ("Q1", 2023, 1),
        ("Q2", 2023, 2),
        ("Q3", 2023, 3),
        ("Q4", 2023, 4),
    ]
    # Two years named, or a comparison between the year and the quarter: no year given.
    for text in (
        "In 2023, revenue was $1.1 billion in Q1, compared with $0.9 billion in 2022.",
        "Revenue in 2023 was $5 billion, up from $4 billion in the prior-year first quarter.",
    ):
        assert sentence_year_quarters(text, extract_numbers(text)) == []


def test_both_readings_of_each_field():
    right, wrong = "Revenue was $1.3 billion in Q2 2023.", "Revenue was $1.3 billion in Q1 2023."
    assert _status(right, QUARTERS) == "ok"
    assert _status(wrong, QUARTERS) == "citation_insufficient"
    # Without the year given, the answer's quarter is in no excerpt (both are refused).
    assert _status(right, QUARTERS, NO_QUARTERS) == "citation_insufficient"
    assert _status(right, QUARTERS, VERBATIM_POLICY) == "citation_insufficient"
    # "adjacent" (2.64.0): the year given, $1.3 billion is of Q1 and Q2 alike.
    assert _status(wrong, QUARTERS, ADJACENT) == "ok"
    text = "Free cash flow totaled $640 million in 2022; in 2023 it was $710 million."
    assert _status("Free cash flow was $710 million in 2022.", text) == "citation_insufficient"
    assert _status("Free cash flow was $710 million in 2022.", text, ADJACENT) == "ok"
    assert _status("Free cash flow was $710 million in 2023.", text) == "ok"


_ORDINALS = ["first", "second", "third", "fourth"]


@settings(max_examples=25, deadline=None)
@given(
    year=st.integers(2005, 2024),
    values=st.lists(st.integers(11, 99), min_size=2, max_size=4, unique=True),
    said=st.integers(0, 3),
    lead=st.sampled_from(["In", "During", "For fiscal"]),
    words=st.booleans(),
)
def test_a_quarters_value_said_of_another_quarter_is_refused(
    year: int, values: list[int], said: int, lead: str, words: bool
):
    said %= len(values)
    name = (lambda k: f"the {_ORDINALS[k]} quarter") if words else (lambda k: f"Q{k + 1}")
    parts = [f"${v}.5 million in {name(k)}" for k, v in enumerate(values)]
    listed = ", ".join(parts[:-1]) + " and " + parts[-1]
    text = f"{lead} {year}, net income was {listed}."
    other = (said + 1) % len(values)
    assert _status(f"Net income was ${values[said]}.5 million in Q{said + 1} {year}.", text) == "ok"
    assert (
        _status(f"Net income was ${values[said]}.5 million in Q{other + 1} {year}.", text)
        == "citation_insufficient"
    )


@settings(max_examples=25, deadline=None)
@given(
    year=st.integers(2005, 2024),
    a=st.integers(11, 99),
    b=st.integers(11, 99),
    form=st.sampled_from(["aside", "later"]),
)
def test_a_value_said_of_the_other_year_is_refused(year: int, a: int, b: int, form: str):
    if a == b:
        return
    later, earlier = year, year - 1
    if form == "aside":
        text = (
            f"Sales were ${a}.5 billion, or 4% more, in {later}, compared with ${b}.5 billion in"
            f" {earlier}."
        )
    else:
        text = f"Sales were ${b}.5 billion in {earlier}, and in {later} they were ${a}.5 billion."
    assert _status(f"Sales were ${a}.5 billion in {later}.", text) == "ok"
    assert _status(f"Sales were ${b}.5 billion in {earlier}.", text) == "ok"
    assert _status(f"Sales were ${a}.5 billion in {earlier}.", text) == "citation_insufficient"
    assert _status(f"Sales were ${b}.5 billion in {later}.", text) == "citation_insufficient"


def test_the_near_miss_of_another_quarter_is_its_figure_not_the_year():
    """A quarter's figure said of the quarter before it: the near miss the case page boxes and
    offers as the value to say is Q1's figure, never the sentence's year (gate 2.68.1)."""
    verdict = gate_answer(case("Revenue was $1.3 billion in Q1 2023.", table=QUARTERS))
    [finding] = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
    assert finding.near_match is not None and finding.near_match.text == "$1.1 billion"
    assert "has 2023" not in finding.message
    # A date is no figure either (Ulta Beauty's release; 2.68.0 offered "January 28, 2023").
    text = (
        "During fiscal 2022, the Company repurchased 2.2 million shares at a cost of $900.0"
        " million. As of January 28, 2023, $1.1 billion remained available."
    )
    answer = "The Company repurchased shares at a cost of $900.0 million in fiscal 2023."
    [finding] = gate_answer(case(answer, table=text)).findings
    assert finding.code == "VALUE_OUT_OF_CONTEXT" and finding.near_match is not None
    assert finding.near_match.text != "January 28, 2023"
