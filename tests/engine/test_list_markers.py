"""The numbers of a list written inside a sentence (policy `list_markers`, d880, answer gate
2.70.0): both readings, examples both ways (context/corpus_en_derivations holds the gate-level
corpus: PASSES and REFUSED) and a property test over the markers and figures of a list."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.corpus_en_derivations import REGIONS
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from groundgate.engine.gates.answer_presets import VERBATIM_POLICY
from groundgate.engine.list_markers import answer_values
from tests.engine.context.test_operands import case

OLD = AnswerGatePolicy(list_markers="line_start")


def _texts(text: str, inline: bool = True) -> list[str]:
    return [text[v.start : v.end] for v in answer_values(text, inline)]


def test_the_default_and_the_old_reading():
    assert DEFAULT_POLICY.list_markers == "inline_sequence"  # 2.70.0 (d880)
    assert VERBATIM_POLICY.list_markers == "line_start"


def test_the_markers_of_a_list_in_a_sentence_are_no_values():
    text = "The drivers were 1) lower marketing of $20 million, 2) payroll and 3) overhead."
    assert _texts(text) == ["$20 million"]
    assert _texts(text, inline=False) == ["1", "$20 million", "2", "3"]
    assert _texts("Areas: (1) pricing litigation; (2) PBM litigation.") == []


def test_a_bracketed_figure_or_a_lone_marker_stays_a_value():
    # No "1)" and "2)" both: no list.
    assert _texts("Revenue grew (see note 5) to $3 million.") == ["5", "$3 million"]
    # A figure glued to a word or of two digits is no marker.
    text = "Items 1) and 2) cost 12) units, Foreign(2) 7 km"
    assert "12" in _texts(text) and "2" in _texts(text)


def test_the_gate_reads_the_list_only_under_the_new_reading():
    answer = (
        "The drivers were 1) Americas revenue of 18,830 million in 2019 and 2) Europe revenue"
        " of 3,100 million in 2019."
    )
    assert gate_answer(case(answer, table=REGIONS), DEFAULT_POLICY).status == "ok"
    assert gate_answer(case(answer, table=REGIONS), OLD).status != "ok"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=10, max_value=99_999), min_size=2, max_size=6))
def test_a_lists_figures_stay_values_and_its_markers_go(figures: list[int]):
    items = (f"{i}) item of ${x:,} million" for i, x in enumerate(figures, 1))
    text = "Key items: " + " ".join(items)
    assert _texts(text) == [f"${x:,} million" for x in figures]
