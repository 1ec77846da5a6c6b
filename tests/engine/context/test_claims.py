"""Claims: each value of an answer with its naming words, periods and citation marker."""

from __future__ import annotations

from groundgate.engine.context.claims import read_claims
from groundgate.engine.context.periods import contradicts, periods_in


def by_value(conclusion: str) -> dict:
    return {c.value.text: c for c in read_claims(conclusion)}


def test_each_value_is_named_by_its_own_clause():
    claims = by_value("Pump I delivers 250 m3/h and Pump B 205 m3/h.")
    assert {"pump", "i"} <= claims["250"].words and "b" not in claims["250"].words
    assert {"pump", "b"} <= claims["205"].words and "i" not in claims["205"].words


def test_citation_markers_of_each_kind():
    claims = by_value("The pressure is 12 bar [2] and it ran 100 hours [1].")
    assert claims["12"].citation == "2" and claims["100 hours"].citation == "1"
    assert by_value("Revenue was 5.2 million [C0].")["5.2 million"].citation == "C0"
    assert by_value("营收为4.5亿元【3】。")["4.5亿元"].citation == "3"
    assert by_value("Revenue was 7.1 million^1.")["7.1 million"].citation == "1"
    assert by_value("Revenue was 7.1 million.")["7.1 million"].citation is None


def test_periods_of_the_clause_then_of_the_sentence():
    claims = by_value("Revenue rose from 295 in 2018 to 308 in 2019.")
    assert claims["295"].periods == ("Y2018",) and claims["308"].periods == ("Y2019",)
    claims = by_value("In 2019, revenue was $5 million, and costs were $3 million.")
    assert claims["$3 million"].periods == ("Y2019",)
    claims = by_value("Total sales in December 31, 2019 was $1,496.5 million.")
    assert set(claims["$1,496.5 million"].periods) == {"Y2019", "M12"}
    assert {"total", "sale"} <= claims["$1,496.5 million"].words


def test_periods_normalise_and_contradict_kind_by_kind():
    assert periods_in("FY2019, fiscal 2019, 2019年") == ("Y2019",)
    assert periods_in("third quarter, Q3, 3Q19, 第三季度")[0] == "Q3"
    assert periods_in("Monday to Sunday") == ("D1", "D7")
    assert periods_in("you may wish") == ()
    assert contradicts(("Y2019",), ("Y2018",))
    assert not contradicts(("Y2019",), ("Y2019", "M12"))
    assert not contradicts(("Q3",), ("Y2018",))
    assert not contradicts((), ("Y2018",))


def test_the_period_regex_first_look_skips_no_period():
    # The cheap first look of periods._PERIOD (a digit, a CJK period word, a letter starting a
    # word, "first"/"second") lets every mention through: mid-word halves, case-folded letters.
    assert periods_in("the firsthalf, xsecond half, FIRST QUARTER") == ("H2", "Q1")
    assert periods_in("第三季度 上半年 12月 周一 星期日 H1 3Q19 FY'19 fiscal year 2020") == (
        "Q3",
        "H1",
        "M12",
        "D1",
        "D7",
        "Y2019",
        "Y2020",
    )
