"""Table layouts gate 2.27.0 did not read (answer gate 2.29.0): a standard's number in a row
label or a header line (policy `standard_names: "label_words"`, d539), words over runs of
repeated period columns (`header_groups: "repeated_periods"`, d538), and a row as wide as its
header's leading period columns (`short_rows: "period_columns"`, d540; selectable and off until
gate 2.38.0, the default since with `header_unit_parts: "aside"`, d614).

"Opening balance – IFRS 9  83,934  100,107  4,466  2,154" read "9" as the row's first cell:
five cells under four columns, none of them known, so the 2019 figure passed for the 2018 one.
"Financial assets  Financial liabilities" over "2019  2018  2019  2018" headed no column: a
financial liabilities cell passed for the financial assets' figure of its year. Small tables
(English and Chinese), the readings over generated headers, and real TAT-QA questions."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from groundgate.engine.context.claims import ClaimReader
from groundgate.engine.context.facts import TableReading, read_facts
from groundgate.engine.context.rows import Line, standard_names
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.numbers import extract_numbers
from tests.engine.context.derivations import table_status as status
from tests.engine.context.derivations import tatqa_answers

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
NO_STANDARDS = AnswerGatePolicy(derived_numbers="accept", standard_names="off")
NO_GROUPS = AnswerGatePolicy(derived_numbers="accept", header_groups="off")
SHORT = AnswerGatePolicy(derived_numbers="accept", short_rows="period_columns")
NO_SHORT = AnswerGatePolicy(derived_numbers="accept", short_rows="off")
ALL = TableReading(header_units=True, header_groups=True, standard_names=True, short_rows=True)

FINANCIAL = (
    "Financial assets  Financial liabilities\n"
    "2019  2018  2019  2018\n"
    "Opening balance – IFRS 9  83,934  100,107  4,466  2,154\n"
    "Additions  39,116  51,185  75  3,301"
)
ADOPTION = (
    "As of February 28, 2019\n"
    "ASC 606  Without ASC 606\n"
    "As reported  Adjustments  Adoption\n"
    "Deferred income tax assets  22,626  (532)  22,094\n"
    "Accrued liabilities  10,410  (1,200)  9,210"
)
PENETRATION = (
    "Net additions (losses)  % of penetration\n"
    "August 31, 2019  August 31, 2019  August 31, 2018  August 31, 2019  August 31, 2018\n"
    "Internet service customers  446,137  21,189  21,417  50.8  49.7\n"
    "Video service customers  312,555  (4,697)  (6,760)  35.6  37.1"
)
ZH = (
    "项目  金融资产  金融负债\n"
    "2019年  2018年  2019年  2018年\n"
    "采用IFRS 9的调整  83,934  100,107  4,466  2,154\n"
    "本年增加  39,116  51,185  75  3,301"
)
MARGIN = (
    "Fiscal Year  Variance in\n"
    "(In millions, except for percentages)  2018  2017  Dollar  Percent\n"
    "Net revenues  $2,280  $1,664  $616  37%\n"
    "Operating margin  49%  50%"
)


def columns(table: str, row: str, reading: TableReading = ALL) -> list[str]:
    return [f.column for f in read_facts(table, reading=reading) if f.in_table and f.row == row]


def test_the_default_reads_standards_groups_and_short_rows_and_verbatim_none():
    assert DEFAULT_POLICY.standard_names == "label_words"
    assert DEFAULT_POLICY.header_groups == "repeated_periods"
    assert DEFAULT_POLICY.short_rows == "period_columns"  # since 2.38.0 (d614)
    assert VERBATIM_POLICY.standard_names == "off"
    assert VERBATIM_POLICY.header_groups == "off"
    assert VERBATIM_POLICY.short_rows == "off"


def test_a_standards_number_is_the_labels():
    assert columns(FINANCIAL, "Opening balance – IFRS 9") == [
        "Financial assets 2019",
        "Financial assets 2018",
        "Financial liabilities 2019",
        "Financial liabilities 2018",
    ]
    right = "Opening balance – IFRS 9 in Financial assets 2018 was 100,107 million."
    assert status(right, FINANCIAL) == "ok"
    assert status(right, FINANCIAL, DEFAULT_POLICY) == "ok"
    wrong = "Opening balance – IFRS 9 in Financial assets 2018 was 83,934 million."
    assert status(wrong, FINANCIAL) != "ok"
    assert status(wrong, FINANCIAL, DEFAULT_POLICY) != "ok"
    # 2.27.0: "9" a cell, the row's five cells of no column.
    assert status(wrong, FINANCIAL, NO_STANDARDS) == "ok"
    assert columns(FINANCIAL, "Opening balance – IFRS", TableReading()) == [""] * 5


def test_a_header_line_of_standards():
    assert columns(ADOPTION, "Deferred income tax assets") == [
        "As of February 28, 2019 As reported",
        "As of February 28, 2019 Adjustments",
        "As of February 28, 2019 Adoption",
    ]
    assert status("Deferred income tax assets as reported were $22,626 thousand.", ADOPTION) == (
        "ok"
    )
    wrong = "Deferred income tax assets in As reported was -532 thousand."
    assert status(wrong, ADOPTION) != "ok"
    assert status(wrong, ADOPTION, DEFAULT_POLICY) != "ok"
    assert status(wrong, ADOPTION, NO_STANDARDS) == "ok"  # 2.27.0: the line "ASC 606 ..." a row


def test_an_answers_standard_number_is_its_name_no_figure():
    # "Without ASC 606 Adoption": 2.27.0 read 606 as a figure, so the value's words began
    # after it ("Adoption") and named no column whole; the standard's number is its name.
    right = (
        "Deferred income tax assets in As of February 28, 2019 Without ASC 606 Adoption was "
        "22,094 thousand."
    )
    wrong = right.replace("22,094", "-532")
    assert status(right, ADOPTION) == "ok"
    assert status(wrong, ADOPTION) != "ok"
    assert status(wrong, ADOPTION, DEFAULT_POLICY) != "ok"
    assert status(wrong, ADOPTION, NO_STANDARDS) == "ok"
    claims = ClaimReader("Under IFRS 16 lease liabilities were 1,200 in 2019.", True)
    assert [v.text for _, v, _ in claims.values()] == ["1,200", "2019"]
    assert len(ClaimReader("Under IFRS 16 lease liabilities were 1,200 in 2019.").values()) == 3
    zh = ClaimReader("执行IFRS 16后租赁负债为1,200。", True)
    assert [v.text for _, v, _ in zh.values()] == ["1,200"]


def test_standard_names_reads_only_a_standards_number():
    def kept(text: str) -> list[str]:
        return [v.text for v in standard_names(Line(0, text, extract_numbers(text))).values]

    assert kept("Opening balance – IAS 39  77,131  2,154") == ["77,131", "2,154"]
    assert kept("Adoption of Topic 842  (1,200)  —") == ["1,200"]
    assert kept("ASC 606  Without ASC 606") == []
    assert kept("采用IFRS 9的调整  22,976  –") == ["22,976"]
    assert kept("Basic EPS 2  1.20  1.10") == ["2", "1.20", "1.10"]  # no standard's name
    assert kept("BASIC 5  100") == ["5", "100"]  # "SIC" inside a word names nothing


def test_words_over_repeated_periods():
    assert columns(PENETRATION, "Internet service customers") == [
        "August 31, 2019",
        "Net additions (losses) August 31, 2019",
        "Net additions (losses) August 31, 2018",
        "% of penetration August 31, 2019",
        "% of penetration August 31, 2018",
    ]
    assert all(
        c.startswith("August")
        for c in columns(PENETRATION, "Internet service customers", TableReading())
    )
    assert (
        status(
            "Video service customers in % of penetration August 31, 2018 was 37.1%.", PENETRATION
        )
        == "ok"
    )


def test_chinese_groups_and_standard():
    assert columns(ZH, "采用IFRS 9的调整") == [
        "金融资产 2019年",
        "金融资产 2018年",
        "金融负债 2019年",
        "金融负债 2018年",
    ]
    assert status("采用IFRS 9的调整在2018年的金融资产为100,107。", ZH) == "ok"
    assert status("采用IFRS 9的调整的2018年金融资产为83,934。", ZH) != "ok"
    # Without the groups the 2019 and 2018 cells of both kinds are alike to the period rule.
    assert status("采用IFRS 9的调整的2018年金融负债为2,154。", ZH) == "ok"
    assert status("采用IFRS 9的调整的2018年金融资产为2,154。", ZH) != "ok"
    assert status("采用IFRS 9的调整的2018年金融资产为2,154。", ZH, NO_GROUPS) == "ok"


def test_groups_keep_the_right_cell_that_standard_names_alone_would_refuse():
    right = "Opening balance – IFRS 9 in Financial assets 2018 was 100,107 million."
    # As the report prints it: a line of units under the years, and a row of two cells.
    table = FINANCIAL.replace(
        "2018\n", "2018\nRMB’Million  RMB’Million  RMB’Million  RMB’Million\n", 1
    )
    table += "\nOpening balance – IAS 39  77,131  2,154"
    assert status(right, table) == "ok"
    assert status(right, table, NO_GROUPS) != "ok"  # "Financial assets" read as another column


def test_short_rows_of_the_period_columns():
    assert columns(MARGIN, "Operating margin") == ["2018", "2017"]
    # 2.27.0 (and `off`): the group line of two parts heads the row of two cells.
    assert columns(MARGIN, "Operating margin", TableReading()) == ["Fiscal Year", "Variance in"]
    assert status("Operating margin in Fiscal Year 2018 was 49%.", MARGIN, SHORT) == "ok"
    assert status("Operating margin in Fiscal Year 2018 was 50%.", MARGIN, SHORT) != "ok"
    assert status("Operating margin in Fiscal Year 2018 was 50%.", MARGIN, NO_SHORT) == "ok"
    assert status("Operating margin in Fiscal Year 2018 was 50%.", MARGIN) != "ok"  # 2.38.0
    # A row as wide as the header is read as before.
    assert columns(MARGIN, "Net revenues") == ["2018", "2017", "Dollar", "Percent"]


_GROUPS = st.sampled_from(
    [
        "Domestic",
        "International",
        "Financial assets",
        "Financial liabilities",
        "Men",
        "Women",
        "境内",
        "境外",
    ]
)
_YEARS = st.sampled_from(["{}", "FY{}", "{}年", "Q4 {}", "June 30, {}"])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(_GROUPS, min_size=2, max_size=3, unique=True),
    st.lists(st.integers(2010, 2020), min_size=2, max_size=3, unique=True),
    _YEARS,
    st.integers(0, 1),
)
def test_each_group_heads_its_run(groups: list[str], numbers: list[int], form: str, lead: int):
    years = [form.format(y) for y in numbers]
    width = len(years)
    n = lead + width * len(groups)
    period_line = ["2020"] * lead + years * len(groups)
    assume(len("  ".join(period_line)) < 100)  # a longer line is no header line (d496)
    cells = [f"{1000 + 7 * k:,}" for k in range(n)]
    table = "  ".join(groups) + "\n" + "  ".join(period_line) + "\nRevenue  " + "  ".join(cells)
    got = columns(table, "Revenue")
    want = period_line[:lead] + [
        f"{groups[j]} {years[i]}" for j in range(len(groups)) for i in range(width)
    ]
    assert got == want
    off = columns(table, "Revenue", TableReading())
    assert off == period_line


def test_real_tatqa_answers():
    for uid in (
        "30781a7c-ec93-400d-97d7-da748c2741b0",  # 2018 IAS 39 opening balance of financial assets
        "66d3e594-1904-4cb1-9af1-bac17a8f273b",  # deferred income tax assets as reported (ASC 606)
    ):
        cases = tatqa_answers(uid)
        right = AnswerCase.model_validate(cases["right cell"])
        assert gate_answer(right, ACCEPT).status == "ok", uid
        assert gate_answer(right, DEFAULT_POLICY).status == "ok", uid
        period = AnswerCase.model_validate(cases["period"])
        assert gate_answer(period, ACCEPT).status != "ok", uid
        assert gate_answer(period, DEFAULT_POLICY).status != "ok", uid
        assert gate_answer(period, NO_STANDARDS).status == "ok", uid  # 2.27.0 took it
    # The IFRS 9 opening balance of 2018: the right cell stays right.
    cases = tatqa_answers("c1999871-dfe9-41cd-8a76-b55dff91dad8")
    right = AnswerCase.model_validate(cases["right cell"])
    assert gate_answer(right, ACCEPT).status == "ok"
    assert gate_answer(right, NO_GROUPS).status != "ok"
