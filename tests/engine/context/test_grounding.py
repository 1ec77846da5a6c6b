"""VALUE_OUT_OF_CONTEXT: the same value under another row, period or cited source."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.canonical import canonical_bytes
from groundgate.engine.gates.answer import (
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)

PUMPS = "Pump  Flow (m3/h)\nPump I  205\nPump B  250"
YEARS = (
    "Years Ended December 31,\n2019  2018\nTotal sales  1,496.5  1,202.9\nOther revenue  44.1  56.7"
)


def case(conclusion: str, *chunks: str) -> AnswerCase:
    return AnswerCase.model_validate(
        {
            "case_id": "ctx",
            "raw_chunks": [{"chunk_id": f"c{i}", "text": t} for i, t in enumerate(chunks)],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": f"c{i}", "excerpt": t} for i, t in enumerate(chunks)],
            },
        }
    )


def codes(conclusion: str, *chunks: str, policy=None) -> list[str]:
    verdict = gate_answer(case(conclusion, *chunks), *([policy] if policy else []))
    return [f.code for f in verdict.findings if f.severity == "error"]


def test_another_rows_value_is_a_near_miss_with_both_locations():
    verdict = gate_answer(case("Pump I delivers 250 m3/h.", PUMPS))
    (finding,) = verdict.findings
    assert verdict.status == "citation_insufficient" and finding.code == "VALUE_OUT_OF_CONTEXT"
    assert PUMPS[slice(*finding.chunk_span)] == "250"
    assert finding.near_match.text == "205" and finding.near_match.reason == "another_row"
    assert "Pump I has 205" in finding.message
    assert codes("Pump B delivers 250 m3/h.", PUMPS) == []


def test_another_period_and_the_right_one():
    assert codes("Total sales in 2019 was 1,202.9.", YEARS) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("Total sales in 2019 was 1,496.5.", YEARS) == []
    assert codes("Total sales in 2018 was 1,202.9.", YEARS) == []


def test_moving_a_value_to_another_row_or_column_or_flipping_its_sign_is_rejected():
    right = "Other revenue in 2018 was 56.7."
    assert codes(right, YEARS) == []
    for wrong in (
        "Other revenue in 2018 was 1,202.9.",
        "Other revenue in 2018 was 44.1.",
        "Other revenue in 2018 was -56.7.",
    ):
        assert codes(wrong, YEARS), wrong


def test_nothing_distinguishing_the_value_alone_decides_and_the_literal_reading_is_kept():
    assert codes("The flow is 250 m3/h.", PUMPS) == []
    assert codes("Pump I delivers 250 m3/h.", PUMPS, policy=VERBATIM_POLICY) == []


def test_verdicts_are_byte_identical_run_to_run():
    one = canonical_bytes(gate_answer(case("Pump I delivers 250 m3/h.", PUMPS)).model_dump())
    two = canonical_bytes(gate_answer(case("Pump I delivers 250 m3/h.", PUMPS)).model_dump())
    assert one == two


def test_a_value_nothing_could_judge_is_not_read_and_one_that_could_still_is():
    # One-line excerpts, no period, no marker: no rule can judge (one row at most), so the
    # claims and facts are not read; a period or a second line brings the rule back.
    assert codes("Pump B delivers 250 m3/h and Pump I 205 m3/h.", "Pump I 205 and Pump B 250") == []
    assert codes("Pump I delivers 250 m3/h.", PUMPS) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("In 2018 total sales were 1,496.5.", YEARS) == ["VALUE_OUT_OF_CONTEXT"]


def test_a_row_labelled_by_no_naming_word_is_not_said_by_every_answer():
    """Gate 2.12.2 (d308): "Other" has no naming words; its value stated for the named
    "Total Americas" is another row's (the empty label was a subset of every answer's words)."""
    table = (
        "2019  2018\nAmericas:\nUnited States  $614,493  $668,580\nOther  123,969  118,620\n"
        "Total Americas  738,462  787,200"
    )
    assert codes("Total Americas in 2019 was 123,969.", table) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("Total Americas in 2019 was 738,462.", table) == []
    # Nothing named clearly (no label has every word said): the value alone decides.
    assert codes("Americas' other revenue in 2019 was 123,969.", table) == []


# row_naming "longest_said" (gate 2.14.0, d348): saying every word of a row's label does not
# name that row when the answer says a longer label that holds them.
NESTED = (
    "2019  2018\n"
    "Other operating expenses  27.0  33.7\n"
    "Total other operating expenses  166.3  513.3\n"
    "Monetary assets, current  27,728  2,899\n"
    "Monetary assets, non-current  373  12"
)


def test_a_total_rows_label_is_not_said_for_the_row_it_holds():
    from groundgate.engine.gates.answer import AnswerGatePolicy

    wrong = "Total other operating expenses in 2018 was 33.7."
    assert codes(wrong, NESTED) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("Total other operating expenses in 2018 was 513.3.", NESTED) == []
    assert codes("Other operating expenses in 2018 was 33.7.", NESTED) == []
    # 2.13.1's reading: every word of "Other operating expenses" said names that row too.
    assert codes(wrong, NESTED, policy=AnswerGatePolicy(row_naming="any_said")) == []
    # The longer label's words must come in its order, close together: "non" of "Non-USD" does
    # not say "non-current".
    assert codes("Monetary assets, current in Non-USD was 2,899.", NESTED) == []
    assert codes("Monetary assets, non-current in 2019 was 27,728.", NESTED) == [
        "VALUE_OUT_OF_CONTEXT"
    ]


@given(
    st.sampled_from(("Other assets", "Operating expenses", "Current liabilities", "Net sales")),
    st.sampled_from(("Total", "Adjusted", "Total net")),
    st.integers(min_value=1_001, max_value=99_999),  # (100, 365, 1000: calculation constants)
)
@settings(max_examples=40, deadline=None)
def test_property_the_held_rows_value_under_the_longer_label_is_rejected(row, prefix, figure):
    longer = f"{prefix} {row.lower()}"
    table = f"2019  2018\n{row}  {figure:,}  {figure + 3:,}\n{longer}  {figure + 7:,}  9"
    assert codes(f"{longer} in 2019 was {figure:,}.", table) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes(f"{longer} in 2019 was {figure + 7:,}.", table) == []
    assert codes(f"{row} in 2019 was {figure:,}.", table) == []


# column_naming "said_headers" (gate 2.15.1, d382): a column named by words, not by a period.
ADOPTION = (
    "  As reported  Adjustments  Without adoption\n"
    "Deferred income tax assets  22,626  (532)  22,094\n"
    "Total liabilities  100.1  5.2  105.3"
)
ADOPTION_ZH = (
    "  调整前  调整金额  调整后\n递延所得税资产  22,626  (532)  22,094\n负债合计  100.1  5.2  105.3"
)


def test_another_columns_value_is_out_of_context():
    verdict = gate_answer(case("Deferred income tax assets as reported were 22,094.", ADOPTION))
    (finding,) = [f for f in verdict.findings if f.severity == "error"]
    assert finding.code == "VALUE_OUT_OF_CONTEXT" and finding.near_match.text == "22,626"
    assert finding.near_match.reason == "another_column"
    assert (
        "22,094 is the figure for Deferred income tax assets (Without adoption); "
        "Deferred income tax assets (As reported) has 22,626"
    ) in finding.message
    assert codes("Deferred income tax assets as reported were 22,626.", ADOPTION) == []
    assert codes("Deferred income tax assets without adoption were 22,094.", ADOPTION) == []
    # No column named: the value alone decides; the literal reading and 2.15.0 keep it.
    assert codes("Deferred income tax assets were 22,094.", ADOPTION) == []
    off = AnswerGatePolicy(column_naming="off")
    assert codes("Deferred income tax assets as reported were 22,094.", ADOPTION, policy=off) == []


def test_another_columns_value_is_out_of_context_in_chinese():
    assert codes("递延所得税资产调整前为22,094。", ADOPTION_ZH) == ["VALUE_OUT_OF_CONTEXT"]
    assert codes("递延所得税资产调整后为22,094。", ADOPTION_ZH) == []
    assert codes("递延所得税资产调整前为22,626。", ADOPTION_ZH) == []


@settings(max_examples=60, deadline=None)
@given(row=st.sampled_from([0, 1]), said=st.sampled_from([0, 2]), taken=st.sampled_from([0, 1, 2]))
def test_moving_a_value_to_another_named_column_is_rejected(row, said, taken):
    rows = [
        ("Deferred income tax assets", ["22,626", "532", "22,094"]),
        ("Total liabilities", ["100.1", "5.2", "105.3"]),
    ]
    headers = ["as reported", "adjustments", "without adoption"]
    label, cells = rows[row]
    answer = f"{label} {headers[said]} was {cells[taken]}."
    assert (codes(answer, ADOPTION) == []) == (taken == said)
