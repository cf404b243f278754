"""Whole PDFs: the deck's sheets (fronts, and backs if asked) and the rules card's sheet, each drawn
in one language (the active one unless named): every word of the layout through that language's
catalog, the cards in the deal's words for it."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.pdfgen.canvas import Canvas

from content.deal import DealtStory
from content.printing.faces import PrintCard, draw_back, draw_front
from content.printing.fonts import register_fonts
from content.printing.languages import ENGLISH, print_language
from content.printing.rules_card import draw_rules_back, draw_rules_front
from content.printing.sheets import CARD_HEIGHT, CARD_WIDTH, Grid, Paper, draw_crop_marks, draw_sheet_notes
from content.rules_version import rules_label


def _story_cards(story: DealtStory, total: int, language: str) -> list[PrintCard]:
    """A story's four cards in a language: its translation's words if it has one, else the English,
    marked; the Word card's verse and reference always from that language's Bible, as the table
    quotes them (DealtStory.in_language)."""
    title, faces, english = story.in_language(language)
    return [
        PrintCard(
            kind=face["kind"],
            title=face["title"],
            description=face["description"],
            story_title=title,
            position=story.position,
            total=total,
            reference=face["reference"],
            verse_text=face["verse_text"],
            english=english,
        )
        for face in faces
    ]


def print_cards(stories: Sequence[DealtStory], language: str = ENGLISH) -> list[PrintCard]:
    """Every card of the dealt stories, in deck order and in kind order, as printed in a language."""
    return [card for story in stories for card in _story_cards(story, len(stories), language)]


def _canvas(buffer: io.BytesIO, paper: Paper, title: str, language: str) -> Canvas:
    register_fonts()
    # invariant: no timestamp or random id, so the same deck always makes the same bytes.
    canvas = Canvas(buffer, pagesize=paper.size, invariant=1, pageCompression=1, lang=language)
    canvas.setTitle(title)
    canvas.setAuthor("JustAllowGod")
    canvas.setSubject(rules_label())
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


def build_deck_pdf(
    stories: Sequence[DealtStory], paper: Paper, *, backs: bool = False, language: str | None = None
) -> bytes:
    """The deck, nine cards to a sheet; with backs, each sheet of faces is followed by its backs."""
    language = print_language(language or translation.get_language())
    with translation.override(language):
        return _deck(stories, paper, backs, language)


def _deck(stories: Sequence[DealtStory], paper: Paper, backs: bool, language: str) -> bytes:
    cards = print_cards(stories, language)
    grid = Grid(paper)
    sheets = [cards[i : i + grid.per_sheet] for i in range(0, len(cards), grid.per_sheet)]
    pages = len(sheets) * (2 if backs else 1)
    buffer = io.BytesIO()
    title = ngettext(
        "JustAllowGod deck, %(count)s story (%(paper)s)",
        "JustAllowGod deck, %(count)s stories (%(paper)s)",
        len(stories),
    ) % {"count": len(stories), "paper": paper.label}
    canvas = _canvas(buffer, paper, title, language)
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
        _finish(canvas, grid, _("Card faces"), page, pages)
        if back:
            for index in range(len(sheet)):
                _place(canvas, back, grid.slot(index, mirrored=True))
            page += 1
            _finish(
                canvas,
                grid,
                _("Card backs: print on the back of the sheet before, flip on long edge"),
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


def build_rules_card_pdf(paper: Paper, how_to_play_url: str, *, language: str | None = None) -> bytes:
    """Three rules cards on one sheet, each a front and a back side by side to cut out and fold."""
    language = print_language(language or translation.get_language())
    with translation.override(language):
        return _rules_card(paper, how_to_play_url, language)


def _rules_card(paper: Paper, how_to_play_url: str, language: str) -> bytes:
    grid = Grid(paper, columns=2, rows=3)
    buffer = io.BytesIO()
    title = _("JustAllowGod rules card (%(paper)s)") % {"paper": paper.label}
    canvas = _canvas(buffer, paper, title, language)
    front = _form(canvas, "rules-front", draw_rules_front)
    back = _form(canvas, "rules-back", lambda c: draw_rules_back(c, how_to_play_url))
    for row in range(grid.rows):
        _place(canvas, front, grid.slot(row * 2))
        _place(canvas, back, grid.slot(row * 2 + 1))
    _finish(canvas, grid, _("Rules cards: cut on the marks, fold on the dashed line"), 1, 1, folds=(1,))
    canvas.save()
    return buffer.getvalue()
