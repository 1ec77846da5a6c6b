"""Periods as filings write them (gate 2.73.0): a period's length before its end date
(period_phrases "ended_lengths", d910), a comparison's other side's period (period_phrases
"other_sides", d911) and retail fiscal years named by the year they start in (fiscal_years
"declared_starts", d912). The corpus examples are in context/corpus_en_periods.py."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en_periods as corpus
from groundgate.engine.context.claim_periods import without_lengths
from groundgate.engine.context.claims import ClaimReader
from groundgate.engine.context.fiscal_years import declares_start_years, with_start_years
from groundgate.engine.context.other_sides import not_of, to_of_from
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.gates.answer_reading import table_reading
from groundgate.engine.numbers import extract_numbers
from tests.engine.context.test_operands import case

OFF = AnswerGatePolicy(period_phrases="off")
LENGTHS = AnswerGatePolicy(period_phrases="ended_lengths")
FISCAL = AnswerGatePolicy(fiscal_years="declared_starts")
CALENDAR = AnswerGatePolicy(fiscal_years="calendar")


def _status(answer: str, table: str, policy: AnswerGatePolicy) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_the_readings_are_on_by_default_and_the_old_ones_selectable():
    assert DEFAULT_POLICY.period_phrases == "other_sides"
    assert DEFAULT_POLICY.fiscal_years == "open_names"  # d912 selectable; d948, d977, d987
    assert VERBATIM_POLICY.period_phrases == "off"
    assert VERBATIM_POLICY.fiscal_years == "calendar"
    lengths = {"ended_lengths", "fiscal_names", "fiscal_chunk", "fiscal_open", "length_names"}
    lengths.add("section_lines")  # period_words "section_lines" (d1039)
    assert table_reading(LENGTHS).period_readings == lengths
    default = {"ended_lengths", "other_sides", "fiscal_names", "fiscal_chunk", "fiscal_open"}
    default |= {"length_names", "section_lines"}  # period_words "section_lines" (d1012, d1039)
    # d945, d977, d987
    assert table_reading(DEFAULT_POLICY).period_readings == default
    assert "fiscal_starts" in table_reading(FISCAL).period_readings
    # Gate 2.71.1's reading: each refused corpus example passed.
    for example in corpus.REFUSED:
        assert _status(example.answer, example.table, OFF) == "ok", example.answer


def test_a_length_before_ended_is_no_figure_between_a_value_and_its_date():
    text = "Depreciation was $453 million in the six months ended July 29, 2023."
    figures = [v for v in extract_numbers(text) if v.kind != "date"]
    assert [text[s : s + 4] for s in without_lengths(text, figures)] == ["$453"]
    # A count of months that ends no period is a figure still.
    other = "Depreciation was $453 million over six months, the last ended July 29, 2023."
    figures = [v for v in extract_numbers(other) if v.kind != "date"]
    assert len(without_lengths(other, figures)) == 2


def test_the_answers_value_takes_the_date_its_length_ends():
    answer = "Depreciation and amortization was $473 million in the six months ended July 29, 2023."
    for reader, periods in (
        (ClaimReader(answer, lengths=True), ("M7", "Y2023")),
        (ClaimReader(answer), ()),
    ):
        k, value, _ = reader.values()[0]
        claim = reader.claim(k, (value.start, value.end))
        assert claim is not None
        assert claim.periods == periods
    # Only with ended_lengths: the other cell is of the other period.
    wrong = "Depreciation and amortization was $453 million in the six months ended July 29, 2023."
    assert _status(wrong, corpus.SIX_MONTHS, LENGTHS) != "ok"
    assert _status(wrong, corpus.SIX_MONTHS, OFF) == "ok"


def test_a_comparisons_other_side_is_recorded_not_of_the_figure():
    text = corpus.RELEASE
    recorded = {text[a:b]: periods for (a, b), periods in not_of(text).items()}
    assert recorded == {
        "$10.2 billion": ("Y2021",),
        "$4.0 billion": ("Y2021",),
        "23.5%": ("Y2021",),
    }
    # A figure that has a period of the kind is left as its sentence reads it.
    named = "In fiscal 2022, net sales were $10.2 billion compared to $8.6 billion in fiscal 2021."
    assert not_of(named) == {}
    # "from ... to": the end of the change is not the first figure's period.
    change = "Net sales rose from $8.6 billion in fiscal 2021 to $10.2 billion in fiscal 2022."
    assert not_of(change) == {}
    assert not_of("No comparison: revenue was $5.2 billion in 2023.") == {}
    # No comparison of two figures: a name or a number between the words and the figure.
    assert not_of("Costs fell 1.1%, driven by the adoption of IFRS 16 in 2019.") == {}
    assert not_of("Costs fell 1.1% from the adoption of IFRS 16 in 2019.") == {}
    assert not_of("Its share fell 5 points compared to 2018, reaching a 30% share in 2019.") == {}


def test_an_answer_saying_the_end_of_a_change_keeps_the_period_it_names():
    assert to_of_from("Gross profit rose from $3.4 billion in fiscal 2021 to ")
    assert not to_of_from("Gross profit was ")
    assert not to_of_from("Gross profit rose to ")


def test_a_retail_year_named_by_its_start_is_read_only_where_declared():
    assert declares_start_years("Fiscal 2021 (the 52 weeks ended January 29, 2022) was strong.")
    assert declares_start_years("fiscal 2022 ended January 28, 2023")
    assert declares_start_years("the 52 weeks ended January 29, 2022 (\u201cfiscal 2021\u201d)")
    assert declares_start_years("the fiscal year 2019, which ended on 1 February 2020")
    # A calendar year, a year named by its end, or no pairing: not declared.
    assert not declares_start_years("fiscal 2021 ended December 31, 2021")
    assert not declares_start_years("fiscal 2024 ended February 3, 2024")
    assert not declares_start_years("Annual Report for the fiscal year ended January 28, 2023")
    assert not declares_start_years("In fiscal 2022, sales grew. As of January 28, 2023, cash ...")
    assert with_start_years(("M1", "Y2022")) == ("M1", "Y2022", "Y2021")
    assert with_start_years(("M12", "Y2021")) == ("M12", "Y2021")
    assert with_start_years(("M2", "Y2022", "Y2023")) == ("M2", "Y2022", "Y2023")


_ULTA = corpus.FIFTY_TWO_WEEKS + (
    "\nNet sales in fiscal 2022 (the 52 weeks ended January 28, 2023) increased 18.3%."
)


def test_a_declared_start_years_column_is_of_the_fiscal_year_it_names():
    right = "Net sales were $10,208,580 thousand in fiscal 2022."
    assert _status(right, _ULTA, FISCAL) == "ok"
    assert _status(right, _ULTA, CALENDAR) != "ok"  # the date's 2023 only
    # The year it ends in is kept ("FY2022" of the January 29, 2022 column), others refused.
    assert _status("Net sales were $8,630,889 thousand in fiscal 2022.", _ULTA, FISCAL) == "ok"
    assert _status("Net sales were $10,208,580 thousand in fiscal 2021.", _ULTA, FISCAL) != "ok"
    # Undeclared (the statement alone): the calendar reading.
    assert _status(right, corpus.FIFTY_TWO_WEEKS, FISCAL) != "ok"
    # A December year is no retail year even where another text's naming is declared.
    december = (
        "(In millions)  Year Ended\nDecember 31, 2022  December 31, 2021\nRevenue  8,150  7,420\n"
        "Fiscal 2022 (the 52 weeks ended January 28, 2023) is the retailer's."
    )
    assert _status("Revenue was $7,420 million in fiscal 2022.", december, FISCAL) != "ok"


@given(
    st.lists(
        st.sampled_from(["M1", "M2", "M7", "M12", "Y2021", "Y2022", "Q4", "S12", "H1"]),
        max_size=5,
    )
)
def test_start_years_only_add_a_year(held: list[str]):
    read = with_start_years(tuple(held))
    assert read[: len(held)] == tuple(held)
    assert all(p[0] == "Y" for p in read[len(held) :])
    assert len(read) - len(held) <= 1
