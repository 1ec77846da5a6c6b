"""A change said in words beside its two values (policy `said_changes`, d838), a line of working
whose label holds a coded word (`written_labels`, d839) and a written result one unit off in its
last digit (`written_slips`, d840), answer gate 2.66.0: both readings of each, the rule's
examples both ways (context/corpus_en_derivations.SAID holds the gate-level corpus) and a
property test of the arithmetic."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.corpus_en_derivations import SAID
from groundgate.engine.gates.answer import DEFAULT_POLICY, AnswerGatePolicy, gate_answer
from groundgate.engine.gates.answer_presets import VERBATIM_POLICY
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from groundgate.engine.said_changes import said_changes
from groundgate.engine.written import written_results
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept", written_labels="words")
OFF = AnswerGatePolicy(derived_numbers="accept", said_changes="off")
CODED = AnswerGatePolicy(derived_numbers="accept", written_labels="coded_words")
SLIPS = AnswerGatePolicy(derived_numbers="accept", written_slips="last_digit")

TABLE = (
    "Year Ended December 31,\n2022  2021\n"
    "Effective tax rate  23%  20%\n"
    "Gross profit  2,725  2,820\n"
    "Net income  1,316  1,906"
)


def _said(text: str) -> dict[str, str]:
    values = extract_numbers(text)
    found = said_changes(text, values, [typed(v) for v in values])
    return {text[a:b]: formula for (a, b), (formula, _) in found.items()}


def _status(answer: str, policy: AnswerGatePolicy, table: str = TABLE) -> str:
    return gate_answer(case(answer, table=table), policy).status


def test_the_defaults_and_the_old_readings():
    assert DEFAULT_POLICY.said_changes == "same_sentence"  # 2.66.0 (d838)
    assert DEFAULT_POLICY.written_labels == "coded_words"  # d839, the default since 2.69.0: d872
    assert DEFAULT_POLICY.written_slips == "exact"  # d840: selectable, not the default
    assert VERBATIM_POLICY.said_changes == "off"
    assert VERBATIM_POLICY.written_labels == "words"
    assert VERBATIM_POLICY.written_slips == "exact"


def test_a_change_said_beside_its_two_values_is_their_calculation():
    assert _said(
        "The effective tax rate changed from 20% in 2021 to 23% in 2022, an increase of 3"
        " percentage points."
    ) == {"3 percentage points": "23% − 20% ≈ 3 percentage points"}
    assert "3%" in _said("Gross profit decreased by 3% from $2,820 million to $2,725 million.")
    assert "44%" in _said("Revenue was $23.6 billion in 2022, up 44% from $16.4 billion in 2021.")
    assert "$95 million" in _said(
        "Gross profit of $2,725 million was down $95 million from $2,820 million."
    )
    assert "7%" in _said(
        "Cards-in-force increased from 71.4 million in 2021 to 76.7 million in 2022, a growth of"
        " approximately 7%."
    )


def test_no_change_word_before_it_no_pair_or_other_arithmetic_no_change():
    # The change word must stand right before the value: "up from $6.8 billion" names an operand.
    assert _said("Free cash flow was $7.4 billion, up from $6.8 billion, or 9% of sales.") == {}
    # Arithmetic that does not hold.
    assert _said("Gross profit decreased by 8% from $2,820 million to $2,725 million.") == {}
    # Operands of two units (a percentage and an amount) are no pair.
    assert (
        _said("Margin was 20% and revenue $23 million, an increase of 3 percentage points.") == {}
    )
    # A list's numbers are no operands: "(1) ... (3)" gives no "(2)".
    assert _said("Drivers: (1) pricing, (2) an increase of 2 stores and (3) mix.") == {}
    # Three values each the change of the other two: only the one the change word marks.
    assert _said("Conversion improved by ~13% from 143% in 2021 to 156% in 2022.") == {
        "13%": "156% − 143% ≈ 13%"
    }


def test_the_gate_derives_a_said_change_under_derived_accept_only():
    answer = (
        "The effective tax rate changed from 20% in 2021 to 23% in 2022, an increase of 3"
        " percentage points."
    )
    assert _status(answer, ACCEPT) == "ok"
    assert _status(answer, OFF) != "ok"  # 2.64.0: a one-digit value the search does not bind
    assert _status(answer, DEFAULT_POLICY) != "ok"  # a derived value is a finding by design
    # A wrong change of the right values, and the right change of another row's values.
    assert _status(answer.replace("of 3", "of 4"), ACCEPT) != "ok"
    wrong_row = (
        "Net income fell from $1,906 million in 2021 to $1,316 million in 2022, a decrease of 31%."
    )
    assert _status(wrong_row, ACCEPT) == "ok"
    assert _status(wrong_row.replace("Net income", "Gross profit"), ACCEPT) != "ok"


def test_a_labelled_line_of_working_with_a_coded_word():
    text = (
        "Operating Cash Flow Ratio for FY2017 = $2,912,853,000 / $3,527,457,000\n"
        "Operating Cash Flow Ratio for FY2017 ≈ 0.8257"
    )
    values = extract_numbers(text)
    spans = {text[a:b] for a, b in written_results(text, values, coded=True)}
    assert spans == {"0.8257"}  # cut at four decimals (0.82577)
    assert written_results(text, values) == {}  # 2.64.0: "FY2017" ended the label
    # A figure of its own still starts no label: "2017 ratio = ..." is read from "ratio".
    other = "Ratio = $2,912 / $3,527\nThe 2017 ratio ≈ 0.8257"
    assert written_results(other, extract_numbers(other), coded=True) == {}
    # The arithmetic still decides.
    wrong = text.replace("0.8257", "0.8527")
    assert written_results(wrong, extract_numbers(wrong), coded=True) == {}
    # The gate, over corpus_en_derivations.SAID: 0.82648 cut, which no search finds, derived
    # with the reading and a finding without.
    answer = (
        "Operating Cash Flow Ratio for FY2022 = $2,915 million / $3,527 million\n"
        "Operating Cash Flow Ratio for FY2022 ≈ 0.8264"
    )
    assert _status(answer, CODED, SAID) == "ok"
    assert _status(answer, ACCEPT, SAID) != "ok"
    assert _status(answer.replace("0.8264", "0.8624"), CODED, SAID) != "ok"


def test_a_written_result_one_unit_off_its_last_digit_only_when_selected():
    text = "Retention Ratio = $1,462.8 million / $2,707.3 million = 0.5404"  # 0.54032
    values = extract_numbers(text)
    assert written_results(text, values) == {}
    assert {text[a:b] for a, b in written_results(text, values, slips=True)} == {"0.5404"}
    two_off = text.replace("0.5404", "0.5405")
    assert written_results(two_off, extract_numbers(two_off), slips=True) == {}
    # Three significant digits: rounded or cut only ("55.5%" of 55.42% stays a finding).
    short = "COGS share = 19,038 / 34,350 * 100 = 55.5%"
    assert written_results(short, extract_numbers(short), slips=True) == {}
    table = (
        "Year Ended December 31,\n2022  2021\n"
        "Net income  2,707.3  2,500.0\nDividends paid  1,244.5  1,200.0"
    )
    answer = "Retention Ratio = ($2,707.3 million - $1,244.5 million) / $2,707.3 million = 0.5404"
    assert _status(answer, ACCEPT, table) != "ok"
    assert _status(answer, SLIPS, table) == "ok"


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=100, max_value=99_999),
    st.integers(min_value=100, max_value=99_999),
    st.integers(min_value=2, max_value=40),
)
def test_a_said_difference_holds_at_its_precision_and_no_other(a: int, b: int, off: int):
    if a == b:
        return
    change = abs(b - a)
    text = (
        f"Sales went from ${a:,} million in 2021 to ${b:,} million in 2022, a change of"
        f" ${change:,} million."
    )
    assert f"${change:,} million" in _said(text)
    wrong = text.replace(f"of ${change:,} million", f"of ${change + off:,} million")
    said = _said(wrong)
    assert f"${change + off:,} million" not in said or change + off in (a, b)
