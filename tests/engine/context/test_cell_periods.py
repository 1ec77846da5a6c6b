"""A right answer's period words grounded by the header its cell takes (period_words
"cell_headers", d1011-d1013; context/cell_periods.py): each right answer of
context/corpus_en_cell_periods.py, citing only its row, passes with NUMBER_CELL_HEADER on its
period words and is refused under "excerpt" (2.85.0's reading, verbatim's) with UNGROUNDED_NUMBER
on them; each refusal keeps UNGROUNDED_NUMBER on the period word of another column; over every
length and day a statement's header prints, a period word is grounded exactly where its value's
own column prints it. A length on its own header line names its column in messages, and a
period word the question states beside a value out of context for its period gets no "restates
the question" note (d1012)."""

from __future__ import annotations

import itertools

import pytest

from groundgate.engine.context import corpus_en_cell_periods as corpus
from groundgate.engine.context.cell_periods import NUMBER_CELL_HEADER
from groundgate.engine.context.corpus import Passes, Refused
from groundgate.engine.context.corpus_en_lengths import LENGTHS_SIDE_BY_SIDE, QUARTER_THEN_YEAR
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerGatePolicy,
    AnswerVerdict,
    gate_answer,
)
from tests.engine.context.test_operands import case

ACCEPT = AnswerGatePolicy(derived_numbers="accept")
OLD = AnswerGatePolicy(period_words="excerpt")
_PERIOD_WORDS = ("weeks", "months", ", 20", ", 19")


def _gate(example: Passes | Refused, policy: AnswerGatePolicy) -> AnswerVerdict:
    return gate_answer(
        case(example.answer, example.question, example.table, example.excerpt), policy
    )


def test_the_reading_is_the_default_and_verbatim_keeps_the_spec_s():
    assert DEFAULT_POLICY.period_words == "section_lines"  # cell_headers and d1039
    assert VERBATIM_POLICY.period_words == "excerpt"


@pytest.mark.parametrize("example", corpus.PASSES, ids=lambda e: e.answer)
def test_a_right_answer_citing_its_row_passes_and_was_refused_before(example: Passes):
    for policy in (DEFAULT_POLICY, ACCEPT):
        verdict = _gate(example, policy)
        assert verdict.status == "ok", verdict.findings
        headed = [f for f in verdict.findings if f.code == NUMBER_CELL_HEADER]
        assert headed and all(f.severity == "info" for f in headed)
        assert all(f.grounded_by is not None and f.grounded_by.chunk_span for f in headed)
    old = _gate(example, OLD)
    assert old.status != "ok"
    ungrounded = {f.value for f in old.findings if f.code == "UNGROUNDED_NUMBER"}
    assert ungrounded == {f.value for f in headed}
    assert _gate(example, VERBATIM_POLICY).status != "ok"


@pytest.mark.parametrize("example", corpus.REFUSED, ids=lambda e: e.answer)
def test_another_columns_period_word_stays_ungrounded(example: Refused):
    for policy in (DEFAULT_POLICY, ACCEPT):
        verdict = _gate(example, policy)
        assert verdict.status != "ok"
        wrong = [f for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"]
        assert wrong and all(any(w in (f.value or "") for w in _PERIOD_WORDS) or
                             (f.value or "").isdigit() for f in wrong), wrong  # fmt: skip


def test_the_whole_chunk_cited_is_read_as_before():
    """The header is in the excerpt: every period word is verbatim, nothing is headed."""
    answer = "Revenue was $9,512 million in the three months ended July 29, 2023."
    verdict = gate_answer(case(answer, "", LENGTHS_SIDE_BY_SIDE), DEFAULT_POLICY)
    assert verdict.status == "ok"
    assert not [f for f in verdict.findings if f.code == NUMBER_CELL_HEADER]


_ROW = "Revenue $ 9,512 $ 10,214 $ 18,977 $ 20,841"
_COLUMNS = {
    "9,512": ("three months", "July 29, 2023"),
    "10,214": ("three months", "July 30, 2022"),
    "18,977": ("six months", "July 29, 2023"),
    "20,841": ("six months", "July 30, 2022"),
}


@pytest.mark.parametrize(
    ("figure", "length", "day"),
    list(
        itertools.product(
            _COLUMNS, ("three months", "six months"), ("July 29, 2023", "July 30, 2022")
        )
    ),
)
def test_a_period_word_is_grounded_exactly_by_its_own_columns_header(
    figure: str, length: str, day: str
):
    """Every cell of the row, said with every length and day the header prints: each period
    word is grounded where its value's column prints it, and nowhere else."""
    answer = f"Revenue was ${figure} million in the {length} ended {day}."
    verdict = gate_answer(case(answer, "", LENGTHS_SIDE_BY_SIDE, _ROW), DEFAULT_POLICY)
    headed = {f.value for f in verdict.findings if f.code == NUMBER_CELL_HEADER}
    own = set(_COLUMNS[figure])
    assert headed == {length, day} & own
    assert (verdict.status == "ok") == ({length, day} == own)


def test_a_length_on_its_own_header_line_names_the_column():
    """Ulta's Exhibit 2 prints "52 Weeks Ended" on its own line over the days: the message
    names the cell's whole period (d1012); under "excerpt" the line was a title, left out."""
    answer = "Net income was $1,201,338 thousand in the 13 weeks ended January 28, 2023."
    row = "Net income $ 1,201,338 11.9% $ 962,745 11.3%"
    for policy, name in ((DEFAULT_POLICY, "Net income (52 Weeks Ended January 28, 2023)"),
                         (OLD, "Net income (January 28, 2023)")):  # fmt: skip
        verdict = gate_answer(case(answer, "", QUARTER_THEN_YEAR, row), policy)
        (out,) = [f for f in verdict.findings if f.code == "VALUE_OUT_OF_CONTEXT"]
        assert f"the figure for {name}" in out.message


def test_no_restates_the_question_note_on_the_period_a_value_is_out_of_context_for():
    """The question's "13 weeks" is what VALUE_OUT_OF_CONTEXT contradicts: no "no claim" note
    beside it (d1012); kept under "excerpt", and kept where no value is out of context."""
    answer = "Net income was $1,201,338 thousand in the 13 weeks ended January 28, 2023."
    question = "What was net income in the 13 weeks ended January 28, 2023?"
    row = "Net income $ 1,201,338 11.9% $ 962,745 11.3%"
    new = gate_answer(case(answer, question, QUARTER_THEN_YEAR, row), DEFAULT_POLICY)
    old = gate_answer(case(answer, question, QUARTER_THEN_YEAR, row), OLD)
    assert new.status == old.status == "citation_insufficient"
    assert [f.code for f in new.findings] == ["VALUE_OUT_OF_CONTEXT"]
    assert [f.code for f in old.findings].count("NUMBER_FROM_QUESTION") == 2
    right = answer.replace("13 weeks", "52 weeks")
    ok = gate_answer(
        case(right, question.replace("13", "52"), QUARTER_THEN_YEAR, row), DEFAULT_POLICY
    )
    assert ok.status == "ok"
    assert [f.code for f in ok.findings].count("NUMBER_FROM_QUESTION") == 2


_ZH = "合并利润表（单位：万元）\n项目  2019年  2018年\n营业收入  1,205  1,250\n营业成本  980  1,010"


def test_a_chinese_year_is_grounded_by_its_cells_own_header():
    """ "2019年" said of the 2019 cell of a row quoted alone: its column's header; of the 2018
    cell: another column's year, UNGROUNDED_NUMBER beside VALUE_OUT_OF_CONTEXT."""
    row = "营业成本  980  1,010"
    right = gate_answer(case("2019年营业成本为980万元。", "", _ZH, row), DEFAULT_POLICY)
    assert right.status == "ok"
    assert [f.value for f in right.findings if f.code == NUMBER_CELL_HEADER] == ["2019年"]
    assert gate_answer(case("2019年营业成本为980万元。", "", _ZH, row), OLD).status != "ok"
    wrong = gate_answer(case("2019年营业成本为1,010万元。", "", _ZH, row), DEFAULT_POLICY)
    codes = {f.code for f in wrong.findings}
    assert wrong.status != "ok" and {"UNGROUNDED_NUMBER", "VALUE_OUT_OF_CONTEXT"} <= codes


def test_a_length_printed_in_words_grounds_the_same_length_in_figures():
    table = (
        "Statement of income (in thousands)\n"
        "Fifty-Two Weeks Ended\n"
        "January 28, January 29,\n"
        "2023 2022\n"
        "Net sales $ 48,210 $ 41,905\n"
        "Net income $ 5,126 $ 4,388"
    )
    row = "Net income $ 5,126 $ 4,388"
    right = "Net income was $5,126 thousand in the 52 weeks ended January 28, 2023."
    assert gate_answer(case(right, "", table, row), DEFAULT_POLICY).status == "ok"
    twelve = right.replace("52 weeks", "twelve months")  # another word for it: not printed
    verdict = gate_answer(case(twelve, "", table, row), DEFAULT_POLICY)
    assert [f.value for f in verdict.findings if f.code == "UNGROUNDED_NUMBER"] == ["twelve months"]
