"""Render a page to PNG with highlight layers, and build annotated PDFs.

Highlight boxes are in unrotated page space ([x0, top, x1, bottom] points), the same space text
extraction reports; PyMuPDF draws in that space and applies the page rotation when rendering, so
rotated pages come out right.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal, cast

import pymupdf

from groundgate.documents.glyph_boxes import baseline, mirrored, upside_down

# Highlight and Layer live in highlights.py (no PyMuPDF there); the renderer's callers keep
# importing them from here.
from groundgate.documents.highlights import Highlight, Layer  # noqa: F401

# One colour per layer (RGB 0..1), documented in docs/pdf-ingestion.md. Stroke + translucent fill.
# Every stroke is >= 3:1 against a white page and every fill light enough to keep black text
# >= 4.5:1 over it (figures in docs/reviewing.md); the shape tells the layers apart too.
LAYER_STYLE: dict[str, dict[str, Any]] = {
    "chunk": {"color": (0.13, 0.40, 0.85), "fill": (0.13, 0.40, 0.85), "opacity": 0.08},
    # The answer's claimed box: grey, long dashes (it was orange dashed like a near miss, and a
    # reviewer read a claimed paragraph box as the near-miss value's).
    "evidence": {"color": (0.341, 0.376, 0.416), "fill": None, "opacity": 0.0},
    "true_box": {"color": (0.102, 0.498, 0.216), "fill": None, "opacity": 0.0},
    "excerpt": {"color": (0.60, 0.40, 0.0), "fill": (1.0, 0.90, 0.0), "opacity": 0.30},
    "finding": {"color": (0.85, 0.10, 0.15), "fill": (0.85, 0.10, 0.15), "opacity": 0.12},
    "near_miss": {"color": (0.737, 0.298, 0.0), "fill": None, "opacity": 0.0},
    "grounded": {"color": (0.102, 0.498, 0.216), "fill": None, "opacity": 0.0},
}
DASHED = {"evidence": "[6 3] 0", "true_box": "[1.5 1.5] 0", "near_miss": "[3 2] 0"}
# Outlines drawn this far outside their box (points), so their edges run beside the text's
# lines, not through them (a dashed edge over a line of text reads like strikethrough).
OUTSET = {"evidence": 2.5, "true_box": 1.5, "near_miss": 1.5, "grounded": 1.5}
# Part of the render cache key: a change of style or placement is a new picture. 4: value
# boxes (near miss, grounded), the claimed box grey; 5: no excerpt box over blanks alone.
STYLE_VERSION = "5"


def highlight_key(highlights: list[Highlight]) -> str:
    """A stable key for a set of highlights (order-independent), for the render cache."""
    items = sorted(json.dumps(asdict(h), sort_keys=True) for h in highlights)
    return hashlib.sha256("\n".join([STYLE_VERSION, *items]).encode()).hexdigest()[:24]


def page_box(bbox: Iterable[Any], page: pymupdf.Page, margin: float = 2.0) -> pymupdf.Rect | None:
    """`bbox` as a rectangle on `page` (unrotated space), or None when it is not drawable.

    Stored boxes come from clients: NaN, inverted corners or coordinates far off the page must
    not reach MuPDF (which refuses or allocates for them). Corners are put in order and the box
    is clipped to the page (plus a margin: glyph boxes overhang the edge a little)."""
    try:
        values = [float(v) for v in bbox]
    except (TypeError, ValueError):
        return None
    if len(values) != 4 or not all(math.isfinite(v) for v in values):
        return None
    x0, top, x1, bottom = values
    box = pymupdf.Rect(min(x0, x1), min(top, bottom), max(x0, x1), max(top, bottom))
    width, height = page.cropbox.width, page.cropbox.height
    box &= pymupdf.Rect(-margin, -margin, width + margin, height + margin)
    return None if box.is_empty or box.is_infinite else box


def _draw(page: pymupdf.Page, highlights: list[Highlight]) -> None:
    """Draw every box through one Shape and one commit: each page.draw_rect() would rewrite the
    page's content stream, which costs more than the drawing itself."""
    # Fill the big, light layers first so the small, strong ones stay visible on top.
    order = {
        "chunk": 0,
        "evidence": 1,
        "true_box": 2,
        "excerpt": 3,
        "finding": 4,
        "grounded": 5,
        "near_miss": 6,
    }
    shape = page.new_shape()
    by_layer: dict[str, list[pymupdf.Rect]] = {}
    for h in sorted(highlights, key=lambda h: order[h.layer]):
        rect = page_box(h.bbox, page)
        if rect is not None:
            grow = OUTSET.get(h.layer, 0.0)
            outset = pymupdf.Rect(rect.x0 - grow, rect.y0 - grow, rect.x1 + grow, rect.y1 + grow)
            by_layer.setdefault(h.layer, []).append(outset)
    if not by_layer:
        return
    for layer, rects in by_layer.items():
        style = LAYER_STYLE[layer]
        for rect in rects:
            shape.draw_rect(rect)
        shape.finish(
            color=style["color"],
            fill=style["fill"],
            fill_opacity=style["opacity"],
            width=1.2 if layer != "chunk" else 0.6,
            dashes=DASHED.get(layer),
        )
    _commit_on_top(page, shape)


def _commit_on_top(page: pymupdf.Page, shape: pymupdf.Shape) -> None:
    """Shape.commit(overlay=True) first parses the page's whole content stream to see whether
    its graphics state is balanced (most of the cost of a highlighted render). Wrapping the
    original content in q ... Q unconditionally is always correct and costs nothing, so do that
    and append the drawing. Falls back to the public commit() if PyMuPDF's helper is missing."""
    insert = getattr(pymupdf.TOOLS, "_insert_contents", None)
    content = shape.totalcont
    if insert is None or not content:
        shape.commit(overlay=True)
        return
    insert(page, b"q\n", False)  # before the page's own content
    insert(page, b"\nQ\n" + content.encode(), True)  # after it, in a clean graphics state


def upright_rotation(page: pymupdf.Page) -> int:
    """The rotation (0, 90, 180, 270) under which most of the page's text reads left to right.

    Usually the PDF's own /Rotate. But some PDFs draw their text upright and then set /Rotate 90
    (a scanner's or a converter's habit), so a viewer that obeys /Rotate shows them sideways; a
    reviewer needs to read the page, so the text decides. A page without text keeps /Rotate."""
    weight = {0: 0.0, 90: 0.0, 180: 0.0, 270: 0.0}
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            dx, dy = line["dir"]  # unrotated page space, y down
            chars = sum(len(span["text"].strip()) for span in line["spans"])
            # How far the line runs left to right once the page is turned clockwise by r.
            across = {0: dx, 90: -dy, 180: -dx, 270: dy}
            for rotation, x in across.items():
                weight[rotation] += chars * x
    best = max(weight, key=lambda r: (weight[r], r == page.rotation))
    return best if weight[best] > 0 else page.rotation


# A page whose images hold more pixels than this is drawn once, without highlights, at the
# largest size any zoom level is served at (a "base" picture, cached beside the page images),
# and every later image of it (any zoom, any highlights) is drawn over that picture instead of
# decoding the images again: a 40,960-px image costs ~8 s of CPU per decode at any zoom
# (docs/limits.md). 64 MP is a 600-dpi scan of a tabloid page; ordinary pages stay direct.
HEAVY_PAGE_PIXELS = 64_000_000


# PyMuPDF has no type hints: the helpers below take and call it as Any.
_mupdf: Any = pymupdf


def page_image_pixels(page: Any) -> int:
    """Pixels of the images the page shows, from their dictionaries (nothing is decoded)."""
    total = 0
    for image in page.get_images(full=True):
        total += int(image[2]) * int(image[3])
    return total


def heavy_page(page: Any) -> bool:
    return page_image_pixels(page) > HEAVY_PAGE_PIXELS


def base_zoom(page: Any, *, max_zoom: float, max_side_px: int) -> float:
    """The zoom of a page's base picture: the largest any image of it is served at."""
    return float(min(max_zoom, max_side_px / max(page.cropbox.width, page.cropbox.height, 1.0)))


def render_base_png(doc: Any, page_index: int, *, zoom: float) -> bytes:
    """The page unturned (rotation 0) without highlights at `zoom`: a heavy page's base."""
    page = doc[page_index]
    page.set_rotation(0)
    return bytes(page.get_pixmap(matrix=_mupdf.Matrix(zoom, zoom), alpha=False).tobytes("png"))


def _over_base(page: Any, base_png: bytes) -> Any:
    """A new page of `page`'s (unturned) size showing `base_png`, its picture: the boxes are
    drawn on it in the same space as on the page itself."""
    proxy = _mupdf.open()
    drawn = proxy.new_page(width=page.cropbox.width, height=page.cropbox.height)
    drawn.insert_image(drawn.rect, stream=base_png)
    return drawn


def render_page_png(
    doc: pymupdf.Document,
    page_index: int,
    *,
    zoom: float,
    highlights: list[Highlight],
    max_side_px: int | None = None,
    rotation: int | None = None,
    base_png: bytes | None = None,
) -> bytes:
    """The page as PNG. With `max_side_px`, the zoom is lowered as needed so neither side of the
    image exceeds it: a 200,000-point page costs no more than a normal one. `rotation` replaces
    the page's /Rotate for this image (see upright_rotation); None keeps the PDF's. With
    `base_png` (render_base_png of this page), the page's own content is not drawn again: the
    highlights are drawn over that picture, on a page of the same size (the excerpts are still
    found in the page's text)."""
    page = doc[page_index]
    if max_side_px is not None:
        longest = max(page.rect.width, page.rect.height, 1.0)
        zoom = min(zoom, max_side_px / longest)
    boxes = []
    for h in highlights:
        if h.layer == "excerpt" and h.text:
            found = locate_excerpt(doc, page_index, h.text, [h.bbox])
            boxes += [Highlight("excerpt", r) for r in found]
        else:
            boxes.append(h)
    if rotation is None:
        rotation = page.rotation
    if base_png is not None:
        page = _over_base(page, base_png)
    if boxes:
        _draw(page, boxes)
    if rotation != page.rotation:
        # After drawing: the boxes are in the content stream, in unrotated space, and turn
        # with the text.
        page.set_rotation(rotation)
    pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False)
    return cast(bytes, pix.tobytes("png"))


def locate_excerpt(
    doc: pymupdf.Document, page_index: int, excerpt: str, within: Sequence[tuple[float, ...]]
) -> list[tuple[float, float, float, float]]:
    """Where `excerpt` is on the page, searched only within the chunk's rectangles (widened a
    little: glyph boxes can stick out of line boxes). Empty when it is not there."""
    if not excerpt.strip() or not within:
        return []
    page = doc[page_index]
    boxes = [box for box in (page_box(r, page) for r in within) if box is not None]
    if not boxes:
        return []
    x0 = min(r.x0 for r in boxes) - 2
    top = min(r.y0 for r in boxes) - 2
    x1 = max(r.x1 for r in boxes) + 2
    bottom = max(r.y1 for r in boxes) + 2
    clip = pymupdf.Rect(x0, top, x1, bottom)
    found = _upside_down_placed(page, _inked(page, page.search_for(excerpt, clip=clip), clip), clip)
    return [tuple(r) for r in found]


def _inked(page: Any, found: list[Any], clip: Any) -> list[Any]:
    """`found` without the boxes that hold no character of the excerpt but blanks: MuPDF's
    search boxes the spaces between a table's columns too, which drew narrow empty boxes at
    every column's edge (d654)."""
    inked = [
        _mupdf.Rect(char["bbox"])
        for block in page.get_text("rawdict", clip=clip)["blocks"]
        for line in block.get("lines", [])
        for span in line.get("spans", [])
        for char in span.get("chars", [])
        if not char["c"].isspace()
    ]
    return [rect for rect in found if any(_holds(rect, box) for box in inked)]


def _holds(rect: Any, char: Any) -> bool:
    """Whether the middle of a character's box is inside `rect`."""
    x, y = (char.x0 + char.x1) / 2, (char.y0 + char.y1) / 2
    return bool(rect.x0 <= x <= rect.x1 and rect.y0 <= y <= rect.y1)


def _upside_down_placed(page: Any, found: list[Any], clip: Any) -> list[Any]:
    """`found` with the boxes of upside-down text mirrored about their line's baseline, as
    documents.glyph_boxes places them at ingestion (MuPDF boxes such glyphs as if they rose
    above the baseline: tracemonkey's title turned 180 degrees was 9.6 pt off)."""
    lines = []
    for block in page.get_text("dict", clip=clip)["blocks"]:
        for line in block.get("lines", []):
            if upside_down(line):
                lines.append((_mupdf.Rect(line["bbox"]), baseline(line)))
    if not lines:
        return found
    out = []
    for rect in found:
        for box, base in lines:
            if box.y0 - 0.5 <= rect.y0 and rect.y1 <= box.y1 + 0.5 and box.intersects(rect):
                rect = _mupdf.Rect(mirrored(rect, base))
                break
        out.append(rect)
    return out


# The value marks of an annotated PDF, in the case page's colours (static/css: the grounding
# value green and solid, the near miss orange and dashed) and the finding's red for the value the
# finding is about; drawn this far outside the value's words, so the outline runs beside the digits.
VALUE_MARKS: dict[str, tuple[tuple[float, float, float], list[int]]] = {
    "value": ((0.85, 0.10, 0.15), []),
    "near_miss": ((0.737, 0.298, 0.0), [3, 2]),
    "grounded": ((0.102, 0.498, 0.216), []),
}
VALUE_OUTSET = 1.5
AnnotationKind = Literal["highlight", "box", "value", "near_miss", "grounded"]


@dataclass(frozen=True)
class Annotation:
    page_index: int
    bbox: tuple[float, float, float, float]
    note: str
    kind: AnnotationKind = "box"


def _add(page: pymupdf.Page, rect: pymupdf.Rect, kind: AnnotationKind) -> pymupdf.Annot:
    if kind == "highlight":
        return page.add_highlight_annot(rect)
    color, dashes = VALUE_MARKS.get(kind, ((0.85, 0.1, 0.15), []))
    if kind in VALUE_MARKS:
        grow = VALUE_OUTSET  # rect is page_box's own copy
        rect.x0, rect.y0, rect.x1, rect.y1 = (
            rect.x0 - grow,
            rect.y0 - grow,
            rect.x1 + grow,
            rect.y1 + grow,
        )
    annot = page.add_rect_annot(rect)
    annot.set_colors(stroke=color)
    if dashes:
        annot.set_border(width=1.0, dashes=dashes)
    return annot


def annotated_pdf(sources: list[tuple[bytes, list[Annotation]]]) -> bytes:
    """A PDF made of the annotated pages of each source document, in order. Highlight
    annotations mark excerpts; box annotations mark cited boxes; value annotations mark the
    figures the findings name (the value, its near miss, what grounded it); each note carries
    the findings for the reviewer's PDF viewer."""
    out = pymupdf.open()
    for data, marks in sources:
        src = pymupdf.open(stream=data, filetype="pdf")
        pages = sorted({a.page_index for a in marks if 0 <= a.page_index < src.page_count})
        for a in marks:
            if not 0 <= a.page_index < src.page_count:
                continue
            page = src[a.page_index]
            rect = page_box(a.bbox, page)
            if rect is None:
                continue  # a stored box that is not on the page: nothing to mark
            annot = _add(page, rect, a.kind)
            annot.set_info(content=a.note, title="GroundGate")
            annot.update()
        for index in pages:
            out.insert_pdf(src, from_page=index, to_page=index, annots=True)
        src.close()
    if out.page_count == 0:
        out.new_page()  # a valid, empty PDF rather than an error
    data = cast(bytes, out.tobytes(garbage=3, deflate=True))
    out.close()
    return data


def message_png(message: str, *, width: int = 480, height: int = 160) -> bytes:
    """A small image that says `message`: shown where a page image could not be made, so the
    reviewer reads why instead of a broken image. Drawn from our own text, never from the PDF."""
    doc = pymupdf.open()
    try:
        page = doc.new_page(width=width, height=height)
        page.draw_rect(page.rect, color=(0.85, 0.10, 0.15), fill=(1.0, 0.95, 0.95), width=2)
        page.insert_textbox(pymupdf.Rect(12, 12, width - 12, height - 12), message, fontsize=11)
        return cast(bytes, page.get_pixmap(alpha=False).tobytes("png"))
    finally:
        doc.close()
