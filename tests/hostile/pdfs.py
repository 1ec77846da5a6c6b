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
