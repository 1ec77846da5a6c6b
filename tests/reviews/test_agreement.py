"""Cohen's kappa and the per-rule agreement against values worked out by hand."""

from __future__ import annotations

import pytest

from reviews.agreement import cohen_kappa, rule_agreement


def test_kappa_of_a_textbook_table():
    # 50 items: both yes 20, both no 15, A yes / B no 5, A no / B yes 10.
    # p_o = 35/50 = 0.70; A yes 25/50, B yes 30/50: p_e = .5*.6 + .5*.4 = 0.50;
    # kappa = (0.70 - 0.50) / (1 - 0.50) = 0.40.
    pairs = [("y", "y")] * 20 + [("n", "n")] * 15 + [("y", "n")] * 5 + [("n", "y")] * 10
    assert cohen_kappa(pairs) == pytest.approx(0.40)


def test_kappa_edges():
    assert cohen_kappa([]) is None
    assert cohen_kappa([("y", "y")] * 3) == 1.0  # chance agreement total, raters agree
    assert cohen_kappa([("y", "n"), ("n", "y")]) == pytest.approx(-1.0)  # p_o 0, p_e .5


def test_agreement_per_rule_by_hand():
    cases = [
        ("answer", frozenset({"UNGROUNDED_NUMBER"}), "not_grounded"),  # fired, problem: agree
        ("answer", frozenset({"UNGROUNDED_NUMBER"}), "partially_grounded"),  # agree
        ("answer", frozenset({"UNGROUNDED_NUMBER"}), "grounded"),  # fired, no problem
        ("answer", frozenset(), "grounded"),  # quiet, no problem: agree
        ("answer", frozenset(), "not_grounded"),  # quiet, problem: a miss
        ("answer", frozenset(), "cannot_judge"),  # in the matrix, not in kappa
        ("code", frozenset({"SYMBOL_MISSING"}), "not_grounded"),
    ]
    rules = {(r.code, r.kind): r for r in rule_agreement(cases)}
    assert set(rules) == {("UNGROUNDED_NUMBER", "answer"), ("SYMBOL_MISSING", "code")}
    rule = rules[("UNGROUNDED_NUMBER", "answer")]
    assert rule.fired == {
        "grounded": 1, "partially_grounded": 1, "not_grounded": 1, "cannot_judge": 0,
        "should_have_answered": 0,
    }  # fmt: skip
    assert rule.quiet == {
        "grounded": 1, "partially_grounded": 0, "not_grounded": 1, "cannot_judge": 1,
        "should_have_answered": 0,
    }  # fmt: skip
    # gate (problem, ok) vs reviewers: (p,p) 2, (p,o) 1, (o,o) 1, (o,p) 1 -> n 5, p_o 3/5;
    # gate p 3/5, reviewers p 3/5: p_e = .6*.6 + .4*.4 = .52; kappa = (.6-.52)/(.48) = 1/6.
    assert rule.pairs == 5 and rule.agree == 3
    assert rule.kappa == pytest.approx(1 / 6)
    # A rule whose every case fired and was a problem: both raters constant -> 1.0.
    assert rules[("SYMBOL_MISSING", "code")].kappa == 1.0
