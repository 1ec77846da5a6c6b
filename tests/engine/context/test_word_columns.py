"""Columns that are not periods (policy `column_naming: "word_columns"`, answer gate 2.47.0, d681;
issue 28): one header line of words, the label column's head first ("Segment  Americas  Europe
Asia" over rows of three cells), names the columns, so a cell said of another column that the
answer names is out of context, as d382's said headers are ("3,200 is the figure for Revenue
(Europe); Revenue (Asia) has 2,100"); `said_headers` (2.41.0) read no column there. The tables
are the owner's probe and a real TAT-QA table (../shared/data/tatqa)."""

from __future__ import annotations

import json

from bench.tatqa_build import build
from groundgate.engine.context.facts import read_facts
from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY
from groundgate.engine.gates.answer_reading import read_tables as table_reading
from tests.conftest import shared_data
from tests.engine.helpers import gate_whole_text

OLD = DEFAULT_POLICY.model_copy(update={"column_naming": "said_headers"})
SEGMENTS = (
    "Segment  Americas  Europe  Asia\nRevenue  4,500  3,200  2,100\nOperating profit  900  610  380"
)


def errors(conclusion: str, text: str, policy=DEFAULT_POLICY) -> list[str]:
    verdict = gate_whole_text(conclusion, text, policy)
    return [f.message for f in verdict.findings if f.severity == "error"]


def test_policies():
    assert DEFAULT_POLICY.column_naming == "word_columns"
    assert VERBATIM_POLICY.column_naming == "off"


def test_a_header_of_words_names_the_columns():
    columns = [f.column for f in read_facts(SEGMENTS, reading=table_reading(DEFAULT_POLICY))]
    assert columns == ["Americas", "Europe", "Asia"] * 2
    assert {f.column for f in read_facts(SEGMENTS, reading=table_reading(OLD))} == {""}


def test_a_cell_said_of_another_named_column_is_out_of_context():
    assert errors("Europe revenue was 3,200.", SEGMENTS) == []
    assert errors("Revenue in the Americas was 4,500.", SEGMENTS) == []
    assert errors("Asia's operating profit was 380.", SEGMENTS) == []
    assert errors("Asia revenue was 3,200.", SEGMENTS) == [
        "'3,200' is in the evidence about something else: 3,200 is the figure for Revenue "
        "(Europe); Revenue (Asia) has 2,100"
    ]
    assert errors("Revenue in the Americas was 3,200.", SEGMENTS) != []
    assert errors("Operating profit in Europe was 380.", SEGMENTS) != []
    assert errors("Asia revenue was 3,200.", SEGMENTS, OLD) == []  # 2.41.0's reading


def test_lines_that_are_no_header_of_word_columns():
    reading = table_reading(DEFAULT_POLICY)
    for text in (
        # A unit line, a marker row, two lines of words over the same columns.
        "2019  2018\nNote  £m  £m\nUK  24.5  24.9\nIreland  0.4  0.5",
        "For the Year Ended\nPlan  January 31, 2020  February 1, 2019\n"
        "Dividend yield  None  None\nExpected volatility  27.4%  33.5%",
        "Amortized  Unrealized  Unrealized  Fair\nCost  Gains  Losses  Value\n"
        "Foreign obligations  $129,499  $3,433  $126,066",
    ):
        old = [f.column for f in read_facts(text, reading=table_reading(OLD))]
        assert [f.column for f in read_facts(text, reading=reading)] == old, text


def test_real_tatqa_shares_and_fair_value_columns():
    contexts = json.loads(shared_data("tatqa", "tatqa_dataset_dev.json").read_text("utf-8"))
    context = next(c for c in contexts if c["table"]["uid"].startswith("bee68d71"))
    table = next(iter(build(context, "rows"))).case["answer"]["evidences"][0]["excerpt"]
    assert table.startswith("Non-vested awards  Shares  Weighted-Average Grant Date Fair Value")
    value = "The weighted-average grant date fair value of the awards granted in 2019 was "
    shares = "The number of shares granted in 2019 was "
    assert errors(value + "$53.53.", table) == []
    assert errors(shares + "473,550.", table) == []
    assert errors(value + "473,550.", table) == [
        "'473,550' is in the evidence about something else: 473,550 is the figure for Granted "
        "(Shares); Granted (Weighted-Average Grant Date Fair Value) has $53.53"
    ]
    assert errors(shares + "53.53.", table) != []
    assert errors(value + "473,550.", table, OLD) == []
