"""Makes content/bibles/data/rv1909.json.gz and alm1911.json.gz: the Spanish Reina-Valera 1909 and the
Portuguese Almeida 1911 that the site ships with (issue 42), one verse list per chapter per book, as
each Bible numbers them. Both texts are in the public domain. Run it again to remake the files:

    python tools/make_bibles.py RV1909_JSON ALM1911_DIR

- RV1909_JSON: `json/es_rvr.json` of https://github.com/thiagobodruk/bible (commit 13225a15), the
  Reina-Valera 1909 text (its spelling "crió", "fué", "á" is the 1909 revision's). The repository's
  own licence (CC BY-NC) covers its arrangement; the text is the 1909 revision, long in the public
  domain, and we keep only the words of each verse, in our own file.
- ALM1911_DIR: `data/canonical/ALM1911/` of https://github.com/damarals/biblias (commit 6a5a40f0,
  MIT licence; its `meta.json` says "public-domain"), the João Ferreira de Almeida text of the 1911
  printing, one JSON file per book named by its USFM code.

Each file holds `books`, the 66 books in the KJV's order, each a list of chapters, each a list of
verse texts numbered as that Bible prints them; and `kjv_places`, the verses whose place differs
from the King James Version's: {"NUM": {"12:16": [13, 1]}} says that what the KJV numbers Numbers
12:16 is this Bible's 13:1 (books by their number, 1 to 66, in the KJV's order: Numbers is "4"). The Reina-Valera data set follows the KJV's numbering
and notes the printed one in front of the verse ("(13-1) Y DESPUÉS movió el pueblo..."); we put
each verse back in its printed place and drop the note. Two KJV verses printed as one are joined.
In three books (Judges 14, 1 Kings 22 and 1 Chronicles 21 are their only renumbered chapters) the
notes would leave a number with no verse, which no printed Bible does: those books keep the KJV's
numbering, as the data set's verses are.
The Almeida prints the KJV's 2 Corinthians 13:12-13 as one verse (ALMEIDA_PLACES).

What it mends, and nothing else: the Almeida's scan left an asterisk where a word was broken across
a line ("dizen-* *do", "por-* que", "Beth-*lehem"), put back as the printed word; two of its
misreadings are corrected by hand (CORRECTIONS); the Reina-Valera has one stray quotation mark and
one stray middle dot. The numbering is checked against the King James Version's by
tests/content/test_bibles.py, not here.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

# The 66 books in the KJV's order, by their USFM codes (the names the source files use).
BOOKS = [
    "GEN",
    "EXO",
    "LEV",
    "NUM",
    "DEU",
    "JOS",
    "JDG",
    "RUT",
    "1SA",
    "2SA",
    "1KI",
    "2KI",
    "1CH",
    "2CH",
    "EZR",
    "NEH",
    "EST",
    "JOB",
    "PSA",
    "PRO",
    "ECC",
    "SNG",
    "ISA",
    "JER",
    "LAM",
    "EZK",
    "DAN",
    "HOS",
    "JOL",
    "AMO",
    "OBA",
    "JON",
    "MIC",
    "NAM",
    "HAB",
    "ZEP",
    "HAG",
    "ZEC",
    "MAL",
    "MAT",
    "MRK",
    "LUK",
    "JHN",
    "ACT",
    "ROM",
    "1CO",
    "2CO",
    "GAL",
    "EPH",
    "PHP",
    "COL",
    "1TH",
    "2TH",
    "1TI",
    "2TI",
    "TIT",
    "PHM",
    "HEB",
    "JAS",
    "1PE",
    "2PE",
    "1JN",
    "2JN",
    "3JN",
    "JUD",
    "REV",
]

OUT = Path(__file__).resolve().parent.parent / "content" / "bibles" / "data"

# The Almeida scan's misread words, as the 1911 printing has them.
CORRECTIONS = {"co*uo": "como", "che*astes": "chegastes"}
_SPLIT_WORD = re.compile(r"-\* \*?(?=[a-zà-ú])")  # "dizen-* *do", "ensi-* no": one word broken
_PRINTED_PLACE = re.compile(r"^\((\d+)-(\d+)\) ")
# What the KJV numbers 2 Corinthians 13:13 and 13:14, the Almeida prints as 13:12 and 13:13.
ALMEIDA_PLACES = {"2CO": {"13:13": [13, 12], "13:14": [13, 13]}}
_STRAY = {"“Galileos": "Galileos", '"Galileos': "Galileos", "·mas": "mas"}


def almeida_verse(text: str) -> str:
    for wrong, right in CORRECTIONS.items():
        text = text.replace(wrong, right)
    joined = _SPLIT_WORD.sub("", text)
    # What is left is a hyphen the printing keeps ("Beth-*lehem", "chamou-*se"), or a stray mark.
    joined = joined.replace("-*", "-").replace("*", "")
    return " ".join(joined.split())


def reina_valera_verse(text: str) -> str:
    for wrong, right in _STRAY.items():
        text = text.replace(wrong, right)
    return " ".join(text.split())


def reina_valera(path: Path) -> tuple[dict[str, list[list[str]]], dict[str, dict[str, list[int]]]]:
    """The books in their printed numbering, and the KJV places that differ from it."""
    books = json.loads(path.read_text(encoding="utf-8-sig"))
    if len(books) != len(BOOKS):
        raise SystemExit(f"{path}: {len(books)} books, not 66")
    out, places = {}, {}
    for code, book in zip(BOOKS, books, strict=True):
        printed: dict[tuple[int, int], list[str]] = {}
        for c, chapter in enumerate(book["chapters"], start=1):
            for v, text in enumerate(chapter, start=1):
                text = reina_valera_verse(text)
                if found := _PRINTED_PLACE.match(text):
                    place = (int(found[1]), int(found[2]))
                    text = text[found.end() :]
                    if place != (c, v):
                        places.setdefault(code, {})[f"{c}:{v}"] = list(place)
                else:
                    place = (c, v)
                printed.setdefault(place, []).append(text)
        chapters = _printed_chapters(printed)
        if chapters is None:  # a note that leaves a hole: the whole book keeps the KJV's numbering
            chapters = [[reina_valera_verse(_PRINTED_PLACE.sub("", t)) for t in c] for c in book["chapters"]]
            places.pop(code, None)
        out[code] = chapters
    return out, places


def _printed_chapters(printed: dict[tuple[int, int], list[str]]) -> list[list[str]] | None:
    """The chapters in printed order, or None if a chapter would miss a number."""
    chapters = []
    for c in range(1, max(p[0] for p in printed) + 1):
        numbers = sorted(v for (pc, v) in printed if pc == c)
        if numbers != list(range(1, len(numbers) + 1)):
            return None
        chapters.append([" ".join(printed[(c, v)]) for v in numbers])
    return chapters


def almeida(folder: Path) -> dict[str, list[list[str]]]:
    out = {}
    for code in BOOKS:
        book = json.loads((folder / f"{code}.json").read_text(encoding="utf-8"))
        chapters = []
        for number, chapter in enumerate(book["chapters"], start=1):
            if chapter["number"] != number:
                raise SystemExit(f"{code}: chapter {chapter['number']} where {number} was due")
            verses = chapter["verses"]
            if [v["number"] for v in verses] != list(range(1, len(verses) + 1)):
                raise SystemExit(f"{code} {number}: the verses are not numbered 1, 2, 3...")
            chapters.append([almeida_verse(v["text"]) for v in verses])
        out[code] = chapters
    return out


def write(name: str, books: dict[str, list[list[str]]], places: dict[str, dict[str, list[int]]]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    # Books by their number in the KJV's order (1 to 66), so the site needs no list of codes.
    numbered = {str(BOOKS.index(code) + 1): moved for code, moved in places.items()}
    whole = {"books": [books[code] for code in BOOKS], "kjv_places": numbered}
    data = json.dumps(whole, ensure_ascii=False, separators=(",", ":")).encode()
    # mtime=0: the same text makes the same bytes, so remaking it changes nothing in git.
    (OUT / f"{name}.json.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    verses = sum(1 for b in books.values() for c in b for v in c if v)
    print(f"{name}: {verses} verses, {sum(len(p) for p in places.values())} numbered unlike the KJV")


def main(rv1909: str, alm1911: str) -> None:
    write("rv1909", *reina_valera(Path(rv1909)))
    write("alm1911", almeida(Path(alm1911)), ALMEIDA_PLACES)


if __name__ == "__main__":
    main(*sys.argv[1:3])
