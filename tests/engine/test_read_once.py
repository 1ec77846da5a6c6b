"""Work done once where it was done twice, read the same (d930-d933; verdicts unchanged:
bench/verdict_digests.py every set the same). Each reading is held equal to the one it replaces
over the real FinanceBench cases (../shared/data/financebench): an excerpt's prose periods read
on first need (d930), a sentence's own period phrase read only where a row cell of no column
stands (d931), a conclusion's written calculations read once for their results and their
failures (d932), its values typed once (d933)."""

from __future__ import annotations

from groundgate.engine.context.adjacent_periods import adjacent_periods, with_adjacent_periods
from groundgate.engine.context.excerpt_index import excerpt_cells, excerpt_facts
from groundgate.engine.context.facts import Fact
from groundgate.engine.context.phrase_periods import phrase_periods, prose_row
from groundgate.engine.context.respective_lists import paired_fact
from groundgate.engine.gates.answer import DEFAULT_POLICY
from groundgate.engine.gates.answer_reading import table_reading
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from groundgate.engine.typed_values import TypedValues
from groundgate.engine.written import WrittenResults, written_results
from tests.conftest import _financebench_cases

READING = table_reading(DEFAULT_POLICY)


def _excerpts() -> list[str]:
    seen = {
        evidence["excerpt"]: None
        for case in _financebench_cases().values()
        for evidence in case["answer"]["evidences"]
    }
    return list(seen)


def _conclusions() -> list[str]:
    return [case["answer"]["conclusion"] for case in _financebench_cases().values()]


def _adjacent_before(facts: list[Fact], text: str) -> list[Fact]:
    """with_adjacent_periods as at 2.71.1: every sentence of the text read."""
    if not any(f.in_table and not f.column and not f.periods for f in facts):
        return facts
    own = adjacent_periods(text)
    return [
        f._replace(periods=own[f.start, f.end])
        if f.in_table and not f.column and not f.periods and (f.start, f.end) in own
        else f
        for f in facts
    ]


def test_the_sentences_holding_a_row_cell_give_what_every_sentence_gave() -> None:
    read = 0
    for excerpt in _excerpts():
        facts = excerpt_cells(excerpt, READING)
        assert with_adjacent_periods(facts, excerpt) == _adjacent_before(facts, excerpt)
        read += bool(adjacent_periods(excerpt))
    assert read  # (some excerpts have a figure with its own period phrase)


def test_prose_periods_read_on_need_give_the_facts_they_gave() -> None:
    assert READING.phrases and READING.adjacent and READING.respective
    for excerpt in _excerpts():
        facts = with_adjacent_periods(excerpt_cells(excerpt, READING), excerpt)
        own = phrase_periods(excerpt)  # 2.71.1: read for every excerpt first
        before = [
            f._replace(periods=own.get((f.start, f.end), ()))
            if f.in_table and not f.column and not f.periods and prose_row(excerpt, f.start)
            else f
            for f in facts
        ]
        if not all(f.in_table for f in before):
            before = [f if f.column else paired_fact(f, own, excerpt) for f in before]
        assert excerpt_facts(excerpt, READING) == before


def test_one_reading_of_the_written_calculations_gives_both_answers() -> None:
    for text in _conclusions():
        values = extract_numbers(text)
        failed: dict[tuple[int, int], str] = {}
        found = written_results(text, values)
        written_results(text, values, failed)
        shared = WrittenResults(text, values, on=True)
        for value in values:
            span = (value.start, value.end)
            assert shared.failed(value) == failed.get(span)
            derivation = shared.derivation(value)
            assert (derivation is None) == (span not in found)
            if derivation is not None:
                assert derivation.formula == found[span].formula


def test_values_typed_once_are_the_values_typed() -> None:
    for text in _conclusions():
        values = extract_numbers(text)
        typed_values = TypedValues(values)
        assert typed_values.all() == [typed(v) for v in values]
        for value in values:
            assert typed_values.of(value) is typed_values.of(value)  # typed once
    # A value that is none of the conclusion's is typed afresh.
    other = extract_numbers("revenue of $5.2 billion")[0]
    assert TypedValues(extract_numbers("12 stores")).of(other) == typed(other)
