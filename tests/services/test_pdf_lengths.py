"""Real filings ingested and answers gated over the stored chunks (issue 28, s51): a period's
length said against a column of another length. Best Buy's 10-Q income statement prints
"Three Months Ended Six Months Ended" one space apart over four dates (period_spans
"printed_heads", d986: a run of columns each); Ulta Beauty's release prints Exhibit 2's "52
Weeks Ended" header below Exhibit 1's last rows in one chunk (d986: it heads the rows under
it); Best Buy's "Q2 of FY 2024" over the income statement, which has no January column and
declares no naming, is no other period's (fiscal_years "open_names", d987). Each answer cites
the whole chunk and, again, only its row (the chunk's header heads it, d940). ../shared."""

from __future__ import annotations

import json

import pytest

from groundgate.models import Case, Chunk
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from tests.conftest import shared_data

pytestmark = pytest.mark.django_db
ULTA = "ULTABEAUTY_2023Q4_EARNINGS.pdf"
BESTBUY = "BESTBUY_2024Q2_10Q.pdf"
YEAR_SALES = "Net sales $ 10,208,580 100.0% $ 8,630,889 100.0%"
QUARTER_SALES = "Net sales $ 3,226,773 100.0% $ 2,729,388 100.0%"
YEAR_INCOME = "Net income $ 1,242,408 12.2% $ 985,837 11.4%"
QUARTER_INCOME = "Net income $ 340,751 10.6% $ 289,366 10.6%"
REVENUE = "Revenue $ 9,583\xa0 $ 10,329\xa0 $ 19,050\xa0 $ 20,976"  # no-break spaces, as printed

# case id -> (filing, the cited row, question, conclusion, whether it must pass)
ANSWERS = {
    "ulta-52-as-13": (
        ULTA, YEAR_SALES,
        "What were Ulta Beauty's net sales in the 13 weeks ended January 28, 2023?",
        "Net sales were $10,208,580 thousand in the 13 weeks ended January 28, 2023.", False,
    ),
    "ulta-52-right": (
        ULTA, YEAR_SALES,
        "What were Ulta Beauty's net sales in the 52 weeks ended January 28, 2023?",
        "Net sales were $10,208,580 thousand in the 52 weeks ended January 28, 2023.", True,
    ),
    "ulta-13-as-52": (
        ULTA, QUARTER_SALES,
        "What were Ulta Beauty's net sales in the 52 weeks ended January 28, 2023?",
        "Net sales were $3,226,773 thousand in the 52 weeks ended January 28, 2023.", False,
    ),
    "ulta-13-right": (
        ULTA, QUARTER_SALES,
        "What were Ulta Beauty's net sales in the 13 weeks ended January 28, 2023?",
        "Net sales were $3,226,773 thousand in the 13 weeks ended January 28, 2023.", True,
    ),
    # The reviewer's cases of s50 (d989 item 1): over chunking 4 each income statement's rows
    # carry their own header (d990-d991), so the length said is compared with the column's.
    "ulta-income-52-as-13": (
        ULTA, YEAR_INCOME,
        "What was Ulta Beauty's net income in the 13 weeks ended January 28, 2023?",
        "Net income was $1,242,408 thousand in the 13 weeks ended January 28, 2023.", False,
    ),
    "ulta-income-13-as-52": (
        ULTA, QUARTER_INCOME,
        "What was Ulta Beauty's net income in the 52 weeks ended January 28, 2023?",
        "Net income was $340,751 thousand in the 52 weeks ended January 28, 2023.", False,
    ),
    "ulta-income-52-right": (
        ULTA, YEAR_INCOME,
        "What was Ulta Beauty's net income in the 52 weeks ended January 28, 2023?",
        "Net income was $1,242,408 thousand in the 52 weeks ended January 28, 2023.", True,
    ),
    "bby-6-as-3": (
        BESTBUY, REVENUE,
        "What was Best Buy's revenue in the three months ended July 29, 2023?",
        "Revenue was $19,050 million in the three months ended July 29, 2023.", False,
    ),
    "bby-3-right": (
        BESTBUY, REVENUE,
        "What was Best Buy's revenue in the three months ended July 29, 2023?",
        "Revenue was $9,583 million in the three months ended July 29, 2023.", True,
    ),
    "bby-3-as-6": (
        BESTBUY, REVENUE,
        "What was Best Buy's revenue in the six months ended July 29, 2023?",
        "Revenue was $9,583 million in the six months ended July 29, 2023.", False,
    ),
    "bby-q2-fy2024": (
        BESTBUY, REVENUE,
        "What was Best Buy's revenue in Q2 of FY 2024?",
        "Best Buy's revenue in Q2 of FY 2024 was $9,583 million.", True,
    ),
    "bby-q2-fy2024-other-year": (
        BESTBUY, REVENUE,
        "What was Best Buy's revenue in Q2 of FY 2024?",
        "Best Buy's revenue in Q2 of FY 2024 was $10,329 million.", False,
    ),
}  # fmt: skip


@pytest.fixture
def gated(settings, tmp_path):
    """Both filings ingested; each answer cites its row's whole chunk and, as `-row`, the row."""
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="lengths", name="Lengths")
    chunks = {}
    for name in (ULTA, BESTBUY):
        data = shared_data("financebench", name).read_bytes()
        document = document_ingest(dataset=dataset, data=data, filename=name).document
        chunks[name] = list(Chunk.objects.filter(document=document).order_by("ordinal"))
    lines = []
    for case_id, (name, row, question, conclusion, _) in ANSWERS.items():
        chunk = next(c for c in chunks[name] if row in c.text.split("\n"))
        raw = {
            "chunk_id": chunk.chunk_id,
            "text": chunk.text,
            "page_index": chunk.page_index,
            "position_int": chunk.position_int,
        }
        for suffix, excerpt in (("", chunk.text), ("-row", row)):
            evidence = {"chunk_id": chunk.chunk_id, "excerpt": excerpt}
            answer = {"conclusion": conclusion, "evidences": [evidence]}
            case = {"case_id": case_id + suffix, "question": question, "raw_chunks": [raw]}
            lines.append(json.dumps(case | {"answer": answer}))
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == 2 * len(ANSWERS), report.errors
    return chunks


def _run(case_id: str) -> tuple[str, list[dict]]:
    run = Case.objects.get(external_id=case_id).gate_runs.order_by("-id").first()
    return run.status, run.findings


@pytest.mark.parametrize("suffix", ["", "-row"])
@pytest.mark.parametrize("case_id", list(ANSWERS))
def test_a_cell_of_another_length_is_out_of_context_and_the_right_one_passes(
    gated, case_id, suffix
):
    status, findings = _run(case_id + suffix)
    out = [f for f in findings if f["code"] == "VALUE_OUT_OF_CONTEXT"]
    if ANSWERS[case_id][4]:
        assert status == "ok", findings
        assert not out
    else:
        assert status != "ok"
        assert out, findings


def test_the_messages_name_the_cells_length_and_the_said_lengths_cell(gated):
    _, findings = _run("bby-6-as-3-row")
    (out,) = [f for f in findings if f["code"] == "VALUE_OUT_OF_CONTEXT"]
    assert "Revenue (Six Months Ended July 29, 2023)" in out["message"]
    assert "Revenue (Three Months Ended July 29, 2023) has 9,583" in out["message"]
    _, findings = _run("bby-q2-fy2024-other-year-row")
    (out,) = [f for f in findings if f["code"] == "VALUE_OUT_OF_CONTEXT"]
    assert "(Three Months Ended July 30, 2022)" in out["message"]


def test_the_year_statement_starts_below_the_quarters_rows_in_one_chunk(gated):
    """The layout the reading is for: Exhibit 1's last rows, then Exhibit 2's header, in one
    stored chunk (if chunking moves the header to its own chunk, the whole-chunk cases test
    the ordinary header instead)."""
    chunk = next(c for c in gated[ULTA] if YEAR_SALES in c.text.split("\n"))
    lines = chunk.text.split("\n")
    assert "52 Weeks Ended" in lines
    assert lines.index("52 Weeks Ended") < lines.index(YEAR_SALES)
