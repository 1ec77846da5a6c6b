"""An acronym said names the label words whose initials it is (policy row_acronyms "initials",
gate 2.51.0, d700-d701): "Diluted EPS was $2.47" of the "Basic earnings per share" cell is
refused, the diluted row's $2.45 passes; "off" (2.50.0's reading, verbatim's) passes both."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en
from groundgate.engine.context.row_acronyms import acronym_words
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from tests.engine.context.test_operands import case

# row_said apart_or_head (the default since 2.69.0, d872) says "Diluted" too: the old reading here.
OFF = AnswerGatePolicy(row_acronyms="off", row_said="heads")
ACCEPT = AnswerGatePolicy(derived_numbers="accept")


def _status(answer: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_the_readings_and_their_presets():
    assert DEFAULT_POLICY.row_acronyms == "initials"
    assert VERBATIM_POLICY.row_acronyms == "off"


def test_an_acronym_gives_the_words_of_the_run_its_letters_begin():
    rows = ["Basic earnings per share", "Cost of goods sold", "Selling, general and administrative"]
    assert acronym_words("Diluted EPS was ", rows) == {"earn", "share"}
    assert {"cost", "good", "sold"} <= acronym_words("COGS was ", rows)
    assert {"sell", "general", "administr"} <= acronym_words("SG&A was ", rows)
    assert acronym_words("US revenue was ", rows) == frozenset()  # two letters: not read
    assert acronym_words("Revenue was ", rows) == frozenset()
    # Only the words since the previous figure: "gross PP&E ... $24,873 -" says none of 16,135.
    assert acronym_words("gross PP&E gives $24,873 - ", ["Property, plant and equipment"]) == set()


def test_basic_and_diluted_eps_are_told_apart():
    table = corpus_en.PER_SHARE
    for wrong in ("Diluted EPS was $2.47 in 2023.", "Basic EPS was $2.45 in 2023."):
        assert _status(wrong, table, OFF) == "ok", wrong
        assert _status(wrong, table) != "ok", wrong
        assert _status(wrong, table, ACCEPT) != "ok", wrong
    for right in ("Diluted EPS was $2.45 in 2023.", "Basic EPS was $2.47 in 2023."):
        assert _status(right, table) == "ok", right


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    st.sampled_from([("Basic", "Diluted"), ("Diluted", "Basic")]),
    st.lists(st.integers(min_value=101, max_value=999), min_size=4, max_size=4, unique=True),
)
def test_eps_of_the_other_row_is_refused_and_its_own_passes(pair, figures):
    said, other = pair
    cells = [f"{n / 100:.2f}" for n in figures]
    table = (
        "(In millions, except per share data)  2023  2022\n"
        f"{said} earnings per share  $ {cells[0]}  $ {cells[1]}\n"
        f"{other} earnings per share  $ {cells[2]}  $ {cells[3]}"
    )
    assert _status(f"{said} EPS was ${cells[0]} in 2023.", table) == "ok"
    assert _status(f"{said} EPS was ${cells[2]} in 2023.", table) != "ok"
    assert _status(f"{said} EPS was ${cells[2]} in 2023.", table, OFF) == "ok"
