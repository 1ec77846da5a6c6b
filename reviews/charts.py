"""Small server-side SVG charts (no JavaScript, no CDN): horizontal bars."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

PALETTE = {
    "default": "#57606a",
    "bad": "#cf222e",
    "good": "#1a7f37",
    "warn": "#9a6700",
    # The queue's outcomes (static/css/groundgate.css uses the same colours).
    "pass": "#1a7f37",
    "reject": "#cf222e",
    "no_evidence": "#9a6700",
    "refused": "#8250df",
    # A finding code's severity (the case page's colours): info is no problem, so not red.
    "error": "#cf222e",
    "warning": "#9a6700",
    "info": "#0550ae",
}
# The review progress bars: only reviewed and adjudicated cases are done.
PROGRESS_COLOURS = {"unreviewed": "default", "disputed": "warn"}
# The width of one character of the charts' 12px text, in viewBox units (generous: digits and
# lower-case letters of system-ui are 6.5-7.2 px).
TEXT_UNIT = 7.5


def _link(href: str | None, inner: str) -> str:
    """An SVG link around a bar (every count on the dashboard opens the queue it counts)."""
    return f'<a href="{escape(href)}">{inner}</a>' if href else inner


def bar_chart(
    rows: Sequence[tuple[str, float]],
    *,
    colour: str = "default",
    width: int = 600,
    unit: str = "",
    links: Sequence[str] | None = None,
    colours: Sequence[str] | None = None,
) -> SafeString:
    """One bar per (label, value); the longest bar fills the width; links[i] opens row i;
    colours[i] (a PALETTE name or a colour) colours bar i instead of `colour`."""
    if not rows:
        return mark_safe('<p class="muted">Nothing yet.</p>')
    bar_h, gap, label_w = 22, 6, 250
    top = max(v for _, v in rows) or 1
    text_w = max(len(f"{v:g}{unit}") for _, v in rows) * TEXT_UNIT + 10
    height = len(rows) * (bar_h + gap)
    fill = PALETTE.get(colour, colour)
    parts = [
        f'<svg class="chart" role="img" viewBox="0 0 {width} {height}" '
        f'width="100%" preserveAspectRatio="xMinYMin meet">'
    ]
    for i, (label, value) in enumerate(rows):
        y = i * (bar_h + gap)
        w = max(1.0, (width - label_w - text_w) * value / top)
        if colours:
            fill = PALETTE.get(colours[i], colours[i])
        parts.append(
            _link(
                links[i] if links else None,
                f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{escape(label)}</text>'
                f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{fill}">'
                f"<title>{escape(label)}: {value:g}{unit}</title></rect>"
                f'<text x="{label_w + w + 6:.1f}" y="{y + 15}">{value:g}{unit}</text>',
            )
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))


def split_bar_chart(
    rows: list[tuple[str, int, int]],
    *,
    width: int = 640,
    links: Sequence[tuple[str, str]] | None = None,
) -> SafeString:
    """Per rule: how often the gate was right (green, solid) and wrong (red, hatched by its
    label); links[i] is (right, wrong) queue links of row i."""
    if not rows:
        return mark_safe('<p class="muted">No finding decisions yet.</p>')
    bar_h, gap, label_w = 22, 6, 250
    top = max(r + w for _, r, w in rows) or 1
    # Room after the longest bar for its "N right / M wrong" (12px text, ~7 units a character):
    # a fixed 80 units cut "11 right / 4 wrong" at the chart's right edge.
    text_w = max(len(f"{r} right / {w} wrong") for _, r, w in rows) * TEXT_UNIT + 10
    scale = (width - label_w - text_w) / top
    height = len(rows) * (bar_h + gap)
    parts = [f'<svg class="chart" role="img" viewBox="0 0 {width} {height}" width="100%">']
    for i, (label, right, wrong) in enumerate(rows):
        y = i * (bar_h + gap)
        rw, ww = right * scale, wrong * scale
        right_link, wrong_link = links[i] if links else (None, None)
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{escape(label)}</text>'
            + _link(
                right_link,
                f'<rect x="{label_w}" y="{y}" width="{rw:.1f}" height="{bar_h}" '
                f'fill="{PALETTE["good"]}"><title>gate right: {right}</title></rect>',
            )
            + _link(
                wrong_link,
                f'<rect x="{label_w + rw:.1f}" y="{y}" width="{ww:.1f}" height="{bar_h}" '
                f'fill="{PALETTE["bad"]}"><title>gate wrong: {wrong}</title></rect>',
            )
            + f'<text x="{label_w + rw + ww + 6:.1f}" y="{y + 15}">'
            + _link(right_link, f"{right} right")
            + " / "
            + _link(wrong_link, f"{wrong} wrong")
            + "</text>"
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))
