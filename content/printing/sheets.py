"""Sheets of cards at true size: the paper, the grid, crop marks and the note every sheet carries,
in the active language."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from content.printing.fonts import SANS, SANS_BOLD
from content.printing.palette import INK_SOFT, MARK
from content.rules_version import rules_label

# A playing card, 2.5 x 3.5 in (63.5 x 88.9 mm), in points.
CARD_WIDTH = 180.0
CARD_HEIGHT = 252.0
# In English here; each sheet prints it in the active language.
PRINT_NOTE = gettext_noop("Print at 100% (Actual size), not Fit to page")
_MARK_GAP = 3.0
_MARK_LENGTH = 9.0
_NOTE_SIZE = 7.5


class Paper(StrEnum):
    """The two sheets families print on."""

    LETTER = "letter"
    A4 = "a4"

    @property
    def size(self) -> tuple[float, float]:
        return LETTER if self is Paper.LETTER else A4

    @property
    def label(self) -> str:
        return pgettext("paper size", "US Letter") if self is Paper.LETTER else "A4"


@dataclass(frozen=True)
class Grid:
    """Cards edge to edge in columns and rows, centred on the sheet, so one cut serves two cards."""

    paper: Paper
    columns: int = 3
    rows: int = 3

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        """The grid's lower-left corner."""
        width, height = self.paper.size
        return (width - self.columns * CARD_WIDTH) / 2, (height - self.rows * CARD_HEIGHT) / 2

    def slot(self, index: int, *, mirrored: bool = False) -> tuple[float, float]:
        """The lower-left corner of a card, reading left to right and top to bottom.

        Mirrored places it where it lands on the back of the sheet when the sheet is turned
        over on its long edge, as double-sided printing does.
        """
        row, column = divmod(index, self.columns)
        if mirrored:
            column = self.columns - 1 - column
        left, bottom = self.origin
        return left + column * CARD_WIDTH, bottom + (self.rows - 1 - row) * CARD_HEIGHT

    @property
    def side_margin(self) -> float:
        return self.origin[0]

    @property
    def top_margin(self) -> float:
        return self.origin[1]


def draw_crop_marks(canvas: Canvas, grid: Grid, *, folds: tuple[int, ...] = ()) -> None:
    """Short lines in the margins on every cut line; a column boundary listed in folds gets a dashed mark."""
    left, bottom = grid.origin
    right = left + grid.columns * CARD_WIDTH
    top = bottom + grid.rows * CARD_HEIGHT
    canvas.saveState()
    canvas.setStrokeColor(MARK)
    canvas.setLineWidth(0.5)
    for column in range(grid.columns + 1):
        x = left + column * CARD_WIDTH
        canvas.setDash(2, 2) if column in folds else canvas.setDash()
        canvas.line(x, top + _MARK_GAP, x, top + _MARK_GAP + _MARK_LENGTH)
        canvas.line(x, bottom - _MARK_GAP, x, bottom - _MARK_GAP - _MARK_LENGTH)
    canvas.setDash()
    for row in range(grid.rows + 1):
        y = bottom + row * CARD_HEIGHT
        canvas.line(left - _MARK_GAP - _MARK_LENGTH, y, left - _MARK_GAP, y)
        canvas.line(right + _MARK_GAP, y, right + _MARK_GAP + _MARK_LENGTH, y)
    canvas.restoreState()


def draw_sheet_notes(canvas: Canvas, grid: Grid, *, title: str, sheet: int, sheets: int) -> None:
    """The print note, the rules version and what the sheet is, in the roomiest margins.

    A4 has room above and below the cards; US Letter only at the sides, so there the notes run
    up the middle of the side margins, clear of the crop marks and of the paper's edge.
    """
    width, height = grid.paper.size
    note = f"{_(PRINT_NOTE)}  ·  JustAllowGod  ·  {rules_label()}"
    about = f"{title}  ·  " + _("Sheet %(sheet)s of %(sheets)s") % {"sheet": sheet, "sheets": sheets}
    canvas.saveState()
    canvas.setFillColor(INK_SOFT)
    if grid.top_margin >= 2 * (_MARK_GAP + _MARK_LENGTH):
        canvas.setFont(SANS_BOLD, _NOTE_SIZE)
        canvas.drawCentredString(width / 2, height - grid.top_margin / 2 - _NOTE_SIZE / 3, note)
        canvas.setFont(SANS, _NOTE_SIZE)
        canvas.drawCentredString(width / 2, grid.top_margin / 2 - _NOTE_SIZE / 3, about)
    else:
        middle = grid.side_margin / 2
        for x, text, font in ((width - middle, note, SANS_BOLD), (middle, about, SANS)):
            canvas.saveState()
            # Turned a quarter, the letters stand to the left of their baseline.
            canvas.translate(x + _NOTE_SIZE / 3, height / 2)
            canvas.rotate(90)
            canvas.setFont(font, _NOTE_SIZE)
            canvas.drawCentredString(0, 0, text)
            canvas.restoreState()
    canvas.restoreState()
