"""Real filings ingested and answers gated over the stored chunks (issue 28, s52): a right answer
that quotes only its row and says its cell's period (period_words "cell_headers", d1011-d1013).
"Net income was $1,242,408 thousand in the 52 weeks ended January 28, 2023" for "What was Ulta
Beauty's net income in fiscal 2022?", citing only the net income row of Exhibit 2's chunk, was
refused (UNGROUNDED_NUMBER "52 weeks", "January 28, 2023": in the chunk's header, not the row);
it passes, its period words grounded by its cell's own header, and the same row said of the 13
weeks or of the other column's day stays refused. Best Buy's income statement likewise ("Three
Months Ended Six Months Ended" over four days). The question names no period. ../shared."""

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
YEAR_INCOME = "Net income $ 1,242,408 12.2% $ 985,837 11.4%"
QUARTER_INCOME = "Net income $ 340,751 10.6% $ 289,366 10.6%"
REPURCHASE = "Repurchase of common shares (900,033) (1,521,925)"
EARNINGS = "Net earnings $ 274\xa0 $ 306\xa0 $ 518\xa0 $ 647"  # no-break spaces, as printed
ULTA_Q = "What was Ulta Beauty's net income in fiscal 2022?"
BBY_Q = "What were Best Buy's net earnings in fiscal 2024 so far?"

# case id -> (filing, the cited row, question, conclusion, whether it must pass)
ANSWERS = {
    "ulta-52-right": (
        ULTA, YEAR_INCOME, ULTA_Q,
        "Net income was $1,242,408 thousand in the 52 weeks ended January 28, 2023.", True,
    ),
    "ulta-52-as-13": (
        ULTA, YEAR_INCOME, ULTA_Q,
        "Net income was $1,242,408 thousand in the 13 weeks ended January 28, 2023.", False,
    ),
    "ulta-52-other-day": (
        ULTA, YEAR_INCOME, ULTA_Q,
        "Net income was $1,242,408 thousand in the 52 weeks ended January 29, 2022.", False,
    ),
    "ulta-13-right": (
        ULTA, QUARTER_INCOME, ULTA_Q,
        "Net income was $340,751 thousand in the 13 weeks ended January 28, 2023.", True,
    ),
    "ulta-13-as-52": (
        ULTA, QUARTER_INCOME, ULTA_Q,
        "Net income was $340,751 thousand in the 52 weeks ended January 28, 2023.", False,
    ),
    # The cash-flow statement: "Operating activities" under its header (section_lines, d1039).
    "ulta-cf-repurchase-right": (
        ULTA, REPURCHASE, ULTA_Q,
        "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 52 weeks "
        "ended January 28, 2023.", True,
    ),
    "ulta-cf-repurchase-as-13": (
        ULTA, REPURCHASE, ULTA_Q,
        "Ulta Beauty spent $900,033 thousand on repurchases of common shares in the 13 weeks "
        "ended January 28, 2023.", False,
    ),
    "bby-6-right": (
        BESTBUY, EARNINGS, BBY_Q,
        "Net earnings were $518 million in the six months ended July 29, 2023.", True,
    ),
    "bby-3-right": (
        BESTBUY, EARNINGS, BBY_Q,
        "Net earnings were $274 million in the three months ended July 29, 2023.", True,
    ),
    "bby-6-as-3": (
        BESTBUY, EARNINGS, BBY_Q,
        "Net earnings were $518 million in the three months ended July 29, 2023.", False,
    ),
    "bby-3-other-day": (
        BESTBUY, EARNINGS, BBY_Q,
        "Net earnings were $274 million in the three months ended July 30, 2022.", False,
    ),
}  # fmt: skip


@pytest.fixture
def gated(settings, tmp_path):
    """Both filings ingested; each answer cites only its row of its chunk."""
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="cell-periods", name="Cell periods")
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
        evidence = {"chunk_id": chunk.chunk_id, "excerpt": row}
        answer = {"conclusion": conclusion, "evidences": [evidence]}
        case = {"case_id": case_id, "question": question, "raw_chunks": [raw]}
        lines.append(json.dumps(case | {"answer": answer}))
    report = case_import_lines(dataset=dataset, lines=lines)
    assert report.imported == len(ANSWERS), report.errors
    return chunks


def _run(case_id: str) -> tuple[str, list[dict]]:
    run = Case.objects.get(external_id=case_id).gate_runs.order_by("-id").first()
    return run.status, run.findings


@pytest.mark.parametrize("case_id", list(ANSWERS))
def test_the_cells_own_header_grounds_its_period_words_and_no_other_columns(gated, case_id):
    status, findings = _run(case_id)
    conclusion, right = ANSWERS[case_id][3], ANSWERS[case_id][4]
    headed = {f["value"] for f in findings if f["code"] == "NUMBER_CELL_HEADER"}
    ungrounded = {f["value"] for f in findings if f["code"] == "UNGROUNDED_NUMBER"}
    if right:
        assert status == "ok", findings
        assert len(headed) == 2 and all(v in conclusion for v in headed)
    else:
        assert status != "ok"
        assert ungrounded, findings  # the other column's length or day
        assert not ungrounded & headed
        assert any(f["code"] == "VALUE_OUT_OF_CONTEXT" for f in findings), findings


def test_the_messages_name_the_cells_whole_period(gated):
    """Ulta prints "52 Weeks Ended" on its own line over the days: named with the day (d1012)."""
    _, findings = _run("ulta-52-as-13")
    (out,) = [f for f in findings if f["code"] == "VALUE_OUT_OF_CONTEXT"]
    assert "Net income (52 Weeks Ended January 28, 2023)" in out["message"]
    _, findings = _run("ulta-52-right")
    headed = [f for f in findings if f["code"] == "NUMBER_CELL_HEADER"]
    assert all("Net income (52 Weeks Ended January 28, 2023)" in f["message"] for f in headed)
    _, findings = _run("bby-6-as-3")
    (out,) = [f for f in findings if f["code"] == "VALUE_OUT_OF_CONTEXT"]
    assert "Net earnings (Six Months Ended July 29, 2023)" in out["message"]
