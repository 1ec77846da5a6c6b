"""A period's length (policy period_spans "lengths", gate 2.51.0, d694-d696): a 10-Q's "Three
Months Ended" and "Nine Months Ended" columns of one day, an earnings release's "Q4 2023" and
"Full Year 2023", are periods of other lengths. The right cell said of its length passes; the
other length's cell of the same row and year is refused; 2.50.0's reading stays selectable
(`off`, verbatim's). Property tests over generated 10-Q tables hold both directions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en
from groundgate.engine.context.answer_periods import clause_spans
from groundgate.engine.context.period_spans import spans_in
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OFF = AnswerGatePolicy(period_spans="off")
OFF_ACCEPT = AnswerGatePolicy(period_spans="off", derived_numbers="accept")


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_a_column_header_names_its_length():
    assert spans_in("Three Months Ended September 30, 2023") == ("S3",)
    assert spans_in("Nine Months Ended September 30, 2023") == ("S9",)
    assert spans_in("Six Months Ended June 30, 2022") == ("S6",)
    assert spans_in("Full Year 2023") == ("S12",)
    assert spans_in("Q4 2023") == ("S3",)
    assert spans_in("Fourth Quarter 2022") == ("S3",)
    assert spans_in("Year Ended December 31, 2023") == ("S12",)
    assert spans_in("52 Weeks Ended January 28, 2023") == ("S12",)
    assert spans_in("13 Weeks Ended April 29, 2023") == ("S3",)
    assert spans_in("Twelve Months Ended") == ("S12",)


def test_what_names_no_length():
    for text in (
        "2023",
        "December 31, 2023",
        "FY2023",
        "fiscal 2023",
        "% of net sales",
        "a quarter of total revenue",
        "at quarter-end",
        "cash equivalents with maturities of three months or less",
        "the annual report",
        "Year-to-date revenue",  # a length it does not say
        "the 10 weeks",
    ):
        assert spans_in(text) == (), text


def test_the_answer_value_takes_its_own_clause_length_else_the_nearest_before():
    s = "Revenue for the nine months ended September 30, 2023 was $6,890 million."
    at = s.index("$6,890")
    assert clause_spans(s, at, at + 6) == ("S9",)
    s = "Revenue was $2,345 million for the quarter and $6,890 million for nine months."
    at = s.index("$2,345")
    assert clause_spans(s, at, at + 6) == ("S3",)
    at = s.index("$6,890")
    assert clause_spans(s, at, at + 6) == ("S9",)
    # A comparison before the clause: that length is the other side's.
    s = "Compared with the nine months of 2022, revenue was $2,345 million."
    at = s.index("$2,345")
    assert clause_spans(s, at, at + 6) == ()
    # "Year to date": a length not said, so nothing to judge.
    s = "For the quarter, year-to-date net income was $901 million."
    at = s.index("$901")
    assert clause_spans(s, at, at + 4) == ()


def test_the_corpus_refusals_are_this_rule_s_and_2_50_s_reading_stays_selectable():
    lengths = [r for r in corpus_en.REFUSED if r.table in (corpus_en.Q_YTD, corpus_en.H_Q,
                                                           corpus_en.RELEASE)]  # fmt: skip
    assert len(lengths) >= 12
    for example in lengths:
        assert _status(example.answer, example.table) != "ok", example.answer
        if "grew by" not in example.answer:
            assert _status(example.answer, example.table, OFF) == "ok", example.answer
        assert _status(example.answer, example.table, OFF_ACCEPT) == "ok", example.answer
    assert DEFAULT_POLICY.period_spans == "printed_heads"  # "lengths" until 2.83.0 (d986)
    assert VERBATIM_POLICY.period_spans == "off"


def test_the_finding_names_the_cell_of_the_said_length():
    answer = "Revenue for the nine months ended September 30, 2023 was $2,345 million."
    verdict = gate_answer(case(answer, table=corpus_en.Q_YTD), DEFAULT_POLICY)
    found = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
    assert found, verdict.findings
    assert "6,890" in found[0].message


_ROWS = ("Revenue", "Net income", "Operating income", "Cost of sales")
_LENGTHS = {
    # (header words, how an answer says it)
    3: ("Three Months Ended", "for the three months ended {day}, {year}"),
    6: ("Six Months Ended", "for the six months ended {day}, {year}"),
    9: ("Nine Months Ended", "for the nine months ended {day}, {year}"),
}


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.sampled_from([(3, 6), (3, 9), (6, 3), (9, 3)]),
    st.sampled_from(["March 31", "June 30", "September 30"]),
    st.integers(min_value=0, max_value=len(_ROWS) - 2),
    st.lists(st.integers(min_value=1_000, max_value=99_999), min_size=8, max_size=8, unique=True),
)
def test_a_cell_of_another_length_is_refused_and_its_own_passes(lengths, day, first, figures):
    a, b = lengths
    rows = _ROWS[first : first + 2]
    cells = [f"{n:,}" for n in figures]
    table = (
        f"  {_LENGTHS[a][0]} {day},  {_LENGTHS[b][0]} {day},\n"
        "(In millions)  2023  2022  2023  2022\n"
        + "\n".join(f"{row}  " + "  ".join(cells[4 * k : 4 * k + 4]) for k, row in enumerate(rows))
    )
    said = _LENGTHS[a][1].format(day=day, year=2023)
    right = f"{rows[0]} {said} was ${cells[0]} million."
    moved = f"{rows[0]} {said} was ${cells[2]} million."  # the other length's 2023 cell
    assert _status(right, table) == "ok"
    assert _status(right, table, ACCEPT) == "ok"
    assert _status(moved, table) != "ok"
    assert _status(moved, table, ACCEPT) != "ok"
    assert _status(moved, table, OFF) == "ok"  # 2.50.0's reading: one day, one year
