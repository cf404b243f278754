"""Words we never show: used for gamer tags and table codes.

The base is better-profanity's list (maintained on PyPI, MIT licensed: swear words, slurs and
hateful names such as "hitler", "kkk" and "nazi"), read from the installed package; we never copy
it in. Beside it live short lists of our own, each with its reason: words it lacks (below), other
languages' swear words (accounts/foreign_words.py), hateful phrases and codes
(accounts/hate_phrases.py), innocent words it holds, and innocent names that hold a rude word.

How a tag is read (issue 28, issue 49):
- Look-alikes: a lower-case l, 1, | and a capital I beside lower-case letters may be an i or an l;
  other digits and symbols read as letters (0 o, 3 e, 4 a, 5 s, 7 t, 8 b, 9 g, @ a, $ s, and 6 o
  inside a word only: "Wh6re", but "Tom86"); "rn" may be m, "vv" w and "qq" gg ("Niqqer"; a single
  q is left be, for "Qays" and "Faiq"). Only the tag is read loosely, never the words, so "Kian"
  is not "klan".
- Parts: underscores, hyphens and camelCase ("GasTheJews") split a tag into parts, and so may each
  run of digits. A run is read as letters ("N4zi", "Sh1t"), as a number of its own ("Nazi88",
  "Hannah_2016") and, when it sits between letters, as nothing at all ("Fu2ck", "Hit2ler",
  "Fa6ggot"); a 2 looks like no letter, so a run holding one is only ever a number or nothing.
  With up to 64 readings every one is tried; beyond that, for every three neighbouring runs every
  reading of those three, the others all read the same way (as letters, as numbers, or gone), so
  "55_88_0_0_0" still reads as "SS 88" and no tag costs more than a few hundred readings. A
  digit between two names joined may so join a rude word ("Simoes93Luthi" holds "slut"): an
  underscore ("Simoes_93_Luthi") keeps them apart.
- Whole parts: a word of the lists refuses a tag when it is a whole part, or several neighbouring
  parts joined ("Sh_it", "NaZi"). Short words are only ever matched this way, so "Michelle",
  "Cassie", "Bassoon" and "Hassan" are welcome.
- Anywhere (ANYWHERE): a short list of words long or rare enough to refuse inside a part
  ("bigshit", "fuuuck"), where each letter may be written more than once. They are not looked for
  across two parts, so "Rabbit_Chase" and "Crush_It" are welcome (the whole-part rule still reads
  "Sh_it"). Repeats are tried only against these words: a short word is matched letter for letter,
  so folding repeats never turns "Noob" into "nob" or "Woop" into "wop".
- Innocent containers (INNOCENT_CONTAINERS): names and places that hold a rude word ("Scunthorpe",
  "Matsushita", "Harshit", "Penistone", "Shiitake"), some of them across a break their owners
  write ("HanCock", "Van_Dyke"). A word found wholly inside one is not counted, whether found
  anywhere or as whole parts; the rest of the tag still is. We keep "Shitterton" (a hamlet in
  Dorset) and "Twatt" (Orkney) refused: a child reads the word, not the map.
- Hate (accounts/hate_phrases.py): phrases and codes read across parts and camelCase, since hate
  hides in joined words ("KillAllJews", "Gas_The_Jews", "JewHater", "Holohoax", "SiegHail",
  "1488"). A phrase touching a word that holds a group's name (GROUP_CONTAINERS: "Hate_Jewels")
  is not counted, and "Jew", "Proud_Jew" or "Muslim_Mum" are welcome: a group is never hateful,
  only what is said of it. Short hateful words ("heil", "zog", "kys", "rahowa") are refused as
  whole parts only, as names hold them ("Sheila", "ZahraHoward").
- Hate numbers: 14, 18 and 88 are welcome alone ("Sam88", "Ollie_88") and refused beside a
  hateful word or initials ("HH88", "SS_88", "AH88", "Adolf18"); 14 and 88 together, or 1488,
  always.

Judgement calls (tests/accounts/test_hateful_tags.py asserts each):
- Welcome: "Aryan" (a common Indian boy's name; "Aryan_Nation", "AryanPride" and "Aryan88" stay
  refused); "Adolf" (refused only with "lives", "was right", "H" or a hate number); "Chinese_Rat"
  (a year of the zodiac); "Hancock", "Woodcock", "VanDyke", "Cumming", "Weiner", "Hoare", "Dykes"
  and "Titi" (surnames and names); "Shiite", "Shiitake", "Shittah" (the tree of Isaiah 41:19),
  "Nazik", "Nazila", "Shitij", "Shitanshu" and Thai names ending "-porn" ("Siriporn": a blessing;
  see THAI_PORN_NAMES); "Sung_Hoe" ("hoe" is a garden tool, a surname and a Korean name's
  syllable; "hoes" stays refused); "Knob" and "Nob" (a door knob, and Nob, the city of priests of
  1 Samuel 21; "knobhead" and "nobhead" stay refused); "Gay" (a name, a surname and a word for
  glad; as with "Jew", hostile phrases about gay people stay refused); "Fanny" (a name still common
  in France and Spain and of the hymn writer Fanny Crosby; "fannyflaps" and the like stay
  refused); "Semen" (a Turkish woman's and a Russian man's name, and not a swear word); "Abbos"
  (an Uzbek name) and "Vlado" (a Slavic one), though "abbo" and "viado" are slurs.
- Refused: "Dick" (whatever the grandfathers' name, it is the commonest playground insult and is
  read as one; "Dickie", "Dickens", "Dickson" and "Moby_Dick" are welcome); "Coon" (a surname,
  but first a racial slur; "Maine_Coon" and "Raccoon" are welcome); "Dyke" alone (a slur, though
  also a bank of earth); "Kunt" (a Turkish name that reads as the English word); "Zog" (a hate
  code, and a dragon in a children's book); "Hoes" (a Dutch surname, but the slang's plural);
  "Supaporn", "Wannaporn" and "Kittiporn", real Thai names that read as English words before
  "porn", Thai names beginning "Porn-", and any of them written with a capital P ("SiriPorn"),
  which reads as two words; "Shitterton" and "Twatt". Other languages' calls ("Verga", "porra",
  "suka", "chuj"; "Cono" welcome) are in accounts/foreign_words.py.
"""

from __future__ import annotations

import importlib.resources
import itertools
import math
import re
from collections.abc import Iterable, Iterator

from accounts.foreign_words import FOREIGN_ANYWHERE, FOREIGN_WORDS
from accounts.hate_phrases import GROUP_CONTAINERS, HATE_NUMBERS, HATE_PARTNERS, HATE_PHRASES

# better-profanity writes many spellings of each word ("sh1t", "f u c k"); we keep its plain words
# only, since the reading below takes those spellings the same way.
_PLAIN = re.compile(r"^[a-z]+$")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words the maintained list lacks, refused as a whole part: swear words and their sound-alike
# spellings, then hateful words short or common enough inside innocent names to be matched only
# whole ("heil" is in "Sheila", "hitla" in "Whitlam").
OUR_ADDITIONS = _words(
    """
    bollocks bugger butt dicks goebbels heilhitler himmler hoes sexy siegheil slag swastika whitepower
    fukk fuq kunt kunts biatch shyt shyte phag phags azzhole thot thots boobies boobie rapey sexxx
    buttplug paedo paedos pedos paedophile paedophiles
    fck fcking kys heil nazis zog zogbot wpww fuhrer fuehrer darky darkies yid yids wog wogs gypo gyppo
    pikey pikeys nigguh tranny trannies spaz kaffir kaffer beaner beaners coons chinks spics gooks
    holohoax rahowa zyklon whitepride towelhead raghead darkie golliwog nignog jigaboo klansman untermensch
    nibba nibbas nicca niccas kneegrow kneegrows jooz kykes natzi natzis nahtzi nahtzee natzee hitla hitlr
    hitlar redskin redskins squaw squaws chinky chinkies negroid negroids spastic spastics mongoloid
    mongoloids abbo halfbreed halfbreeds godie goanddie
    """
)

# Playground insults: not swearing, but a name a child wears in front of a class's projector or a
# family's table should not call anyone names ("Idiot", "Poopy_Pants", "Stupid_Sam"). Refused as
# whole parts only, so "Stupidity" and "Dumbledore" are welcome; "Dumbo" (the elephant), "Noob" and
# "Nerd" are left to the family.
UNKIND = _words(
    """
    idiot idiots idiotic stupid stupids moron morons moronic dumb dumber dumbest loser losers poop poops
    poopy poo poos fart farts farty farting fatso fatsos
    """
)

# In the maintained list, yet a family's name, a child's word or a word of the Bible. ("god" is kept
# for the house by accounts/tags.py instead, so "God_is_good" is still welcome. "Dong" is a common
# Vietnamese and Chinese name; "gai" is how "Gal", a common Hebrew name, reads with l as i. The
# second line is the judgement calls of the module's docstring.)
INNOCENT = _words(
    """
    arian aryan cowgirl cowgirls dong gai god guido hemp hoar lech leper maxi nimrod organ ovary ovum ovums
    paddy pawn pot revue rum sandbar seaman seamen stroke thrust virgin wang willy womb woody yury
    cumming weiner hoare dykes titi knob nob gay fanny semen
    """
)


def _maintained_words() -> frozenset[str]:
    text = importlib.resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text("utf-8")
    return frozenset(word for word in (line.strip() for line in text.splitlines()) if _PLAIN.match(word))


RUDE_WORDS = (_maintained_words() | OUR_ADDITIONS | UNKIND | FOREIGN_WORDS) - INNOCENT

# Words rude enough, and rare enough inside innocent names, to refuse anywhere in a part (each
# letter may repeat: "fuuuck"). The rest are refused only as a whole part. "^" marks the start of a
# part and "$" its end: "nazi" begins or ends one ("nazilord", "ilovenazis"), as two names joined
# ("Linazimmer") hold it only in the middle; "^sheeit$" is a whole part whose letters may repeat.
ANYWHERE = (
    _words(
        """
        fuck fck shit cunt nigger nigga faggot phaggot whore wank twat bitch biatch pussy penis vagina
        dildo porn rapist retard bollock a(ss|zz)hole arsehole bullshit jizz slut hitler himmler goebbels
        swastika kkk ^nazi nazi(|s)$ kneegrow buttplug sexxx ^fukk ^sheeit$ ^shyt
        """
    )
    | FOREIGN_ANYWHERE
)

# Thai given names ending "-porn" ("blessing"): the part before it, as families write it in Latin
# letters. Left out: "supa", "wanna", "kitti" and "am", which read as English words before "porn"
# ("IAmporn"), and names that begin with "Porn-".
THAI_PORN_NAMES = (
    "siri kanya patchara phatchara pattara jira thana natta nanta sasi duang wilai yupa kodcha aunya "
    "kuna sarun pattatom ratcha chanya wara urai saowa kamol arun benja kula chaya thiti"
)

# Names, places and words that hold a rude word; a word found wholly inside one of them is not
# counted. "$" marks the end of a part ("Matsushita", "Ishita", not "shitass"), "^" its start, "."
# any letter, "(a|b)" a choice and "_" a break the name's owners write ("HanCock", "Van_Dyke").
INNOCENT_CONTAINERS = (
    # English places and words; the Bible's Shittim (the wood of the ark) and shittah tree.
    "scunthorpe",
    "penistone",
    "therapist",
    "trappist",
    "shittim",
    "shittah",
    "swank",
    "wankel",
    "pussycat",
    "pussywillow",
    # Japanese -shita names (Matsushita, Yamashita), Indian names (Harshit, Dikshit, Kshitij, Shitij,
    # Shitanshu, Shital, Wankhede, Poornima), Slutsk (Belarus) and Slutsky, Pennisi (Italian),
    # Dildora (Uzbek), and the Shiite and the shiitake.
    "shita$",
    "(har|dar|ak|rak|dik|lak)shit",
    "(k|)shiti(j|z)",
    "shitansh",
    "shital",
    "wankhede",
    "poorn",
    "slutsk",
    "pennisi",
    "dildor",
    "vlado",  # a Slavic name, read with l as i
    "shii(te|take)",
    # Arabic, Persian and Turkish names (Nazir, Nazih, Nazim, Nazia, Nazli, Nazik, Nazila), Italian
    # words and names (Ignazio, nazione, Tognazzi).
    "nazi(r|h|m|f|sh|ya|o)",
    "nazia$",
    "nazik$",
    "nazila",
    "nazli",
    ".nazzi",
    # Surnames and names written in two parts, one of them a rude word on its own.
    "(han|wood|pea|hitch|bab|al|hay|ad|wil)_cock",
    "cock_burn",
    "van_dyke",
    "moby_dick",
    "maine_coon",
    f"^({THAI_PORN_NAMES.replace(' ', '|')})porn$",
)

_LOOKALIKES = str.maketrans(
    {
        "0": "o",
        "1": "i",
        "3": "e",
        "4": "a",
        "5": "s",
        "7": "t",
        "8": "b",
        "9": "g",
        "@": "a",
        "$": "s",
        "|": "i",
        "!": "i",
    }
)


def fold(text: str) -> str:
    """Lower case, look-alike digits turned to letters, separators dropped."""
    return re.sub(r"[^a-z]", "", text.lower().translate(_LOOKALIKES))


# Letters that pass for one another in a small sans-serif font: l and I (and 1, which fold() reads
# as i) all read as i; "rn" reads as m and "vv" as w.
_SAME_LETTER = ("l", "i")
_JOINED_LETTERS = (("rn", "m"), ("vv", "w"))


def glance_fold(text: str, *, joined: bool = True) -> str:
    """A text as it reads at a glance: fold(), then l as i, and (unless joined=False) rn as m and
    vv as w. Reserved names (accounts/tags.py) are compared in this form on both sides; is_rude
    reads a tag with the same tables but keeps the words' own i and l apart (see below)."""
    folded = fold(text).replace(*_SAME_LETTER)
    if joined:
        for looks, reads in _JOINED_LETTERS:
            folded = folded.replace(looks, reads)
    return folded


# In a tag, lower-case l, 1 and | may each be read as i or as l, and so may a capital I that
# touches a lower-case letter ("HitIer", "SIut"); a lower-case i (its dot shows) is only ever i,
# and a capital I among capitals ("KIAN") reads as I. A word of the lists matches a text where each
# of its i's and l's is that letter or one of these. Only the text is read loosely: folding the
# words too would make "Kian" read as "klan", "Heli" as "hell" and "Pomegranate" as "porn".
_EITHER = "*"
_EITHER_CHARS = str.maketrans({"l": _EITHER, "|": _EITHER, "!": _EITHER, "@": "a", "$": "s"})
_CAPITAL_I_BY_LOWER_CASE = re.compile(r"(?<=[a-z])I|I(?=[a-z])")
# A new part starts at a capital after a lower-case letter ("GasThe"), or at the last capital of a
# run of them ("JEWKiller"); never at a capital I, which may be an l ("HitIer").
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-HJ-Z])|(?<=[A-Z])(?=[A-HJ-Z][a-z])")
_PIECES = re.compile(r"[a-z*]+|[0-9]+")
_DIGIT_LETTERS = str.maketrans(
    {"0": "o", "1": _EITHER, "3": "e", "4": "a", "5": "s", "6": "o", "7": "t", "8": "b", "9": "g"}
)
_NO_LOOKALIKE = re.compile(r"2")  # a run holding a 2 is read as a number, or as nothing
_INSIDE_ONLY = re.compile(r"6")  # a 6 is an o only inside a word ("Wh6re"), never after it ("Tom86")
# How a digit run may read: as letters, as a number of its own, or (between letters) as nothing.
_AS_LETTERS, _AS_NUMBER, _GONE = "letters", "number", "gone"
_MOST_READINGS = 64  # beyond this, every reading of each _WINDOW neighbouring runs, the rest alike
_WINDOW = 3


def _marked(text: str, *, camel: bool) -> list[list[str]]:
    """The text's chunks (between separators, and at camelCase when `camel`), each a list of its
    letter and digit runs, with i-or-l look-alikes marked."""
    if camel:
        text = _CAMEL.sub("/", text)
    marked = _CAPITAL_I_BY_LOWER_CASE.sub(_EITHER, text.translate(_EITHER_CHARS)).lower()
    return [_PIECES.findall(chunk) for chunk in re.split(r"[^a-z0-9*]+", marked) if chunk]


def _ways(chunks: list[list[str]]) -> list[tuple[str, ...]]:
    """How each digit run of the chunks may read, in order. Letter and digit runs alternate in a
    chunk, so a run that is neither first nor last sits between letters ("Fu2ck")."""
    ways = []
    for chunk in chunks:
        for index, piece in enumerate(chunk):
            if piece.isdigit():
                between = 0 < index < len(chunk) - 1
                readable = not _NO_LOOKALIKE.search(piece) and (between or not _INSIDE_ONLY.search(piece))
                ways.append(
                    (_AS_NUMBER, *((_AS_LETTERS,) if readable else ()), *((_GONE,) if between else ()))
                )
    return ways


def _choices(ways: list[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """Readings of the digit runs: all of them when there are few; else, for each _WINDOW
    neighbouring runs, every reading of those with the others all read one way (or as a number,
    where they cannot be read that way), so a tag of n runs costs at most 3 * 27 * n readings."""
    if math.prod(len(way) for way in ways) <= _MOST_READINGS:
        return set(itertools.product(*ways))
    chosen = set()
    for alike in (_AS_LETTERS, _AS_NUMBER, _GONE):
        rest = [alike if alike in way else _AS_NUMBER for way in ways]
        for start in range(len(ways) - _WINDOW + 1):
            for near in itertools.product(*ways[start : start + _WINDOW]):
                chosen.add((*rest[:start], *near, *rest[start + _WINDOW :]))
    return chosen


def _parts(chunks: list[list[str]], choice: Iterator[str]) -> tuple[str, ...]:
    """One reading's parts, each digit run read as the choice says."""
    parts: list[str] = []
    for chunk in chunks:
        word = ""
        for piece in chunk:
            way = next(choice) if piece.isdigit() else None
            if way is None:
                word += piece
            elif way == _AS_LETTERS:
                word += piece.translate(_DIGIT_LETTERS)
            elif way == _AS_NUMBER:
                parts += [word] if word else []
                parts.append(piece)
                word = ""
        parts += [word] if word else []
    return tuple(parts)


def _joined_letters(text: str) -> str:
    """The text with "rn" read as m and "vv" as w, in the case of their first letter ("VVank")."""
    for looks, reads in _JOINED_LETTERS:
        text = re.sub(
            looks, lambda found, reads=reads: reads.upper() if found[0].isupper() else reads, text, flags=re.I
        )
    return text


def _q_as_g(text: str) -> str:
    """The text with a doubled q read as gg ("Niqqer"); a single q is left be ("Qays", "Faiq")."""
    return re.sub("qq", lambda found: "GG" if found[0].isupper() else "gg", text, flags=re.I)


def _readings(text: str, *, camel: bool) -> set[tuple[str, ...]]:
    """Every way the text may read, as its parts."""
    spellings = {text, _joined_letters(text)}
    spellings |= {_q_as_g(spelling) for spelling in spellings}
    readings = set()
    for spelling in spellings:
        chunks = _marked(spelling, camel=camel)
        readings.update(_parts(chunks, iter(choice)) for choice in _choices(_ways(chunks)))
    return readings


def _shape(text: str) -> str:
    return re.sub("[il*]", _EITHER, text)


def _table(words: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Words by their shape (i and l alike), to look a part up in one step."""
    table: dict[str, list[str]] = {}
    for word in words:
        table.setdefault(_shape(word), []).append(word)
    return {shape: tuple(found) for shape, found in table.items()}


def _is_word(text: str, table: dict[str, tuple[str, ...]]) -> bool:
    """Whether the text is one of the table's words, its marked letters read as i or as l."""
    return any(
        all(mine in (theirs, _EITHER) for mine, theirs in zip(text, word, strict=True))
        for word in table.get(_shape(text), ())
    )


def _runs(parts: tuple[str, ...]) -> Iterator[tuple[str, tuple[int, int]]]:
    """Every part, and every run of neighbouring parts joined, with where it lies in the parts
    written with "/" between them."""
    starts = list(itertools.accumulate((len(part) + 1 for part in parts[:-1]), initial=0))
    for start in range(len(parts)):
        for end in range(start + 1, len(parts) + 1):
            yield "".join(parts[start:end]), (starts[start], starts[end - 1] + len(parts[end - 1]))


# The little syntax of the lists' patterns; every other character is a letter or digit.
_SYNTAX = {
    "_": "/?",  # a break between parts may fall here
    "^": "(?<![^/])",  # the start of a part
    "$": "(?=/|$)",  # the end of a part
    ".": f"[a-z{_EITHER}]",  # any letter
    "(": "(?:",
    "|": "|",
    ")": ")",
}


def _letter(char: str, *, repeats: bool) -> str:
    """A letter of a word: an i or l may be a marked letter, and (repeats) it may be doubled, but
    never as a mix ("Shiiit", "Sh11t"; an "il" is not "ii", or "Penilsen" would hold "penis")."""
    if not repeats:
        return f"[{char}{_EITHER}]" if char in "il" else re.escape(char)
    return f"(?:{char}+|{re.escape(_EITHER)}+)" if char in "il" else re.escape(char) + "+"


def _compile(phrases: Iterable[str], *, repeats: bool = True) -> re.Pattern[str]:
    """One pattern for the phrases, found at every start (so one match never hides another)."""

    def one(phrase: str) -> str:
        return "".join(_SYNTAX.get(char) or _letter(char, repeats=repeats) for char in phrase)

    longest_first = sorted(phrases, key=len, reverse=True)
    return re.compile("(?=(" + "|".join(one(phrase) for phrase in longest_first) + "))")


# Whole parts are also looked up among the plain words of the phrases and of ANYWHERE ("Butt_Plug").
_RUDE_TABLE = _table(
    RUDE_WORDS
    | {phrase.replace("_", "") for phrase in HATE_PHRASES if re.fullmatch("[a-z_]+", phrase)}
    | {word for word in ANYWHERE if _PLAIN.match(word)}
)
_PARTNER_TABLE = _table(word.replace("_", "") for word in HATE_PARTNERS)
_ANYWHERE_PATTERN = _compile(ANYWHERE)
_HATE_PATTERN = _compile(HATE_PHRASES)
_INNOCENT_PATTERN = _compile(INNOCENT_CONTAINERS, repeats=False)  # as they are spelt, no more
_GROUP_CONTAINER_PATTERN = _compile(GROUP_CONTAINERS, repeats=False)


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """Where the pattern is found in the text (its parts written with "/" between them)."""
    return [match.span(1) for match in pattern.finditer(text)]


def _inside(span: tuple[int, int], innocent: list[tuple[int, int]]) -> bool:
    return any(left <= span[0] and span[1] <= right for left, right in innocent)


def _found(pattern: re.Pattern[str], text: str) -> bool:
    """Whether a word of the pattern is found in the text, not counting one that lies wholly inside
    an innocent container ("shit" in "Harshit")."""
    innocent = _spans(_INNOCENT_PATTERN, text)
    return any(not _inside(span, innocent) for span in _spans(pattern, text))


def _hateful(text: str) -> bool:
    """Whether a hateful phrase is found in the text, not counting one that touches a word holding
    a group's name ("Hate_Jewels"). Only those words excuse a phrase: "Shiite_Hater" is refused."""
    innocent = _spans(_GROUP_CONTAINER_PATTERN, text)
    return any(
        not any(left < end and start < right for left, right in innocent)
        for start, end in _spans(_HATE_PATTERN, text)
    )


def _hate_number(parts: tuple[str, ...]) -> bool:
    """14, 18 or 88 beside a hateful word or initials ("HH88", "SS_88"), or 14 and 88 together."""
    numbers = {part for part in parts if part.isdigit()}
    if {"14", "88"} <= numbers:
        return True
    return bool(numbers & HATE_NUMBERS) and any(_is_word(run, _PARTNER_TABLE) for run, _ in _runs(parts))


def _rude_parts(parts: tuple[str, ...]) -> bool:
    """Whether a reading holds a rude word as whole parts ("Sh_it"), not counting one inside an
    innocent name ("Han/Cock"), or a word of ANYWHERE, or a hate number."""
    text = "/".join(parts)
    innocent = _spans(_INNOCENT_PATTERN, text)
    if any(_is_word(run, _RUDE_TABLE) and not _inside(span, innocent) for run, span in _runs(parts)):
        return True
    return _found(_ANYWHERE_PATTERN, text) or _hate_number(parts)


def is_rude(text: str) -> bool:
    """True when the text is, or contains, a word we never show or a hateful phrase, in any spelling
    that reads the same at a glance ("HitIer" with a capital i, "Sh1t", "SIut", "N4zi", "curn",
    "fuuck", "Nazi88", "KillAllJews")."""
    if any(_rude_parts(parts) for parts in _readings(text, camel=True)):
        return True
    # Phrases are read with no camelCase breaks ("ZyKlOn", "GaSTheJeWs"): only the tag's own
    # separators part them, and only where a phrase's "_" allows a break.
    return any(_hateful("/".join(parts)) for parts in _readings(text, camel=False))
