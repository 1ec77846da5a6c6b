"""A day written once on a header line over a line of years among column names (policy
`shared_days: "header_lines"`, answer gate 2.34.0, d592): "Years Ended December 31,  Increase
(Decrease)" over "2019  2018  Amount  Percent" gives December 31, 2019 and December 31, 2018, so
an answer's "in Years Ended December 31, 2019" is grounded (rule date_shared_day, shown to the
reviewer); `adjacent` (gate 2.33.0) pairs a day only with the years right after it. The layouts
are those of real TAT-QA tables (../shared/data/tatqa), rendered one row a line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY
from groundgate.engine.gates.answer_numbers import UNGROUNDED_NUMBER
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.values.date.evidence import shared_day_dates
from groundgate.engine.values.date.rules_en import MONTHS
from tests.engine.helpers import gate_whole_text

ADJACENT = DEFAULT_POLICY.model_copy(update={"shared_days": "adjacent"})

# A change column's header beside the day (TAT-QA: a cost of revenue table).
CHANGE_COLUMNS = (
    "Years Ended December 31,  Increase (Decrease)\n"
    "2019  2018  Amount  Percent\n"
    "Cost of revenue:\n"
    "Products  $29,816  $34,066  $(4,250)  (12)%\n"
    "Services  19,065  17,830  1,235  7%\n"
    "Total cost of revenue  $48,881  $51,896  $(3,015)  (6)%"
)
# A change column between the years (a cash flow summary).
CHANGE_BETWEEN = (
    "Year Ended May 31,\n"
    "(Dollars in millions)  2019  Change  2018\n"
    "Net cash provided by operating activities  $14,551  -5%  $15,386\n"
    "Net cash used for financing activities  $(42,056)  321%  $(9,982)"
)
# The day's number printed again over a second column ("31,").
REPEATED_DAY = (
    "Years Ended December 31,  31,\n"
    "2019  2018  2017\n"
    "Provision for income taxes  $1,407  $1,082  $1,206"
)


def dates(text: str, header_lines: bool = True) -> list[tuple[int | None, ...]]:
    found = shared_day_dates(text, extract_numbers(text), header_lines)
    return [tuple(q.date) for q in found if q.date]


def test_a_header_line_day_gives_each_year_of_the_line_under_it():
    assert dates(CHANGE_COLUMNS) == [(2019, 12, 31), (2018, 12, 31)]
    assert dates(CHANGE_BETWEEN) == [(2019, 5, 31), (2018, 5, 31)]
    assert dates(REPEATED_DAY) == [(2019, 12, 31), (2018, 12, 31), (2017, 12, 31)]
    # 2.33.0's reading: a word after the day ends the header.
    assert dates(CHANGE_COLUMNS, header_lines=False) == []
    assert dates(CHANGE_BETWEEN, header_lines=False) == [(2019, 5, 31)]


@pytest.mark.parametrize(
    "text",
    [
        # Prose: the line under the day is a sentence, no header of years.
        "The plan was amended as of December 31,\n2019 and 2018 figures are restated.",
        # The day's line writes its year: its own date, no shared day.
        "Balance at December 31, 2019  Change\n2019  2018",
        # A figure on the line under it that is no year.
        "Years Ended December 31,  Change\n2019  2018  1,235",
        # The years two lines under the day.
        "Years Ended December 31,\nIncrease (Decrease)  Amount\n2019  2018",
        # Numbers as the line's words: "Q3 2019".
        "Years Ended December 31,\nQ3 2019  Q3 2018",
    ],
)
def test_no_date_where_the_line_under_the_day_is_no_header_of_years(text):
    assert dates(text) == dates(text, header_lines=False)


def test_the_answer_date_is_grounded_and_says_how():
    conclusion = "Total cost of revenue in Years Ended December 31, 2019 was $48,881."
    verdict = gate_whole_text(conclusion, CHANGE_COLUMNS)
    assert verdict.status == "ok", verdict.findings
    (shared,) = [f for f in verdict.findings if "date_shared_day" in (f.rules or ())]
    assert shared.grounded_by.text == "December 31, 2019"
    # Marked at the day and at the year, not across "Increase (Decrease)" between (d635).
    start, end = shared.grounded_by.span
    assert CHANGE_COLUMNS[start:end] == "December 31,"
    day, year = shared.derivation.operands
    assert [CHANGE_COLUMNS[slice(*p.chunk_span)] for p in (day, year)] == ["December 31,", "2019"]
    assert "the header's day 'December 31,' and its year '2019'" in shared.message
    # 2.33.0's reading and the spec's: the date is in no excerpt.
    for policy in (ADJACENT, VERBATIM_POLICY):
        refused = gate_whole_text(conclusion, CHANGE_COLUMNS, policy)
        assert refused.status == "citation_insufficient"
        assert "December 31, 2019" in [
            f.value for f in refused.findings if f.code == UNGROUNDED_NUMBER
        ]


@pytest.mark.parametrize(
    "conclusion",
    [
        # A year the header does not write, another day, another month.
        "Total cost of revenue in Years Ended December 31, 2017 was $48,881.",
        "Total cost of revenue in Years Ended December 30, 2019 was $48,881.",
        "Total cost of revenue in Years Ended May 31, 2019 was $48,881.",
        # The date grounded, the value of the other year's column: out of context.
        "Total cost of revenue in Years Ended December 31, 2019 was $51,896.",
    ],
)
def test_what_the_header_does_not_give_is_rejected(conclusion):
    assert gate_whole_text(conclusion, CHANGE_COLUMNS).status == "citation_insufficient"


def test_the_other_year_of_a_change_between_the_years():
    verdict = gate_whole_text(
        "Net cash used for financing activities in Year Ended May 31, 2018 was -$9,982 million.",
        CHANGE_BETWEEN,
    )
    assert verdict.status == "ok", verdict.findings
    wrong = gate_whole_text(
        "Net cash used for financing activities in Year Ended May 31, 2018 was -$42,056 million.",
        CHANGE_BETWEEN,
    )
    assert wrong.status == "citation_insufficient"


_NAMES = st.sampled_from(["Amount", "Percent", "Change", "(In millions)", "Increase (Decrease)"])


@given(
    st.sampled_from(["January", "March", "June", "September", "December"]),
    st.integers(1, 28),
    st.lists(st.integers(1990, 2030), min_size=1, max_size=4, unique=True),
    st.lists(_NAMES, max_size=3),
    st.sampled_from(["", "Increase (Decrease)", "% Change"]),
)
def test_every_year_of_the_line_and_nothing_else(month, day, years, names, beside):
    """The day goes with each year of the line under it, in order, whatever column names sit
    among them; a figure that is no year on that line takes every date of the rule away."""
    head = f"Years Ended {month} {day},  {beside}".rstrip()
    parts = [str(y) for y in years] + names
    text = head + "\n" + "  ".join(parts) + "\nRevenue  1,234  1,111"
    expected = [(y, MONTHS[month], day) for y in years]
    assert sorted(dates(text)) == sorted(expected)
    spoiled = head + "\n" + "  ".join([*parts, "1,235"]) + "\nRevenue  1,234  1,111"
    assert dates(spoiled) == dates(spoiled, header_lines=False)


TATQA = Path(__file__).resolve().parents[3] / "shared" / "data" / "tatqa" / "tatqa_dataset_dev.json"


@pytest.mark.skipif(not TATQA.exists(), reason="the TAT-QA data is not beside the checkout")
def test_tatqa_tables_each_added_date_is_a_header_day_over_its_year():
    """Over every real TAT-QA table rendered one row a line: the rule only adds dates (2.33.0's
    are all kept), and each added one joins a day ending a line to a year of the line right
    under it."""
    added = 0
    for context in json.loads(TATQA.read_bytes()):
        text = "\n".join(
            "  ".join(c.strip() for c in row if c.strip()) for row in context["table"]["table"]
        )
        values = extract_numbers(text)
        old = {(q.value.start, q.value.end): q.date for q in shared_day_dates(text, values)}
        spans = {(q.value.start, q.value.end): q.date for q in shared_day_dates(text, values, True)}
        assert old.items() <= spans.items()
        for (start, end), date in spans.items():
            if (start, end) in old:
                continue
            added += 1
            head, _, year_line = text[start:end].rpartition("\n")
            assert date is not None and "\n" not in head
            assert str(date.year) == year_line.split()[-1]
    assert added >= 3  # the three layouts above are among them
