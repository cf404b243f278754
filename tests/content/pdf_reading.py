"""Reading the print-and-play PDFs back in tests: pages, where each card lands, text and QR codes."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pypdfium2
import zxingcpp
from pypdf import PdfReader
from pypdf.generic import ContentStream


@dataclass(frozen=True)
class Placed:
    """A form XObject drawn on a page: its name and its bounding box in page points."""

    name: str
    left: float
    bottom: float
    width: float
    height: float


def _multiply(a: list[float], b: list[float]) -> list[float]:
    """PDF matrices [a b c d e f]: a then b."""
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def placed_forms(reader: PdfReader, page_number: int) -> list[Placed]:
    """Every form a page draws, its /BBox carried through the transformation it is drawn with."""
    page = reader.pages[page_number]
    xobjects = page["/Resources"].get("/XObject", {})
    matrix = [1.0, 0, 0, 1.0, 0, 0]
    stack: list[list[float]] = []
    found = []
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"q":
            stack.append(matrix)
        elif operator == b"Q":
            matrix = stack.pop()
        elif operator == b"cm":
            matrix = _multiply([float(x) for x in operands], matrix)
        elif operator == b"Do":
            form = xobjects[operands[0]].get_object()
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            a, b, c, d, e, f = matrix
            assert b == 0 and c == 0, "cards are never turned"
            found.append(Placed(str(operands[0]), a * x0 + e, d * y0 + f, a * (x1 - x0), d * (y1 - y0)))
    return found


def page_text(reader: PdfReader, page_number: int) -> str:
    """A page's text with every run of white space made one space (lines wrap inside cards)."""
    return " ".join(reader.pages[page_number].extract_text().split())


def read_qr_codes(pdf: bytes, page_number: int = 0) -> list[str]:
    """Render a page (at 216 dpi) and decode every QR code on it, as a phone camera would."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[page_number].render(scale=3).to_pil()
    finally:
        document.close()
    return [
        found.text for found in zxingcpp.read_barcodes(image) if found.format == zxingcpp.BarcodeFormat.QRCode
    ]


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))
