"""The context rules' corpora (groundgate/engine/context/corpus_zh.py, corpus_en.py): each answer
that must pass passes, each that must be refused is refused under the default policy and with
derived numbers accepted, and each known gap still fails (strictly: a fix moves it into the
corpus). Layouts Chinese annual reports print, and the same in English."""

from __future__ import annotations

import pytest

from groundgate.engine.context import (
    corpus_en,
    corpus_en_cell_periods,
    corpus_en_derivations,
    corpus_en_fiscal,
    corpus_en_lengths,
    corpus_en_parts,
    corpus_en_pdf,
    corpus_en_periods,
    corpus_en_section_lines,
    corpus_zh,
)
from groundgate.engine.context.corpus import Gap, Passes, Refused
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
CORPORA = {
    "zh": corpus_zh,
    "en": corpus_en,
    "en-derivations": corpus_en_derivations,
    "en-fiscal": corpus_en_fiscal,
    "en-lengths": corpus_en_lengths,
    "en-cell-periods": corpus_en_cell_periods,
    "en-section-lines": corpus_en_section_lines,
    "en-pdf": corpus_en_pdf,
    "en-parts": corpus_en_parts,
    "en-periods": corpus_en_periods,
}


def _status(
    answer: str, table: str, policy: AnswerGatePolicy, excerpt: str = "", question: str = ""
) -> str:
    return gate_answer(case(answer, question, table, excerpt), policy).status


def _examples(kind: str) -> list:
    return [(lang, ex) for lang, corpus in CORPORA.items() for ex in getattr(corpus, kind)]


def _id(x: object) -> str:
    return getattr(x, "answer", str(x))


@pytest.mark.parametrize(("lang", "example"), _examples("PASSES"), ids=_id)
def test_a_right_answer_passes(lang: str, example: Passes):
    assert _status(example.answer, example.table, ACCEPT, example.excerpt, example.question) == "ok"
    if not example.derived:
        assert (
            _status(
                example.answer, example.table, DEFAULT_POLICY, example.excerpt, example.question
            )
            == "ok"
        )


@pytest.mark.parametrize(("lang", "example"), _examples("REFUSED"), ids=_id)
def test_a_value_of_another_row_period_sign_or_scale_is_refused(lang: str, example: Refused):
    assert (
        _status(example.answer, example.table, DEFAULT_POLICY, example.excerpt, example.question)
        != "ok"
    ), example.why
    assert (
        _status(example.answer, example.table, ACCEPT, example.excerpt, example.question) != "ok"
    ), example.why


@pytest.mark.parametrize(("lang", "example"), _examples("GAPS"), ids=_id)
def test_a_known_gap_is_still_open(lang: str, example: Gap):
    statuses = {
        _status(example.answer, example.table, p, example.excerpt, example.question)
        for p in (DEFAULT_POLICY, ACCEPT)
    }
    if example.why is None:
        assert statuses != {"ok"}, example.reason
    else:
        assert "ok" in statuses, example.reason


def test_the_readings_of_gate_2_42_are_the_defaults_and_the_old_ones_selectable():
    """label_units "aside", change_order "time_relative", direction_cells "change_columns",
    row_said "heads" (gate 2.46.0); the old readings stay selectable, verbatim's."""
    from groundgate.engine.gates.answer import VERBATIM_POLICY

    assert DEFAULT_POLICY.label_units == "aside"
    assert DEFAULT_POLICY.change_order == "time_relative"
    assert DEFAULT_POLICY.direction_cells == "change_columns"
    assert DEFAULT_POLICY.row_said == "apart_or_head"  # "heads" until 2.69.0 (d872)
    assert VERBATIM_POLICY.label_units == "words"
    assert VERBATIM_POLICY.direction_cells == "off"
    assert VERBATIM_POLICY.row_said == "every_word"
    old = AnswerGatePolicy(
        label_units="words", change_order="time_order", direction_cells="off", row_said="every_word"
    )
    old_accept = old.model_copy(update={"derived_numbers": "accept"})
    # Gate 2.41.0's readings: the label's unit is a naming word, relative columns unordered.
    assert _status("2023年净利润为120.5亿元。", corpus_zh.KEY_FIGURES, old) == "ok"
    assert _status("Revenue in 2023 was $15.6 billion.", corpus_en.KEY_FIGURES, old) == "ok"
    assert _status("应收账款较期初减少1,309,910.50元。", corpus_zh.BALANCES, old_accept) == "ok"
    assert _status("营业收入环比下降9.9%。", corpus_zh.QUARTERS, old) == "ok"
    assert _status("2023年净利润为120.5亿元。", corpus_zh.LONG_LABELS, old) == "ok"


def test_the_words_that_set_a_row_apart_name_it_under_row_said_apart_or_head():
    """row_said "apart_or_head" (the default since 2.69.0, d872: its labelled gains are all in
    one half, d870): a row said by the words its label has and the value's own row's lacks."""
    apart = AnswerGatePolicy(row_said="apart_or_head")
    assert DEFAULT_POLICY.row_said == "apart_or_head"
    heads = AnswerGatePolicy(row_said="heads")
    refused = [
        ("2023年扣除非经常性损益的净利润为15.6亿元。", corpus_zh.LONG_LABELS),
        ("Cash used in investing activities was $1,234.5 million in 2019.", corpus_en.CASH_FLOWS),
    ]
    for answer, table in refused:
        assert _status(answer, table, apart) != "ok", answer
        assert _status(answer, table, heads) == "ok", answer
    right = "Cash used in investing activities was $456.7 million in 2019."
    assert _status(right, corpus_en.CASH_FLOWS, apart) == "ok"
