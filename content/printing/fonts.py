"""The fonts the PDFs embed: Vera (shipped with reportlab) for labels, DejaVu Serif (shipped here) for text."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

SANS = "JagSans"
SANS_BOLD = "JagSans-Bold"
SERIF = "JagSerif"
SERIF_BOLD = "JagSerif-Bold"
SERIF_ITALIC = "JagSerif-Italic"

_HERE = Path(__file__).resolve().parent / "fonts"
_REPORTLAB = Path(reportlab.__file__).resolve().parent / "fonts"
_FILES = {
    SANS: _REPORTLAB / "Vera.ttf",
    SANS_BOLD: _REPORTLAB / "VeraBd.ttf",
    SERIF: _HERE / "DejaVuSerif.ttf",
    SERIF_BOLD: _HERE / "DejaVuSerif-Bold.ttf",
    SERIF_ITALIC: _HERE / "DejaVuSerif-Italic.ttf",
}


@cache
def register_fonts() -> None:
    """Register the TrueType fonts once per process; reportlab embeds the glyphs each PDF uses."""
    for name, path in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    # <b> and <i> in a paragraph pick the matching face.
    addMapping(SERIF, 0, 0, SERIF)
    addMapping(SERIF, 1, 0, SERIF_BOLD)
    addMapping(SERIF, 0, 1, SERIF_ITALIC)
    addMapping(SERIF, 1, 1, SERIF_BOLD)
    addMapping(SANS, 0, 0, SANS)
    addMapping(SANS, 1, 0, SANS_BOLD)
    addMapping(SANS, 0, 1, SANS)
    addMapping(SANS, 1, 1, SANS_BOLD)
