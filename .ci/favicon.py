"""Write static/root/favicon.ico from static/root/favicon.svg: the SVG rendered by PyMuPDF at
16, 32 and 48 px, each a PNG inside the ICO (the format browsers and Windows read since Vista).

    python .ci/favicon.py           # write the icon
    python .ci/favicon.py --check   # exit 1 if the committed icon is not what the SVG makes
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pymupdf

ROOT = Path(__file__).resolve().parents[1] / "static" / "root"
SIZES = (16, 32, 48)


def png(svg: bytes, size: int) -> bytes:
    """The SVG drawn at `size` x `size` px with its transparency."""
    with pymupdf.open(stream=svg, filetype="svg") as doc:
        page = doc[0]
        zoom = size / page.rect.width
        return page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=True).tobytes("png")


def ico(svg: bytes) -> bytes:
    """An ICO file holding one PNG per size: a 6-byte header, a 16-byte entry per image, the
    images."""
    images = [png(svg, size) for size in SIZES]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = b""
    for size, image in zip(SIZES, images, strict=True):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image), offset)
        offset += len(image)
    return header + entries + b"".join(images)


def main() -> int:
    made = ico((ROOT / "favicon.svg").read_bytes())
    target = ROOT / "favicon.ico"
    if "--check" in sys.argv:
        if target.read_bytes() != made:
            print(f"{target} is not what favicon.svg makes: run python .ci/favicon.py")
            return 1
        return 0
    target.write_bytes(made)
    print(f"wrote {target} ({len(made)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
