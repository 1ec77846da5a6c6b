"""Everyday values through the answer gate: opening hours, ratings, phone numbers, durations,
prices in short form, Chinese clock times and classifiers - as assistants answer about shops,
hotels, warranties and studies (English and Chinese). Each clean answer must pass and name the
rule that grounded it; each wrong one (another hour, scale, digit, unit) must be rejected."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from groundgate.engine.gates.answer import (
    VERBATIM_POLICY,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import compare, typed
from tests.engine.helpers import gate_whole_text

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from everyday_answers import case_of, everyday_answers

BUSINESS = (
    '{"name": "Golden Dragon", "stars": 4.0, "review_count": 87, "phone": "301-352-1200", '
    '"hours": {"Monday": "11:0-21:0", "Friday": "11:0-22:30", "Sunday": "17:0-22:0"}}'
)
SHOP_ZH = (
    "商家：老北京炸酱面；营业时间：10:30-21:00；人均：45元；评分：4.3；电话：+86 138-0013-8000"
)
REVIEWS = "Average rating: 4.5 out of 5 (1,284 reviews). Call 1-800-555-0199 for bookings."
WARRANTY = (
    "The warranty covers parts for 24 months and labor for 90 days. Orders over $50 ship free."
)
STUDY_ZH = "研究共纳入患者1,024例，平均年龄62.4岁，随访时间中位数为36个月，每次服药间隔12小时。"
FILING = "Net revenue was $4,625 million in fiscal 2023; the fee is $1,500 a year."


gate = gate_whole_text


def rules_used(verdict) -> set[str]:
    return {rule for f in verdict.findings for rule in (getattr(f, "rules", None) or ())}


CLEAN = [
    (BUSINESS, "It is open Mondays from 11 AM to 9 PM, rated 4 stars out of 5.", set()),
    (BUSINESS, "On Sundays it opens 5-10pm.", {"range_endpoints", "time_format"}),
    (BUSINESS, "Call them at (301) 352-1200 or +1 301-352-1200.", {"country_code"}),
    (REVIEWS, "It is rated 4.5/5 by 1,284 reviewers.", {"score"}),
    (REVIEWS, "Call 1 (800) 555-0199 or (800) 555-0199.", {"country_code"}),
    (WARRANTY, "Parts are covered for 2 years and labor for 90 days.", {"unit_converted"}),
    (WARRANTY, "Labor is covered for 90 days; orders over $50 ship free.", set()),
    (FILING, "Revenue was $4,625M, about $4.6B; the fee is $1.5k a year.", {"rescaled"}),
    (SHOP_ZH, "营业时间是上午10点半到晚上9点，人均45元。", {"time_format"}),
    (SHOP_ZH, "这家店早上10:30开门，9点关门。", {"time_12_hour"}),
    (SHOP_ZH, "电话是13800138000。", {"country_code"}),
    (STUDY_ZH, "共纳入1024名患者，中位随访3年，服药间隔半天即12小时。", {"unit_converted"}),
    # Chinese numerals: the same values in words
    (SHOP_ZH, "人均四十五元，上午十点半开门，晚上九点关门。", {"format", "time_format"}),
    (STUDY_ZH, "中位随访三年，共纳入一千零二十四例患者。", {"unit_converted", "format"}),
    ("每日3次，每次2片，疗程7天。", "每天三次，每次两片，连续七天。", {"format"}),
]


@pytest.mark.parametrize(("evidence", "conclusion", "rules"), CLEAN)
def test_a_clean_everyday_answer_passes_and_names_its_rules(evidence, conclusion, rules):
    verdict = gate(conclusion, evidence)
    assert verdict.status == "ok", [f.message for f in verdict.findings]
    assert rules <= rules_used(verdict), rules_used(verdict)


WRONG = [
    (BUSINESS, "On Mondays it closes at 11 PM."),  # 21:0
    (BUSINESS, "On Sundays it opens 5-11pm."),
    (BUSINESS, "It has a 4.5-star rating."),
    (BUSINESS, "Call them at (301) 352-1210."),
    (BUSINESS, "Call them at +1 301-352-1210."),
    (REVIEWS, "It is rated 4.5/10."),  # the scale is part of a score
    (REVIEWS, "It is rated 4.3 out of 5."),
    (WARRANTY, "Parts are covered for 2 months."),  # 24 months is 2 years, not 2 months
    (WARRANTY, "Labor is covered for 3 months."),  # a month is no fixed number of days
    (WARRANTY, "Labor is covered for 9 days."),
    (WARRANTY, "Orders over $90 ship free."),  # 90 is a number of days, not dollars
    (FILING, "Revenue was $4,625B."),  # magnitude always matters
    (FILING, "Revenue was $4.6k."),
    (SHOP_ZH, "营业时间是上午10点到晚上9点。"),  # 10:30
    (SHOP_ZH, "这家店晚上10点关门。"),  # 21:00
    (SHOP_ZH, "这家店下午8点关门。"),  # 20:00
    (STUDY_ZH, "中位随访时间为24个月。"),
    (STUDY_ZH, "中位随访2年。"),
    (STUDY_ZH, "共纳入1,204例患者。"),
    (SHOP_ZH, "人均五十五元。"),
    (SHOP_ZH, "这家店晚上十点关门。"),
    (STUDY_ZH, "中位随访二十四个月。"),
    ("每日3次，每次2片，疗程7天。", "每天四次，疗程十天。"),
]


@pytest.mark.parametrize(("evidence", "conclusion"), WRONG)
def test_a_wrong_everyday_value_is_rejected(evidence, conclusion):
    verdict = gate(conclusion, evidence)
    assert verdict.status == "citation_insufficient", conclusion
    assert any(f.code == "UNGROUNDED_NUMBER" for f in verdict.findings)


RD = "2023年研发投入4.56亿元，占营业收入的12.3%。"


@pytest.mark.parametrize("conclusion", ["研发投入约4.6亿元。", "R&D was about 12% of revenue."])
def test_an_answer_that_says_it_rounds_may_round_at_the_evidences_scale(conclusion):
    verdict = gate(conclusion, RD)
    assert verdict.status == "ok" and rules_used(verdict) == {"rounded"}
    strict = AnswerGatePolicy(approximate_rounding=False)
    assert gate(conclusion, RD, strict).status == "citation_insufficient"


@pytest.mark.parametrize(
    "conclusion",
    ["研发投入4.6亿元。", "R&D was 12% of revenue.", "R&D was about 13% of revenue.", "约4.5亿元"],
)
def test_a_rounding_without_saying_so_or_to_another_value_is_rejected(conclusion):
    assert gate(conclusion, RD).status == "citation_insufficient"


def test_the_verbatim_policy_accepts_none_of_the_new_equivalences():
    for evidence, conclusion, rules in CLEAN:
        if rules:
            assert gate(conclusion, evidence, VERBATIM_POLICY).status != "ok", conclusion


@pytest.mark.parametrize(
    ("text", "kind", "quantity"),
    [
        ("晚上9点关门", "time", "晚上9点"),
        ("10点半开门", "time", "10点半"),
        ("14时30分", "time", "14时30分"),
        ("营业到22点", "time", "22点"),
        ("早9点-晚10点", "time", "早9点"),
        ("1 (800) 555-0199", "identifier", "1 (800) 555-0199"),
        ("+1 301-352-1200", "identifier", "+1 301-352-1200"),
        ("4 stars out of 5.", "score", "4starsoutof5"),
        ("rated 4/5.", "score", "4/5"),
        ("$4.6B", "number", "4.6B"),
        ("5-10pm", "range", "5-10pm"),
    ],
)
def test_the_grammar_reads_the_value_whole(text, kind, quantity):
    value = extract_numbers(text)[0]
    assert (value.kind, value.quantity) == (kind, quantity)


@pytest.mark.parametrize(
    "text",
    ["提出3点建议", "第2点是", "最早9点", "in this 10K report", "Form 10Q.", "the 2022 10K shows"],
)
def test_counts_and_form_names_are_not_times_or_values(text):
    assert all(v.kind != "time" for v in extract_numbers(text))
    assert not any(v.quantity.startswith(("10K", "10Q")) for v in extract_numbers(text))
    if "10" in text:
        assert not any(v.quantity == "10" for v in extract_numbers(text))


@pytest.mark.parametrize(
    ("conclusion", "evidence", "grounded"),
    [
        ("Parts are covered for two years.", WARRANTY, True),  # 24 months
        ("Parts are covered for three years.", WARRANTY, False),
        ("It has a four-star rating.", BUSINESS, True),  # "stars": 4.0
        ("It has a five-star rating.", BUSINESS, False),
        ("Labor is covered for ninety days.", WARRANTY, True),
        ("Labor is covered for sixty days.", WARRANTY, False),
        ("The warranty covers parts for 24 months.", "Parts: two years.", True),
    ],
)
def test_english_number_words_with_a_unit_are_values(conclusion, evidence, grounded):
    verdict = gate(conclusion, evidence)
    assert (verdict.status == "ok") is grounded, [f.message for f in verdict.findings]


@pytest.mark.parametrize(
    "text", ["one of the best", "the two of them", "twenty reviewers", "three"]
)
def test_english_number_words_without_a_unit_are_no_claims(text):
    assert extract_numbers(text) == []


@pytest.mark.parametrize(
    "text",
    ["一个好地方", "再试一次", "万一下雨", "第三次", "三点建议", "两者都行", "一起去", "十分好吃"],
)
def test_a_chinese_numeral_without_a_unit_or_a_clock_is_no_claim(text):
    assert extract_numbers(text) == []


@pytest.mark.parametrize(
    ("text", "figure", "unit"),
    [("保修一年", 1, "年"), ("两个月内退款", 2, "个月"), ("一周内", 1, "周"),
     ("一个小时后", 1, "个小时")],
)  # fmt: skip
def test_one_or_two_before_a_duration_is_a_count(text, figure, unit):
    (value,) = extract_numbers(text)
    assert typed(value).figure == figure and value.unit == unit


@pytest.mark.parametrize(
    ("text", "figure", "unit"),
    [("半小时内送达", "0.5", "hr"), ("半个月", "0.5", "month"), ("保修半年", "0.5", "year"),
     ("一个半小时", "1.5", "hr"), ("三个半月", "3.5", "month"), ("两年半", "2.5", "year")],
)  # fmt: skip
def test_half_a_duration_is_a_value(text, figure, unit):
    (value,) = extract_numbers(text)
    assert str(typed(value).figure) == figure and typed(value).unit == unit


@pytest.mark.parametrize(
    ("text", "date"),
    [("on March 3rd, 2024", (2024, 3, 3)), ("the 3rd of March 2024", (2024, 3, 3)),
     ("dated 1st July 2022", (2022, 7, 1)), ("Dec. 31st", (None, 12, 31))],
)  # fmt: skip
def test_a_day_written_as_an_ordinal_is_part_of_its_date(text, date):
    (value,) = extract_numbers(text)
    assert value.kind == "date" and tuple(typed(value).date or ()) == date


@pytest.mark.parametrize("text", ["the 3rd quarter", "3rd place", "the 32nd of May"])
def test_an_ordinal_without_a_month_stays_an_ordinal(text):
    assert [v.kind for v in extract_numbers(text)] == ["ordinal"]


@pytest.mark.parametrize("text", ["半天", "半月刊", "半价", "大半年", "一年半载"])
def test_half_in_an_idiom_is_no_claim(text):
    assert extract_numbers(text) == []


@pytest.mark.parametrize(
    "text",
    # "the one" year or day, idioms, the calendar, month names.
    ["这一年很忙", "有一天", "同一天", "每一天", "前一周", "一年四季", "一天到晚", "一年级",
     "建校一周年", "一年一度", "一周七天营业", "一天24小时", "一月份"],
)  # fmt: skip
def test_one_or_two_of_a_duration_in_an_idiom_is_no_claim(text):
    assert [v.text for v in extract_numbers(text) if v.text.startswith(("一", "两"))] == []


def _written_in_chinese(n: int) -> str:
    """n (1-9999) as people write it: 12 十二, 108 一百零八, 2024 二千零二十四."""
    digits = "零一二三四五六七八九"
    out, zero = "", False
    for value, name in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d, n = divmod(n, value)
        if d:
            if zero:
                out += "零"
            out += ("" if (value == 10 and d == 1 and not out) else digits[d]) + name
            zero = False
        elif out:
            zero = True
    return out


@given(st.integers(3, 9999))
def test_a_chinese_numeral_reads_as_its_value(n):
    (value,) = extract_numbers(f"共{_written_in_chinese(n)}元")
    assert typed(value).figure == n and value.unit == "元"


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Open 7 days a week, 24 hours a day.", []),
        ("Open 24/7 since 2019.", ["2019"]),
        ("Call 24/75.", ["24", "75"]),
        ("Open seven days a week.", []),
        ("We deliver 365 days a year.", []),
        ("全年无休，一周七天营业，每天24小时。", []),
        ("Open 6 days a week.", ["6"]),  # not the whole week: a claim
        ("每周5天", ["5"]),
        ("Returns within 7 days.", ["7"]),
    ],
)
def test_the_calendar_said_to_mean_always_is_no_claim(text, values):
    assert [v.quantity for v in extract_numbers(text)] == values


def test_a_time_range_gives_the_first_hour_its_half_of_the_day():
    assert extract_numbers("11-2pm")[0].endpoints == ("11am", "2pm")
    assert extract_numbers("10-12pm")[0].endpoints == ("10am", "12pm")
    assert extract_numbers("5 - 10 PM")[0].kind == "number"  # spaced: working, not a range


def one(text: str):
    return typed(extract_numbers(text)[0])


@given(st.integers(1, 12), st.sampled_from(["上午", "下午", "晚上", ""]), st.booleans())
def test_time_equivalence_is_symmetric(hour, part, half):
    assume(part or half)  # "5点" alone is a count ("5点建议"), not a time
    said = one(f"{part}{hour}点{'半' if half else ''}")
    clock = one(f"{said.time[0]}:{said.time[1]:02d}")
    assert compare(said, clock) is not None and compare(clock, said) is not None
    other = one(f"{(said.time[0] + 1) % 24}:{said.time[1]:02d}")
    assert compare(said, other) is None and compare(other, said) is None


@given(
    st.integers(1, 40),
    st.sampled_from([("years", "months", 12), ("weeks", "days", 7), ("hours", "minutes", 60)]),
)
def test_a_duration_converts_both_ways_and_only_by_its_factor(n, units):
    big, small, factor = units
    a, b = one(f"{n} {big}"), one(f"{n * factor} {small}")
    assert compare(a, b) == ("unit_converted",) and compare(b, a) == ("unit_converted",)
    assert compare(a, one(f"{n * factor + 1} {small}")) is None
    assert compare(a, one(f"{n} {small}")) is None


@given(st.from_regex(r"[2-9][0-9]{2}-[2-9][0-9]{2}-[0-9]{4}", fullmatch=True))
def test_a_country_code_is_symmetric_and_never_hides_another_digit(number):
    plain, with_code = one(number), one(f"+1 {number}")
    assert compare(plain, with_code) == ("country_code",)
    assert compare(with_code, plain) == ("country_code",)
    changed = number[:-1] + str((int(number[-1]) + 1) % 10)
    assert compare(one(f"+1 {changed}"), plain) is None


@pytest.mark.parametrize(
    ("mark", "question", "evidence", "answer"),
    [a for a in everyday_answers() if a[0] != "~"],
    ids=lambda v: v if len(v) < 40 else None,
)
def test_every_everyday_answer_is_judged_as_people_judge_it(mark, question, evidence, answer):
    verdict = gate_answer(case_of(question, evidence, answer))
    assert (verdict.status == "ok") is (mark == "+"), [f.message for f in verdict.findings]


# Pieces the new rules read, shuffled into texts: the gate must type every value it finds and
# answer every case, whatever the order (a bug found this way: "正午" typed as a Chinese clock).
PIECES = [
    *"0123456789１２一二两三四五六七八九十百千万〇零",
    *"点时半分刻钟年月日号元次天周人名例片个小时:/.-~ ",
    "上午",
    "下午",
    "晚上",
    "早",
    "晚",
    "最",
    "到",
    "至",
    "开门",
    "左右",
    "第",
    "正午",
    "午夜",
    "noon",
    " pm",
    "am",
    " out of ",
    " stars",
    " years",
    " months",
    " days",
    " percent",
    "$",
    "US$",
    "k",
    "M",
    "B",
    "+1 ",
    "(",
    ")",
    "from ",
    " to ",
    " and ",
    "%",
    "two",
    "twenty-five",
    "10K report",
    "24/7",
    "/7",
    "the ",
    "\n",
    "-",
    # 2.2.0: dates read from headers, short month names, currency codes, measures, halves.
    "June 30,",
    "Dec. 31,",
    "Sept.",
    " | ",
    "(In millions)",
    "EUR ",
    "USD",
    " per cent",
    " kg",
    "公斤",
    "克",
    "个半",
    "半年",
    "这",
    "载",
    " percentage points",
    "个百分点",
    "3rd",
    " of ",
    "March",
    # 2.3.0: labels of a document's parts.
    "Item ",
    "Notes ",
    "7A",
    "p. ",
    "第",
    "四十七条",
    "页",
    # Chinese percentages, decimals and discounts in numerals.
    "百分之",
    "八十五",
    "点五",
    "八五折",
    "度",
]


@given(
    st.lists(st.sampled_from(PIECES), max_size=40), st.lists(st.sampled_from(PIECES), max_size=40)
)
def test_any_text_of_these_pieces_is_typed_and_gated_without_error(answer, evidence):
    conclusion, excerpt = "".join(answer), "".join(evidence) or "x"
    for value in extract_numbers(conclusion) + extract_numbers(excerpt):
        typed(value)
    verdict = gate(conclusion, excerpt)
    assert verdict.status in ("ok", "citation_insufficient", "no_evidence")
