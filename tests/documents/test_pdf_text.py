"""Text extraction and chunking on the real PDFs of ../shared/data/pdfs (see its README)."""

from __future__ import annotations

import pymupdf
import pytest

from groundgate.documents.chunking import ChunkingPolicy
from groundgate.documents.pdf_text import PdfProblem, extract_pdf
from groundgate.engine.numbers import extract_numbers
from groundgate.engine.quantities import typed
from tests.conftest import SHARED

PDFS = SHARED / "data" / "pdfs"


def read(name: str) -> bytes:
    return (PDFS / name).read_bytes()


def test_tracemonkey_is_ingested_in_reading_order():
    result = extract_pdf(read("tracemonkey.pdf"))
    assert result.page_count == 14 and len(result.pages) == 14
    assert result.chunks[0].text.startswith("Trace-based Just-in-Time Type Specialization")
    assert [c.page_index for c in result.chunks] == sorted(c.page_index for c in result.chunks)
    assert sum(len(c.text) for c in result.chunks) > 70_000


def test_chunks_never_split_a_line_and_respect_the_maximum():
    policy = ChunkingPolicy(min_chars=100, max_chars=400)
    for chunk in extract_pdf(read("tracemonkey.pdf"), policy=policy).chunks:
        for line in chunk.lines:
            assert line.text in chunk.text  # whole lines only
        assert len(chunk.text) <= policy.max_chars or len(chunk.lines) == 1


def test_position_int_encloses_every_line_and_uses_integers():
    result = extract_pdf(read("tracemonkey.pdf"))
    for chunk in result.chunks[:40]:
        boxes = chunk.position_int()
        assert all(isinstance(v, int) for box in boxes for v in box)
        for line in chunk.lines:
            x0, top, x1, bottom = line.bbox
            assert any(
                b[0] == chunk.page_index + 1
                and b[1] <= x0
                and x1 <= b[2]
                and b[3] <= top
                and bottom <= b[4]
                for b in boxes
            )


def test_extraction_is_deterministic():
    first = extract_pdf(read("tracemonkey.pdf"))
    second = extract_pdf(read("tracemonkey.pdf"))
    assert [(c.text, c.position_int()) for c in first.chunks] == [
        (c.text, c.position_int()) for c in second.chunks
    ]


def test_table_cells_never_run_together_into_one_number():
    doc = pymupdf.open()
    page = doc.new_page()
    # A table row: label and two numeric cells, drawn as separate text runs close together.
    for x, text in [(72, "Total"), (140, "1,050"), (175, "250"), (200, "12.5%")]:
        page.insert_text((x, 100), text, fontsize=10)
    result = extract_pdf(doc.tobytes())
    values = [v.quantity for chunk in result.chunks for v in extract_numbers(chunk.text)]
    assert values == ["1,050", "250", "12.5%"]


def test_chinese_text_and_full_width_digits_survive():
    result = extract_pdf(read("XiaoBiaoSong.pdf"))
    text = "\n".join(c.text for c in result.chunks)
    assert "关于红军作战的原则" in text  # one character per line, joined without spaces
    assert "１" in text
    values = extract_numbers(text)
    digits = [v.quantity for v in values if v.quantity[0] in "0123456789０１２３４５６７８９"]
    assert digits and all(len(d) == 1 for d in digits)  # no two lines' digits merged
    # Its dates are written in numerals, "（一九三七年八月一日）": each is one date.
    dates = [typed(v).date for v in values if v.text.startswith("一九三七年")]
    assert dates and tuple(dates[0] or ()) == (1937, 8, 1)


@pytest.mark.parametrize("name", ["rotation.pdf", "hello_world_rotated.pdf"])
def test_rotated_pages_keep_unrotated_coordinates(name):
    result = extract_pdf(read(name))
    doc = pymupdf.open(stream=read(name))
    for chunk in result.chunks:
        info = result.pages[chunk.page_index]
        assert info.rotation == doc[chunk.page_index].rotation
        for _, x0, x1, top, bottom in chunk.position_int():
            assert 0 <= x0 < x1 <= info.width + 1 and 0 <= top < bottom <= info.height + 1
    rotated = [p for p in result.pages if p.rotation == 90]
    assert rotated and all((p.width, p.height) == (612, 792) for p in rotated)


def test_repaired_pdf_is_ingested_with_its_warning():
    result = extract_pdf(read("helloworld-bad.pdf"))
    assert result.chunks[0].text == "Hello, world!"
    assert any("repair" in w for w in result.warnings)


@pytest.mark.parametrize(
    ("name", "status", "reason"),
    [
        ("poppler-85140-0.pdf", "failed", "not a readable PDF"),
        ("bug1020226.pdf", "failed", "no pages"),
        ("issue6010_1.pdf", "needs_password", "give its password"),
        ("issue5567.pdf", "no_text", "no text layer"),
    ],
)
def test_bad_pdfs_say_why(name, status, reason):
    with pytest.raises(PdfProblem) as problem:
        extract_pdf(read(name))
    assert problem.value.status == status
    assert reason in problem.value.reason


def test_encrypted_pdfs_with_their_passwords():
    with pytest.raises(PdfProblem, match="wrong"):
        extract_pdf(read("issue6010_1.pdf"), password="nope")
    for name, password in [("issue6010_1.pdf", "abc"), ("issue6010_2.pdf", "æøå")]:
        result = extract_pdf(read(name), password=password)
        assert result.chunks
        stored = pymupdf.open(stream=result.stored_bytes)
        assert not stored.needs_pass  # stored decrypted, so rendering needs no password


def test_not_a_pdf_at_all():
    with pytest.raises(PdfProblem) as problem:
        extract_pdf(b"%PDF-1.4 this is not really a pdf")
    assert problem.value.status == "failed"
