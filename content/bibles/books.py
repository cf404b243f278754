"""The names of the 66 books in Spanish and Portuguese, as those languages' Bibles and churches say
them today, in the KJV's order (pythonbible's Book 1 to 66). Written by us; English names are the
KJV's own (content/bible.py)."""

from __future__ import annotations

SPANISH = (
    "Génesis Éxodo Levítico Números Deuteronomio Josué Jueces Rut|1 Samuel|2 Samuel|1 Reyes|2 Reyes|"
    "1 Crónicas|2 Crónicas|Esdras Nehemías Ester Job Salmos Proverbios Eclesiastés Cantares Isaías "
    "Jeremías Lamentaciones Ezequiel Daniel Oseas Joel Amós Abdías Jonás Miqueas Nahúm Habacuc Sofonías "
    "Hageo Zacarías Malaquías Mateo Marcos Lucas Juan Hechos Romanos|1 Corintios|2 Corintios|Gálatas "
    "Efesios Filipenses Colosenses|1 Tesalonicenses|2 Tesalonicenses|1 Timoteo|2 Timoteo|Tito Filemón "
    "Hebreos Santiago|1 Pedro|2 Pedro|1 Juan|2 Juan|3 Juan|Judas Apocalipsis"
)
PORTUGUESE = (
    "Gênesis Êxodo Levítico Números Deuteronômio Josué Juízes Rute|1 Samuel|2 Samuel|1 Reis|2 Reis|"
    "1 Crônicas|2 Crônicas|Esdras Neemias Ester Jó Salmos Provérbios Eclesiastes Cânticos Isaías "
    "Jeremias Lamentações Ezequiel Daniel Oseias Joel Amós Obadias Jonas Miqueias Naum Habacuque "
    "Sofonias Ageu Zacarias Malaquias Mateus Marcos Lucas João Atos Romanos|1 Coríntios|2 Coríntios|"
    "Gálatas Efésios Filipenses Colossenses|1 Tessalonicenses|2 Tessalonicenses|1 Timóteo|2 Timóteo|"
    "Tito Filemom Hebreus Tiago|1 Pedro|2 Pedro|1 João|2 João|3 João|Judas Apocalipse"
)


def _names(text: str) -> tuple[str, ...]:
    """A name with a number keeps its space ("1 Samuel"); the others are split on spaces."""
    names: list[str] = []
    for piece in text.split("|"):
        if piece[:1].isdigit():
            names.append(piece)
        else:
            names.extend(piece.split())
    if len(names) != 66:
        raise ValueError(f"66 books are named, not {len(names)}")
    return tuple(names)


BOOK_NAMES = {"es": _names(SPANISH), "pt": _names(PORTUGUESE)}
