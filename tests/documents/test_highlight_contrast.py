"""The page highlights stay readable (issue 13): every layer's outline is >= 3:1 against a white
page, and black text under any fill (or two fills stacked) keeps >= 4.5:1 (WCAG 2 contrast)."""

from __future__ import annotations

import itertools

from groundgate.documents.render import LAYER_STYLE


def luminance(rgb) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def over(style: dict, under) -> tuple:
    if style["fill"] is None:
        return under
    alpha = style["opacity"]
    return tuple(f * alpha + u * (1 - alpha) for f, u in zip(style["fill"], under, strict=True))


WHITE, BLACK = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)


def test_every_outline_is_at_least_3_to_1_against_the_page():
    for layer, style in LAYER_STYLE.items():
        assert contrast(style["color"], WHITE) >= 3.0, layer


def test_text_under_fills_keeps_4_5_to_1():
    for first, second in itertools.product(LAYER_STYLE.values(), repeat=2):
        assert contrast(BLACK, over(second, over(first, WHITE))) >= 4.5


def test_the_old_yellow_excerpt_outline_would_fail():
    # The check can fail: the excerpt's former outline colour was 1.4:1.
    assert contrast((1.0, 0.85, 0.0), WHITE) < 3.0
