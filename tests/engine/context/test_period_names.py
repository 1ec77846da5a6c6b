"""A prose value's periods as a message says them (context/cell_names.period_names, gate 2.68.1,
d867): words, the year last - never the engine's codes ("Q2, Y2023")."""

from __future__ import annotations

import pytest

from groundgate.engine.context.cell_names import period_names


@pytest.mark.parametrize(
    ("codes", "said"),
    [
        (("Q2", "Y2023"), "Q2 2023"),
        (("Y2023", "Q2"), "Q2 2023"),
        (("Y2023",), "2023"),
        (("Y2022", "Y2023"), "2022, 2023"),
        (("Q1", "Q2", "Y2023"), "Q1, Q2 2023"),
        (("M3", "Y2019"), "March 2019"),
        (("D2",), "Tuesday"),
        (("H1", "Y2024"), "H1 2024"),
        (("R1",), "the prior period"),
        ((), ""),
    ],
)
def test_periods_are_said_in_words_the_year_last(codes: tuple[str, ...], said: str) -> None:
    assert period_names(codes) == said


def test_no_engine_code_reaches_a_message() -> None:
    for codes in [("Y2023",), ("Q4", "Y2021"), ("M12",), ("D7",), ("B0",), ("B1", "Y2020")]:
        assert "Y20" not in period_names(codes)
        assert not any(part in {"M12", "D7", "B0", "B1"} for part in period_names(codes).split())
