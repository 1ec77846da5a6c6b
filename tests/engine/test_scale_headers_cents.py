"""Unspaced scale headers (policy `scale_headers: "glued"`, answer gate 2.33.0, d572) and zero
cents of a scaled amount (`cents_zeros: "scaled_padding"`, 2.33.0, d573).

A filing's PDF text sometimes loses its spaces: MGM Resorts' 2018 balance sheet is headed
"(Inthousands,exceptsharedata)", Boeing's "(Dollarsinmillions,exceptpersharedata)"; read as
"(In thousands, except share data)" they declare the table's scale. FinanceBench's gold answers
write amounts to the cent in the scale the question asks for ("$303.00" in USD millions): the
cents are the currency's print form, not a precision a figure in millions has, so "$303.00" is
302,578 (in thousands) rounded to the million - while a slipped digit stays a finding.
"""

from __future__ import annotations

from groundgate.engine.declarations import declarations
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.nearness import padded_cents
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from tests.engine.context.test_derivation_words import gold

SPACED = AnswerGatePolicy(scale_headers="spaced")
CENTS = AnswerGatePolicy(cents_zeros="precision")


def _status(case: AnswerCase, policy: AnswerGatePolicy = DEFAULT_POLICY) -> str:
    return gate_answer(case, policy).status


def _case(question: str, answer: str, *chunks: str) -> AnswerCase:
    raw = [{"chunk_id": f"c{i}", "text": text, "page_index": 3} for i, text in enumerate(chunks)]
    evidences = [{"chunk_id": f"c{i}", "excerpt": text} for i, text in enumerate(chunks)]
    return AnswerCase.model_validate(
        {
            "case_id": "t",
            "question": question,
            "raw_chunks": raw,
            "answer": {"conclusion": answer, "evidences": evidences},
        }
    )


def test_the_defaults_and_the_verbatim_preset():
    assert DEFAULT_POLICY.scale_headers == "glued"
    assert DEFAULT_POLICY.cents_zeros == "scaled_padding"
    assert VERBATIM_POLICY.scale_headers == "spaced"
    assert VERBATIM_POLICY.cents_zeros == "precision"


def test_an_unspaced_header_declares_its_scale_only_when_glued_headers_are_read():
    for text, exponent in (
        ("CONSOLIDATEDBALANCESHEETS\n(Inthousands,exceptsharedata)\n", 3),
        ("(Dollarsinmillions,exceptpersharedata)", 6),
        ("(Inmillions,exceptpershareamounts)", 6),
        ("(INBILLIONS)", 9),
    ):
        assert [d.exponent for d in declarations(text, "c", True)] == [exponent]
        assert declarations(text, "c") == []
    # A spaced header is read once, either way; prose and a count of shares are no header.
    assert len(declarations("(In thousands, except share data)", "c", True)) == 1
    assert declarations("(Maintainingmillionsofcustomers)", "c", True) == []
    assert declarations("authorized1.0billionshares", "c", True) == []
    # Chinese headers have no spaces to lose: read alike under both readings.
    for text in ("单位：万元", "（人民币千元）"):
        assert declarations(text, "c", True) == declarations(text, "c")


def test_zero_cents_of_a_scaled_amount_are_no_precision():
    def padded(text: str, scaled: bool = True) -> str:
        q = padded_cents(typed(extract_numbers(text)[0]), scaled, 2)
        return f"{q.figure}/{q.decimals}"

    assert padded("$303.00") == "303/0"
    assert padded("$8.70 billion", scaled=False) == "8.7/1"
    assert padded("3.30亿元", scaled=False) == "3.3/1"
    # Kept: no magnitude (a price, a dividend a share), fewer digits than rounding needs,
    # nonzero cents, a percentage.
    assert padded("$1.50", scaled=False) == "1.50/2"
    assert padded("$0.40") == "0.40/2"
    assert padded("$303.05 million") == "303.05/2"
    assert padded("12.50%") == "12.50/2"


def test_a_balance_sheet_figure_in_thousands_restated_in_millions_to_the_cent():
    # MGM Resorts' FY2018 accounts payable, 302,578 under "(Inthousands,exceptsharedata)";
    # the question asks in USD millions, the gold says "$303.00".
    right = gold("fb-04171-gold")
    assert _status(right) == "ok"
    assert _status(right, SPACED) != "ok"
    assert _status(right, CENTS) != "ok"
    assert _status(gold("fb-04171-gold", "$303.00", "$313.00")) != "ok"
    assert _status(gold("fb-04171-gold", "$303.00", "$303,000.00")) != "ok"


def test_gold_amounts_to_the_cent_ground_at_their_last_nonzero_digit():
    # Amcor's FY2020 net receivables, 1,615.9 (in millions): "$1616.00" in USD millions.
    assert _status(gold("fb-03882-gold")) == "ok"
    assert _status(gold("fb-03882-gold"), CENTS) != "ok"
    assert _status(gold("fb-03882-gold", "$1616.00", "$1716.00")) != "ok"
    # 3M's FY2018 net PP&E, 8,738 (in millions): "$8.70" in USD billions is 8.7.
    assert _status(gold("fb-04672-gold")) == "ok"
    assert _status(gold("fb-04672-gold"), CENTS) != "ok"
    assert _status(gold("fb-04672-gold", "$8.70", "$8.80")) != "ok"
    # American Water Works' FY2020 dividends, 389 (in millions): "$0.40" in USD billions keeps
    # its two digits (0.4 would be one): its verdict is 2.30.0's.
    right = gold("fb-05718-gold")
    assert gate_answer(right).findings == gate_answer(right, CENTS).findings


def test_a_chinese_amount_at_a_magnitude():
    case = _case(
        "2019年营业收入是多少？",
        "2019年营业收入为3.30亿元。",
        "单位：万元\n项目  2019年  2018年\n营业收入  32,716  30,105",
    )
    assert _status(case) == "ok"
    assert _status(case, CENTS) != "ok"
    slip = _case(
        "2019年营业收入是多少？",
        "2019年营业收入为3.40亿元。",
        "单位：万元\n项目  2019年  2018年\n营业收入  32,716  30,105",
    )
    assert _status(slip) != "ok"
