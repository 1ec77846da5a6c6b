"""Garbled text (policy garbled-text/1): tracemonkey.pdf's figure labels extract as symbols
(a font without a usable encoding). Those chunks are marked at ingestion, named in the
document's warnings (shown on its page to reviewers) and kept out of retrieval; every other
chunk of the shared PDFs stays."""

from __future__ import annotations

import pytest

from groundgate.documents.text_quality import GARBLED_SHARE, garbled_share
from groundgate.models import Chunk
from groundgate.services.datasets import dataset_get_or_create
from groundgate.services.embedding_index import retrievable_chunks
from groundgate.services.ingestion import document_ingest
from groundgate.services.retrieval import KeywordRetriever
from tests.conftest import ROOT, SHARED

pytestmark = pytest.mark.django_db
PDFS = SHARED / "data" / "pdfs"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def test_the_measure_separates_symbol_runs_from_words_numbers_and_code():
    assert garbled_share('!"# $!"# %!"# &-./012#3%4%56# &-.789:;#3%4,56#') == 1.0
    assert garbled_share("\ue000\ue001\ue002\ue003\ue004 \ue005\ue006 text") > GARBLED_SHARE
    code = "mov edx, ebx(748) // load primes from the trace activation record mov edi(0), edx"
    assert garbled_share(code) < 0.2  # "(0)," is one garbled-looking token of many
    assert garbled_share("主要污染指标为总磷，年均浓度为0.35mg/L。") == 0.0
    assert garbled_share("Unit price of the seal kit: $1,050.") == 0.0


def test_tracemonkeys_garbled_figure_labels_are_flagged_and_left_out_of_retrieval():
    dataset, _ = dataset_get_or_create(slug="garbled")
    pdf = PDFS / "tracemonkey.pdf"
    document = document_ingest(dataset=dataset, data=pdf.read_bytes(), filename=pdf.name).document
    garbled = [c for c in Chunk.objects.filter(document=document) if "garbled" in c.metadata]
    # Figure 11's and Figure 12's bar labels (pages 10 and 13); the chunks that are half label,
    # half caption stay.
    assert sorted(c.page_index + 1 for c in garbled) == [10, 10, 13, 13]
    assert all(c.metadata["garbled"] >= GARBLED_SHARE for c in garbled)
    assert all(c.text.startswith(("!", "/", ".")) for c in garbled)
    assert (
        "4 chunk(s) of unreadable text (a font without a usable encoding; garbled-text/1) on "
        "page(s) 10, 13: kept for the page view, left out of retrieval"
    ) in document.warnings
    searched = set(retrievable_chunks(dataset).values_list("pk", flat=True))
    assert not searched & {c.pk for c in garbled}
    assert len(searched) == Chunk.objects.filter(document=document).count() - 4
    # A question whose words are the symbols themselves finds nothing.
    hits, _ = KeywordRetriever().search(dataset, "56 23 $!", 8)
    assert not {h.chunk.pk for h in hits} & {c.pk for c in garbled}


@pytest.mark.parametrize(
    "path",
    [
        ROOT / "fixtures" / "demo" / "demo-documents.pdf",
        PDFS / "XiaoBiaoSong.pdf",
        PDFS / "rotation.pdf",
        PDFS / "helloworld-bad.pdf",
    ],
)
def test_other_documents_have_no_garbled_chunk(path):
    dataset, _ = dataset_get_or_create(slug="clean")
    document = document_ingest(dataset=dataset, data=path.read_bytes(), filename=path.name).document
    assert not [c for c in Chunk.objects.filter(document=document) if "garbled" in c.metadata]
    assert not [w for w in document.warnings if "garbled-text/1" in w]
