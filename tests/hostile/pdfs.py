"""Hostile PDFs made on the fly: a decompression bomb, an HTML page named .pdf."""

from __future__ import annotations

import zlib

MB = 1024 * 1024


def pdf_with_content(stream: bytes, *, filter_name: str | None = "FlateDecode") -> bytes:
    """A one-page PDF whose page content stream is `stream`, written as is (already encoded
    with `filter_name`), with a correct xref table."""
    filter_entry = f" /Filter /{filter_name}" if filter_name else ""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(stream)}{filter_entry} >>\nstream\n".encode() + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return pdf_file(objects)


def text_pdf(text: str = "Hello hostile world") -> bytes:
    content = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    return pdf_with_content(zlib.compress(content))


def bomb_pdf(inflated_mb: int = 300) -> bytes:
    """A small PDF (about 0.3 MB per 300 MB) whose content stream inflates to `inflated_mb` MB:
    one line of real text, then megabytes of spaces, compressed a megabyte at a time so the test
    itself never holds the inflated stream."""
    packer = zlib.compressobj(9)
    parts = [packer.compress(b"BT /F1 12 Tf 72 720 Td (bomb) Tj ET\n")]
    block = b" " * MB
    for _ in range(inflated_mb):
        parts.append(packer.compress(block))
    parts.append(packer.flush())
    return pdf_with_content(b"".join(parts))


HTML_NAMED_PDF = (
    b"<!DOCTYPE html><html><head><title>Quarterly report</title></head>"
    b"<body><h1>Revenue</h1><p>Revenue grew 12% to 4.2 million.</p></body></html>"
)


def text_bomb_pdf(inflated_mb: int = 40) -> bytes:
    """A PDF whose one page draws `inflated_mb` MB of text operators: small on disk, but text
    extraction builds a record for every glyph, so it needs gigabytes of memory."""
    packer = zlib.compressobj(9)
    line = b"BT /F1 1 Tf 10 10 Td (abcdefghijklmnopqrstuvwxyz0123456789) Tj ET\n"
    block = line * (MB // len(line))
    parts = [packer.compress(block) for _ in range(inflated_mb)]
    parts.append(packer.flush())
    return pdf_with_content(b"".join(parts))


def huge_image_pdf(side: int, *, indexed: bool = False) -> bytes:
    """A one-page PDF (built with PyMuPDF) that shows a `side` x `side` pixel grey image, its
    stream Flate-compressed a few MB at a time (so neither the test nor the file holds it
    inflated): 40,960 px inflates to 1.6 GB and takes seconds of CPU to draw at any zoom. With
    `indexed`, the image has an /Indexed colour space, which MuPDF expands whole before drawing:
    a 10,240 px one needs a 300 MB allocation from a 0.5 MB file."""
    import pymupdf

    packer = zlib.compressobj(1)
    rows = bytes(side * 1024)  # 1,024 black rows at a time
    stream = b"".join([packer.compress(rows) for _ in range(side // 1024)] + [packer.flush()])
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "A page with a huge image", fontsize=12)
    colour_space = "[/Indexed /DeviceRGB 1 <000000FFFFFF>]" if indexed else "/DeviceGray"
    image = doc.get_new_xref()
    doc.update_object(
        image,
        f"<< /Type /XObject /Subtype /Image /Width {side} /Height {side // 1024 * 1024} "
        f"/ColorSpace {colour_space} /BitsPerComponent 8 >>",
    )
    doc.update_stream(image, stream, compress=False)
    doc.xref_set_key(image, "Filter", "/FlateDecode")
    resources = int(doc.xref_get_key(page.xref, "Resources")[1].split()[0])
    doc.xref_set_key(resources, "XObject", f"<< /Im0 {image} 0 R >>")
    content = page.get_contents()[0]
    drawing = b"\nq 540 0 0 600 36 100 cm /Im0 Do Q\n"
    doc.update_stream(content, doc.xref_stream(content) + drawing)
    return doc.tobytes()


def pages_pdf(streams: list[bytes]) -> bytes:
    """A PDF with one page per Flate-encoded content stream of `streams` (each its own object),
    with a correct xref table."""
    count = len(streams)
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(count))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {count} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    for i, stream in enumerate(streams):
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {5 + 2 * i} 0 R "
            "/Resources << /Font << /F1 3 0 R >> >> >>".encode()
        )
        objects.append(
            f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode()
            + stream
            + b"\nendstream"
        )
    return pdf_file(objects)


def text_stream(text: str) -> bytes:
    return zlib.compress(f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode())


def spaces_stream(inflated_mb: int, text: str = "page") -> bytes:
    """A line of text, then `inflated_mb` MB of spaces: inflates to that much, draws one line."""
    packer = zlib.compressobj(9)
    parts = [packer.compress(f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET\n".encode())]
    parts += [packer.compress(b" " * MB) for _ in range(inflated_mb)]
    return b"".join([*parts, packer.flush()])


def pdf_file(objects: list[bytes]) -> bytes:
    """A PDF file of `objects` (object 1 the catalog), numbered in order, with its xref table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\n".encode()
    out += f"startxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
