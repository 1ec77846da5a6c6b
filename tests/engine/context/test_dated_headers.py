"""A one-line header of long dated parts (policy `dated_headers: long_parts`, answer gate 2.58.0,
d778): a 10-Q's "(In millions)  Three Months Ended September 30, 2023  Three Months Ended
September 30, 2022  Nine Months Ended ..." heads its columns, so the other length's cell is out
of context; `off` (gate 2.55.0, verbatim's) read a line of 100 characters or more as no header
(d696)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en
from groundgate.engine.context.dated_headers import dated_parts
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OFF = DEFAULT_POLICY.model_copy(update={"dated_headers": "off"})


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_long_parts_is_the_default_and_verbatim_keeps_off():
    assert DEFAULT_POLICY.dated_headers == "long_parts"
    assert VERBATIM_POLICY.dated_headers == "off"


def test_the_other_lengths_cell_is_refused_only_under_long_parts():
    wrong = "Revenue for the three months ended Sept. 30, 2023 was $6,890 million."
    assert _status(wrong, corpus_en.FOUR_DATED) != "ok"
    assert _status(wrong, corpus_en.FOUR_DATED, ACCEPT) != "ok"
    assert _status(wrong, corpus_en.FOUR_DATED, OFF) == "ok"
    right = "Revenue for the three months ended Sept. 30, 2023 was $2,345 million."
    assert _status(right, corpus_en.FOUR_DATED) == "ok"


def test_what_is_a_line_of_dated_parts():
    assert dated_parts(corpus_en.FOUR_DATED.split("\n")[0])
    assert dated_parts(
        "As of March 31, 2024 (unaudited)  As of December 31, 2023  As of March 31, 2023 (audited)"
        "  As of December 31, 2022"
    )
    # Words with no year, one part only, or a part too long to be a column's name: no.
    assert not dated_parts(
        "Revenue by geography and segment  Three Months Ended  Nine Months Ended  Change"
    )
    assert not dated_parts("The company reported revenue for the year ended December 31, 2023.")
    assert not dated_parts(
        "For the three months ended September 30, 2023, compared with the same period of the"
        " prior year  2022"
    )


@settings(max_examples=25, deadline=None)
@given(
    year=st.integers(2015, 2030),
    month=st.sampled_from(["March 31", "June 30", "September 30", "December 31"]),
    cells=st.lists(st.integers(100, 9_999), min_size=4, max_size=4, unique=True),
)
def test_each_cell_is_of_its_own_length_and_year(year: int, month: str, cells: list[int]):
    head = "  ".join(
        f"{span} Months Ended {month}, {y}" for span in ("Three", "Nine") for y in (year, year - 1)
    )
    a, b, c, d = (f"{n:,}" for n in cells)
    table = f"(In millions)  {head}\nRevenue  {a}  {b}  {c}  {d}"
    said = f"Revenue for the three months ended {month}, {year} was $"
    assert _status(f"{said}{a} million.", table) == "ok"
    assert _status(f"{said}{c} million.", table) != "ok"  # the nine months'
    assert _status(f"{said}{b} million.", table) != "ok"  # the year before's
