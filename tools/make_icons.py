"""Makes the web app's icons in static/img/ (issue 32): the site's mark, as static/img/icon.svg
draws it (a card with a cross inside the circle of twelve stones), at the sizes a phone asks for.
The "any" icons are the round mark on a clear ground; the maskable one and Apple's fill the whole
square (a phone cuts its own shape from it), with the mark inside the middle 80% that is always
kept. Needs Pillow; run it again to remake the files (`python tools/make_icons.py`)."""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "img"
SUPERSAMPLE = 4  # drawn four times larger, then scaled down: smooth edges
PARCHMENT = (243, 227, 195, 255)  # icon.svg's circle
BROWN = (138, 90, 43, 255)  # its stones and lines
CARD = (255, 250, 240, 255)
CROSS = (176, 65, 62, 255)
GROUND = (251, 246, 236, 255)  # site.css --bg: the maskable icon's whole square
PALETTE = 64


def draw_mark(draw: ImageDraw.ImageDraw, centre: float, radius: float) -> None:
    """icon.svg's mark (drawn on a 64-unit square, circle radius 30) at any centre and radius."""
    unit = radius / 30

    def at(x: float, y: float) -> tuple[float, float]:
        return centre + (x - 32) * unit, centre + (y - 32) * unit

    draw.ellipse([*at(2, 2), *at(62, 62)], fill=PARCHMENT, outline=BROWN, width=round(3 * unit))
    for k in range(12):
        angle = 2 * math.pi * k / 12
        x, y = 32 + 22 * math.sin(angle), 32 - 22 * math.cos(angle)
        draw.ellipse([*at(x - 3.2, y - 3.2), *at(x + 3.2, y + 3.2)], fill=BROWN)
    draw.rounded_rectangle(
        [*at(22, 20), *at(42, 46)], radius=3 * unit, fill=CARD, outline=BROWN, width=round(2.5 * unit)
    )
    line = round(3 * unit)
    draw.line([at(32, 25), at(32, 41)], fill=CROSS, width=line)
    draw.line([at(26.5, 30.5), at(37.5, 30.5)], fill=CROSS, width=line)
    for x, y in (at(32, 25), at(32, 41), at(26.5, 30.5), at(37.5, 30.5)):  # round caps
        draw.ellipse([x - line / 2, y - line / 2, x + line / 2, y + line / 2], fill=CROSS)


def icon(size: int, *, full_bleed: bool) -> Image.Image:
    big = size * SUPERSAMPLE
    image = Image.new("RGBA", (big, big), GROUND if full_bleed else (0, 0, 0, 0))
    # A maskable icon keeps its mark within the safe circle (40% of the size as radius).
    draw_mark(ImageDraw.Draw(image), big / 2, big * (0.38 if full_bleed else 0.47))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def save(image: Image.Image, name: str) -> None:
    # Five flat colours and their soft edges fit a small palette: a tenth of the bytes.
    image.quantize(colors=PALETTE, method=Image.Quantize.FASTOCTREE).save(OUT / name, optimize=True)
    print(f"{name}: {image.size[0]}x{image.size[1]}, {(OUT / name).stat().st_size} bytes")


def main() -> None:
    save(icon(192, full_bleed=False), "icon-192.png")
    save(icon(512, full_bleed=False), "icon-512.png")
    save(icon(512, full_bleed=True), "icon-maskable-512.png")
    # iOS paints a clear ground black and rounds the corners itself.
    save(icon(180, full_bleed=True).convert("RGB"), "apple-touch-icon.png")


if __name__ == "__main__":
    main()
