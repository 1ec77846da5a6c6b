"""Aggregates of cells all printed negative, stated by their size (policy `aggregate_signs:
"sizes_alike"`, answer gate 2.62.0, d796): the reading derivations.explain gives a pair of
negative cells (d380), for aggregates.py's sets of three cells or more. Selectable: the wrong
sign answers TAT-QA builds of such rows pass with it (d444's family)."""

from __future__ import annotations

from groundgate.engine.gates.answer import DEFAULT_POLICY, VERBATIM_POLICY, AnswerGatePolicy
from tests.engine.context.derivations import derived_formula

ON = AnswerGatePolicy(derived_numbers="accept", aggregate_signs="sizes_alike")
OFF = AnswerGatePolicy(derived_numbers="accept", aggregate_signs="signed")

TABLE = "\n".join(
    [
        "(In millions)",
        "Year Ended June 30,  2019  2018  2017",
        "Gains recognized in other comprehensive income  159  219  328",
        "Losses recognized in other income (expense), net  (64)  (255)  (389)",
        "Net change  95  (36)  (62)",
    ]
)


def test_signed_by_default_and_in_verbatim():
    assert DEFAULT_POLICY.aggregate_signs == "signed"
    assert VERBATIM_POLICY.aggregate_signs == "signed"


def test_an_all_negative_rows_average_by_its_size():
    said = (
        "The average losses recognized in other income (expense), net, from 2017 to 2019"
        " was 236 million."
    )
    assert derived_formula(said, ON, TABLE) == "(389 + 255 + 64) / 3 ≈ 236 million"
    assert derived_formula(said, OFF, TABLE) is None
    # Stated negative: signed, under both readings.
    signed = said.replace("236", "-236")
    assert derived_formula(signed, ON, TABLE) is not None
    assert derived_formula(signed, OFF, TABLE) is not None


def test_mixed_signs_keep_their_one_result():
    # (95 + (-36) + (-62)) / 3 = -1: no size reading of a row of mixed signs (its sizes'
    # average, 64.33, is nothing).
    said = "The average net change from 2017 to 2019 was 64.33 million."
    assert derived_formula(said, ON, TABLE) is None
