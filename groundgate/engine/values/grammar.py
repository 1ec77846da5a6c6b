"""Pieces of the grammar every kind's rules write their patterns with. Pure: no Django, no I/O."""

from __future__ import annotations

import re

D = "[0-9０-９]"  # a digit, ASCII or full-width
AMPM = r"(?:[ \u00a0]?[AaPp]\.?[Mm]\.?(?![A-Za-z]))"
WS = re.compile(r"\s+")
# Full-width digits and signs as ASCII ("２０２４" -> "2024"): what every kind types reads.
FULLWIDTH = str.maketrans("０１２３４５６７８９．，％－＋：", "0123456789.,%-+:")
