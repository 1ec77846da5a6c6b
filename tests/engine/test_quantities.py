"""Numbers as quantities (issue: "the answer gate agrees with people on real answers").

Each test is one sentence of the issue or of docs/number-grammar.md: what people accept is
grounded and shown (an info finding that names the rule and both texts), what they reject is
rejected, and every ungrounded value gets the most useful hint, located in the source.
"""

from __future__ import annotations

import pytest

from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from tests.engine.helpers import make_case


def gate(conclusion, chunks, *, question="", policy=DEFAULT_POLICY, cite=None):
    """Gate `conclusion` against chunks given as {chunk_id: text} (all cited whole, unless
    `cite` lists (chunk_id, excerpt) pairs)."""
    raw = [{"chunk_id": cid, "text": text} for cid, text in chunks.items()]
    cited = cite or [(cid, text) for cid, text in chunks.items()]
    case = make_case(
        conclusion=conclusion,
        raw_chunks=raw,
        evidences=[{"chunk_id": cid, "excerpt": ex} for cid, ex in cited],
    ).model_copy(update={"question": question})
    return gate_answer(case, policy)


def only(verdict, code):
    found = [f for f in verdict.findings if f.code == code]
    assert len(found) == 1, verdict.findings
    return found[0]


# --- correct answers that a string comparison rejected ---------------------------------------


def test_a_scale_declared_in_a_table_header_grounds_the_scaled_amount():
    table = "单位：万元\n项目 本期金额\n营业收入 330,435.30"
    verdict = gate("营业收入为330,435.30万元。", {"t": table})
    assert verdict.status == "ok"
    finding = only(verdict, "NUMBER_EQUIVALENT")
    assert finding.severity == "info" and finding.rules == ["declared_scale"]
    assert "单位：万元" in finding.message and "330,435.30" in finding.message
    assert table[slice(*finding.grounded_by.span)] == "330,435.30"


def test_a_scale_declared_in_an_earlier_chunk_of_the_same_page_counts():
    chunks = [
        {
            "chunk_id": "h",
            "text": "Consolidated Statement of Cash Flows\n(Millions)",
            "page_index": 59,
        },
        {
            "chunk_id": "r",
            "text": "Purchases of property, plant and equipment\n(1,577)\n(1,373)",
            "page_index": 59,
        },
    ]
    case = make_case(
        conclusion="The FY2018 capital expenditure was $1,577 million.",
        raw_chunks=chunks,
        evidences=[{"chunk_id": "r", "excerpt": chunks[1]["text"]}],
    )
    verdict = gate_answer(case)
    assert verdict.status == "ok", verdict.findings
    assert only(verdict, "NUMBER_EQUIVALENT").rules == ["declared_scale"]
    chunk_scope = DEFAULT_POLICY.model_copy(update={"declared_scale_scope": "chunk"})
    # With the chunk as scope the header is out of reach: the scale is undeclared.
    assert only(gate_answer(case, chunk_scope), "NUMBER_EQUIVALENT").rules == ["undeclared_scale"]


@pytest.mark.parametrize(
    ("conclusion", "source", "rules"),
    [
        ("It has a 4-star rating.", "stars: 4.0", ["format"]),
        ("Open from 11:00 AM to 9:00 PM.", "hours: 11:0-21:0", ["time_format"]),
        ("Call (301) 352-1200.", "phone: 301-352-1200", ["identifier_digits"]),
        ("Rated 4.5/5 by guests.", "rating 4.5", ["score"]),
        ("Open 9am-5pm.", "hours 9:0-17:0", ["time_format"]),
        (
            "The capex was $4.625 billion.",
            "(in millions)\nCapital spending (4,625)",
            ["declared_scale"],
        ),
        (
            "The capex was $4.6 billion.",
            "(in millions)\nCapital spending (4,625)",
            ["declared_scale", "rounded"],
        ),
        ("罚款20万元", "罚款200000元", ["rescaled"]),
        # (gate 2.46.0: "grew" of a change column's "(0.9)" says a rise of a fall: direction_cells)
        ("Net sales fell 0.9%.", "Organic sales change %\nConsumer (0.9)", ["percent_declared"]),
        (
            "The ratio moved in March 2024.",
            "on 5 March 2024 the ratio moved",
            ["date_less_precise"],
        ),
        ("It closed at 23:00.", "closes at 11 pm", ["time_format"]),
    ],
)
def test_what_people_accept_is_grounded_and_the_rule_is_named(conclusion, source, rules):
    verdict = gate(conclusion, {"c": source})
    assert verdict.status == "ok", verdict.findings
    named = [f.rules for f in verdict.findings if f.code == "NUMBER_EQUIVALENT"]
    assert rules in named, named


def test_the_verbatim_policy_keeps_the_literal_reading():
    verdict = gate(
        "营业收入为330,435.30万元。",
        {"t": "单位：万元\n营业收入 330,435.30"},
        policy=VERBATIM_POLICY,
    )
    assert verdict.status == "citation_insufficient"
    assert verdict.findings[0].near_match.reason == "same_quantity"
    assert "declared_scale" in verdict.findings[0].near_match.detail
    assert VERBATIM_POLICY.sha256 != DEFAULT_POLICY.sha256


def test_values_from_the_question_are_no_claims_about_the_evidence():
    question = "What was the FY2022 revenue? Write a summary within 84 words."
    verdict = gate(
        "Here is a summary within 84 words: in FY2022 revenue was 1,050 units in 2022.",
        {"c": "revenue: 1,050 units"},
        question=question,
    )
    assert verdict.status == "ok", verdict.findings
    assert {f.code for f in verdict.findings} == {"NUMBER_ABOUT_ANSWER", "NUMBER_FROM_QUESTION"}
    strict = DEFAULT_POLICY.model_copy(update={"question_values": "none"})
    verdict = gate(
        "In 2022 revenue was 1,050 units.",
        {"c": "revenue: 1,050 units"},
        question=question,
        policy=strict,
    )
    assert verdict.status == "citation_insufficient"


def test_constants_of_a_written_out_calculation_are_no_claims():
    verdict = gate(
        "Margin = (5,144 / 25,530) * 100 = 20.1%",
        {"c": "Net earnings 5,144 Sales 25,530 to Sales 20.1%"},
    )
    assert verdict.status == "ok", verdict.findings
    assert only(verdict, "NUMBER_IN_WORKING").value == "100"


def test_a_constant_taken_from_a_bracket_is_working_too():
    # "1 - (Dividends / Net Income)": a retention ratio written out (FinanceBench).
    verdict = gate(
        "Retention ratio = 1 - (1,244.5 / 2,707.3), from dividends of $1,244.5 and income "
        "of $2,707.3.",
        {"c": "Dividends paid $1,244.5; net income $2,707.3"},
    )
    assert [f.code for f in verdict.findings] == ["NUMBER_IN_WORKING"], verdict.findings


# --- wrong answers that a string comparison accepted -----------------------------------------


@pytest.mark.parametrize(
    ("conclusion", "source", "reason"),
    [
        ("It has operated since August 2014.", "It has operated since May 2014.", "wrong_month"),
        ("It closes at 11 pm.", "hours: 8:0-11:0", None),
        ("Open 9am-6pm.", "hours 9:0-17:0", None),
        ("于2024年5月1日施行", "于2024年5月10日施行", "wrong_day"),
        ("The fine is 200万元.", "罚款20万元", "digit_inserted"),
        ("The fine is 20亿元.", "罚款20万元", "wrong_scale"),
        ("The seal kit costs $1,500.", "the seal kit costs $1,050.", "digits_transposed"),
        ("It costs $1,577 billion.", "(in millions)\nCapital spending (1,577)", "wrong_scale"),
    ],
)
def test_what_people_reject_is_rejected_with_a_located_hint(conclusion, source, reason):
    verdict = gate(conclusion, {"c": source})
    assert verdict.status == "citation_insufficient", verdict.findings
    finding = next(f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER")
    if reason is None:
        return
    hint = finding.near_match
    assert hint is not None and hint.reason == reason, finding
    assert hint.evidence_index == 0 and source[slice(*hint.span)] == hint.text


def test_the_right_value_outside_the_cited_excerpt_is_pointed_at():
    text = "Revenue was 5,144 in 2023. Costs were 1,050 in 2023."
    verdict = gate("Costs were 1,050.", {"c": text}, cite=[("c", "Revenue was 5,144 in 2023.")])
    hint = only(verdict, "UNGROUNDED_NUMBER").near_match
    assert hint.reason == "outside_excerpt" and hint.chunk_id == "c"
    assert text[slice(*hint.chunk_span)] == "1,050" and hint.span is None


def test_the_right_value_in_a_chunk_nobody_cited_is_pointed_at():
    chunks = {"a": "Revenue was 5,144.", "b": "Costs were 1,050."}
    verdict = gate("Costs were 1,050.", chunks, cite=[("a", "Revenue was 5,144.")])
    hint = only(verdict, "UNGROUNDED_NUMBER").near_match
    assert hint.reason == "other_chunk" and hint.chunk_id == "b" and hint.evidence_index is None


# --- derived numbers --------------------------------------------------------------------------

TABLE = "(in millions)\nCapital spending 1,577 1,404"


def test_a_derived_value_stays_a_finding_and_its_derivation_is_the_hint():
    verdict = gate("Capital spending grew 12.3%.", {"c": TABLE})
    assert verdict.status == "citation_insufficient"
    finding = only(verdict, "UNGROUNDED_NUMBER")
    derivation = finding.derivation
    assert derivation.operation == "percentage_change"
    assert [o.text for o in derivation.operands] == ["1,577", "1,404"]
    assert all(TABLE[slice(*o.span)] == o.text for o in derivation.operands)
    assert "could be derived" in finding.message


def test_a_policy_may_accept_derived_values():
    accept = AnswerGatePolicy(derived_numbers="accept")
    said = "Capital spending of both years together is $2,981 million."
    verdict = gate(said, {"c": TABLE}, policy=accept)
    assert verdict.status == "ok"
    derived = only(verdict, "NUMBER_DERIVED")
    assert derived.severity == "info" and derived.derivation.operation == "sum"
    # An answer that says nothing of what it adds up derives nothing (derivation_words, d479);
    # gate 2.21.0's reading took any two cited values.
    bare = "Together they are $2,981 million."
    assert gate(bare, {"c": TABLE}, policy=accept).status == "citation_insufficient"
    anything = accept.model_copy(update={"derivation_words": "off"})
    assert gate(bare, {"c": TABLE}, policy=anything).status == "ok"


@pytest.mark.parametrize(
    ("written_calculations", "first_operation"),
    # The answer's own written calculation derives its result (d412); without that reading the
    # derivation search finds the same ratio in the evidence.
    [("round_or_cut", "written"), ("off", "ratio")],
)
def test_a_step_of_the_answers_own_calculation_can_be_an_operand(
    written_calculations, first_operation
):
    verdict = gate(
        "Ratio = 15,357 / 38,655 ≈ 0.3973, i.e. 39.73%",
        {"c": "Cost of goods sold 15,357 Net revenues 38,655"},
        # (Any cited pair: the sentence names no row; derivation_words is tested on its own,
        # tests/engine/context/test_derivation_words.py.)
        policy=DEFAULT_POLICY.model_copy(
            update={"written_calculations": written_calculations, "derivation_words": "off"}
        ),
    )
    findings = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
    assert [f.derivation.operation for f in findings] == [first_operation, "as_percent"]
    assert findings[1].derivation.operands[0].field == "answer.conclusion"


@pytest.mark.parametrize(
    ("answer", "evidence"),
    [
        # Dollars and years are never added (the sum is right, the units are not).
        ("The plan pays 65.", "A $40 fee for 25 years"),
        # A sum in days is not made of dollars, nor a difference in months of billions.
        ("It took 50 days.", "Fees of $46 and 4 hours"),
        ("About 12 months.", "Revenue of $27 billion and costs of $15 billion"),
        # Nor a sum in dollars of euros.
        ("The total was $50 million.", "€20 million and $30 million"),
    ],
)
def test_a_derivation_never_mixes_units(answer, evidence):
    verdict = gate(answer, {"c": evidence})
    assert only(verdict, "UNGROUNDED_NUMBER").derivation is None


@pytest.mark.parametrize(
    ("answer", "evidence", "formula"),
    [
        ("The rate rose 2.7 percentage points.", "The rate was 20.2% in 2021 and 22.9% in 2022.",
         "22.9% − 20.2% ≈ 2.7 percentage points"),
        ("毛利率提高2.3个百分点。", "毛利率由31.2%提升至33.5%。", "33.5% − 31.2% ≈ 2.3个百分点"),
    ],
)  # fmt: skip
def test_percentage_points_are_a_difference_of_percentages(answer, evidence, formula):
    finding = only(gate(answer, {"c": evidence}), "UNGROUNDED_NUMBER")
    assert finding.derivation.operation == "percentage_points"
    assert finding.derivation.formula == formula
    # Never a percentage itself: "2.7 percentage points" is not grounded by "2.7%".
    assert gate("It rose 2.7 percentage points.", {"c": "It rose 2.7%."}).status != "ok"


def test_a_bare_figure_takes_the_unit_of_the_calculation():
    # A table's bare figures (the unit is in its header) add up to an amount in dollars, and a
    # ratio of two amounts in one currency is a plain number.
    # (Any cited pair: these answers name nothing of their operands, derivation_words "off".)
    anything = DEFAULT_POLICY.model_copy(update={"derivation_words": "off"})
    sum_found = only(
        gate("In all $2,981 million.", {"c": TABLE}, policy=anything), "UNGROUNDED_NUMBER"
    )
    assert sum_found.derivation.operation == "sum"
    cover = gate("Cover of 2.5 times.", {"c": "$500 and $200"}, policy=anything)
    ratio = only(cover, "UNGROUNDED_NUMBER")
    assert ratio.derivation.operation == "ratio"


def test_no_derivation_for_a_value_with_one_significant_digit():
    verdict = gate("About 2 of them.", {"c": "counts 7 and 5"})
    assert only(verdict, "UNGROUNDED_NUMBER").derivation is None


# --- surface artefacts found on real filings --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "surface", "unit"),
    [
        ("worth EUR 2.4 million", "EUR 2.4 million", "EUR"),
        ("a USD 150,000 deposit", "USD 150,000", "USD"),
        ("RMB 300 million", "RMB 300 million", "CNY"),
        ("HKD 10-20 a ride", "HKD 10-20", "HKD"),
        # Not a code: part of a longer word.
        ("BUSD 5 tokens", "5", ""),
    ],
)
def test_a_currency_code_before_the_figure_is_its_currency(text, surface, unit):
    (value,) = extract_numbers(text)
    assert value.text == surface
    assert typed(value).unit == unit


def test_form_names_are_not_values():
    assert extract_numbers("Form 10-K, 10-Q and 8-K; 20-F") == []


def test_a_list_bullet_is_not_a_minus_sign():
    verdict = gate("Listed notes:\n-1.500% Notes due 2026", {"c": "1.500% Notes due 2026"})
    assert verdict.status == "ok", verdict.findings


def test_subtraction_written_as_working_is_two_values_and_a_range_never_spans_lines():
    assert [v.text for v in extract_numbers("177,866 - 135,987")] == ["177,866", "135,987"]
    assert [v.text for v in extract_numbers("$155 million\n- 2018")] == ["$155 million", "2018"]
    assert [v.kind for v in extract_numbers("2019-2021")] == ["range"]


def test_file_numbers_and_list_numbering():
    assert [(v.text, v.kind) for v in extract_numbers("File No. 000-15175")] == [
        ("000-15175", "identifier")
    ]
    assert [v.text for v in extract_numbers("1. Sales rose\n2) Costs fell 3.")] == ["3"]


def test_a_chunks_own_page_index_is_its_position_without_position_int():
    case = make_case(
        conclusion="Inspect every 90 days.",
        raw_chunks=[{"chunk_id": "c", "text": "every 90 days", "page_index": 3}],
        evidences=[{"chunk_id": "c", "excerpt": "every 90 days", "page_index": 3}],
    )
    assert gate_answer(case).status == "ok"
    wrong_page = case.model_copy(
        update={
            "answer": case.answer.model_copy(
                update={
                    "evidences": [case.answer.evidences[0].model_copy(update={"page_index": 4})]
                }
            )
        }
    )
    assert gate_answer(wrong_page).status == "no_evidence"


def test_a_range_is_grounded_when_both_ends_are():
    verdict = gate("between 2019 and 2021 sales rose 10-20%", {"c": "2019 10% 2020 15% 2021 20%"})
    assert verdict.status == "ok", verdict.findings
    assert only(verdict, "NUMBER_EQUIVALENT").rules[0] == "range_endpoints"


def test_unknown_equivalence_rules_are_refused_by_name():
    with pytest.raises(ValueError, match="unknown equivalence rule"):
        AnswerGatePolicy(equivalences=("format", "close_enough"))
    a = AnswerGatePolicy(equivalences=("sign", "format"))
    b = AnswerGatePolicy(equivalences=("format", "sign"))
    assert a.sha256 == b.sha256
