"""Whole PDFs: the deck's sheets (fronts, and backs if asked) and the rules card's sheet."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from content.deal import DealtStory
from content.printing.faces import PrintCard, draw_back, draw_front
from content.printing.fonts import register_fonts
from content.printing.rules_card import draw_rules_back, draw_rules_front
from content.printing.sheets import CARD_HEIGHT, CARD_WIDTH, Grid, Paper, draw_crop_marks, draw_sheet_notes
from content.rules_version import RULES_LABEL


def print_cards(stories: Sequence[DealtStory]) -> list[PrintCard]:
    """Every card of the dealt stories, in deck order and in kind order, as printed."""
    total = len(stories)
    return [
        PrintCard(
            kind=card.kind,
            title=card.title,
            description=card.description,
            story_title=story.title,
            position=story.position,
            total=total,
            reference=card.reference,
            verse_text=card.verse_text,
        )
        for story in stories
        for card in story.cards
    ]


def _canvas(buffer: io.BytesIO, paper: Paper, title: str) -> Canvas:
    register_fonts()
    # invariant: no timestamp or random id, so the same deck always makes the same bytes.
    canvas = Canvas(buffer, pagesize=paper.size, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("JustAllowGod")
    canvas.setSubject(RULES_LABEL)
    canvas.setCreator("JustAllowGod print and play")
    return canvas


def _form(canvas: Canvas, name: str, draw: Callable[[Canvas], None]) -> str:
    """A card as a form XObject whose bounding box is the card's trim: 180 x 252 pt."""
    canvas.beginForm(name, 0, 0, CARD_WIDTH, CARD_HEIGHT)
    draw(canvas)
    canvas.endForm()
    return name


def _place(canvas: Canvas, form: str, at: tuple[float, float]) -> None:
    canvas.saveState()
    canvas.translate(*at)
    canvas.doForm(form)
    canvas.restoreState()


def build_deck_pdf(stories: Sequence[DealtStory], paper: Paper, *, backs: bool = False) -> bytes:
    """The deck, nine cards to a sheet; with backs, each sheet of faces is followed by its backs."""
    cards = print_cards(stories)
    grid = Grid(paper)
    sheets = [cards[i : i + grid.per_sheet] for i in range(0, len(cards), grid.per_sheet)]
    pages = len(sheets) * (2 if backs else 1)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, paper, f"JustAllowGod deck, {len(stories)} stories ({paper.label})")
    back = _form(canvas, "back", draw_back) if backs else None
    page = 0
    for number, sheet in enumerate(sheets):
        forms = [
            _form(canvas, f"card{number * grid.per_sheet + i + 1}", lambda c, card=card: draw_front(c, card))
            for i, card in enumerate(sheet)
        ]
        for index, form in enumerate(forms):
            _place(canvas, form, grid.slot(index))
        page += 1
        _finish(canvas, grid, "Card faces", page, pages)
        if back:
            for index in range(len(sheet)):
                _place(canvas, back, grid.slot(index, mirrored=True))
            page += 1
            _finish(
                canvas,
                grid,
                "Card backs: print on the back of the sheet before, flip on long edge",
                page,
                pages,
            )
    canvas.save()
    return buffer.getvalue()


def _finish(
    canvas: Canvas, grid: Grid, title: str, page: int, pages: int, folds: tuple[int, ...] = ()
) -> None:
    draw_crop_marks(canvas, grid, folds=folds)
    draw_sheet_notes(canvas, grid, title=title, sheet=page, sheets=pages)
    canvas.showPage()


def build_rules_card_pdf(paper: Paper, how_to_play_url: str) -> bytes:
    """Three rules cards on one sheet, each a front and a back side by side to cut out and fold."""
    grid = Grid(paper, columns=2, rows=3)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, paper, f"JustAllowGod rules card ({paper.label})")
    front = _form(canvas, "rules-front", draw_rules_front)
    back = _form(canvas, "rules-back", lambda c: draw_rules_back(c, how_to_play_url))
    for row in range(grid.rows):
        _place(canvas, front, grid.slot(row * 2))
        _place(canvas, back, grid.slot(row * 2 + 1))
    _finish(canvas, grid, "Rules cards: cut on the marks, fold on the dashed line", 1, 1, folds=(1,))
    canvas.save()
    return buffer.getvalue()
