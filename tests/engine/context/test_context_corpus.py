"""The context rules' corpora (groundgate/engine/context/corpus_zh.py, corpus_en.py): each answer
that must pass passes, each that must be refused is refused under the default policy and with
derived numbers accepted, and each known gap still fails (strictly: a fix moves it into the
corpus). Layouts Chinese annual reports print, and the same in English."""

from __future__ import annotations

import pytest

from groundgate.engine.context import corpus_en, corpus_zh
from groundgate.engine.context.corpus import Gap, Passes, Refused
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
CORPORA = {"zh": corpus_zh, "en": corpus_en}


def _status(answer: str, table: str, policy: AnswerGatePolicy) -> str:
    return gate_answer(case(answer, table=table), policy).status


def _examples(kind: str) -> list:
    return [(lang, ex) for lang, corpus in CORPORA.items() for ex in getattr(corpus, kind)]


def _id(x: object) -> str:
    return getattr(x, "answer", str(x))


@pytest.mark.parametrize(("lang", "example"), _examples("PASSES"), ids=_id)
def test_a_right_answer_passes(lang: str, example: Passes):
    assert _status(example.answer, example.table, ACCEPT) == "ok"
    if not example.derived:
        assert _status(example.answer, example.table, DEFAULT_POLICY) == "ok"


@pytest.mark.parametrize(("lang", "example"), _examples("REFUSED"), ids=_id)
def test_a_value_of_another_row_period_sign_or_scale_is_refused(lang: str, example: Refused):
    assert _status(example.answer, example.table, DEFAULT_POLICY) != "ok", example.why
    assert _status(example.answer, example.table, ACCEPT) != "ok", example.why


@pytest.mark.parametrize(("lang", "example"), _examples("GAPS"), ids=_id)
def test_a_known_gap_is_still_open(lang: str, example: Gap):
    statuses = {_status(example.answer, example.table, p) for p in (DEFAULT_POLICY, ACCEPT)}
    if example.why is None:
        assert statuses != {"ok"}, example.reason
    else:
        assert "ok" in statuses, example.reason


def test_the_label_unit_and_relative_order_readings_are_the_defaults_and_selectable():
    """label_units "aside" and change_order "time_relative" (gate 2.42.0); the old readings
    stay selectable and are verbatim's."""
    from groundgate.engine.gates.answer import VERBATIM_POLICY

    assert DEFAULT_POLICY.label_units == "aside"
    assert DEFAULT_POLICY.change_order == "time_relative"
    assert VERBATIM_POLICY.label_units == "words"
    old = AnswerGatePolicy(label_units="words", change_order="time_order")
    old_accept = old.model_copy(update={"derived_numbers": "accept"})
    # Gate 2.41.0's readings: the label's unit is a naming word, relative columns unordered.
    assert _status("2023年净利润为120.5亿元。", corpus_zh.KEY_FIGURES, old) == "ok"
    assert _status("Revenue in 2023 was $15.6 billion.", corpus_en.KEY_FIGURES, old) == "ok"
    assert _status("应收账款较期初减少1,309,910.50元。", corpus_zh.BALANCES, old_accept) == "ok"
