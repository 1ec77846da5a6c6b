"""Facts: evidence values with their row, column and periods, read from real excerpts (TAT-QA
tables rendered as a text extraction and as markdown; FinanceBench pages as PyMuPDF prints them,
one cell a line). The data is read from ../shared, never copied here."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from groundgate.engine.context.facts import Fact, read_facts

SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "data"
TATQA = SHARED / "tatqa" / "tatqa_dataset_dev.json"
FINANCEBENCH = SHARED / "financebench" / "gold_cases.jsonl"

needs_data = pytest.mark.skipif(
    not (TATQA.exists() and FINANCEBENCH.exists()), reason="shared data not beside the project"
)


@cache
def tatqa() -> list[dict]:
    return json.loads(TATQA.read_text(encoding="utf-8"))


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


@needs_data
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


@needs_data
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


@needs_data
def test_markdown_table_columns_come_from_the_header_rows():
    table = table_with("Fixed Price", "1,452.4", "Years Ended September 30,")
    text = markdown_text(table)
    cell = fact(read_facts(text), text, "56.7")
    assert cell.row == "Other" and "Y2018" in cell.periods


@needs_data
def test_a_label_in_a_reference_keeps_the_cells_after_it():
    # "Total amount charged to income statement (note 23)  223  222  212"
    table = table_with("Total amount charged to income statement (note 23)")
    text = rows_text(table)
    facts = read_facts(text)
    cell = fact(facts, text, "222")
    assert cell.row == "Total amount charged to income statement (note 23)"
    assert "Y2018" in cell.periods
    assert not fact(facts, text, "23").in_table


@needs_data
def test_a_statement_printed_one_cell_a_line():
    with FINANCEBENCH.open(encoding="utf-8") as handle:
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


@needs_data
def test_without_prose_context_only_prose_periods_and_entities_are_left_out():
    # The context rule reads rows without the prose's periods (read otherwise, or not needed):
    # every fact is the same but for those two fields.
    texts = [rows_text(ctx["table"]["table"]) for ctx in tatqa()[:60]]
    texts += [p["text"] for ctx in tatqa()[:60] for p in ctx["paragraphs"]]
    with FINANCEBENCH.open(encoding="utf-8") as handle:
        for line in list(handle)[:20]:
            texts += [c["text"] for c in json.loads(line)["case"]["raw_chunks"]]
    for text in texts:
        full, bare = read_facts(text), read_facts(text, prose_context=False)
        assert [f._replace(periods=(), entities=()) if not f.in_table else f for f in full] == bare
