"""Facts: evidence values with their row, column and periods, read from real excerpts (TAT-QA
tables rendered as a text extraction and as markdown; FinanceBench pages as PyMuPDF prints them,
one cell a line). The data is read from ../shared, never copied here."""

from __future__ import annotations

import json
from functools import cache

from groundgate.engine.context.facts import Fact, printed_negative, read_facts
from tests.conftest import shared_data

TATQA = ("tatqa", "tatqa_dataset_dev.json")  # shared_data(*TATQA): fails if missing (d187)
FINANCEBENCH = ("financebench", "gold_cases.jsonl")


@cache
def tatqa() -> list[dict]:
    return json.loads(shared_data(*TATQA).read_text(encoding="utf-8"))


def rows_text(table: list[list[str]]) -> str:
    """One row a line, cells separated by two spaces: as bench/tatqa_cases.py renders it."""
    return "\n".join("  ".join(c.strip() for c in row if c.strip()) for row in table)


def markdown_text(table: list[list[str]]) -> str:
    width = max(len(r) for r in table)
    lines = []
    for i, row in enumerate(table):
        lines.append("| " + " | ".join([c.strip() for c in row] + [""] * (width - len(row))) + " |")
        if i == 0:
            lines.append("|" + "---|" * width)
    return "\n".join(lines)


def table_with(*needles: str) -> list[list[str]]:
    for context in tatqa():
        flat = "\n".join(" ".join(row) for row in context["table"]["table"])
        if all(n in flat for n in needles):
            return context["table"]["table"]
    raise AssertionError(f"no table with {needles}")


def fact(facts: list[Fact], text: str, value: str) -> Fact:
    hits = [f for f in facts if text[f.start : f.end] == value]
    assert len(hits) == 1, (value, hits)
    return hits[0]


def test_a_text_extraction_row_has_its_label_and_its_year_column():
    table = table_with("Fixed Price", "1,452.4", "Years Ended September 30,")
    text = rows_text(table)
    facts = read_facts(text)
    cell = fact(facts, text, "1,146.2")
    assert cell.row == "Fixed Price"
    assert cell.column == "Years Ended September 30, 2018"
    assert "Y2018" in cell.periods and cell.in_table
    other = fact(facts, text, "70.8")
    assert other.row == "Other" and "Y2017" in other.periods


def test_a_header_spanning_rows_and_a_negative_cell_printed_in_parentheses():
    # "December 31," above "2019  2018"; a cell printed "(35,569 )".
    table = table_with("December 31,", "Significant financing component", "(35,569 )")
    for text in (rows_text(table), markdown_text(table)):
        facts = read_facts(text)
        cell = fact(facts, text, "35,569")
        assert cell.negative
        assert cell.row == "Significant financing component"
        assert cell.column.startswith("December 31") and cell.column.endswith("2019")
        assert set(cell.periods) >= {"Y2019", "M12"}
        assert "Y2018" in fact(facts, text, "35,029").periods


def test_markdown_table_columns_come_from_the_header_rows():
    table = table_with("Fixed Price", "1,452.4", "Years Ended September 30,")
    text = markdown_text(table)
    cell = fact(read_facts(text), text, "56.7")
    assert cell.row == "Other" and "Y2018" in cell.periods


def test_a_label_in_a_reference_keeps_the_cells_after_it():
    # "Total amount charged to income statement (note 23)  223  222  212"
    table = table_with("Total amount charged to income statement (note 23)")
    text = rows_text(table)
    facts = read_facts(text)
    cell = fact(facts, text, "222")
    assert cell.row == "Total amount charged to income statement (note 23)"
    assert "Y2018" in cell.periods
    assert not fact(facts, text, "23").in_table


def test_a_statement_printed_one_cell_a_line():
    with shared_data(*FINANCEBENCH).open(encoding="utf-8") as handle:
        case = json.loads(handle.readline())["case"]
    header, body = case["raw_chunks"][0]["text"], case["raw_chunks"][1]["text"]
    # One cell a line: the rows are read; the columns are not guessed (a blank cell prints
    # nothing), so a cell's period is unknown and contradicts nothing.
    page = header + "\n" + body
    facts = read_facts(page)
    cash = fact(facts, page, "2,148")
    assert cash.row == "Cash and cash equivalents" and cash.periods == ()
    inventories = fact(facts, page, "2,904")
    assert inventories.row == "Inventories (Note 5)"
    alone = fact(read_facts(body), body, "2,148")
    assert alone.row == "Cash and cash equivalents" and alone.periods == ()


def test_prose_values_get_their_sentences_periods_and_entities():
    text = (
        "Net sales increased 18.3% to $10.2 billion in fiscal 2023. "
        "Best Buy operated 907 stores in the second quarter."
    )
    facts = read_facts(text)
    first = fact(facts, text, "18.3%")
    assert first.periods == ("Y2023",) and not first.in_table and first.row == ""
    stores = fact(facts, text, "907")
    assert stores.periods == ("Q2",) and "Best Buy" in stores.entities


def test_facts_are_deterministic_and_spans_point_at_the_value():
    text = "Pump I  205 m3/h\nPump B  250 m3/h"
    facts = read_facts(text)
    assert facts == read_facts(text)
    assert [(text[f.start : f.end], f.row) for f in facts] == [
        ("205", "Pump I"),
        ("250", "Pump B"),
    ]


def test_without_prose_context_only_prose_periods_and_entities_are_left_out():
    # The context rule reads rows without the prose's periods (read otherwise, or not needed):
    # every fact is the same but for those two fields.
    texts = [rows_text(ctx["table"]["table"]) for ctx in tatqa()[:60]]
    texts += [p["text"] for ctx in tatqa()[:60] for p in ctx["paragraphs"]]
    with shared_data(*FINANCEBENCH).open(encoding="utf-8") as handle:
        for line in list(handle)[:20]:
            texts += [c["text"] for c in json.loads(line)["case"]["raw_chunks"]]
    for text in texts:
        full, bare = read_facts(text), read_facts(text, prose_context=False)
        assert [f._replace(periods=(), entities=()) if not f.in_table else f for f in full] == bare


def test_a_footnote_mark_after_a_year_is_no_column():
    text = (
        "2019 (1)  2018  2017 (2)\n"
        "Impairment charges  $94.2  $394.0  $211.4\n"
        "Other operating expenses  27.0  33.7  11.8"
    )
    facts = read_facts(text)
    assert [fact(facts, text, v).periods for v in ("27.0", "33.7", "11.8")] == [
        ("Y2019",),
        ("Y2018",),
        ("Y2017",),
    ]


def test_the_label_columns_day_is_every_columns():
    text = (
        "Years Ended December 31,  2019  2018  2017\nEffective income tax rate  18.3%  13.0%  20.1%"
    )
    facts = read_facts(text)
    cell = fact(facts, text, "13.0%")
    assert cell.column == "Years Ended December 31, 2018"
    assert "Y2018" in cell.periods and "M12" in cell.periods


# Answer gate 2.12.0: row layouts of TAT-QA tables whose cells had lost their column (the
# texts are rows of real TAT-QA dev tables, rendered as rows_text renders them).


def test_a_dash_is_a_blank_cell_and_a_spaced_footnote_mark_is_no_cell():
    text = (
        "2019  2018  2017\n"
        "Employee severance and related costs  $7,169  $7,845  $724\n"
        "Strategic Alternatives Evaluation (1)  1,286  —  —\n"
        "Qdoba Evaluation (2)  —  2,211  2,592\n"
        "Other  —  591  315\n"
        "$8,455  $10,647  $3,631"
    )
    facts = read_facts(text)
    assert fact(facts, text, "1,286").periods == ("Y2019",)
    assert fact(facts, text, "2,211").periods == ("Y2018",)
    other = fact(facts, text, "315")
    assert (other.row, other.periods) == ("Other", ("Y2017",))
    # The total printed without a label under rows of as many cells is a row of its own.
    total = fact(facts, text, "$10,647")
    assert (total.row, total.periods, total.in_table) == ("", ("Y2018",), True)
    assert not any(f.in_table and text[f.start : f.end] in ("1", "2") for f in facts)


def test_a_footnote_mark_on_the_label_and_a_date_in_the_label_are_the_labels():
    text = "Fiscal year-end\n2019  2018\nOther assets(1)  18,111  9,521"
    cell = fact(read_facts(text), text, "9,521")
    assert (cell.row, cell.periods) == ("Other assets", ("Y2018",))
    text = "2019  2018\nNumber  Number\nOutstanding at 1 April  3,104,563  2,682,738"
    cell = fact(read_facts(text), text, "3,104,563")
    assert (cell.row, cell.periods) == ("Outstanding at 1 April", ("Y2019",))


def test_periods_are_over_the_value_columns_right_of_a_notes_column():
    text = (
        "2019  2018\nNote  £m  £m\nInvestments  3  1,216.0  1,212.9\n"
        "Debtors  4  415.9  440.7\nCapital redemption reserve  0.7  0.5"
    )
    facts = read_facts(text)
    assert fact(facts, text, "1,212.9").periods == ("Y2018",)
    assert fact(facts, text, "3").periods == ()
    assert fact(facts, text, "0.7").periods == ("Y2019",)


def test_a_header_of_words_and_years_over_cells_and_a_change_column():
    text = "$ million  2019  2018  Change (%)\nClosing cash  183.2  121.6  50.7"
    facts = read_facts(text)
    assert fact(facts, text, "121.6").periods == ("Y2018",)
    assert fact(facts, text, "50.7").column == "Change (%)"
    text = (
        "Year-ended 31 March 2019  Year-ended 31 March 2018 Restated See note 2\n"
        "Revenue from external customers by country  $M  $M\nUK  83.2  73.5"
    )
    assert "Y2018" in fact(read_facts(text), text, "73.5").periods


def test_a_fact_printed_negative_is_one_printed_negative_finds_on_its_line():
    # operands.OperandContext reads an excerpt's facts for an operand only where
    # printed_negative holds at its span: it must hold at every negative fact (rows,
    # markdown, and one cell a line as FinanceBench prints pages).
    texts = []
    for context in tatqa()[:150]:
        table = context["table"]["table"]
        texts += [rows_text(table), markdown_text(table)]
    with shared_data(*FINANCEBENCH).open(encoding="utf-8") as handle:
        for line in handle:
            case = json.loads(line)["case"]
            texts += [e["excerpt"] for e in case["answer"].get("evidences") or ()]
    negatives = 0
    for text in texts:
        for f in read_facts(text):
            if f.negative:
                negatives += 1
                assert printed_negative(text, f.start, f.end), (text, f)
    assert negatives > 50
