"""What to draw on a page: a layer and a box. Kept apart from render.py (which needs PyMuPDF) so
that code which only describes highlights, like the case families, does not load PyMuPDF: every
process that sets Django up imports the families, and PyMuPDF is ~35 MB of its memory."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# near_miss / grounded: the box of a value a finding names (families/value_boxes.py), drawn tight
# around its characters, as the source pane marks them.
Layer = Literal["chunk", "evidence", "true_box", "excerpt", "finding", "near_miss", "grounded"]


@dataclass(frozen=True)
class Highlight:
    """A box to draw. For the "excerpt" layer, `bbox` is the area to search and `text` the
    excerpt: it is located at render time, so the cache key never needs the PDF."""

    layer: Layer
    bbox: tuple[float, float, float, float]  # x0, top, x1, bottom (unrotated points)
    text: str = ""
