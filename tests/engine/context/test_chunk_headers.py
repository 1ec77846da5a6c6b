"""An excerpt's rows read with the columns its chunk's header gives (excerpt_headers
"chunk_columns", d940; a rounding asks the same cells, d941; context/chunk_headers.py): the
reading is what refuses context/corpus_en_parts.py's answers, the old reading stays selectable
(verbatim's), and what is read as before - an excerpt not located in its chunk, the whole chunk
quoted, prose, a cell its own header heads - is read as before."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en_parts
from groundgate.engine.context.chunk_headers import evidence_seen, from_chunk
from groundgate.engine.context.corpus_en_parts import CASH_Q, CASH_ROW, NOTE, RELEASE
from groundgate.engine.context.corpus_en_pdf import DATES_SIDE_BY_SIDE, DAYS_OVER_YEARS
from groundgate.engine.context.excerpt_index import _seen
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.gates.answer_reading import table_reading
from tests.engine.context.test_context_properties import Table, _figure, tables
from tests.engine.context.test_operands import case

OLD = AnswerGatePolicy(excerpt_headers="excerpt")
READING = table_reading(DEFAULT_POLICY)


def test_chunk_columns_is_the_default_and_the_excerpt_alone_selectable_and_verbatims():
    assert DEFAULT_POLICY.excerpt_headers == "chunk_columns"
    assert VERBATIM_POLICY.excerpt_headers == "excerpt"


@pytest.mark.parametrize("example", corpus_en_parts.REFUSED, ids=lambda e: e.answer)
def test_the_excerpt_read_alone_passes_what_the_chunks_header_refuses(example):
    """Each refusal of the corpus is this reading's: read alone, the row's cells have no column."""
    verdict = gate_answer(case(example.answer, example.question, example.table, example.excerpt))
    assert verdict.status != "ok"
    assert "VALUE_OUT_OF_CONTEXT" in {f.code for f in verdict.findings}
    old = case(example.answer, example.question, example.table, example.excerpt)
    assert gate_answer(old, OLD).status == "ok"


def test_the_finding_is_boxed_on_the_cell_in_the_chunk_and_offers_the_right_one():
    answer = "Cash and cash equivalents were $498,210 thousand at January 28, 2023."
    verdict = gate_answer(case(answer, CASH_Q, DAYS_OVER_YEARS, CASH_ROW))
    (out,) = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
    start = DAYS_OVER_YEARS.index("498,210")
    assert out.chunk_span == (start, start + len("498,210"))
    assert out.near_match is not None and out.near_match.text == "612,345"
    assert out.near_match.reason == "another_period"
    # (the column named by its day over its year, d962)
    assert "equivalents (January 29, 2022)" in out.message
    assert "equivalents (January 28, 2023) has 612,345" in out.message


def test_the_cells_take_the_whole_chunks_columns_rows_and_periods():
    """Property over every row of each statement quoted alone: its cells' row, column and
    periods are the chunk's own reading of the same cells, at the excerpt's offsets."""
    for table in (DAYS_OVER_YEARS, DATES_SIDE_BY_SIDE, NOTE):
        whole = {f.start: f for f in _seen(table, True, READING).facts}
        for line in table.split("\n"):
            offset = table.index(line)
            seen = evidence_seen(line, True, READING, (table, offset))
            for fact in seen.facts:
                chunk = whole.get(fact.start + offset)
                if chunk is None or not chunk.column:
                    continue
                assert from_chunk(fact, seen) or fact.column == chunk.column, line
                assert (fact.row, fact.column, fact.periods) == (
                    chunk.row,
                    chunk.column,
                    chunk.periods,
                ), line


def _two_chunks(answer: str, question: str, table: str, excerpt: str) -> AnswerCase:
    """The chunk's id given twice (a retriever's repeat): the gate does not keep where the
    excerpt stands (its slow path), so the excerpt is read alone."""
    return AnswerCase.model_validate(
        {
            "case_id": "twice",
            "question": question,
            "raw_chunks": [{"chunk_id": "t", "text": table}, {"chunk_id": "t", "text": table}],
            "answer": {
                "conclusion": answer,
                "evidences": [{"chunk_id": "t", "excerpt": excerpt}],
            },
        }
    )


def test_an_excerpt_not_located_in_its_chunk_is_read_alone():
    answer = "Cash and cash equivalents were $498,210 thousand at January 28, 2023."
    assert gate_answer(_two_chunks(answer, CASH_Q, DAYS_OVER_YEARS, CASH_ROW)).status == "ok"


def test_the_whole_chunk_quoted_and_a_headed_excerpt_read_as_before():
    whole = evidence_seen(DAYS_OVER_YEARS, True, READING, None)
    assert whole is _seen(DAYS_OVER_YEARS, True, READING)
    lines = NOTE.split("\n")
    headed = "\n".join(lines[1:3])  # the year line and a row: its own header heads its cells
    seen = evidence_seen(headed, True, READING, (NOTE, NOTE.index(headed)))
    assert seen is _seen(headed, True, READING) and not seen.from_chunk


def test_prose_quoted_from_a_chunk_keeps_its_own_periods():
    """A sentence of a release above its table is not read against the table's header: its
    figures keep the periods its own words give them ($2.7 billion is 2022's)."""
    sentence = RELEASE.split("\n")[0]
    seen = evidence_seen(sentence, True, READING, (RELEASE, 0))
    assert seen is _seen(sentence, True, READING)
    answer = "Net sales were $2.7 billion in 2023."
    assert gate_answer(case(answer, "", RELEASE, sentence)).status != "ok"
    assert (
        gate_answer(case("Net sales were $2.7 billion in 2022.", "", RELEASE, sentence)).status
        == "ok"
    )


def test_a_rounding_of_a_cell_no_chunk_heads_is_not_judged_as_before():
    """d941 judges a rounding only by cells the chunk headed: the excerpt's own table, or the
    whole chunk, keeps d704's "found" reading for an English clause."""
    answer = "Cash and cash equivalents were $498.2 million at January 28, 2023."
    assert gate_answer(case(answer, CASH_Q, DAYS_OVER_YEARS)).status == "ok"
    assert gate_answer(case(answer, CASH_Q, DAYS_OVER_YEARS, CASH_ROW)).status != "ok"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_a_row_quoted_alone_is_read_with_its_chunks_columns(table: Table, data: st.DataObject):
    """Property over generated tables (test_context_properties.tables: years, balances, current
    and prior amounts, in Chinese and English): one row quoted alone, its own cell said of its
    column passes and the other column's cell is refused (read alone, both passed)."""
    i = data.draw(st.integers(min_value=0, max_value=len(table.labels) - 1))
    column = data.draw(st.integers(min_value=0, max_value=1))
    row = next(line for line in table.text.split("\n") if line.startswith(table.labels[i]))
    question = " and ".join(table.layout.header)  # (the years an answer says are the question's)
    said = table.layout.said[column]
    own = said.format(label=table.labels[i], v=_figure(table.cells[i][column]))
    other = said.format(label=table.labels[i], v=_figure(table.cells[i][1 - column]))
    assert gate_answer(case(own, question, table.text, row)).status == "ok", own
    assert gate_answer(case(other, question, table.text, row)).status != "ok", other
    assert gate_answer(case(other, question, table.text, row), OLD).status == "ok", other
