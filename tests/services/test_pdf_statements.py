"""Real filings ingested (chunking version 2, d905) and answers gated over the stored chunks:
another period's cell of a statement is out of context, the right period's cell passes, and the
finding's box is drawn on the cell on the page (issue 28, d903's cases); chunking version 3
keeps Best Buy's "$ in millions" with the cash-flow rows and carries it to the statement's last
chunk (d965, d968), so the cell's scale is declared and a wrong scale is refused. Ulta Beauty's
balance sheet and cash flows (its earnings release) and Best Buy's 10-Q cash flows, ../shared.
The same answers citing only the row (its cells headed by the chunk's header, excerpt_headers
"chunk_columns", d940), and a rounding of the other date's cell (d941). Chunking version 4
(d990-d992): each statement starts its own chunk at its title, and each later chunk of it carries
its title, scale line and every line of its column header, so the 52 weeks' net income, in a
chunk of its own, is read under its dates. Chunking version 5 (d1031-d1034): a statement's rows
printed in blocks of their own stay in its chunk while they fit, and a later chunk carries its
column header one printed row a line (Best Buy's equity statement: two chunks, not three)."""

from __future__ import annotations

import json

import pymupdf
import pytest

from groundgate.documents.chunking import CHUNKING_VERSION
from groundgate.models import Case, Chunk
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.imports import case_import_lines
from groundgate.services.ingestion import document_ingest
from groundgate.services.rendering import case_annotated_pdf
from tests.conftest import shared_data
from tests.services.test_annotated_value_boxes import digits_rect, encloses, value_annots

pytestmark = pytest.mark.django_db
ULTA = "ULTABEAUTY_2023Q4_EARNINGS.pdf"
BESTBUY = "BESTBUY_2024Q2_10Q.pdf"

# case id -> (filing, a row the cited chunk holds, question, conclusion)
ANSWERS = {
    "ulta-cash-other": (
        ULTA,
        "Cash and cash equivalents $ 737,877 $ 431,560",
        "What were Ulta Beauty's cash and cash equivalents at January 28, 2023?",
        "Cash and cash equivalents were $431,560 thousand at January 28, 2023.",
    ),
    "ulta-cash-right": (
        ULTA,
        "Cash and cash equivalents $ 737,877 $ 431,560",
        "What were Ulta Beauty's cash and cash equivalents at January 28, 2023?",
        "Cash and cash equivalents were $737,877 thousand at January 28, 2023.",
    ),
    "bby-da-other": (
        BESTBUY,
        "Depreciation and amortization 473 453",
        "What was Best Buy's depreciation and amortization in the period ended July 29, 2023?",
        "Depreciation and amortization was $453 million in the period ended July 29, 2023.",
    ),
    "bby-da-right": (
        BESTBUY,
        "Depreciation and amortization 473 453",
        "What was Best Buy's depreciation and amortization in the period ended July 29, 2023?",
        "Depreciation and amortization was $473 million in the period ended July 29, 2023.",
    ),
    "bby-da-scale": (
        BESTBUY,
        "Depreciation and amortization 473 453",
        "What was Best Buy's depreciation and amortization in the period ended July 29, 2023?",
        "Depreciation and amortization was $473 thousand in the period ended July 29, 2023.",
    ),
    "bby-cash-right": (
        BESTBUY,
        "Cash, cash equivalents and restricted cash at end of period $ 1,491 $ 1,152",
        "What was Best Buy's cash, cash equivalents and restricted cash at July 29, 2023?",
        "Cash, cash equivalents and restricted cash were $1,491 million at July 29, 2023.",
    ),
    "bby-cash-scale": (
        BESTBUY,
        "Cash, cash equivalents and restricted cash at end of period $ 1,491 $ 1,152",
        "What was Best Buy's cash, cash equivalents and restricted cash at July 29, 2023?",
        "Cash, cash equivalents and restricted cash were $1,491 thousand at July 29, 2023.",
    ),
    "ulta-ni52-other": (
        ULTA,
        "Net income $ 1,242,408 12.2% $ 985,837 11.4%",
        "What was Ulta Beauty's net income in the 52 weeks ended January 28, 2023?",
        "Net income was $985,837 thousand in the period ended January 28, 2023.",
    ),
    "ulta-ni52-right": (
        ULTA,
        "Net income $ 1,242,408 12.2% $ 985,837 11.4%",
        "What was Ulta Beauty's net income in the 52 weeks ended January 28, 2023?",
        "Net income was $1,242,408 thousand in the period ended January 28, 2023.",
    ),
}
# The same answers citing only the row (no header line in the excerpt), and roundings.
ROW_ONLY = {f"{case_id}-row": answer for case_id, answer in ANSWERS.items()}
ROW_ONLY["ulta-cash-other-rounded-row"] = (
    ULTA,
    "Cash and cash equivalents $ 737,877 $ 431,560",
    "What were Ulta Beauty's cash and cash equivalents at January 28, 2023?",
    "Cash and cash equivalents were $431.6 million at January 28, 2023.",
)
ROW_ONLY["ulta-cash-right-rounded-row"] = (
    ULTA,
    "Cash and cash equivalents $ 737,877 $ 431,560",
    "What were Ulta Beauty's cash and cash equivalents at January 28, 2023?",
    "Cash and cash equivalents were $737.9 million at January 28, 2023.",
)


@pytest.fixture
def filings(settings, tmp_path):
    """Both filings ingested; each answer cites the whole chunk of its statement (ANSWERS) or
    only the row (ROW_ONLY)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    data, chunks = {}, {}
    for name in (ULTA, BESTBUY):
        data[name] = shared_data("financebench", name).read_bytes()
        document = document_ingest(dataset=dataset, data=data[name], filename=name).document
        assert document.metadata["chunking"] == CHUNKING_VERSION == 5
        chunks[name] = list(Chunk.objects.filter(document=document).order_by("ordinal"))
    lines = []
    for case_id, (name, row, question, conclusion) in (ANSWERS | ROW_ONLY).items():
        chunk = next(c for c in chunks[name] if row in c.text.split("\n"))
        excerpt = row if case_id in ROW_ONLY else chunk.text
        raw = {"chunk_id": chunk.chunk_id, "text": chunk.text, "page_index": chunk.page_index,
               "position_int": chunk.position_int}  # fmt: skip
        lines.append(
            json.dumps(
                {
                    "case_id": case_id,
                    "question": question,
                    "raw_chunks": [raw],
                    "answer": {
                        "conclusion": conclusion,
                        "evidences": [{"chunk_id": chunk.chunk_id, "excerpt": excerpt}],
                    },
                }
            )
        )
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == len(ANSWERS) + len(ROW_ONLY), report.errors
    return data, chunks


def _findings(case_id: str) -> tuple[Case, list[dict]]:
    case = Case.objects.get(external_id=case_id)
    return case, case.gate_runs.order_by("-id").first().findings


@pytest.mark.parametrize(
    ("case_id", "value", "row"),
    [
        ("ulta-cash-other", "431,560", "Cash and cash equivalents"),
        ("bby-da-other", "453", "Depreciation and amortization"),
        ("ulta-cash-other-row", "431,560", "Cash and cash equivalents"),
        ("bby-da-other-row", "453", "Depreciation and amortization"),
        ("ulta-cash-other-rounded-row", "431,560", "Cash and cash equivalents"),
    ],
)
def test_another_periods_cell_is_out_of_context_and_boxed_on_the_page(filings, case_id, value, row):
    data, chunks = filings
    case, findings = _findings(case_id)
    out = [f for f in findings if f["code"] == "VALUE_OUT_OF_CONTEXT"]
    assert out, findings
    assert case.gate_runs.order_by("-id").first().status != "ok"
    name = ULTA if case_id.startswith("ulta") else BESTBUY
    cited = (ANSWERS | ROW_ONLY)[case_id][1]
    page_index = next(c.page_index for c in chunks[name] if cited in c.text.split("\n"))
    marks = value_annots(case_annotated_pdf(case=case, findings=findings))
    boxes = [box for box, note, _ in marks if "VALUE_OUT_OF_CONTEXT" in note]
    assert boxes, marks
    cell = digits_rect(data[name], page_index, value, row)
    assert any(encloses(box, cell) for box in boxes), (boxes, cell)


@pytest.mark.parametrize(
    "case_id",
    [
        "ulta-cash-right",
        "ulta-ni52-right",
        "bby-da-right",
        "bby-cash-right",
        "ulta-cash-right-row",
        "bby-da-right-row",
        "ulta-cash-right-rounded-row",
    ],
)
def test_the_right_periods_cell_passes(filings, case_id):
    case, findings = _findings(case_id)
    assert case.gate_runs.order_by("-id").first().status == "ok", findings
    assert not [f for f in findings if f["code"] == "VALUE_OUT_OF_CONTEXT"]


def test_the_rows_reach_the_stored_chunks(filings):
    _, chunks = filings
    rows = [line for c in chunks[ULTA] for line in c.text.split("\n")]
    assert "January 28, January 29," in rows and "2023 2022" in rows
    rows = [line for c in chunks[BESTBUY] for line in c.text.split("\n")]
    assert "July 29, 2023 July 30, 2022" in rows
    assert pymupdf.open(stream=filings[0][BESTBUY], filetype="pdf").page_count == 30


@pytest.mark.parametrize("case_id", ["bby-da-right", "bby-cash-right"])
def test_the_statements_scale_is_declared_in_the_cited_chunk(filings, case_id):
    """Version 2 ended the chunk before the rows with "$ in millions": "$473 million" was
    grounded by undeclared_scale, and "$473 thousand" passed as well (d938's case)."""
    _, findings = _findings(case_id)
    said = [f["message"] for f in findings if f["code"] == "NUMBER_EQUIVALENT"]
    assert any("declared_scale" in m and "undeclared_scale" not in m for m in said), findings


@pytest.mark.parametrize("case_id", ["bby-da-scale", "bby-cash-scale"])
def test_a_wrong_scale_of_the_cell_is_refused(filings, case_id):
    case, findings = _findings(case_id)
    assert case.gate_runs.order_by("-id").first().status != "ok", findings


# Chunking version 4 (d990-d992): what each chunk of a statement carries.
ULTA_INCOME_52 = [
    "Exhibit 2",
    "Ulta Beauty, Inc.",
    "Consolidated Statements of Income",
    "(In thousands, except per share data)",
    "52 Weeks Ended",
    "January 28, January 29,",
    "2023 2022",
]
ULTA_BALANCE = [
    "Exhibit 3 Ulta Beauty, Inc. Condensed Consolidated Balance Sheets",
    "(In thousands)",
    "January 28, January 29,",
    "2023 2022",
]
BESTBUY_EQUITY_HEADER = [
    "Common",
    "Shares Common Stock",
    "Additional Paid-In Capital",
    "Retained Earnings",
    "Accumulated Other",
    "Comprehensive",
    "Income\xa0(Loss) Total",
]


# d1033: the header carried to a later chunk, one printed row a line.
BESTBUY_EQUITY_COMPACT = [
    "Accumulated Other",
    "Common Additional Retained Comprehensive",
    "Shares Common Stock Paid-In Capital Earnings Income\xa0(Loss) Total",
]


def _holding(chunks: list[Chunk], row: str) -> list[str]:
    return next(c for c in chunks if row in c.text.split("\n")).text.split("\n")


def test_each_statement_starts_its_own_chunk_at_its_title(filings):
    """Version 3 put Exhibit 1's 13-week tail and Exhibit 2's head in one chunk (d992)."""
    _, chunks = filings
    tail = _holding(chunks[ULTA], "Net income $ 340,751 10.6% $ 289,366 10.6%")
    assert "52 Weeks Ended" not in tail and "Exhibit 2" not in tail
    assert tail[tail.index("13 Weeks Ended") + 1 : tail.index("13 Weeks Ended") + 3] == [
        "January 28, January 29,",
        "2023 2022",
    ]
    head = _holding(chunks[ULTA], "Net sales $ 10,208,580 100.0% $ 8,630,889 100.0%")
    assert head[: len(ULTA_INCOME_52)] == ULTA_INCOME_52
    for name in (ULTA, BESTBUY):
        for chunk in chunks[name]:
            titles = [t for t in ("Exhibit 1", "Exhibit 2", "Exhibit 3") if t in chunk.text]
            assert len(titles) <= 1, chunk.text


def test_the_52_weeks_other_periods_net_income_is_out_of_context(filings):
    """The 52 weeks' "Net income" row opens a chunk of its own; version 3 gave it the scale line
    alone, so no column of it was dated (d991). "Net income" is printed on the page twice (13 and
    52 weeks): the box is checked by the other cases."""
    case, findings = _findings("ulta-ni52-other")
    assert [f for f in findings if f["code"] == "VALUE_OUT_OF_CONTEXT"], findings
    assert case.gate_runs.order_by("-id").first().status != "ok"


@pytest.mark.parametrize(
    ("row", "head"),
    [
        ("Net income $ 1,242,408 12.2% $ 985,837 11.4%", ULTA_INCOME_52),
        ("Accounts payable $ 559,527 $ 552,730", ULTA_BALANCE),
        ("Total stockholders’ equity 1,959,811 1,535,373", ULTA_BALANCE),
    ],
)
def test_a_continuation_carries_the_title_and_every_header_line(filings, row, head):
    """Version 3 carried the scale line and "2023 2022" but not "January 28, January 29,", the
    52 weeks' header or the title (d991)."""
    _, chunks = filings
    rows = _holding(chunks[ULTA], row)
    assert rows[: len(head)] == head, rows


def test_the_equity_statements_header_is_whole_in_every_chunk(filings):
    """Best Buy's equity header is seven blocks side by side: version 3 cut it between two
    chunks and carried the title alone to the later ones (d990, d991); version 4 carried its
    seven lines over 7-9 rows a chunk. Version 5 keeps the second block of rows with the first
    later one (d1034) and carries the header as printed, three lines (d1033)."""
    _, chunks = filings
    held = [c.text.split("\n") for c in chunks[BESTBUY] if c.page_index == 6]
    held = [rows for rows in held if any(r.startswith("Balances at ") for r in rows)]
    assert len(held) == 2
    first, later = held
    at = first.index(BESTBUY_EQUITY_HEADER[0])
    assert first[at : at + len(BESTBUY_EQUITY_HEADER)] == BESTBUY_EQUITY_HEADER, first
    assert later[0].startswith("Condensed Consolidated Statements of Changes")
    assert later[1 : 1 + len(BESTBUY_EQUITY_COMPACT)] == BESTBUY_EQUITY_COMPACT, later
    assert sum(r.startswith("Balances at ") for r in later) == 4  # both earlier years' blocks
    assert not any(c.text.endswith("Additional Paid-In Capital") for c in chunks[BESTBUY])
