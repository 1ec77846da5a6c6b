"""A page's period header lines (reviews/page_heads.py, d1008): what reads as one, and where they
are on Ulta Beauty's income statements (its earnings release, p.6), whose 52 weeks header is in
the chunk before the net income row's."""

from __future__ import annotations

import pytest

from groundgate.models import Chunk
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.ingestion import document_ingest
from reviews.page_heads import heads_data, is_period_head, page_heads
from tests.conftest import SHARED

ULTA = SHARED / "data" / "financebench" / "ULTABEAUTY_2023Q4_EARNINGS.pdf"

HEADS = [
    "52 Weeks Ended",
    "13 Weeks Ended",
    "Six Months Ended",
    "Three Months Ended",
    "January 28, January 29,",
    "2023 2022",
    "July 29, 2023 July 30, 2022",
    "July 29, 2023 July 30, 2022 July 29, 2023 July 30, 2022",
    "Three Months Ended Six Months Ended",
    "Fiscal 2023",
    "Year Ended December 31,",
    "2023年 2022年",
    "本期发生额 上期发生额 2023年",
]
NOT_HEADS = [
    "",
    "(Unaudited) (Unaudited)",
    "Net income $ 1,242,408 12.2% $ 985,837 11.4%",
    "Balances at July 30, 2022 225.1 $ 22 $ 20 $ 2,522 $ 328 $ 2,892",
    "Exhibit 1 Ulta Beauty, Inc. Consolidated Statements of Income",
    "(In thousands, except per share data)",
    "Net sales increased 18.3% to $10.2 billion compared to $8.6 billion in fiscal 2021, driven by",
    "Total stores open at end of the period 1,355",
    "For the fiscal year ended January 28, 2023, the Company repurchased shares of its stock",
]


@pytest.mark.parametrize("line", HEADS)
def test_a_period_header_line_reads_as_one(line):
    assert is_period_head(line)


@pytest.mark.parametrize("line", NOT_HEADS)
def test_other_lines_do_not(line):
    assert not is_period_head(line)


@pytest.mark.django_db
def test_ultas_income_statements_heads_are_found_on_their_page(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    dataset, _ = dataset_get_or_create(slug="filings", name="Filings")
    document = document_ingest(dataset=dataset, data=ULTA.read_bytes(), filename=ULTA.name).document
    row = (
        Chunk.objects.filter(document=document, text__contains="Net income $ 1,242,408 12.2%")
        .order_by("page_index", "ordinal")
        .first()
    )
    assert row is not None and row.page_index == 5
    # Chunking 4 carries the statement's header into the row's chunk (d991); the page's header
    # lines are found once each whichever chunks hold them.
    assert "52 Weeks Ended" in row.text
    heads = page_heads(document.pk, row.page_index)
    tops = sorted({round(box[1]) for box in heads})
    # Each table's three header lines: "13/52 Weeks Ended", "January 28, January 29,", years.
    assert [t for t in tops if 100 <= t <= 140] == [108, 120, 131], tops
    assert [t for t in tops if 415 <= t <= 455] == [423, 435, 446], tops
    assert all(box[1] < 460 for box in heads), heads  # no row of figures
    assert heads_data(heads[:1]).count(",") == 3
