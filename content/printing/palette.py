"""The card colours of static/css (site.css, light scheme), for paper."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

KIND_COLOURS = {
    "person": HexColor("#8f3b2e"),
    "place": HexColor("#2d5e8a"),
    "moment": HexColor("#6b4c99"),
    "word": HexColor("#7a5a00"),
}
SURFACE = HexColor("#fffdf8")
INK = HexColor("#2b2118")
INK_SOFT = HexColor("#5c4d3f")
LINE = HexColor("#e0d2b8")
ACCENT = HexColor("#8a4b14")
# The site icon's browns, for card backs.
BACK = HexColor("#8a5a2b")
BACK_LIGHT = HexColor("#f3e3c3")
MARK = HexColor("#6f6f6f")


def mix(colour: Color, share: float, base: Color = SURFACE) -> Color:
    """CSS color-mix(colour share%, base): an opaque tint, which prints the same on every printer."""
    return Color(*(share * a + (1 - share) * b for a, b in zip(colour.rgb(), base.rgb(), strict=True)))
