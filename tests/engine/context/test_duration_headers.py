"""Header lines of duration columns (policy `duration_headers: "columns"`, answer gate 2.37.0,
d602; `rows` the old reading, and verbatim's).

"Total  Less than 1 Year  1-3 Years  3-5 Years  More than 5 Years" (contractual obligations,
"Payments due by period") was read as a row, so no cell of its table had a column: a share of
two named rows down one column was rejected, and a figure of another column passed. Read as
the header it is, each part names its column, and the duration it says is named as a period
("due in less than one year" is no cell of the "1-3 Years" column). Real TAT-QA layouts."""

from __future__ import annotations

from groundgate.engine.context.duration_headers import (
    duration_of,
    duration_parts,
    durations_in,
)
from groundgate.engine.context.facts import TableReading, read_facts
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.derivations import table_status as status
from tests.engine.context.derivations import tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
# (operand_scales "either", 2.55.0's: the share below mixes a figure as written with a cell at
# the table's thousands, which one_scale refuses as well, d750)
ROWS = AnswerGatePolicy(derived_numbers="accept", duration_headers="rows", operand_scales="either")
READ = TableReading(header_units=True, header_groups=True, marker_cells=True, durations=True)
OLD = READ._replace(durations=False)

# TAT-QA dev, table 0e8b88af (half A), as bench/tatqa_build.py renders it.
DUE = (
    "Payments Due by Period (in millions)\n"
    "Contractual Obligations  Total  Less than 1 Year  1-3 Years  3-5 Years  After 5 Years\n"
    "Capital lease obligations  165.4  20.6  41.0  29.4  74.4\n"
    "Operating lease obligations  312.6  52.1  86.4  59.7  114.4\n"
    "Purchase obligations and other contracts  1,483.5  1,195.3  223.4  53.2  11.6\n"
    "Total  $12,519.1  $1,269.0  $3,098.4  $2,429.3  $5,722.4"
)
# Table d8568399 (half B): the duration line first, a label's footnote mark, "Years3-5".
FIRST = (
    "Total  Less Than 1 Year  1-3 Years  Years3-5  More Than 5 Years\n"
    "(inthousands)\n"
    "Operating leases  $98,389  $37,427  $36,581  $12,556  $11,825\n"
    "Capital leases (1)  50,049  7,729  17,422  10,097  14,801\n"
    "Total  $8,031,229  $1,125,748  $1,314,675  $501,250  $5,089,556"
)


def columns(table: str, row: str, reading: TableReading = READ) -> list[str]:
    return [f.column for f in read_facts(table, reading=reading) if f.in_table and f.row == row]


def test_on_by_default_rows_in_verbatim():
    assert DEFAULT_POLICY.duration_headers == "columns"
    assert VERBATIM_POLICY.duration_headers == "rows"


def test_durations_read():
    assert duration_of("Less than 1 Year") == "T0-1"
    assert duration_of("Up to 1 year") == "T0-1"
    assert duration_of("1-3 Years") == "T1-3"
    assert duration_of("1 to 3 years") == "T1-3"
    assert duration_of("Years3-5") == "T3-5"
    assert duration_of("After 5 Years") == "T5+"
    assert duration_of("More Than 5 Years") == "T5+"
    assert duration_of("Total") is None
    assert duration_of("2019") is None
    assert durations_in("due in less than one year and in 1-3 years") == ("T0-1", "T1-3")
    assert durations_in("due in 5 years or below") == ()  # several columns: no one duration
    assert duration_parts("Contractual Obligations  Less Than 1 Year  2-5 Years  Total") == [
        "Contractual Obligations",
        "Less Than 1 Year",
        "2-5 Years",
        "Total",
    ]
    assert duration_parts("Long-term debt  1-3 Years  2,747.6") is None  # a row, a value
    assert duration_parts("Amounts falling due within one year:") is None  # one duration


def test_the_line_heads_the_columns():
    assert columns(DUE, "Capital lease obligations") == [
        "Payments Due by Period (in millions) Total",
        "Payments Due by Period (in millions) Less than 1 Year",
        "Payments Due by Period (in millions) 1-3 Years",
        "Payments Due by Period (in millions) 3-5 Years",
        "Payments Due by Period (in millions) After 5 Years",
    ]
    assert columns(DUE, "Capital lease obligations", OLD) == [""] * 5  # 2.35.0: no column
    # The durations are no cells, and the footnote mark "(1)" is the label's.
    assert [
        f.value.text for f in read_facts(FIRST, reading=READ) if f.row == "Capital leases (1)"
    ] == [
        "50,049",
        "7,729",
        "17,422",
        "10,097",
        "14,801",
    ]
    assert [f.periods for f in read_facts(FIRST, reading=READ) if f.row == "Operating leases"] == [
        (),
        ("T0-1",),
        ("T1-3",),
        ("T3-5",),
        ("T5+",),
    ]


def test_a_cell_moved_to_another_column_is_rejected():
    right = "Capital lease obligations due in less than 1 year were $20.6 million."
    assert status(right, DUE) == "ok"
    moved = right.replace("20.6", "41.0")  # the 1-3 Years cell
    assert status(moved, DUE) != "ok"
    assert status(moved, DUE, ROWS) == "ok"  # 2.35.0: no column, so it passed
    later = "Operating lease obligations due after 5 years were $59.7 million."  # 3-5 Years'
    assert status(later, DUE) != "ok"
    assert status(later.replace("59.7", "114.4"), DUE) == "ok"
    # The total column names no duration: "due" alone contradicts nothing.
    assert status("Capital lease obligations due in total were $165.4 million.", DUE) == "ok"


def test_a_share_of_cells_of_other_columns_is_rejected():
    # 11,825 / 98,389: the operating leases of more than 5 years in their total.
    sentence = (
        "The percentage of the operating leases of more than 5 years in the total operating "
        "leases is {}."
    )
    assert status(sentence.format("12.02%"), FIRST) == "ok"
    # $1,314,675 / 10,097 × 100 ≈ 13.02%: cells of the 1-3 and 3-5 years columns.
    assert status(sentence.format("13.02%"), FIRST) != "ok"
    assert status(sentence.format("13.02%"), FIRST, ROWS) == "ok"


def test_real_tatqa_questions():
    # 0e8b88af (half A): (2,747.6 + 2,287.0) / 10,556.6, now that the cells have columns.
    built = tatqa_answers("6ce427fa-d1ff-481d-b6ba-7950d43e7c22")
    right = AnswerCase.model_validate(built["right calculation"])
    assert gate_answer(right, ACCEPT).status == "ok"
    # d8568399 (half B): the digit slip 13.02% for 12.02% is refused.
    built = tatqa_answers("f36e5912-f63c-4837-a9ed-ddbe73e5148b")
    assert gate_answer(AnswerCase.model_validate(built["digit"]), ACCEPT).status != "ok"
    assert gate_answer(AnswerCase.model_validate(built["digit"]), ROWS).status == "ok"
    assert gate_answer(AnswerCase.model_validate(built["right calculation"]), ACCEPT).status == "ok"
