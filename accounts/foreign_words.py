"""Swear words and slurs in other languages, for accounts/wordfilter.py.

The maintained list is English. Spanish- and Portuguese-speaking families are joining next, so we
keep a short list of our own of their commonest swear words and slurs, with the commonest of German,
Polish, Russian (as written in Latin letters), Italian and French. Tags are plain A to Z, so each is
written without accents ("scheisse" for "scheiße"). Each is refused as a whole part, or as
neighbouring parts joined ("Hijo_De_Puta"); FOREIGN_ANYWHERE holds the long ones that no name holds,
refused inside a part as well ("Vaffanculo2000").

Left out on purpose, as they are ordinary names or words too: "cono" (a cone; the Italian name Cono),
"concha" (a shell; a Spanish name), "culo", "polla", "zorra" and "perra" (the first three also
"bottom", "pullet" and "fox"; all mild), "pinche" and "cacete" (mild, and a kitchen boy and a stick),
"bicha" (a worm in Portugal), "fick" and "ficker" (German surnames), "troia" (Troy in Italian, and
towns in Italy and Portugal), "figa", "batard" (a French loaf), "bite" (English), "hui" and "huy"
(Chinese and Vietnamese names), "nahui" (four, in Nahuatl), "pedal" and "debil" (English and Polish
words). Single short words are refused only whole, so names that hold them stay welcome: "Porras"
(a Spanish surname), "Asuka" (a Japanese name), "Sukarno", "Putra", "Hureira", "Merdan".

Judgement calls, each refused:
- "porra": in Spain a baton, a fried dough and a betting pool, but in Brazil as strong as the
  English f-word; no one is called Porra, and the surname Porras stays welcome.
- "verga": Spanish for penis, though also an Italian surname (the writer Giovanni Verga).
- "suka": Russian for bitch, though Indonesian and Malay for "to like"; "Asuka" stays welcome.
- "chuj": Polish for penis, though also the name of a Mayan people of Guatemala.
- "cyka": how "suka" looks when written in Cyrillic letters, as gamers write it.
- "hure": German for whore; a word, not a name.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


FOREIGN_WORDS = _words(
    """
    puta putas putos pendejo pendeja pendejos verga cabron cabrona cabrones chinga chingar chingada
    chingado mierda joder jodete gilipollas maricon maricones hijueputa hijoputa hijodeputa malparido culero

    caralho porra merda foda foder fodase fodido buceta boceta viado arrombado cuzao filhodaputa bosta
    piroca xoxota

    scheisse scheiss fotze arschloch hure hurensohn wichser schlampe ficken schwuchtel neger kanake spast

    kurwa kurwy chuj pierdol pierdole spierdalaj wypierdalaj jebac jebany jebana pizda skurwysyn

    blyat blyad cyka suka pizdets pizdec khuy mudak yebat pidor pidoras pidaras gandon nahuy

    cazzo cazzi stronzo stronza vaffanculo fanculo minchia puttana coglione frocio

    putain pute merde connard connasse salope salaud encule enculer niquetamere
    """
)

FOREIGN_ANYWHERE = _words(
    """
    caralho pendejo gilipollas hijueputa arschloch scheisse hurensohn kurwa pierdol pierdal skurwysyn
    vaffanculo puttana stronzo blyat connard
    """
)
