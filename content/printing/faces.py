"""A card's face and its back, drawn in card space: 180 x 252 pt, origin at the lower-left corner.

The face follows templates/content/card.html and static/css/cards.css: the kind's colour band
with its icon, name and story number, the big icon, the title, the line under it, the Word
card's verse, and a foot with the story, "Story N of M" and four pips (this card's filled).
Every word of the layout is in the active language (documents.py draws inside its override); a
story not translated into it yet says so under each card's title, as the table does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.sax.saxutils import escape

import pythonbible as pb
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.platypus import Paragraph

from content import bibles
from content.models import KIND_ORDER, Kind
from content.printing.fonts import SANS, SANS_BOLD, SERIF, SERIF_BOLD
from content.printing.icons import draw_kind_icon, draw_site_icon
from content.printing.palette import BACK, BACK_LIGHT, INK_SOFT, KIND_COLOURS, SURFACE, mix
from content.printing.sheets import CARD_HEIGHT, CARD_WIDTH
from content.rules_version import rules_label

# The frame sits inside the cut, so a cut a little off still leaves the whole frame.
SAFE = 6.0
RADIUS = 9.0
HEAD = 26.0
FOOT = 36.0
PAD = 9.0
_SUPPLIED = re.compile(r"\[([^\[\]]*)\]")
# Text shrinks in these steps until it fits; the smallest still reads at arm's length.
_SCALES = (1.0, 0.93, 0.86, 0.8, 0.74, 0.68, 0.62)


@dataclass(frozen=True)
class PrintCard:
    """What one printed card shows."""

    kind: str
    title: str
    description: str
    story_title: str
    position: int
    total: int
    reference: str | None = None
    verse_text: str | None = None
    # Printed in English among another language's cards: the story is not translated into it yet.
    english: bool = False


def markup(text: str) -> str:
    """Plain text made safe for a reportlab paragraph."""
    return escape(text)


def verse_markup(text: str) -> str:
    """A KJV verse with the translators' supplied [words] in italics, as the site shows them."""
    return _SUPPLIED.sub(r"<i>\1</i>", escape(text))


def frame(canvas: Canvas, *, stroke: Color, fill: Color | None = None, width: float = 1.5) -> PDFPathObject:
    """The card's rounded frame, filled if fill is given; returns its path for clipping."""
    path = canvas.beginPath()
    path.roundRect(SAFE, SAFE, CARD_WIDTH - 2 * SAFE, CARD_HEIGHT - 2 * SAFE, RADIUS)
    canvas.setStrokeColor(stroke)
    if fill is not None:
        canvas.setFillColor(fill)
    canvas.setLineWidth(width)
    canvas.drawPath(path, stroke=1, fill=int(fill is not None))
    return path


def _head(canvas: Canvas, card: PrintCard, colour: Color) -> None:
    top = CARD_HEIGHT - SAFE
    canvas.setFillColor(colour)
    canvas.rect(SAFE, top - HEAD, CARD_WIDTH - 2 * SAFE, HEAD, stroke=0, fill=1)
    middle = top - HEAD / 2
    draw_kind_icon(canvas, card.kind, SURFACE, SAFE + 8, middle - 7.5, 15)
    canvas.setFillColor(SURFACE)
    # Letter spacing is graphics state in PDF: keep it to the label.
    canvas.saveState()
    label = canvas.beginText(SAFE + 29, middle - 3)
    label.setFont(SANS_BOLD, 8)
    label.setCharSpace(0.65)
    label.textOut(Kind(card.kind).label.upper())
    canvas.drawText(label)
    canvas.restoreState()
    badge_x = CARD_WIDTH - SAFE - 8 - 9.5
    canvas.setFillColor(mix(SURFACE, 0.24, colour))
    canvas.circle(badge_x, middle, 9.5, stroke=0, fill=1)
    canvas.setFillColor(SURFACE)
    canvas.setFont(SANS_BOLD, 8.5)
    canvas.drawCentredString(badge_x, middle - 3, str(card.position))


def _foot(canvas: Canvas, card: PrintCard, colour: Color) -> None:
    left = SAFE + PAD
    top = SAFE + FOOT
    canvas.setStrokeColor(mix(colour, 0.25))
    canvas.setLineWidth(0.75)
    canvas.line(SAFE, top, CARD_WIDTH - SAFE, top)
    canvas.setFillColor(INK_SOFT)
    title = card.story_title
    size = 7.0
    while size > 5 and canvas.stringWidth(title, SANS_BOLD, size) > CARD_WIDTH - 2 * SAFE - 2 * PAD - 48:
        size -= 0.25
    canvas.setFont(SANS_BOLD, size)
    canvas.drawString(left, top - 10.5, title)
    canvas.setFont(SANS, 7)
    canvas.drawString(
        left, top - 19.5, _("Story %(story)s of %(count)s") % {"story": card.position, "count": card.total}
    )
    canvas.setFont(SANS, 5)
    canvas.drawString(left, top - 27.5, f"JustAllowGod · {rules_label()}")
    _pips(canvas, card.kind, CARD_WIDTH - SAFE - PAD - 3.75, top - 17)


def _pips(canvas: Canvas, this: str, right: float, middle: float) -> None:
    """Four pips, Person to Word; this card's is filled and ringed, as a held card is on screen."""
    for index, kind in enumerate(reversed(KIND_ORDER)):
        x = right - index * 11.5
        colour = KIND_COLOURS[kind]
        canvas.setStrokeColor(colour)
        canvas.setFillColor(colour)
        canvas.setLineWidth(1.4)
        canvas.circle(x, middle, 3.6, stroke=1, fill=1 if kind == this else 0)
        if kind == this:
            canvas.setLineWidth(0.8)
            canvas.circle(x, middle, 5.6, stroke=1, fill=0)


def _styles(colour: Color, scale: float) -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle(
            "title", fontName=SERIF_BOLD, fontSize=14 * scale, leading=16.8 * scale, textColor=colour
        ),
        "desc": ParagraphStyle(
            "desc", fontName=SANS, fontSize=8.5 * scale, leading=11.9 * scale, textColor=INK_SOFT
        ),
        "verse": ParagraphStyle("verse", fontName=SERIF, fontSize=8.6 * scale, leading=12.4 * scale),
        "cite": ParagraphStyle(
            "cite", fontName=SANS_BOLD, fontSize=6.6 * scale, leading=9 * scale, textColor=INK_SOFT
        ),
        "english": ParagraphStyle(
            "english", fontName=SANS, fontSize=6.6 * scale, leading=8.6 * scale, textColor=INK_SOFT
        ),
    }


def _body_parts(card: PrintCard, styles: dict[str, ParagraphStyle]) -> list[tuple[str, Paragraph]]:
    parts = [("title", Paragraph(markup(card.title), styles["title"]))]
    if card.english:
        # The table's own words for it (static/js/cards.js), so the catalogs hold one entry.
        parts.append(("english", Paragraph(markup(_("In English: not translated yet")), styles["english"])))
    parts.append(("desc", Paragraph(markup(card.description), styles["desc"])))
    if card.kind == Kind.WORD and card.verse_text:
        parts.append(("verse", Paragraph(verse_markup(card.verse_text), styles["verse"])))
        if card.reference and card.reference != card.title:
            parts.append(("cite", Paragraph(markup(card.reference), styles["cite"])))
    return parts


def _body(canvas: Canvas, card: PrintCard, colour: Color) -> None:
    """Icon, title, line and verse, centred in the body; the text shrinks until it fits."""
    width = CARD_WIDTH - 2 * SAFE - 2 * PAD
    room = CARD_HEIGHT - 2 * SAFE - HEAD - FOOT - 2 * PAD
    show_mark = not (card.kind == Kind.WORD and card.verse_text)
    for scale in _SCALES:
        mark = 34 * scale if show_mark else 0
        gaps = {"title": 0, "english": 2 * scale, "desc": 4 * scale, "verse": 7 * scale, "cite": 3 * scale}
        parts = _body_parts(card, _styles(colour, scale))
        indent = 7 * scale
        heights = [p.wrap(width - (indent if n in {"verse", "cite"} else 0), room)[1] for n, p in parts]
        total = (mark + 7 * scale if mark else 0) + sum(heights) + sum(gaps[n] for n, _ in parts)
        if total <= room:
            break
    y = SAFE + FOOT + PAD + (room + total) / 2
    if mark:
        draw_kind_icon(canvas, card.kind, colour, SAFE + PAD, y - mark, mark)
        y -= mark + 7 * scale
    for (name, paragraph), height in zip(parts, heights, strict=True):
        y -= gaps[name]
        x = SAFE + PAD + (indent if name in {"verse", "cite"} else 0)
        paragraph.drawOn(canvas, x, y - height)
        if name == "verse":
            canvas.setStrokeColor(colour)
            canvas.setLineWidth(2)
            canvas.line(SAFE + PAD + 1, y + 1, SAFE + PAD + 1, y - height - 1)
        y -= height


def _wash(canvas: Canvas, colour: Color, steps: int = 24) -> None:
    """The faint wash of the kind's colour down the top of the face (cards.css's gradient).

    Drawn as thin bands: a PDF shading would need a resource that reportlab leaves off forms.
    """
    top = CARD_HEIGHT - SAFE
    band = 0.4 * CARD_HEIGHT / steps
    for step in range(steps):
        canvas.setFillColor(mix(colour, 0.09 * (1 - step / steps)))
        canvas.rect(SAFE, top - (step + 1) * band, CARD_WIDTH - 2 * SAFE, band + 0.3, stroke=0, fill=1)


def draw_front(canvas: Canvas, card: PrintCard) -> None:
    """A card's face, as the game shows it."""
    colour = KIND_COLOURS[card.kind]
    canvas.saveState()
    path = frame(canvas, stroke=colour, fill=SURFACE)
    canvas.clipPath(path, stroke=0, fill=0)
    _wash(canvas, colour)
    _head(canvas, card, colour)
    _foot(canvas, card, colour)
    _body(canvas, card, colour)
    canvas.restoreState()
    # The border again, over the colour band's corners.
    frame(canvas, stroke=colour)


def motto() -> str:
    """Matthew 7:7's first two clauses in the active language's Bible: "Ask, and it shall be given
    you; seek, and ye shall find." in the KJV. Bible words are quoted, never translated by us."""
    verse = bibles.for_language(get_language()).verse_text(pb.Book.MATTHEW, 7, 7)
    return "; ".join(clause.strip() for clause in verse.split(";")[:2]).rstrip(".,:") + "."


def draw_back(canvas: Canvas) -> None:
    """The back every card shares: the circle of twelve stones, the name, and Matthew 7:7."""
    canvas.saveState()
    frame(canvas, stroke=BACK, fill=BACK)
    inner = canvas.beginPath()
    inner.roundRect(SAFE + 6, SAFE + 6, CARD_WIDTH - 2 * SAFE - 12, CARD_HEIGHT - 2 * SAFE - 12, RADIUS - 4)
    canvas.setStrokeColor(BACK_LIGHT)
    canvas.setLineWidth(0.8)
    canvas.drawPath(inner, stroke=1, fill=0)
    size = 104
    draw_site_icon(canvas, (CARD_WIDTH - size) / 2, CARD_HEIGHT / 2 - size / 2 + 14, size)
    canvas.setFillColor(BACK_LIGHT)
    canvas.setFont(SERIF_BOLD, 17)
    canvas.drawCentredString(CARD_WIDTH / 2, 66, "JustAllowGod")
    style = ParagraphStyle(
        "back", fontName=SERIF, fontSize=7, leading=9.5, textColor=BACK_LIGHT, alignment=TA_CENTER
    )
    words = Paragraph(markup(motto()), style)
    height = words.wrap(CARD_WIDTH - 2 * SAFE - 40, 40)[1]
    words.drawOn(canvas, SAFE + 20, 56 - height)
    canvas.setFont(SANS, 5)
    canvas.drawCentredString(CARD_WIDTH / 2, SAFE + 12, rules_label())
    canvas.restoreState()
