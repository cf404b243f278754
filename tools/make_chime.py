"""Makes static/sounds/chime.wav, the table screen's soft chime (issue 31): two bell-like notes, a
fifth apart, each a sine with two quiet overtones and a gentle decay. Nothing but the standard
library; run it again to remake the file (`python tools/make_chime.py`)."""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

RATE = 16_000  # samples a second: plenty for a chime, and a small file
SECONDS = 0.9
NOTES = [(0.0, 659.25), (0.16, 987.77)]  # E5, then B5 a fifth above
OVERTONES = [(1.0, 1.0), (2.0, 0.18), (3.0, 0.06)]  # (times the note, loudness)
LOUDNESS = 0.32  # of full scale: soft beside speech
OUT = Path(__file__).resolve().parent.parent / "static" / "sounds" / "chime.wav"


def sample(t: float) -> float:
    value = 0.0
    for start, pitch in NOTES:
        since = t - start
        if since < 0:
            continue
        attack = min(1.0, since / 0.008)  # no click at the start
        decay = math.exp(-since * 4.5)
        for times, loud in OVERTONES:
            value += attack * decay * loud * math.sin(2 * math.pi * pitch * times * since)
    fade = min(1.0, (SECONDS - t) / 0.05)  # nor at the end
    return value * fade / len(NOTES)


def main() -> None:
    frames = bytearray()
    for n in range(int(RATE * SECONDS)):
        frames += struct.pack("<h", int(max(-1.0, min(1.0, sample(n / RATE) * LOUDNESS)) * 32767))
    with wave.open(str(OUT), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    print(f"{OUT}: {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
