"""What "should say" offers (reviews/should_say.py, d928): the near miss written as the answer
writes its value - scale, unit, decimals - and the cell as printed; the answer's own value
offers nothing (d902); a figure of another kind is offered as printed."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import example, given
from hypothesis import strategies as st

from groundgate.engine.context import corpus_zh
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.values.typed import typed
from reviews.should_say import ShouldSay, should_say


def _near(value: str, text: str, cell: str, table: str | None = None) -> ShouldSay | None:
    at = table.index(cell) if table else 0
    finding = {"value": value, "near_match": {"text": cell, "chunk_span": [at, at + len(cell)]}}
    return should_say(finding, table)


def test_the_reviewers_case_is_offered_at_the_answers_scale():
    offer = _near("31.23亿元", "", "2,987,654,321.00", corpus_zh.QUARTER_MONTHS)
    assert offer == ShouldSay("29.88亿元", "2,987,654,321.00", "单位：元")
    assert offer.rewritten


def test_a_table_in_wan_yuan_and_a_negative_cell():
    assert _near("123.46亿元", "", "98,765.43", corpus_zh.SEGMENT_TABLE) == ShouldSay(
        "9.88亿元", "98,765.43", "单位：万元"
    )
    offer = _near("3.89亿元", "", "-12,345,678.00", corpus_zh.QUARTER_MONTHS)
    assert offer is not None and offer.offer == "-0.12亿元"


def test_english_scales_parentheses_and_thousands():
    table = "(In thousands)\nCash and cash equivalents $ 737,877 $ 431,560\nDeferred (25,666)"
    assert _near("$431,560 thousand", "", "737,877", table) == ShouldSay(
        "$737,877 thousand", "737,877", "(In thousands)"
    )
    offer = _near("$1.3 billion", "", "(25,666)", table)
    assert offer is not None and offer.offer == "-$0.03 billion"  # more decimals than nothing


def test_rates_take_the_answers_unit_and_no_scale():
    assert _near("15.23%", "", "92.00", corpus_zh.SEGMENT_TABLE).offer == "92.00%"
    assert _near("10.12个百分点", "", "0.37个百分点").offer == "0.37个百分点"
    # A level's figure is no rate: offered as printed.
    assert _near("15.23%", "", "1,234,567.89", corpus_zh.SEGMENT_TABLE).offer == "1,234,567.89"


def test_what_is_offered_as_printed_or_not_at_all():
    assert _near("Q1 2023", "", "Q2 2023").offer == "Q2 2023"  # not a figure of an amount
    assert _near("$1.3 billion", "", "1.2%").offer == "1.2%"  # another unit
    assert _near("$5.2 billion", "", "$5.2 billion") is None  # the answer's own value (d902)
    derived = {"value": "3", "near_match": {"text": "4"}, "derivation": {"operation": "sum"}}
    assert should_say(derived, None) is None
    assert should_say({"value": "3"}, None) is None


@given(
    cell=st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999999999"), places=2),
    scale=st.sampled_from([("元", 0), ("万元", 4)]),
    said=st.sampled_from([("万元", 4, 2), ("亿元", 8, 2), ("亿元", 8, 1), ("元", 0, 0)]),
)
@example(cell=Decimal("2.01"), scale=("元", 0), said=("元", 0, 0))  # "2元" of 2.01: nothing offered
def test_the_offer_reads_back_as_the_cell_at_the_answers_precision(cell, scale, said):
    # Whatever the table's scale and the answer's, the offer read by the engine's grammar is
    # the cell's amount rounded to the answer's decimals (or to its first digits if that
    # would round it to nothing).
    table = f"单位：{scale[0]}\n项目  2023年\n营业收入  {cell:,.2f}"
    printed = f"{cell:,.2f}"
    answer = f"{Decimal('1.5'):.{said[2]}f}{said[0]}"
    offer = _near(answer, "", printed, table)
    amount = cell.scaleb(scale[1])
    if offer is None:
        # The cell written as the answer writes it is the answer itself: nothing offered (d1010).
        # The answer's figure as printed ("2元" at no decimals), not the 1.5 it was made from.
        said_amount = Decimal(f"{Decimal('1.5'):.{said[2]}f}").scaleb(said[1])
        assert abs(said_amount - amount) <= Decimal(5).scaleb(said[1] - said[2] - 1)
        return
    assert offer.printed == printed and offer.scale == f"单位：{scale[0]}"
    (value,) = extract_numbers(offer.offer)
    read = typed(value)
    assert read.figure is not None and read.magnitude == said[1]
    assert abs(read.figure.scaleb(read.magnitude) - amount) <= Decimal(5).scaleb(
        said[1] - read.decimals - 1
    )


def test_a_bare_cell_with_no_scale_seen_is_read_at_the_scale_nearest_the_answer():
    # Best Buy's cash-flow rows: "$ in millions" heads the chunk before them, so no scale is
    # seen before "473"; read as units it offered "$0.0005 million".
    rows = "Six Months Ended\nJuly 29, 2023 July 30, 2022\nDepreciation and amortization 473 453"
    assert _near("$453 million", "", "473", rows) == ShouldSay("$473 million", "473", "")
    assert _near("$0.45 billion", "", "473", rows).offer == "$0.47 billion"
    # A cell printed in units stays in units where that is nearest the answer's figure; a
    # table in 万元 without its declaration in the chunk reads as 万.
    assert _near("$4.2 million", "", "4,500,000", "Cash 4,500,000").offer == "$4.5 million"
    assert _near("31.23亿元", "", "298,765.43", "营业收入  298,765.43").offer == "29.88亿元"


def test_a_wrong_scale_is_offered_at_the_cells_scale_with_its_word():
    # Best Buy's cash-flow chunk (chunking 3 keeps "$ in millions" with its rows): the answer
    # said "$473 thousand" of the cell 473 - the offer is "$473 million", not "$473000 thousand".
    table = "Condensed Consolidated Statements of Cash Flows $ in millions (unaudited)\n"
    table += "Depreciation and amortization 473 453"
    at = table.index("473")
    finding = {
        "value": "$473 thousand",
        "near_match": {"text": "473", "chunk_span": [at, at + 3], "reason": "wrong_scale"},
    }
    offer = should_say(finding, table)
    assert offer is not None and offer.offer == "$473 million" and offer.printed == "473"
    zh = "单位：亿元\n营业收入 12.5"
    span = [zh.index("12.5"), len(zh)]
    wan = {
        "value": "12.5万元",
        "near_match": {"text": "12.5", "chunk_span": span, "reason": "wrong_scale"},
    }
    offer = should_say(wan, zh)
    assert offer is not None and offer.offer == "12.5亿元"


def test_the_answers_own_value_and_a_length_of_time_offer_nothing_new():
    # Seen on the merged head (s51): a figure said of another period whose near miss is its own
    # cell offered the answer's value again; a header's "52" under "(In thousands)" was offered
    # as "52000 weeks" for the answer's "52 weeks" (d1010).
    income = "(In thousands, except per share data)\n52 Weeks Ended\nNet income $ 1,242,408"
    assert _near("$1,242,408 thousand", "", "1,242,408", income) is None
    assert _near("$2,835 million", "", "2,835", "(in millions)\nTotal 2,835") is None
    assert _near("52 weeks", "", "52", income) is None
    offer = _near("13 weeks", "", "52", income)
    assert offer == ShouldSay("52 weeks", "52", "")
    # An amount at another scale is still offered at the answer's scale.
    assert _near("$1.3 million", "", "1,242,408", income).offer == "$1242.4 million"
