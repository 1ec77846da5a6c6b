"""Scale claims (policy `scale_claims`, answer gate 2.9.1): a magnitude word the answer writes
is read at the scale the cited evidence declares - "73 million" is no restatement of a table's
73 when the sentence beside the table says "(in thousands)"; with no declaration anywhere the
added magnitude stays `undeclared_scale`, as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from groundgate.engine.context.scales import may_restate, unit_cell_exponents, unit_word_exponents
from groundgate.engine.gates.answer import AnswerCase, AnswerGatePolicy, gate_answer
from tests.engine.context.derivations import tatqa_answers

TABLE = (
    "December 31,\n"
    "2019  2018\n"
    "Value added tax receivables  592  519\n"
    "Rent and other deposits  6,106  5,687"
)
SCALE = "The table below shows other assets (in thousands)."
ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OWN_CHUNK = AnswerGatePolicy(derived_numbers="accept", scale_claims="off")


def status(conclusion: str, declared: bool = True, policy: AnswerGatePolicy = ACCEPT) -> str:
    chunks = [{"chunk_id": "t", "text": TABLE}]
    if declared:
        chunks.append({"chunk_id": "p", "text": SCALE})
    case = AnswerCase.model_validate(
        {
            "case_id": "scale",
            "question": "",
            "raw_chunks": chunks,
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": c["chunk_id"], "excerpt": c["text"]} for c in chunks],
            },
        }
    )
    return gate_answer(case, policy).status


CHANGE = "The change in Value added tax receivables from 2018 to 2019 was 73 {}."
CELL = "Value added tax receivables in 2019 was 592 {}."


def test_the_declared_scale_beside_the_table_refuses_another_magnitude():
    assert status(CHANGE.format("million")) == "citation_insufficient"
    assert status(CELL.format("million")) == "citation_insufficient"
    # The declared one, and no magnitude at all (the figure as the table writes it).
    assert status(CHANGE.format("thousand")) == "ok"
    assert status(CELL.format("thousand")) == "ok"
    assert status(CHANGE.format("").replace(" .", ".")) == "ok"
    assert status("Value added tax receivables in 2019 was $592,000.") == "ok"


def test_with_no_declaration_or_the_rule_off_the_magnitude_is_undeclared_as_before():
    assert status(CHANGE.format("million"), declared=False) == "ok"
    assert status(CELL.format("million"), declared=False) == "ok"
    assert status(CHANGE.format("million"), policy=OWN_CHUNK) == "ok"
    assert status(CELL.format("million"), policy=OWN_CHUNK) == "ok"


def test_the_refused_cell_names_the_figure_at_another_scale():
    chunks = [{"chunk_id": "t", "text": TABLE}, {"chunk_id": "p", "text": SCALE}]
    case = AnswerCase.model_validate(
        {
            "case_id": "scale",
            "raw_chunks": chunks,
            "answer": {
                "conclusion": CELL.format("million"),
                "evidences": [{"chunk_id": c["chunk_id"], "excerpt": c["text"]} for c in chunks],
            },
        }
    )
    [finding] = [f for f in gate_answer(case, ACCEPT).findings if f.severity == "error"]
    assert finding.near_match is not None and finding.near_match.reason == "wrong_scale"
    assert finding.near_match.text == "592"


def test_may_restate():
    assert may_restate(0, frozenset({3}))
    assert may_restate(6, frozenset())
    assert may_restate(6, frozenset({3, 6}))
    assert not may_restate(6, frozenset({3}))


# Unit cells (scale_claims "unit_cells", gate 2.14.0, d346): the table's own cell declares it.
UNIT_TABLE = (
    "2019  2018\n"
    "{unit}  {unit}\n"
    "Value added tax receivables  592  519\n"
    "Rent and other deposits  6,106  5,687"
)
PHRASES_ONLY = AnswerGatePolicy(derived_numbers="accept", scale_claims="cited_declarations")


def unit_status(conclusion: str, unit: str, policy: AnswerGatePolicy = ACCEPT) -> str:
    text = UNIT_TABLE.format(unit=unit)
    case = AnswerCase.model_validate(
        {
            "case_id": "unit",
            "raw_chunks": [{"chunk_id": "t", "text": text}],
            "answer": {
                "conclusion": conclusion,
                "evidences": [{"chunk_id": "t", "excerpt": text}],
            },
        }
    )
    return gate_answer(case, policy).status


def test_a_unit_cell_declares_the_tables_scale():
    for unit in ("€m", "£m", "$ million", "$M", "US$ m"):
        assert unit_status(CELL.format("billion"), unit) == "citation_insufficient", unit
        assert unit_status(CHANGE.format("billion"), unit) == "citation_insufficient", unit
        assert unit_status(CELL.format("million"), unit) == "ok", unit
        assert unit_status(CHANGE.format("million"), unit) == "ok", unit
        # The literal reading of 2.9.1: unit cells are not read, the magnitude is undeclared.
        assert unit_status(CELL.format("billion"), unit, PHRASES_ONLY) == "ok", unit
    for unit in ("$'000", "US$’000", "RMB'000", "£000"):
        assert unit_status(CELL.format("million"), unit) == "citation_insufficient", unit
        assert unit_status(CELL.format("thousand"), unit) == "ok", unit
    # In Chinese: a cell that is only the unit.
    assert unit_status("2019年增值税应收款为592亿元。", "万元") == "citation_insufficient"
    assert unit_status("2019年增值税应收款为592万元。", "人民币万元") == "ok"


# What is and is not a unit cell, in both languages.
UNIT_CELLS = {
    "2019 €m  2018 €m": {6},
    "$ MILLION  53 WEEKS": {6},
    "Note  £m  £m": {6},
    "(€m)": {6},
    "EUR m  2019": {6},
    "$bn": {9},
    "$'000  $'000": {3},
    "US$’000": {3},
    "万元  万元": {4},
    "单位  人民币亿元": {8},
    "千元": {3},
}
NOT_UNIT_CELLS = (
    "revenue of $5m",
    "cost $5 million",
    "$ms of latency",
    "2019 $",
    "收入5万元",
    "以万元计",
    "五万元",
    "Amount in millions",  # a phrase: declarations.declarations() reads it
)


def test_unit_cell_exponents():
    for text, exponents in UNIT_CELLS.items():
        assert unit_cell_exponents(text) == exponents, text
    for text in NOT_UNIT_CELLS:
        assert unit_cell_exponents(text) == set(), text


_CURRENCIES = ("$", "€", "£", "US$", "RMB", "EUR ")
_MAGNITUDES = {"m": "million", "million": "million", "bn": "billion", "'000": "thousand"}


def _passes_under_unit_row(currency: str, unit: str, said: str, figure: int, row: str) -> bool:
    """Whether "<row> in 2019 was <figure> <said>." passes over a table whose second line is
    the unit cell "<currency><unit>" of both years."""
    text = f"2019  2018\n{currency}{unit}  {currency}{unit}\n{row}  {figure:,}  1\nOther  2  3"
    case = AnswerCase.model_validate(
        {
            "case_id": "p",
            "raw_chunks": [{"chunk_id": "t", "text": text}],
            "answer": {
                "conclusion": f"{row} in 2019 was {figure:,} {said}.",
                "evidences": [{"chunk_id": "t", "excerpt": text}],
            },
        }
    )
    return gate_answer(case, ACCEPT).status == "ok"


@given(
    st.sampled_from(_CURRENCIES),
    st.sampled_from(sorted(_MAGNITUDES)),
    st.sampled_from(("million", "billion", "thousand")),
    st.integers(min_value=100, max_value=99_999),
    st.sampled_from(("Revenue", "Cost of sales", "Net debt")),
)
@settings(max_examples=60, deadline=None)
def test_property_a_magnitude_the_unit_cell_contradicts_is_rejected(
    currency, unit, said, figure, row
):
    ok = _passes_under_unit_row(currency, unit, said, figure, row)
    assert ok == (said == _MAGNITUDES[unit]), (currency, unit, row, said)


# Unit words (scale_claims "unit_words", gate 2.20.0, d459): the ways reports print a scale
# beyond the unit cells and phrases above.
UNIT_WORDS = {
    "USD denominated RMB’Million  Non-USD denominated RMB’Million": {6},
    "All figures in USD ‘000, except TCE rate per day": {3},
    "US$‘000  US$‘000": {3},
    "(in million)  January 31, 2019": {6},
    "Appropriation of earnings (in thousand NT dollars)": {3},
    "are as follows (in\nthousands):": {3},
    "($ million)  2019  2018": {6},
    "Number of shares ('000)": {3},
    "(000s)": {3},
}
NOT_UNIT_WORDS = (
    "a charge ($5 million)",
    "(about a million users)",
    "revenue of $5m",
    "Other (1,000)",  # a cell printed negative
    "RMB’5 million",
    "2019 $",
)


def test_unit_word_exponents():
    for text, exponents in UNIT_WORDS.items():
        assert unit_word_exponents(text) == exponents, text
    for text in NOT_UNIT_WORDS:
        assert unit_word_exponents(text) == set(), text


UNIT_CELLS_ONLY = AnswerGatePolicy(derived_numbers="accept", scale_claims="unit_cells")


def test_a_unit_word_declares_the_tables_scale_and_unit_cells_keep_the_old_reading():
    for unit in ("RMB’Million", "USD ‘Million", "(in million)"):
        assert unit_status(CELL.format("billion"), unit) == "citation_insufficient", unit
        assert unit_status(CHANGE.format("billion"), unit) == "citation_insufficient", unit
        assert unit_status(CELL.format("million"), unit) == "ok", unit
        assert unit_status(CHANGE.format("million"), unit) == "ok", unit
        assert unit_status(CHANGE.format("").replace(" .", "."), unit) == "ok", unit
        # gate 2.19.0's reading: not read, the magnitude is undeclared.
        assert unit_status(CELL.format("billion"), unit, UNIT_CELLS_ONLY) == "ok", unit
        assert unit_status(CHANGE.format("billion"), unit, UNIT_CELLS_ONLY) == "ok", unit
    for unit in ("USD ‘000", "(in thousand NT dollars)", "('000)"):
        assert unit_status(CELL.format("million"), unit) == "citation_insufficient", unit
        assert unit_status(CELL.format("thousand"), unit) == "ok", unit
        assert unit_status(CELL.format("million"), unit, UNIT_CELLS_ONLY) == "ok", unit


@given(
    st.sampled_from(("RMB’", "USD ‘", "US$‘", "$'")),
    st.sampled_from(("Million", "000", "m")),
    st.sampled_from(("million", "billion", "thousand")),
    st.integers(min_value=100, max_value=99_999),
    st.sampled_from(("Revenue", "Cost of sales", "Net debt")),
)
@settings(max_examples=60, deadline=None)
def test_property_a_magnitude_the_quoted_unit_contradicts_is_rejected(
    currency, unit, said, figure, row
):
    ok = _passes_under_unit_row(currency, unit, said, figure, row)
    assert ok == (said == {"Million": "million", "000": "thousand", "m": "million"}[unit])


def test_real_tatqa_scales_printed_as_reports_print_them():
    """TAT-QA tables headed "RMB’Million", "(in million)", "(in thousand NT dollars)", "USD
    ‘000", "(in\\nthousands):": the right answer passes, its wrong scale (and other wrong
    answers) no longer; gate 2.19.0's reading accepted the wrong scale."""
    for uid in (
        "14120019-ba0a-483f-9046-2f2d4118761c",  # RMB’Million, a change
        "747db6b5-48bb-44ed-a8c3-c60fcf264d2e",  # RMB’Million, a cell
        "182cda74-3187-4203-b61d-7063982822e5",  # (in million), a cell
        "fda3b0cb-bc87-4cbc-bc8f-79604538a700",  # (in thousand NT dollars), an average
        "d8637395-dbdb-4d49-a48b-ef14e97ebce5",  # USD ‘000, an average
        "f1ac3fd9-77f7-4f7d-91fb-190c02e1f905",  # (in\nthousands): in the paragraph
    ):
        cases = tatqa_answers(uid)
        right = next(cases[g] for g in ("right cell", "right calculation") if g in cases)
        assert gate_answer(AnswerCase.model_validate(right), ACCEPT).status == "ok", uid
        scale = AnswerCase.model_validate(cases["scale"])
        assert gate_answer(scale, ACCEPT).status != "ok", uid
        assert gate_answer(scale, UNIT_CELLS_ONLY).status == "ok", uid
        for group in ("sign", "period", "row", "digit", "operation"):
            if group in cases:
                wrong = gate_answer(AnswerCase.model_validate(cases[group]), ACCEPT)
                assert wrong.status != "ok", (uid, group)
