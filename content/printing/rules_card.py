"""The rules card that sits on top of the deck: the game in a minute, and the turn in four steps,
in the active language (its words are the catalogs'; the sizes shrink until a longer language fits)."""

from __future__ import annotations

import qrcode
from django.utils.html import strip_tags
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from content.printing.faces import HEAD, PAD, SAFE, frame, markup
from content.printing.fonts import SANS, SANS_BOLD, SERIF
from content.printing.palette import ACCENT, INK, INK_SOFT, SURFACE
from content.printing.sheets import CARD_HEIGHT, CARD_WIDTH
from content.rules_version import rules_label

# <b> marks the game's words in bold; a translation keeps the tags.
IN_A_MINUTE = (
    gettext_lazy(
        "Every story has four cards: a <b>Person</b>, a <b>Place</b>, a <b>Moment</b> and the <b>Word</b>."
    ),
    gettext_lazy("Deal 5 cards each. The rest go face down in the middle: that is <b>the Well</b>."),
    gettext_lazy(
        "Lay three or four cards of one story in front of you: a <b>stone</b>. Three are 2 points, "
        "all four 4 points; add the missing card later for 2 more."
    ),
    gettext_lazy(
        "Lay a Word card: the player on your left reads its verse, leaving out one word. Say it: 1 more point."
    ),
    gettext_lazy(
        "Twelve stones, or no stone left to make, and the game ends. Most points wins; a tie is shared."
    ),
)
# Each step is one sentence with its move's name where the language puts it (in the move's colour).
TURN_STEPS = (
    (
        pgettext_lazy("the move", "Ask"),
        gettext_lazy(
            # Translators: %(move)s is the move's name, "Ask" (the move), printed in bold.
            "%(move)s a player for a story you hold a card of. They hand you every card of it: ask again, or stop."
        ),
    ),
    (
        pgettext_lazy("the move", "Seek"),
        gettext_lazy(
            # Translators: %(move)s is the move's name, "Seek" (the move), printed in bold.
            "%(move)s If they have none, draw from the Well. Drew that story? Show it and ask again; if not, stop."
        ),
    ),
    (
        pgettext_lazy("the move", "Knock"),
        # Translators: %(move)s is the move's name, "Knock" (the move), printed in bold.
        gettext_lazy("%(move)s Any time in your turn, lay three or four cards of one story: a stone."),
    ),
    (
        pgettext_lazy("the move", "Seal"),
        # Translators: %(move)s is the move's name, "Seal" (the move), printed in bold.
        gettext_lazy("%(move)s Add the fourth card to your own stone of three: 2 more points."),
    ),
)
QR_SIZE = 58.0
_WIDTH = CARD_WIDTH - 2 * SAFE - 2 * PAD


def _paragraph(text: str, style: ParagraphStyle, **kwargs: str) -> Paragraph:
    """A paragraph of a catalog's words; if a translation's tags do not parse, its words without them."""
    try:
        return Paragraph(text, style, **kwargs)
    except ValueError:
        return Paragraph(markup(strip_tags(text)), style, **kwargs)


def _band(canvas: Canvas, label: str) -> None:
    top = CARD_HEIGHT - SAFE
    canvas.setFillColor(ACCENT)
    canvas.rect(SAFE, top - HEAD, CARD_WIDTH - 2 * SAFE, HEAD, stroke=0, fill=1)
    canvas.setFillColor(SURFACE)
    label = label.upper()
    size, spacing = 8.0, 0.65
    while size > 6 and canvas.stringWidth(label, SANS_BOLD, size) + spacing * len(label) > _WIDTH:
        size -= 0.25
    # Letter spacing is graphics state in PDF: keep it to the label.
    canvas.saveState()
    text = canvas.beginText(SAFE + PAD, top - HEAD / 2 - 3)
    text.setFont(SANS_BOLD, size)
    text.setCharSpace(spacing)
    text.textOut(label)
    canvas.drawText(text)
    canvas.restoreState()


def _version(canvas: Canvas) -> None:
    canvas.setFillColor(INK_SOFT)
    canvas.setFont(SANS, 6)
    canvas.drawCentredString(CARD_WIDTH / 2, SAFE + 6, f"JustAllowGod  ·  {rules_label()}")


def _stack(canvas: Canvas, paragraphs: list[Paragraph], top: float, gap: float) -> float:
    """Paragraphs one under another from top; returns where the last one ends."""
    for paragraph in paragraphs:
        height = paragraph.wrap(_WIDTH, CARD_HEIGHT)[1]
        paragraph.drawOn(canvas, SAFE + PAD, top - height)
        top -= height + gap
    return top


def _minute(size: float) -> list[Paragraph]:
    style = ParagraphStyle(
        "minute",
        fontName=SERIF,
        fontSize=size,
        leading=size * 9.6 / 7.6,
        textColor=INK,
        leftIndent=9,
        bulletFontName=SANS_BOLD,
        bulletColor=ACCENT,
    )
    return [_paragraph(str(line), style, bulletText=str(n)) for n, line in enumerate(IN_A_MINUTE, start=1)]


def draw_rules_front(canvas: Canvas) -> None:
    """The game in a minute, in the largest type (7.6 pt at most) that leaves the version clear."""
    canvas.saveState()
    frame(canvas, stroke=ACCENT, fill=SURFACE)
    _band(canvas, _("The game in a minute"))
    top = CARD_HEIGHT - SAFE - HEAD - PAD
    room = top - (SAFE + 12 + PAD)
    size = 7.6
    while size > 5.5 and sum(p.wrap(_WIDTH, room)[1] + 5 for p in _minute(size)) > room:
        size -= 0.1
    _stack(canvas, _minute(size), top, 5)
    _version(canvas)
    canvas.restoreState()


def _accent(words: str) -> str:
    return f'<font name="{SANS_BOLD}" color="#{ACCENT.hexval()[2:]}">{words}</font>'


def _steps(size: float) -> list[Paragraph]:
    """Each step numbered, its move's name in the accent colour wherever its sentence puts it."""
    style = ParagraphStyle("step", fontName=SERIF, fontSize=size, leading=size * 1.26, textColor=INK)
    return [
        Paragraph(f"{_accent(f'{n}.')} " + markup(str(text)) % {"move": _accent(markup(str(name)))}, style)
        for n, (name, text) in enumerate(TURN_STEPS, start=1)
    ]


def draw_rules_back(canvas: Canvas, how_to_play_url: str) -> None:
    """Your turn in four steps, and a QR code that opens How to play."""
    canvas.saveState()
    frame(canvas, stroke=ACCENT, fill=SURFACE)
    _band(canvas, _("Your turn in four steps"))
    qr_bottom = SAFE + 16
    top = CARD_HEIGHT - SAFE - HEAD - PAD
    room = top - (qr_bottom + QR_SIZE + PAD)
    # The steps take the room above the code, in the largest type that fits it.
    size = 7.8
    while size > 5.5 and sum(p.wrap(_WIDTH, room)[1] + 4 for p in _steps(size)) > room:
        size -= 0.1
    _stack(canvas, _steps(size), top, 4)
    draw_qr(canvas, how_to_play_url, SAFE + PAD, qr_bottom, QR_SIZE)
    note = Paragraph(
        markup(_("Scan for How to play, with pictures, and the questions families ask.")),
        ParagraphStyle("scan", fontName=SANS, fontSize=6.6, leading=8.6, textColor=INK_SOFT),
    )
    note_width = CARD_WIDTH - 2 * SAFE - 3 * PAD - QR_SIZE
    note_height = note.wrap(note_width, QR_SIZE)[1]
    note.drawOn(canvas, SAFE + 2 * PAD + QR_SIZE, qr_bottom + (QR_SIZE - note_height) / 2)
    _version(canvas)
    canvas.restoreState()


def qr_matrix(data: str) -> list[list[bool]]:
    """The QR code's modules, with no quiet zone (the card's pale face is the quiet zone)."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=0)
    code.add_data(data)
    code.make(fit=True)
    return code.get_matrix()


def draw_qr(canvas: Canvas, data: str, x: float, y: float, size: float) -> None:
    """A QR code in vector squares, one rectangle per run of dark modules in a row."""
    matrix = qr_matrix(data)
    module = size / len(matrix)
    canvas.setFillColor(INK)
    for row_index, row in enumerate(matrix):
        top = y + size - (row_index + 1) * module
        column = 0
        while column < len(row):
            if not row[column]:
                column += 1
                continue
            start = column
            while column < len(row) and row[column]:
                column += 1
            canvas.rect(x + start * module, top, (column - start) * module, module, stroke=0, fill=1)
