"""A cited table's footnote mark and a duration column's heading are no derivation operands
(policy `footnote_operands`, answer gate 2.75.0, d920; issue 28): the marks read both ways,
both readings of the gate on TAT-QA's shapes, and property tests over cells printed negative."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.footnote_operands import duration_heading, footnote_mark
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

OLD = AnswerGatePolicy(derived_numbers="accept", footnote_operands="operands")
MARKS = AnswerGatePolicy(derived_numbers="accept", footnote_operands="marks_aside")
DURATIONS = AnswerGatePolicy(derived_numbers="accept", footnote_operands="marks_durations")

# The header's marks "(1)" and "(2)" (TAT-QA a5992e2e): "1 + 27.0 ≈ 28.0" took the mark.
HEADER_MARKS = (
    "2019 (1)  2018  2017 (2)\n"
    "Impairment charges  $94.2  $394.0  $211.4\n"
    "Net losses on sales or disposals of assets  45.1  85.6  32.8\n"
    "Other operating expenses  27.0  33.7  11.8\n"
    "Total Other operating expenses  $166.3  $513.3  $256.0"
)
# Duration columns (TAT-QA ff90c9d7): "3 / 5 × 100 ≈ 60.0%" took "1-3 Years" and "3-5 Years".
DURATION_COLUMNS = (
    "Payments Due by Period (in millions)\n"
    "Contractual Obligations  Total  Less than 1 Year  1-3 Years  3-5 Years  After 5 Years\n"
    "Capital lease obligations  165.4  20.6  41.0  29.4  74.4\n"
    "Operating lease obligations  312.6  52.1  86.4  59.7  114.4\n"
)
RATIO_QUESTION = (
    "What is the ratio (in percentage) of total notes payable to total capital lease obligations?"
)


def _at(text: str, needle: str) -> tuple[int, int]:
    start = text.index(needle)
    return start, start + len(needle)


def _status(answer: str, table: str, policy: AnswerGatePolicy, question: str = "") -> str:
    return gate_answer(case(answer, question=question, table=table), policy).status


def test_a_mark_after_a_word_a_year_or_another_mark_is_a_footnote_mark():
    for text, needle in [
        ("2019 (1)  2018  2017 (2)", "1"),
        ("Other(2)(4)  23  18", "2"),
        ("Other(2)(4)  23  18", "4"),
        ("Other assets (1)  22,510  (3,319)", "1"),
        ("EPS  (Diluted US cents)(1)  21.3", "1"),
    ]:
        at = text.index(f"({needle})") + 1
        assert footnote_mark(text, at, at + 1), text


def test_a_one_digit_cell_printed_negative_is_no_footnote_mark():
    for text in ["Other  (1)  5", "Net change  12  (1)", "(532) (1)", "Other  (12)  5"]:
        at = text.rindex("(") + 1
        end = text.index(")", at)
        assert not footnote_mark(text, at, end), text


def test_a_duration_heading_is_read_only_on_a_line_of_two_at_least():
    line = DURATION_COLUMNS.splitlines()[1]
    for needle in ["1 Year", "1-3 Years", "3-5 Years", "5 Years"]:
        assert duration_heading(line, *_at(line, needle)), needle
    assert not duration_heading(line, *_at(line, "Total"))
    prose = "The notes mature in 5 years, at 4.1%."
    assert not duration_heading(prose, *_at(prose, "5 years"))


def test_the_old_reading_takes_the_mark_and_the_new_one_does_not():
    wrong = "Other operating expenses in 2019 was 28.0 million."  # 27.0's digit slip
    assert _status(wrong, HEADER_MARKS, OLD) == "ok"
    assert _status(wrong, HEADER_MARKS, MARKS) != "ok"
    assert _status(wrong, HEADER_MARKS, DURATIONS) != "ok"
    right = "The change in Other operating expenses from 2018 to 2019 was -6.7 million."
    for policy in (OLD, MARKS, DURATIONS):
        assert _status(right, HEADER_MARKS, policy) == "ok"
        cell = "Other operating expenses in 2019 was 27.0 million."
        assert _status(cell, HEADER_MARKS, policy) == "ok"


def test_a_duration_heading_is_no_operand_under_marks_durations():
    wrong = (
        "The ratio (in percentage) of total notes payable to total capital lease obligations"
        " is 60.0%."
    )
    assert _status(wrong, DURATION_COLUMNS, OLD, RATIO_QUESTION) == "ok"
    assert _status(wrong, DURATION_COLUMNS, MARKS, RATIO_QUESTION) == "ok"
    assert _status(wrong, DURATION_COLUMNS, DURATIONS, RATIO_QUESTION) != "ok"
    right = (
        "The total of capital lease obligations and operating lease obligations is 478.0 million."
    )
    for policy in (OLD, MARKS, DURATIONS):
        assert _status(right, DURATION_COLUMNS, policy) == "ok"


def test_the_presets():
    assert VERBATIM_POLICY.footnote_operands == "operands"
    assert DEFAULT_POLICY.footnote_operands == "marks_durations"


@settings(max_examples=40, derandomize=True, deadline=None)
@given(
    label=st.sampled_from(["Other", "Net change", "Foreign currency translation"]),
    first=st.integers(1, 9),
    second=st.integers(100, 999),
)
def test_a_cell_printed_negative_two_spaces_from_its_label_stays_an_operand(
    label: str, first: int, second: int
):
    """A one-digit cell "(N)" of a row ("Other  (1)  537") is no mark: a sum of it and another
    cell of its row gets one status under every reading."""
    table = f"2019  2018\n{label}  ({first})  {second}\nRevenue  1,250  1,100"
    at = table.index(f"({first})") + 1
    assert not footnote_mark(table, at, at + 1)
    answer = f"The total {label} for 2019 and 2018 was {second - first}."
    statuses = {_status(answer, table, p) for p in (OLD, MARKS, DURATIONS)}
    assert len(statuses) == 1
