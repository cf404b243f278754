"""QR codes of join links, as SVG."""

from __future__ import annotations

import qrcode
import qrcode.image.svg


def qr_svg(url: str) -> bytes:
    """An SVG QR code that a phone camera opens as the given URL."""
    image = qrcode.make(
        url,
        image_factory=qrcode.image.svg.SvgPathFillImage,
        box_size=10,
        border=2,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
    )
    return image.to_string(encoding="unicode").encode()
