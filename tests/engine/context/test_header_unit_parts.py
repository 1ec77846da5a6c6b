"""Unit statements in a table's header lines (policy `header_unit_parts: "aside"`, answer gate
2.35.0, d595; selectable and off until gate 2.38.0, the default since with `short_rows:
"period_columns"`, d614; `off` in verbatim).

Two header lines gate 2.33.0 did not read, so every cell of their tables had no column and a
figure of another period passed for the one asked:
  - a line past 100 characters only because of the label column's unit statement first
    ("(In Millions, Except Percentages and Per Share Amounts)  April 27, 2019 (1)  ...");
  - years printed with their units ("2019 $’000  2018 $’000", "2019  $’000  2018 $’000
    RESTATED3  CHANGE"): the "000"s were read as cells.
Small tables, the readings over generated headers (a cell moved to another column or row of
its table is refused), and the real TAT-QA questions whose wrong answers it refuses."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.facts import TableReading, read_facts
from groundgate.engine.context.unit_headers import dated_unit_parts
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import table_status as status
from tests.engine.context.derivations import tatqa_answers
from tests.engine.context.test_operands import case

# 2.33.0's (dated_headers off too: 2.58.0's d778 reads the long dated line by its dated parts)
ACCEPT = AnswerGatePolicy(derived_numbers="accept", header_unit_parts="off", dated_headers="off")
ASIDE = AnswerGatePolicy(derived_numbers="accept", header_unit_parts="aside")
READ = TableReading(header_units=True, header_groups=True, standard_names=True, unit_parts=True)
OLD = READ._replace(unit_parts=False)

LONG = (
    "Fiscal Year Ended\n"
    "(In Millions, Except Percentages and Per Share Amounts)  April 27, 2019 (1)  "
    "April 28, 2018 (2)  April 29, 2017 (3)\n"
    "Net Sales  $1,000.3  $908.3  $816.5\n"
    "Income before Income Taxes  103.6  123.8  115.9"
)
DATED = "CONSOLIDATED\n2019 $’000  2018 $’000\nCash and cash equivalents  21,956  33,045"
CHANGE = (
    "2019  $’000  2018 $’000 RESTATED3  CHANGE\n"
    "Continuing Operations\n"
    "Operating revenue  154,159  176,931  (13%)\n"
    "Gross profit  52,963  45,139  17%"
)


def columns(table: str, row: str, reading: TableReading = READ) -> list[str]:
    return [f.column for f in read_facts(table, reading=reading) if f.in_table and f.row == row]


def test_aside_by_default_since_2_38_and_off_in_verbatim():
    assert DEFAULT_POLICY.header_unit_parts == "aside"
    assert VERBATIM_POLICY.header_unit_parts == "off"
    assert ACCEPT.header_unit_parts == "off"


def test_a_long_header_line_with_the_labels_unit_first():
    assert columns(LONG, "Net Sales") == [
        "Fiscal Year Ended April 27, 2019 (1)",
        "Fiscal Year Ended April 28, 2018 (2)",
        "Fiscal Year Ended April 29, 2017 (3)",
    ]
    assert columns(LONG, "Net Sales", OLD) == ["", "", ""]  # 2.33.0: no column
    wrong = "Income before Income Taxes in Fiscal Year Ended April 27, 2019 was 123.8 million."
    assert status(wrong, LONG, ASIDE) != "ok"
    assert status(wrong, LONG, ACCEPT) == "ok"
    right = wrong.replace("123.8", "103.6")
    assert status(right, LONG, ASIDE) == "ok"
    # The change from the 2018 year to the 2019 year is 2019's minus 2018's, not its reverse.
    change = (
        "The change in Income before Income Taxes from Fiscal Year Ended April 28, 2018 to "
        "Fiscal Year Ended April 27, 2019 is {} million."
    )
    assert status(change.format("-20.2"), LONG, ASIDE) == "ok"
    assert status(change.format("20.2"), LONG, ASIDE) != "ok"
    assert status(change.format("20.2"), LONG, ACCEPT) == "ok"


def test_a_long_line_of_words_stays_prose():
    # Only a unit statement first is set aside: a long line of other words is no header.
    text = (
        "Revenue for the year ended April 27, 2019 compared with the year ended April 28, 2018 "
        "rose on higher volumes  2019  2018\nNet Sales  $1,000.3  $908.3"
    )
    assert columns(text, "Net Sales") == ["", ""]


def test_findings_name_the_near_miss_with_its_location():
    wrong = "Income before Income Taxes in Fiscal Year Ended April 27, 2019 was 123.8 million."
    verdict = gate_answer(case(wrong, table=LONG), ASIDE)
    [finding] = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
    # The row and the column are named; the column without its footnote mark (d634), with its
    # length's own header line (period_words "cell_headers", d1012).
    assert (
        "123.8 million is the figure for Income before Income Taxes (Fiscal Year Ended April 28, "
        "2018); Income before Income Taxes (Fiscal Year Ended April 27, 2019) has 103.6"
    ) in finding.message
    assert finding.chunk_span is not None
    assert LONG[slice(*finding.chunk_span)] == "123.8"
    verdict = gate_answer(
        case("Cash and cash equivalents in 2019 was $33,045 thousand.", table=DATED), ASIDE
    )
    [finding] = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
    assert (
        "is the figure for Cash and cash equivalents (2018 $’000); "
        "Cash and cash equivalents (2019 $’000) has 21,956"
    ) in finding.message
    assert DATED[slice(*finding.chunk_span)] == "33,045"


def test_years_printed_with_their_units():
    assert columns(DATED, "Cash and cash equivalents") == ["2019 $’000", "2018 $’000"]
    assert columns(DATED, "Cash and cash equivalents", OLD) == ["", ""]
    assert columns(CHANGE, "Operating revenue") == [
        "2019 $’000 Continuing Operations",
        "2018 $’000 RESTATED3 Continuing Operations",
        "CHANGE Continuing Operations",
    ]
    # The "000"s are no cells any more.
    values = [f.value.text for f in read_facts(DATED, reading=READ) if f.in_table]
    assert values == ["21,956", "33,045"]
    wrong = "Cash and cash equivalents in 2019 was $33,045 thousand."
    assert status(wrong, DATED, ASIDE) != "ok"
    assert status(wrong, DATED, ACCEPT) == "ok"
    assert status(wrong.replace("33,045", "21,956"), DATED, ASIDE) == "ok"
    change = (
        "The change in the operating revenue under continuing operations from 2018 to 2019 is {}."
    )
    assert status(change.format("-22,772 thousand"), CHANGE, ASIDE) == "ok"
    assert status(change.format("22,772 thousand"), CHANGE, ASIDE) != "ok"


def test_dated_unit_parts_reads_only_year_lines():
    assert dated_unit_parts("2019 $’000  2018 $’000", ["2019", "2018"]) == [
        "2019 $’000",
        "2018 $’000",
    ]
    assert dated_unit_parts("2019  RMB'000  2018  RMB'000", ["2019", "2018"]) == [
        "2019 RMB'000",
        "2018 RMB'000",
    ]
    assert dated_unit_parts("Revenue $’000  2,000  2019", ["2,000", "2019"]) is None
    assert dated_unit_parts("2019 $’000", ["2019"]) is None  # one year: no columns to tell
    assert dated_unit_parts("$’000  $’000", []) is None  # a line of units (header_units')


_UNITS = st.sampled_from(["$’000", "$'000", "£'000", "RMB’000", "US$'000"])
_SPLIT = st.sampled_from(["{y} {u}", "{y}  {u}"])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(2010, 2020), min_size=2, max_size=4, unique=True),
    _UNITS,
    _SPLIT,
    st.lists(st.integers(1_001, 99_999), min_size=8, max_size=8, unique=True),
)
def test_a_cell_moved_to_another_column_or_row_is_refused(
    years: list[int], unit: str, form: str, numbers: list[int]
):
    n = len(years)
    header = "  ".join(form.format(y=y, u=unit) for y in years)
    rows = {"Trade receivables": numbers[:n], "Inventories": numbers[4 : 4 + n]}
    table = (
        header
        + "\n"
        + "\n".join(
            f"{label}  " + "  ".join(f"{v:,}" for v in cells) for label, cells in rows.items()
        )
    )
    assert columns(table, "Trade receivables") == [f"{y} {unit}" for y in years]
    cells = rows["Trade receivables"]
    asked = years[0]
    right = f"Trade receivables in {asked} were {cells[0]:,}."
    assert status(right, table, ASIDE) == "ok"
    other_column = f"Trade receivables in {asked} were {cells[1]:,}."
    assert status(other_column, table, ASIDE) != "ok"
    other_row = f"Trade receivables in {asked} were {rows['Inventories'][0]:,}."
    assert status(other_row, table, ASIDE) != "ok"


def test_real_tatqa_answers():
    for uid, kinds in (
        # Income before income taxes, FY ended April 2019 vs 2018 (a 150-character header)
        ("6a94f765-2c5a-4486-ba06-0057636740e0", ("period", "sign")),
        ("91f1515f-4771-403c-ba45-309079ea2723", ("sign",)),  # net sales, same table
        # operating revenue under "2019  $’000  2018 $’000 RESTATED3  CHANGE"
        ("f12806ca-aa4c-4fe6-84fc-10cefca76a9e", ("sign",)),
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right calculation"])
        assert gate_answer(right, ASIDE).status == "ok", uid
        for kind in kinds:
            wrong = AnswerCase.model_validate(cases[kind])
            assert gate_answer(wrong, ASIDE).status != "ok", (uid, kind)
            assert gate_answer(wrong, ACCEPT).status == "ok", (uid, kind)  # 2.33.0 took it
