"""The site's own SVG icons, drawn into PDFs with svglib so paper and screen share one drawing."""

from __future__ import annotations

import io
from functools import cache

from django.conf import settings
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import svg2rlg

_CARD_ICONS = settings.BASE_DIR / "templates" / "content" / "icons"
_SITE_ICON = settings.BASE_DIR / "static" / "img" / "icon.svg"


@cache
def _drawing(path: str, colour: str) -> Drawing:
    # The card icons stroke in currentColor, which CSS supplies on screen and we supply here.
    with open(path, encoding="utf-8") as source:
        svg = source.read().replace("currentColor", colour)
    drawing = svg2rlg(io.BytesIO(svg.encode()))
    if drawing is None:
        raise ValueError(f"svglib could not read {path}")
    return drawing


def _draw(canvas: Canvas, drawing: Drawing, x: float, y: float, size: float) -> None:
    scale = size / max(drawing.width, drawing.height)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(scale, scale)
    renderPDF.draw(drawing, canvas, 0, 0)
    canvas.restoreState()


def draw_kind_icon(canvas: Canvas, kind: str, colour: Color, x: float, y: float, size: float) -> None:
    """A card kind's icon (person, place, moment, word), size points square, lower-left at x, y."""
    _draw(canvas, _drawing(str(_CARD_ICONS / f"{kind}.html"), "#" + colour.hexval()[2:]), x, y, size)


def draw_site_icon(canvas: Canvas, x: float, y: float, size: float) -> None:
    """The site's icon: the circle of twelve stones around a card."""
    _draw(canvas, _drawing(str(_SITE_ICON), ""), x, y, size)
