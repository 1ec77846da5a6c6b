"""Units in a table's header (policy `header_units: "label_and_unit_lines"`, answer gate 2.25.0).

"(In millions)  As Reported  Balances Without Adoption  Effect of Change" over rows of three
cells heads them with its last three parts (the first is the label column's unit), and a line
of units only under the column names ("$'000  $'000  %", "人民币千元  人民币千元") is a header
line, not a row of the values "000" with the column names as its label. Gate 2.24.0 read
neither: the cells had no columns, so another column's figure passed for the one named
("Accounts receivable, net as reported was $657 million", the "Without Adoption" column's).
Small tables (English and Chinese), the helpers over generated headers, and real TAT-QA
questions."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.facts import TableReading, read_facts
from groundgate.engine.context.unit_headers import label_unit, unit_line, unit_part
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
OFF = AnswerGatePolicy(derived_numbers="accept", header_units="off")
ADOPTION = (
    "As of March 29, 2019\n"
    "(In millions)  As Reported  Balances Without Adoption of New Standard  Effect of Change\n"
    "Accounts receivable, net  $708  $657  $51\n"
    "Other current assets (1)  $435  $421  $14\n"
    "Total assets  $15,938  $15,824  $114"
)
EBITDA = (
    "30 June 2019  30 June 2018  Change\n"
    "$’000  $’000  %\n"
    "EBITDA  79,046  63,954  24%\n"
    "Underlying EBITDA  85,123  62,575  36%"
)
AGEING = (
    "30 June 2019  Current  0 to 30 days past due  More than 30 days past due  Total\n"
    "$'000  $'000  $'000  $'000\n"
    "Gross carrying amount  23,762  2,068  1,703  27,533\n"
    "Loss allowance provision  238  103  341  682"
)
ZH = "（人民币千元）  本期金额  上期金额\n营业收入  93,662  103,350\n毛利  22,149  25,858"


def test_the_default_reads_header_units_and_the_verbatim_preset_does_not():
    assert DEFAULT_POLICY.header_units == "label_and_unit_lines"
    assert VERBATIM_POLICY.header_units == "off"


def test_a_unit_as_the_label_columns_header():
    assert status("Accounts receivable, net as reported was $708 million.", ADOPTION) == "ok"
    wrong = "Accounts receivable, net in As Reported was $657 million."
    assert status(wrong, ADOPTION) != "ok"
    assert status(wrong, ADOPTION, DEFAULT_POLICY) != "ok"
    assert status(wrong, ADOPTION, OFF) == "ok"  # 2.24.0: no columns, any cell of the row
    # The footnote mark of a label under such a header is no cell ("Other current assets (1)").
    facts = read_facts(ADOPTION, reading=TableReading(header_units=True))
    other = [f for f in facts if f.row.startswith("Other current assets")]
    assert [f.column.rsplit("2019 ", 1)[-1] for f in other] == [
        "As Reported",
        "Balances Without Adoption of New Standard",
        "Effect of Change",
    ]


def test_a_line_of_units_under_the_column_names():
    assert status("Underlying EBITDA in 30 June 2018 was 62,575 thousand.", EBITDA) == "ok"
    assert status("Underlying EBITDA in Change % was 36%.", EBITDA) == "ok"
    assert status("Underlying EBITDA in Change % was 62,575%.", EBITDA) != "ok"
    assert status("Underlying EBITDA in Change % was 62,575%.", EBITDA, OFF) == "ok"
    # The names one part wider than the units: the first is the label column's (a day here,
    # every column's).
    assert status("Gross carrying amount in Current was 23,762 thousand.", AGEING) == "ok"
    assert status("Gross carrying amount in Current was 2,068 thousand.", AGEING) != "ok"
    assert status("Gross carrying amount in Current was 2,068 thousand.", AGEING, OFF) == "ok"
    columns = {f.column for f in read_facts(AGEING, reading=TableReading(header_units=True))}
    assert "30 June 2019 Current $'000" in columns


def test_chinese_units():
    assert status("本期营业收入为93,662千元。", ZH) == "ok"
    assert status("上期营业收入为103,350千元。", ZH) == "ok"
    assert status("上期营业收入为93,662千元。", ZH) != "ok"
    assert status("上期营业收入为93,662千元。", ZH, OFF) == "ok"
    assert unit_line("人民币千元  人民币千元") and unit_part("单位：万元")


_NAMES = st.sampled_from(
    [
        "As Reported",
        "Adjustments",
        "Current",
        "Fair Value",
        "Carrying Amount",
        "Domestic",
        "Foreign",
        "Total",
        "本期金额",
        "调整后",
    ]
)
_UNITS = st.sampled_from(
    [
        "(In millions)",
        "(In thousands)",
        "(Dollars in thousands)",
        "$ MILLION",
        "RMB’Million",
        "(In millions, except per share data)",
        "（人民币千元）",
        "单位：万元",
    ]
)


@settings(max_examples=60, deadline=None)
@given(_UNITS, st.lists(_NAMES, min_size=2, max_size=4, unique=True))
def test_a_unit_heads_the_label_column_of_any_names(unit: str, names: list[str]):
    assert unit_part(unit) and label_unit([unit, *names])
    assert not label_unit([unit, unit])  # a line of units only: each its column's
    assert not any(unit_part(name) for name in names)
    cells = [f"{1000 + 7 * k:,}" for k in range(len(names))]
    table = "  ".join([unit, *names]) + "\nRevenue  " + "  ".join(cells)
    facts = read_facts(table, reading=TableReading(header_units=True))
    assert [f.column for f in facts if f.row == "Revenue"] == names
    assert all(f.column == "" for f in read_facts(table) if f.row == "Revenue")


_UNIT_CELLS = st.sampled_from(["$'000", "$’000", "£m", "€m", "RMB’000", "US$’000", "%"])


@given(_UNIT_CELLS, st.integers(2, 5))
def test_unit_lines(unit: str, n: int):
    line = "  ".join([unit] * n)
    assert unit_line(line) == (unit != "%")  # "%" alone states no scale
    assert unit_line("  ".join(["$'000"] * (n - 1) + ["%"]))
    assert not unit_line(f"Revenue  {line}") and not unit_line("2019  2018")


def test_real_tatqa_answers():
    for uid in (
        "b01cfc26-4c45-4331-868a-432b93e272e9",  # accounts receivable as reported (In millions)
        "c4920a1b-4aee-4797-a904-fdbe20885db4",  # fair value of total debt (In millions)
        "921776c8-aabf-4fd9-a168-7e67ecb80d3f",  # underlying EBITDA change, $'000 line
        "0aaa9956-9709-42ca-8ae1-2a45e9155c97",  # current receivables, $'000 line
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right cell"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        assert gate_answer(right, DEFAULT_POLICY).status == "ok", uid
        period = AnswerCase.model_validate(cases["period"])
        assert gate_answer(period, ACCEPT).status != "ok", uid
        assert gate_answer(period, DEFAULT_POLICY).status != "ok", uid
        assert gate_answer(period, OFF).status == "ok", uid  # 2.24.0 took it
