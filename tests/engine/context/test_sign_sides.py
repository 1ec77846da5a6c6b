"""A row of two sides (policy `sign_sides`, answer gate 2.49.0, d687, issue 28): under "Net
income (loss)", "Increase (decrease)", "净利润（亏损）" or "增加/（减少）" a cell's sign says its
side; a value stated by its size in words of the other side is a flipped sign, one in words of
its own side grounds as before. Both directions, English and Chinese; `named_rows` (d688,
selectable) also reads the row's own two-sided name with a figure by its size as the positive
side."""

from __future__ import annotations

import json

import pytest

from groundgate.engine.context.sign_sides import answer_side, two_sided
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from tests.conftest import shared_data
from tests.engine.context.test_operands import case

OFF = AnswerGatePolicy(sign_sides="off")
NAMED = AnswerGatePolicy(sign_sides="named_rows")
SIDES = AnswerGatePolicy(sign_sides="side_words")  # 2.49.0 - 2.68.1's default
ACCEPT = AnswerGatePolicy(derived_numbers="accept")

NEG = "2023  2022\nNet income (loss)  (262)  245\nOther comprehensive loss  (31)  (12)"
CASH = (
    "(in millions)  2023  2022\n"
    "Increase (decrease) in cash and cash equivalents  (58)  112\n"
    "Gain (loss) on sale of assets  14  (9)"
)
ZH = (
    "单位：万元\n项目  2023年  2022年\n净利润（亏损）  (1,200)  860\n"
    "现金及现金等价物净增加/（减少）额  (35)  48"
)


def status(conclusion: str, table: str, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case(conclusion, table=table), policy).status


def test_the_default_reads_named_rows_and_verbatim_does_not():
    assert DEFAULT_POLICY.sign_sides == "named_rows"  # since 2.69.0 (d872, under d870)
    assert VERBATIM_POLICY.sign_sides == "off"


@pytest.mark.parametrize(
    ("conclusion", "table"),
    [
        ("The company had net income of $262 in 2023.", NEG),
        ("Net income in 2022 was a loss of 245.", NEG),
        ("Cash and cash equivalents increased by 58 million in 2023.", CASH),
        ("Cash and cash equivalents decreased by $112 million in 2022.", CASH),
        ("The company recorded a loss on sale of assets of 14 in 2023.", CASH),
        ("The gain on sale of assets was 9 in 2022.", CASH),
        ("2023年公司实现净利润1,200万元。", ZH),
        ("2022年公司亏损860万元。", ZH),
        ("2023年现金及现金等价物净增加35万元。", ZH),
    ],
)
def test_a_size_in_words_of_the_other_side_is_a_flipped_sign(conclusion, table):
    verdict = gate_answer(case(conclusion, table=table), DEFAULT_POLICY)
    assert verdict.status == "citation_insufficient", verdict.findings
    (finding,) = [f for f in verdict.findings if f.severity == "error"]
    assert finding.code == "UNGROUNDED_NUMBER"
    assert finding.near_match is not None and finding.near_match.reason == "wrong_sign"
    assert "flipped sign" in finding.message
    # 2.45.0's reading (and the verbatim preset's) takes each as before.
    assert status(conclusion, table, OFF) == "ok"


@pytest.mark.parametrize(
    ("conclusion", "table"),
    [
        ("The company had a net loss of $262 in 2023.", NEG),
        ("Net income in 2022 was $245.", NEG),
        ("Net income (loss) in 2022 was 245.", NEG),
        ("Net income (loss) in 2023 was $(262).", NEG),
        ("Other comprehensive loss was 31 in 2023.", NEG),  # one side: not this rule's
        ("Net income decreased to $245 in 2022.", NEG),  # a change said of a result
        ("Cash and cash equivalents decreased by 58 million in 2023.", CASH),
        ("Cash and cash equivalents increased by $112 million in 2022.", CASH),
        ("The gain on sale of assets was 14 in 2023.", CASH),
        ("The loss on sale of assets was 9 in 2022.", CASH),
        ("2023年公司净亏损1,200万元。", ZH),
        ("2022年公司实现净利润860万元。", ZH),
        ("2023年现金及现金等价物净减少35万元。", ZH),
        ("2022年现金及现金等价物净增加48万元。", ZH),
    ],
)
def test_a_size_in_words_of_its_own_side_grounds_as_before(conclusion, table):
    assert status(conclusion, table) == "ok"
    assert status(conclusion, table, ACCEPT) == "ok"


def test_only_named_rows_reads_the_rows_own_two_sided_name_as_the_positive_side():
    said = "Net income (loss) in 2023 was 262."
    assert status(said, NEG, SIDES) == "ok"  # no side said
    assert status(said, NEG, NAMED) == "citation_insufficient"
    assert status(said, NEG) == "citation_insufficient"  # the default since 2.69.0 (d872)
    assert status("Net income (loss) in 2022 was 245.", NEG, NAMED) == "ok"
    # Another two-sided name than the row's ("increase (decrease)" of a change) says nothing.
    assert status("The increase (decrease) in net income (loss) was 262.", NEG, NAMED) == "ok"


def test_each_value_reads_its_own_words_not_the_previous_values():
    text = (
        "2023  2022\nNet cash provided by (used in) operating activities  3,565  3,521\n"
        "Net cash (used in) provided by financing activities  (3,264)  1,895"
    )
    said = (
        "Operating activities provided a net cash inflow of $3,565, compared to $3,264 net "
        "cash outflow from financing activities in 2023."
    )
    assert status(said, text) == "ok"


def test_the_readers_parts():
    assert two_sided("Net income (loss)") and two_sided("Net (loss) income")
    assert two_sided("Income/(loss) before taxes") and two_sided("净利润（亏损）")
    assert not two_sided("Other comprehensive loss") and not two_sided("Net income")
    text = "Net income in 2022 was a loss of 245."
    at = text.index("245")
    assert answer_side(text, at, at + 3) == (True, "loss")
    text = "The company had net income of $262."
    at = text.index("$262")
    assert answer_side(text, at, at + 4) == (False, "income")
    assert answer_side("It was $(262).", 6, 10) is None


def _tatqa_case(case_id: str) -> AnswerCase:
    """One TAT-QA dev case as the error-rate bench builds it (rows rendering)."""
    from bench.tatqa_build import build

    contexts = json.loads(shared_data("tatqa", "tatqa_dataset_dev.json").read_bytes())
    for ctx in contexts:
        for built in build(ctx, "rows"):
            if built.case["case_id"] == case_id:
                return AnswerCase.model_validate(built.case)
    raise AssertionError(case_id)


def test_tatqa_a_loss_stated_by_its_size_under_its_two_sided_name():
    """TAT-QA dev: "Net (loss) income attributable to ... was $31.5" where the row prints
    $(31.5): a sign slip only named_rows refuses; the right calculation "The increase /
    (decrease) in the Realized gains (losses) ... is 42,271" (a change equal to a cell of
    another two-sided name) is kept under both."""
    slip = _tatqa_case("4c3adbad-cbe4-43c9-ba30-0390df3fcde0-sign")
    assert gate_answer(slip, SIDES).status == "ok"
    assert gate_answer(slip, NAMED).status == "citation_insufficient"
    assert gate_answer(slip, DEFAULT_POLICY).status == "citation_insufficient"  # d872
    right = _tatqa_case("9a11777d-c146-4a13-aaa0-7676223a7849-right calculation")
    assert gate_answer(right, NAMED).status == "ok"
    assert gate_answer(right, DEFAULT_POLICY).status == "ok"
