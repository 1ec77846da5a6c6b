"""How a line of written working begins (policy `written_lines`, answer gate 2.80.0): a label
opening with a figure glued to its word ("3-Year Average ... =", d955, the default) and a dash
bullet (d956, selectable) are layout, not operands. Both readings, examples both ways
(context/corpus_en_derivations.MARGINS and CAPEX hold the gate-level tables) and property tests
of the chain's arithmetic."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.corpus_en_derivations import (
    CAPEX,
    CAPEX_WORKING,
    MARGINS,
    MARGINS_QUESTION,
    MARGINS_WORKING,
)
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from groundgate.engine.gates.answer_presets import VERBATIM_POLICY
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.written import written_results
from groundgate.engine.written_lines import bullet_brackets, label_figures, label_words
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
RUNS = AnswerGatePolicy(derived_numbers="accept", written_lines="runs")
BULLETS = AnswerGatePolicy(derived_numbers="accept", written_lines="labels_bullets")
FINDING = AnswerGatePolicy()


def _held(text: str, lines: bool = True, bullets: bool = False) -> set[str]:
    found = written_results(text, extract_numbers(text), lines=lines, bullets=bullets)
    return {text[a:b] for a, b in found}


def _status(answer: str, table: str, policy: AnswerGatePolicy) -> str:
    return gate_answer(case(answer, question=MARGINS_QUESTION, table=table), policy).status


def test_the_default_reads_labels_and_verbatim_keeps_the_old_reading():
    assert DEFAULT_POLICY.written_lines == "labels"  # d955 (d870: half B gains, nothing worse)
    assert VERBATIM_POLICY.written_lines == "runs"


def test_a_label_opening_with_a_figure_is_no_operand():
    text = "3-Year Average = (3.06% + 2.27% + 3.12%) / 3\n3-Year Average = 8.45% / 3"
    figures = label_figures(text, extract_numbers(text))
    assert [extract_numbers(text)[k].start for k in sorted(figures)] == [0, 45]
    assert label_words("3-Year Average Net Profit Margin") == "Year Average Net Profit Margin"
    # A figure inside a line, or with no relation after its words, opens no label.
    for text in ("The 3-year average is 2.8%", "3-year average: 2.8%"):
        assert label_figures(text, extract_numbers(text)) == frozenset()


def test_the_chain_under_a_figure_label_is_held():
    assert {"8.45%", "2.82%"} <= _held(MARGINS_WORKING)
    assert "8.45%" not in _held(MARGINS_WORKING, lines=False)
    assert "2.82%" not in _held(MARGINS_WORKING, lines=False)


def test_a_wrong_step_of_the_chain_is_not_held():
    slipped = MARGINS_WORKING.replace("= 8.45% / 3", "= 8.54% / 3")
    assert "8.54%" not in _held(slipped)  # 3.06 + 2.27 + 3.12 is 8.45
    off = MARGINS_WORKING.replace("= 2.82%", "= 2.85%")
    assert "2.85%" not in _held(off)


def test_the_gate_accepts_the_chain_only_under_the_reading():
    assert _status(MARGINS_WORKING, MARGINS, ACCEPT) == "ok"
    assert _status(MARGINS_WORKING, MARGINS, RUNS) != "ok"
    # A wrong step, or a first operand of no cell, breaks the chain.
    assert _status(MARGINS_WORKING.replace("8.45% / 3", "8.54% / 3"), MARGINS, ACCEPT) != "ok"
    assert _status(MARGINS_WORKING.replace("$1,233 /", "$1,323 /"), MARGINS, ACCEPT) != "ok"
    # Under the default policy a written result is still a derivation, a finding by design.
    assert _status(MARGINS_WORKING, MARGINS, FINDING) != "ok"


def test_a_bullet_is_no_minus_only_under_labels_bullets():
    assert bullet_brackets("average:\n- (") == "("
    assert bullet_brackets("average:\n-(") is None  # a minus glued to its bracket
    assert bullet_brackets("average is - (") is None  # not at a line's start
    assert "7.8%" in _held(CAPEX_WORKING, bullets=True)
    assert "7.8%" not in _held(CAPEX_WORKING)
    assert _status(CAPEX_WORKING, CAPEX, BULLETS) == "ok"
    assert _status(CAPEX_WORKING, CAPEX, ACCEPT) != "ok"
    assert _status(CAPEX_WORKING.replace("= 7.8%", "= 8.7%"), CAPEX, BULLETS) != "ok"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=100, max_value=9_999), min_size=2, max_size=4),
    st.integers(min_value=2, max_value=9),
)
def test_a_figure_label_chain_holds_at_its_precision(cents: list[int], years: int):
    figures = [c / 100 for c in cents]
    total = round(sum(figures), 2)
    text = (
        f"{years}-Year Average = ({' + '.join(f'{f:.2f}%' for f in figures)}) / {len(figures)}\n"
        f"{years}-Year Average = {total:.2f}% / {len(figures)}\n"
        f"{years}-Year Average = {total / len(figures) + 0.5:.2f}%"
    )
    held = _held(text)
    assert f"{total:.2f}%" in held
    # A result half a unit off and more is never held.
    assert f"{total / len(figures) + 0.5:.2f}%" not in held
