"""Fiscal years named by the year they end in, and the naming the evidence declares (policy
fiscal_years "declared_names", d945-d947, context/fiscal_names.py). The corpus examples are in
context/corpus_en_fiscal.py; Best Buy's fb-00288 over our own chunks of its 10-Q is measured by
bench/pdf_filings.py (d909)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from groundgate.engine.context import corpus_en_fiscal as corpus
from groundgate.engine.context.chunk_headers import evidence_seen, from_chunk, headed_text
from groundgate.engine.context.corpus import Gap, Passes, Refused
from groundgate.engine.context.fiscal_names import (
    FiscalSaid,
    case_naming,
    declared_naming,
    fiscal_elsewhere,
    fiscal_fits,
    fiscal_years_said,
    paired_month,
    retail_year_end,
    start_named,
    start_years,
)
from groundgate.engine.gates.answer import (
    DEFAULT_POLICY,
    VERBATIM_POLICY,
    AnswerCase,
    AnswerGatePolicy,
    gate_answer,
)
from groundgate.engine.gates.answer_reading import table_reading
from tests.engine.context.test_operands import case

NAMES = AnswerGatePolicy(fiscal_years="declared_names")
CHUNK = AnswerGatePolicy(fiscal_years="chunk_names")
CALENDAR = AnswerGatePolicy(fiscal_years="calendar")


class _Ev:
    def __init__(self, excerpt: str) -> None:
        self.excerpt = excerpt


def _said(sentence: str, *texts: str) -> FiscalSaid:
    return FiscalSaid(sentence, [(i, _Ev(t)) for i, t in enumerate(texts)])


def _verdict(answer: str, table: str, policy: AnswerGatePolicy):
    return gate_answer(case(answer, table=table), policy)


def test_the_reading_is_named_and_the_old_ones_selectable():
    assert DEFAULT_POLICY.fiscal_years == "open_names"  # "chunk_names" until 2.83.0 (d987)
    assert "fiscal_chunk" in table_reading(CHUNK).period_readings
    assert "fiscal_chunk" not in table_reading(NAMES).period_readings
    assert VERBATIM_POLICY.fiscal_years == "calendar"
    assert "fiscal_names" in table_reading(NAMES).period_readings
    assert "fiscal_names" not in table_reading(CALENDAR).period_readings
    assert AnswerGatePolicy(fiscal_years="declared_starts").fiscal_years == "declared_starts"


@pytest.mark.parametrize("example", corpus.PASSES, ids=lambda e: e.answer)
def test_a_right_answer_passes_under_the_reading(example: Passes):
    assert _verdict(example.answer, example.table, NAMES).status == "ok"


@pytest.mark.parametrize("example", corpus.REFUSED, ids=lambda e: e.answer)
def test_another_periods_cell_is_out_of_context(example: Refused):
    codes = {f.code for f in _verdict(example.answer, example.table, NAMES).findings}
    assert "VALUE_OUT_OF_CONTEXT" in codes, codes


def test_the_calendar_reading_refused_the_fiscal_names_and_passed_the_declared_slip():
    # Gate 2.76.1's reading (calendar, verbatim's): each right fiscal name of a quarter in the
    # year before is another period's, and the quarter said of the fiscal year before passes.
    moved = [e for e in corpus.PASSES if _verdict(e.answer, e.table, CALENDAR).status != "ok"]
    assert len(moved) == 11
    slip = "Revenue was $9,612 million in the second quarter of fiscal 2023."
    assert _verdict(slip, corpus.ENDS_DECLARED, CALENDAR).status == "ok"


@pytest.mark.parametrize("example", corpus.GAPS, ids=lambda e: e.answer)
def test_a_known_gap_is_still_open(example: Gap):
    status = _verdict(example.answer, example.table, NAMES).status
    assert (status == "ok") == (example.why is not None), example.reason


def test_the_naming_a_text_declares():
    assert declared_naming("Fiscal 2024 is the 53 weeks ending February 3, 2024.") == "ends"
    assert (
        declared_naming("the 53 weeks ended February 3, 2024 (\u201cfiscal 2024\u201d)") == "ends"
    )
    assert declared_naming("fiscal 2021 (the 52 weeks ended January 29, 2022)") == "starts"
    assert declared_naming("fiscal year 2019, which ended on 1 February 2020") == "starts"
    both = "Fiscal 2024 ends February 3, 2024. Fiscal 2021 (the 52 weeks ended January 29, 2022)."
    assert declared_naming(both) == "both"
    # A December or June year, a day of mid-January, or no pairing: nothing declared.
    assert declared_naming("fiscal 2021 ended December 31, 2021") == ""
    assert declared_naming("fiscal 2023 ended June 30, 2023") == ""
    assert declared_naming("fiscal 2023 ended January 2, 2023") == ""
    assert declared_naming("In fiscal 2022, sales grew. As of January 28, 2023, cash ...") == ""
    # The case's: one naming, or none where excerpts disagree.
    ends, starts = "fiscal 2024 ending February 3, 2024", "fiscal 2022 ended January 28, 2023"
    assert case_naming([(0, _Ev(ends)), (1, _Ev("no naming"))]) == "ends"
    assert case_naming([(0, _Ev(ends)), (1, _Ev(starts))]) == ""


def test_a_retail_years_end_dates_a_column_or_a_year():
    assert retail_year_end("July 29, 2023  January 28, 2023  July 30, 2022\nCash  1  2  3")
    assert retail_year_end("July 29, 2023\n \nJanuary 28, 2023\n \nJuly 30, 2022\nCash")
    assert retail_year_end("Net sales for the 52 weeks ended January 28, 2023 rose.")
    assert retail_year_end("Fiscal Years Ended\nJanuary 28, 2023\nJanuary 29, 2022")
    # A day in prose, a January 1 column, a December year: none.
    assert not retail_year_end("As of January 31, 2024, 1,234 shares were outstanding.")
    assert not retail_year_end("January 1, 2023  December 31, 2022\nCash  1  2")
    assert not retail_year_end("December 31, 2023  December 31, 2022\nCash  1  2")


def test_the_month_a_case_pairs_with_the_year_afters_name():
    def cited(*texts: str) -> list[tuple[int, _Ev]]:
        return [(i, _Ev(t)) for i, t in enumerate(texts)]

    statement = "Three Months Ended\nJuly 29, 2023  July 30, 2022\nRevenue  9,583  10,329"
    prose = "Revenue decreased in the second quarter of fiscal 2024."
    assert paired_month(cited(corpus.QUARTER_NAMED)) == 7
    assert paired_month(cited(statement, prose)) == 7  # across the case's excerpts
    assert paired_month(cited(corpus.JUNE_NAMED)) == 9
    # No fiscal name, a fiscal name of the latest day's own year (Apple's September year), a
    # December or January latest day: none.
    assert paired_month(cited(statement)) == 0
    assert paired_month(cited("Fiscal 2023 ended September 30, 2023; fiscal 2023 sales")) == 0
    assert paired_month(cited("December 31, 2023  December 31, 2022\nin fiscal 2024")) == 0
    assert paired_month(cited("January 28, 2023\nthe fourth quarter of fiscal 2024")) == 0


def test_a_fiscal_name_is_said_with_fy_or_fiscal():
    assert fiscal_years_said("in Q2 of FY 2024 and FY23") == {"Y2024", "Y2023"}
    assert fiscal_years_said("for fiscal year 2022 and fiscal 2021") == {"Y2022", "Y2021"}
    assert fiscal_years_said("in 2024, in the fiscal year") == frozenset()
    assert fiscal_years_said("a fiscal 52 weeks, FY'22") == {"Y2022"}


def test_fits_and_elsewhere_read_only_a_named_fiscal_year():
    table = "July 29, 2023  January 28, 2023\nCash  1,093  1,874"
    said = _said("Cash was $1,093 million in Q2 of FY 2024.", table)
    assert fiscal_fits(("Q2", "Y2024"), ("M7", "Y2023"), table, said)
    # A plain year, a December day, the year's end day, two years ago: not read.
    plain = _said("Cash was $1,093 million in 2024.", table)
    assert not fiscal_fits(("Y2024",), ("M7", "Y2023"), table, plain)
    assert not fiscal_fits(("Q2", "Y2024"), ("M12", "Y2023"), table, said)
    assert not fiscal_fits(("Q2", "Y2024"), ("M1", "Y2023"), table, said)
    assert not fiscal_fits(("Q2", "Y2024"), ("M7", "Y2022"), table, said)
    # No retail year end in the value's excerpt and nothing declared: the calendar.
    assert not fiscal_fits(("Q2", "Y2024"), ("M7", "Y2023"), "July 29, 2023\nCash 1", said)
    # Declared by the start: the January day of the year after is the fiscal year's.
    ulta = "fiscal 2021 (the 52 weeks ended January 29, 2022)"
    start = _said("Sales were $1 in fiscal 2021.", ulta)
    assert fiscal_fits(("Y2021",), ("M1", "Y2022"), "", start)
    assert not fiscal_fits(("Y2021",), ("M7", "Y2020"), "", start)
    # Declared by the end: the quarter's own year named fiscal is another period.
    ends = "Fiscal 2024 is the 53 weeks ending February 3, 2024."
    slip = _said("Revenue was $9,612 million in Q2 of fiscal 2023.", ends)
    assert fiscal_elsewhere(("Q2", "Y2023"), ("M7", "Y2023"), slip)
    assert not fiscal_elsewhere(("Q2", "Y2023"), ("M1", "Y2023"), slip)
    assert not fiscal_elsewhere(("Q2", "Y2023"), ("M7", "Y2023"), _said(slip.sentence, table))
    assert not fiscal_elsewhere(("Y2023",), ("M7", "Y2023"), _said("It was $9 in 2023.", ends))


@given(
    st.sampled_from(["ends", "starts", ""]),
    st.integers(1, 12),
    st.integers(2019, 2025),
    st.integers(2019, 2025),
)
def test_a_fiscal_name_moves_a_day_by_one_year_at_most(naming: str, month: int, y: int, n: int):
    declared = {
        "ends": "Fiscal 2024 is the 53 weeks ending February 3, 2024.",
        "starts": "fiscal 2021 (the 52 weeks ended January 29, 2022)",
        "": "July 29, 2023  January 28, 2023",
    }[naming]
    said = _said(f"It was $5 in FY{n}.", declared)
    held = (f"M{month}", f"Y{y}")
    if fiscal_fits((f"Y{n}",), held, declared, said):
        assert n != y and abs(n - y) == 1
        assert (n == y + 1 and 3 <= month <= 11) or (n == y - 1 and month <= 2)
    if fiscal_elsewhere((f"Y{n}",), held, said):
        assert naming == "ends" and n == y and 3 <= month <= 11


def test_the_number_check_is_offered_a_declared_start_years_fiscal_year():
    text = corpus.YEARS_BY_START
    offered = [(q.value.text, q.value.quantity) for q in start_years(text)]
    assert offered == [
        ("January 28, 2023", "2022"),
        ("January 29, 2022", "2021"),
        ("January 28, 2023", "2022"),
    ]
    # Only where the case names its years by their start; a day over a year line not read.
    assert start_named([(0, _Ev(text))])
    assert not start_named([(0, _Ev(corpus.ENDS_DECLARED)), (1, _Ev(text))])
    assert not start_named([(0, _Ev(corpus.QUARTER_BALANCE))])
    days = "January 28, January 29,\n2023 2022\nfiscal 2021 (the 52 weeks ended January 29, 2022)"
    assert [q.value.quantity for q in start_years(days)] == ["2021"]
    answer = "Gross profit was $3,368,728 thousand in fiscal 2021."
    codes = {f.code for f in _verdict(answer, text, CALENDAR).findings}
    assert "UNGROUNDED_NUMBER" in codes  # the calendar reading: 2021 is in no excerpt
    # The declaration in another excerpt of the case (a release's first page) offers it too.
    statement, prose = text.rsplit("\n", 1)
    two = AnswerCase.model_validate(
        {
            "case_id": "two",
            "question": corpus.CASH_Q,
            "raw_chunks": [{"chunk_id": "s", "text": statement}, {"chunk_id": "p", "text": prose}],
            "answer": {
                "conclusion": answer,
                "evidences": [
                    {"chunk_id": "s", "excerpt": statement},
                    {"chunk_id": "p", "excerpt": prose},
                ],
            },
        }
    )
    assert gate_answer(two, NAMES).status == "ok"
    assert gate_answer(two, CALENDAR).status != "ok"


def _part(answer: str, table: str, excerpt: str, policy: AnswerGatePolicy) -> str:
    question = corpus.REVENUE_Q if "Revenue" in answer else corpus.CASH_Q
    return gate_answer(case(answer, question, table, excerpt), policy).status


def test_a_row_quoted_alone_reads_its_chunks_retail_year_end():
    """fiscal_years "chunk_names" (d977): Best Buy's cash row quoted without its header takes
    the chunk's columns (d940) and the retail year end of the chunk's header, so "Q2 of FY
    2024" of its July 29, 2023 cell passes; "declared_names" read the row alone (no January
    column) and refused it (fb-00288 over our chunks, rows cited)."""
    right = "Cash and cash equivalents were $1,112 million in Q2 of FY 2024."
    assert _part(right, corpus.QUARTER_BALANCE, corpus.CASH_LINE, CHUNK) == "ok"
    assert _part(right, corpus.QUARTER_BALANCE, corpus.CASH_LINE, NAMES) != "ok"
    # Another column's cell stays another period's under both; so does a calendar header's.
    wrong = "Cash and cash equivalents were $862 million in Q2 of FY 2024."
    for policy in (CHUNK, NAMES):
        assert _part(wrong, corpus.QUARTER_BALANCE, corpus.CASH_LINE, policy) != "ok"
    september = "Revenue was $4,512 million in the third quarter of fiscal 2024."
    assert _part(september, corpus.CALENDAR, corpus.REVENUE_LINE, CHUNK) != "ok"


def test_the_chunks_header_is_read_only_where_the_gate_located_the_row():
    """Bound as d940 is: a row the gate cannot locate in one chunk (two chunks of its id: the
    slow path keeps no offset) is read alone, its cells of no column and no period."""
    right = "Cash and cash equivalents were $1,112 million in Q2 of FY 2024."
    two = AnswerCase.model_validate(
        {
            "case_id": "two",
            "question": corpus.CASH_Q,
            "raw_chunks": [
                {"chunk_id": "t", "text": corpus.QUARTER_BALANCE},
                {"chunk_id": "t", "text": corpus.CASH_LINE + "\\nTotal  1  2  3"},
            ],
            "answer": {
                "conclusion": right,
                "evidences": [{"chunk_id": "t", "excerpt": corpus.CASH_LINE}],
            },
        }
    )
    unlocated = gate_answer(two, CHUNK)
    assert "VALUE_OUT_OF_CONTEXT" not in {f.code for f in unlocated.findings}


@given(st.sampled_from(["July 29, 2023", "October 28, 2023", "April 29, 2023"]))
def test_headed_text_is_the_chunk_up_to_the_excerpt_only_for_chunk_headed_cells(day: str):
    """Property: a cell the chunk headed reads the chunk's text up to the excerpt's end (its
    header and the row), any other cell the excerpt (chunk_headers.headed_text, d977)."""
    table = f"{day}  January 28, 2023\nCash  $ 1,112  $ 1,905\nTotal  3  4"
    line = "Cash  $ 1,112  $ 1,905"
    offset = table.index(line)
    for policy, chunked in ((CHUNK, True), (NAMES, False)):
        seen = evidence_seen(line, True, table_reading(policy), (table, offset))
        for fact in seen.facts:
            want = table[: offset + len(line)] if chunked and from_chunk(fact, seen) else line
            assert headed_text(fact, seen) == want
            assert retail_year_end(headed_text(fact, seen)) == (chunked and from_chunk(fact, seen))


@given(
    st.lists(
        st.sampled_from(
            [
                "fiscal 2024 ",
                "Fiscal ",
                "ended February 3, 2024 ",
                "the 53 weeks ",
                "(",
                ")",
                "fiscal year 2021 ",
                "January 29, 2022 ",
                "Revenue 1,093 ",
                "\n",
                ". ",
                "FY 2024 ",
            ]
        ),
        max_size=12,
    ).map("".join),
    st.integers(0, 3),
)
def test_a_case_of_no_fiscal_word_declares_no_naming(text: str, cited: int) -> None:
    """case_naming's test first (d982): where no cited excerpt holds "iscal", no excerpt is
    looked up, and the naming is the one each excerpt's declared_naming gives ("")."""
    texts = [text] * cited
    found = {declared_naming(t) for t in texts} - {""}
    whole = next(iter(found)) if len(found) == 1 and "both" not in found else ""
    assert case_naming(_said("", *texts).accepted) == whole
    if not any("iscal" in t for t in texts):
        assert whole == ""
