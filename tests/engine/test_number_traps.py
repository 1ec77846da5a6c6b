"""The traps the foundation issue names for the one number extractor, through the gate."""

from __future__ import annotations

import pytest

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, gate_answer
from groundgate.engine.numbers import extract_numbers
from tests.engine.helpers import make_case


def gate_numbers(conclusion: str, excerpt: str, policy=DEFAULT_POLICY):
    case = make_case(
        conclusion=conclusion,
        raw_chunks=[{"chunk_id": "c", "text": f"… {excerpt} …"}],
        evidences=[{"chunk_id": "c", "excerpt": excerpt}],
    )
    return gate_answer(case, policy)


@pytest.mark.parametrize("excerpt", ["100", "2010", "10.5", "10,000", "v10", "10:30", "2010-10-10"])
def test_10_is_not_grounded_by_a_longer_number(excerpt):
    verdict = gate_numbers("The fine is 10 yuan.", f"fine {excerpt} yuan")
    assert verdict.status == "citation_insufficient", excerpt


# The same value written differently: the verbatim policy (the spec's literal reading) rejects
# it; the default policy grounds it and says by which rule, in an info finding.
SAME_VALUE_WRITTEN_DIFFERENTLY = [
    ("costs 12.50 dollars", "costs 12.5 dollars", ["format"]),
    ("costs 12.5 dollars", "costs 12.50 dollars", ["format"]),
    ("2023年3月", "2023年3月5日", ["date_less_precise"]),
    ("罚款1.5万元", "罚款15000元", ["rescaled"]),
    ("共１２万吨", "共12万吨", ["format"]),
    ("fell by -5%", "fell by 5%", ["sign"]),
]


@pytest.mark.parametrize(("conclusion", "excerpt", "rules"), SAME_VALUE_WRITTEN_DIFFERENTLY)
def test_verbatim_policy_rejects_the_same_value_written_differently(conclusion, excerpt, rules):
    verdict = gate_numbers(conclusion, excerpt, VERBATIM_POLICY)
    assert verdict.status == "citation_insufficient", (conclusion, excerpt)
    assert verdict.findings[0].near_match.reason == "same_quantity"


@pytest.mark.parametrize(("conclusion", "excerpt", "rules"), SAME_VALUE_WRITTEN_DIFFERENTLY)
def test_default_policy_grounds_it_and_names_the_rule(conclusion, excerpt, rules):
    verdict = gate_numbers(conclusion, excerpt)
    assert verdict.status == "ok", (conclusion, excerpt, verdict.findings)
    (finding,) = verdict.findings
    assert finding.code == "NUMBER_EQUIVALENT" and finding.severity == "info"
    assert finding.rules == rules
    assert finding.grounded_by.evidence_index == 0
    assert excerpt[slice(*finding.grounded_by.span)] == finding.grounded_by.text


@pytest.mark.parametrize(
    ("conclusion", "excerpt"),
    [
        ("于2024年5月1日施行", "于2024年5月10日施行"),
        ("增长12.5%", "增长12.5‰"),
        ("浓度0.35mg/L", "浓度0.35g/L"),
    ],
)
def test_near_but_another_value_is_ungrounded_under_every_policy(conclusion, excerpt):
    for policy in (DEFAULT_POLICY, VERBATIM_POLICY):
        verdict = gate_numbers(conclusion, excerpt, policy)
        assert verdict.status == "citation_insufficient", (conclusion, excerpt, policy)


@pytest.mark.parametrize(
    ("conclusion", "excerpt"),
    [
        ("The fine is 10 yuan.", "fine: 10 yuan"),
        ("营业收入372.53亿元", "营业收入为372.53亿元"),
        ("罚款1.5万元", "处罚款1.5万元"),
        ("2024年5月1日起施行", "自2024年5月1日起施行"),
        ("on 2024-05-01", "effective 2024-05-01."),
        ("浓度0.35mg/L", "浓度为0.35 mg/L"),
        ("up 3.2%", "3.2% more"),
        ("共１２万吨", "新建１２万吨/日"),
        ("between 10 and 20 bar", "10-20 bar"),
        ("10-20%", "rose 10-20% a year"),
        ("cost $1,050", "price: $1,050."),
        ("Section 2.1 applies", "see Section 2.1."),
        ("revenue 372.53", "营业收入（亿元）372.53"),
        ("temperature -5 °C", "minimum -5 °C"),
    ],
)
def test_verbatim_values_are_grounded(conclusion, excerpt):
    verdict = gate_numbers(conclusion, excerpt)
    assert verdict.status == "ok", (conclusion, excerpt, verdict.findings)


def test_near_match_hint_for_the_same_quantity_written_differently():
    verdict = gate_numbers("Revenue was 1050 units.", "Revenue: 1,050 units", VERBATIM_POLICY)
    (finding,) = verdict.findings
    assert finding.near_match.reason == "same_quantity"
    assert finding.near_match.text == "1,050"
    assert "near match" in finding.message


def test_near_match_hint_for_another_unit():
    verdict = gate_numbers("浓度0.35g/L", "浓度0.35mg/L")
    assert verdict.findings[0].near_match.reason == "different_unit"


def test_hint_when_the_digits_are_part_of_a_longer_number():
    verdict = gate_numbers("The fine is 10 yuan.", "fine 10,000 yuan")
    hint = verdict.findings[0].near_match
    assert hint.reason == "part_of_longer_number" and hint.text.startswith("10,000")


def test_no_hint_when_nothing_is_close():
    verdict = gate_numbers("It took 7 days.", "It took 9 days.")
    assert verdict.findings[0].near_match is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10,000 and 10.5", ["10,000", "10.5"]),
        ("营业收入372.53亿元", ["372.53亿"]),
        ("1.5万元", ["1.5万"]),
        ("2024年5月1日与2023年3月", ["2024年5月1日", "2023年3月"]),
        ("浓度0.35mg/L", ["0.35"]),
        ("增长12.5%，千分之3‰", ["12.5%", "3‰"]),
        ("１２万吨", ["１２万"]),
        ("-5 and +3.5 and ±0.2", ["-5", "+3.5", "±0.2"]),
        ("10-20% or 5～8", ["10-20%", "5～8"]),
        ("COVID-19, H2O, c1, IPC_420", []),
        ("Section 2.1 and v1.2.3", ["2.1"]),
        ("3.5 million", ["3.5million"]),
        ("1,2,3", ["1", "2", "3"]),
        ("at 10:30 on 2024-05-01", ["10:30", "2024-05-01"]),
    ],
)
def test_extractor_quantities(text, expected):
    assert [v.quantity for v in extract_numbers(text)] == expected


def test_extractor_units_and_spans():
    text = "浓度为0.35mg/L，罚款US$1,050"
    values = extract_numbers(text)
    assert [(v.quantity, v.unit) for v in values] == [("0.35", "mg/L"), ("1,050", "US$")]
    assert [text[v.start : v.end] for v in values] == ["0.35mg/L", "US$1,050"]
