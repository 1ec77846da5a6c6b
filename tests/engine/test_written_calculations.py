"""A calculation the answer writes out holds its own result (engine/written.py, d412).

"(509 / 11,303) * 100 = 4.5%": the result is no figure of the evidence, and no coincidence of a
search over every pair of cited values either - its operands are the ones the answer names (each
checked as a value of its own) and its arithmetic can be checked. Under `derived_numbers:
accept` such a result is derived (NUMBER_DERIVED, operation "written"); under the default policy
it stays a finding whose hint is the answer's own calculation. Wrong arithmetic, a result that is
neither rounded nor cut, or an operand in no excerpt is still rejected. English and Chinese.
"""

from __future__ import annotations

import pytest

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.written import written_results
from tests.engine.helpers import gate_whole_text

ACCEPT = DEFAULT_POLICY.model_copy(update={"derived_numbers": "accept"})
OFF = ACCEPT.model_copy(update={"written_calculations": "off"})


def results(text: str) -> list[str]:
    return [text[a:b] for a, b in written_results(text, extract_numbers(text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("(509 / 11,303) * 100 = 4.5%", ["4.5%"]),
        # Cut rather than rounded (34.636%), and a ratio shown as a percentage (0.04895).
        ("($6,098 / $17,606) * 100 ≈ 34.63%", ["34.63%"]),
        ("$3,049 million / $62,286 million ≈ 4.89%", ["4.89%"]),
        ("($87,896 million + $87,270 million) / 2 = $87,583 million", ["$87,583 million"]),
        ("(15.0% + 4.5% + 11.4%) / 3 = 10.3%", ["10.3%"]),
        ("4.3% - 4.1% = 0.2%", ["0.2%"]),
        # Figures as written across a change of scale, and a unary minus before a bracket.
        ("$5,466,312 thousand / 1,000 = $5,466.312 million", ["$5,466.312 million"]),
        ("ROA = -($546 million) / $35,663 million = -0.0153 or -1.53%", ["-0.0153", "-1.53%"]),
        # A chain: each result is the segment before it; a later mention restates it.
        ("[$590,507 / $903,095] * 100 = 65.39%, so the change is 65.39%", ["65.39%", "65.39%"]),
        ("12 x 100 = 1,200", ["1,200"]),
        # The working of one quantity, a line at a time, its label said again before each step;
        # a step that still applies the constant ("0.3972 x 100"); "or" the same as a percentage.
        (
            "ROA = $1,248 million / $87,583 million ROA = 0.01424 or 1.42% (rounded)",
            ["0.01424", "1.42%"],
        ),
        (
            "Margin = ($15,357 million / $38,655 million) x 100 Margin = 0.3972 x 100 Margin = "
            "39.72%",
            ["0.3972", "39.72%"],
        ),
        ("净利润率 = 1,248 ÷ 87,583 净利润率 = 0.01424", ["0.01424"]),
        # Chinese: full-width brackets and relation, ÷ and ×, "，即".
        ("（120 − 100）÷ 100 ＝ 0.2，即20%", ["0.2", "20%"]),
        ("净利润率 = 1,248 ÷ 87,583 × 100 = 1.42%", ["1.42%"]),
        ("（4,625万元 + 4,375万元）÷ 2 = 4,500万元", ["4,500万元"]),
    ],
)
def test_written_results_hold(text: str, expected: list[str]) -> None:
    assert results(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "5 + 3 = 9",  # wrong arithmetic
        "(87,896 + 87,270) / 2 = 88,083",  # wrong arithmetic (87,583)
        "(58,158 - 63,800) / 58,158 = -9.71%",  # -9.701%: neither rounded nor cut
        "1,577 / 1,404 = 2",  # one digit: rounding only (1.12)
        "revenue of 2019 - 2018 = 1",  # years take no part
        "Total = $1,577 million",  # a restatement, no calculation
        "the margin, ($6,098 / $17,606) times 100, is 34.63%",  # words: not a written formula
        "（120 − 100）÷ 100 ＝ 0.3",  # 错误的算术
        "2023年 - 2022年 = 1年",
        # Another label is another quantity: no step of this calculation.
        "Ratio = 5 / 10 Other = 0.5",
        "比率 = 5 ÷ 10 其他 = 0.5",
    ],
)
def test_written_results_refused(text: str) -> None:
    assert results(text) == []


EVIDENCE = (
    "Operating income 509 1,306. Net sales 11,303 11,503. Total assets $87,896 million and "
    "$87,270 million."
)
RIGHT = (
    "The margin is (509 / 11,303) * 100 = 4.5%, and the average is "
    "($87,896 million + $87,270 million) / 2 = $87,583 million."
)


def test_gate_accepts_the_written_result_under_accept() -> None:
    verdict = gate_whole_text(RIGHT, EVIDENCE, ACCEPT)
    assert verdict.status == "ok"
    derived = [f for f in verdict.findings if f.code == "NUMBER_DERIVED"]
    assert [f.value for f in derived] == ["4.5%", "$87,583 million"]
    assert {f.derivation.operation for f in derived} == {"written"}
    ops = derived[0].derivation.operands
    assert [o.text for o in ops] == ["509", "11,303", "100"]
    assert all(o.field == "answer.conclusion" for o in ops)


def test_default_policy_keeps_it_a_finding_with_the_calculation_as_hint() -> None:
    verdict = gate_whole_text(RIGHT, EVIDENCE, DEFAULT_POLICY)
    assert verdict.status == "citation_insufficient"
    hint = next(f for f in verdict.findings if f.value == "4.5%")
    assert hint.code == "UNGROUNDED_NUMBER"
    assert hint.derivation is not None and hint.derivation.operation == "written"


@pytest.mark.parametrize(
    "wrong",
    [
        # Wrong arithmetic, and a right calculation on an operand the evidence does not hold.
        "The margin is (509 / 11,303) * 100 = 5.5%.",
        "The margin is (590 / 11,303) * 100 = 5.2%.",
        "营业利润率为（590 ÷ 11,303）× 100 ＝ 5.2%。",
    ],
)
def test_gate_rejects_wrong_written_calculations(wrong: str) -> None:
    assert gate_whole_text(wrong, EVIDENCE, ACCEPT).status != "ok"


def test_chinese_written_result_is_derived() -> None:
    verdict = gate_whole_text("营业利润率为（509 ÷ 11,303）× 100 ＝ 4.5%。", EVIDENCE, ACCEPT)
    assert verdict.status == "ok"
    assert any(
        f.code == "NUMBER_DERIVED" and f.derivation.operation == "written" for f in verdict.findings
    )


def test_off_and_verbatim_read_no_written_calculations() -> None:
    text = "The average is ($87,896 million + $87,270 million) / 2 = $87,583 million."
    for policy in (OFF, VERBATIM_POLICY):
        verdict = gate_whole_text(text, EVIDENCE, policy)
        assert not any(
            f.derivation is not None and f.derivation.operation == "written"
            for f in verdict.findings
            if hasattr(f, "derivation")
        )
