"""Words we never show: used for gamer tags and table codes.

The base is better-profanity's list (maintained on PyPI, MIT licensed: swear words, slurs and
hateful names such as "hitler", "kkk" and "nazi"), read from the installed package; we never copy
it in. Beside it live short lists of our own, each with its reason below: words it lacks, hateful
phrases and codes, innocent words it holds, and innocent names that hold a rude word.

How a tag is read (issue 28, issue 49):
- Look-alikes: a lower-case l, 1, | and a capital I beside lower-case letters may be an i or an l;
  other digits and symbols read as letters (0 o, 3 e, 4 a, 5 s, 7 t, 8 b, 9 g, @ a, $ s); "rn"
  may be m and "vv" w. Only the tag is read loosely, never the words, so "Kian" is not "klan".
- Parts: underscores, hyphens and camelCase ("GasTheJews") split a tag into parts, and so does
  each run of digits, read both ways: as letters ("N4zi", "Sh1t") and as a number of its own
  ("Nazi88", "Hannah_2016"). A run holding 2 or 6 has no look-alike and is only ever a number.
- Whole parts: a word of the lists refuses a tag when it is a whole part, or several neighbouring
  parts joined ("Sh_it", "NaZi"). Short words are only ever matched this way, so "Michelle",
  "Cassie", "Bassoon" and "Hassan" are welcome.
- Anywhere (ANYWHERE): a short list of words long or rare enough to refuse inside a part
  ("bigshit", "fuuuck"), where each letter may be written more than once. They are not looked for
  across two parts, so "Rabbit_Chase" and "Crush_It" are welcome (the whole-part rule still reads
  "Sh_it"). Repeats are tried only against these words: a short word is matched letter for letter,
  so folding repeats never turns "Noob" into "nob" or "Woop" into "wop".
- Innocent containers (INNOCENT_CONTAINERS): names and places that hold a word of ANYWHERE
  ("Scunthorpe", "Matsushita", "Harshit", "Penistone", "Therapist"). A word found wholly inside
  one is not counted; the rest of the tag still is. We keep "Shitterton" (a hamlet in Dorset) and
  "Twatt" (Orkney) refused: a child reads the word, not the map.
- Hate (HATE_PHRASES): phrases and codes read across parts and camelCase, since hate hides in
  joined words ("KillAllJews", "Gas_The_Jews", "JewHater", "Holohoax", "White_Pride", "14words",
  "1488"): a hostile verb before a group of people, or a group before a hostile noun, and the
  codes of the far right. Their letters may repeat too ("Jeeew_Killer"). A phrase touching an
  innocent word ("Hate_Jewels") is not counted, and "Jew", "Proud_Jew" or "Muslim_Mum" are
  welcome: a group is never hateful, only what is said of it. Short hateful words ("heil", "zog",
  "kys", "rahowa") are refused as whole parts only, as names hold them ("Sheila", "ZahraHoward").
- Hate numbers: 14, 18 and 88 are welcome alone ("Sam88", "Ollie_88") and refused beside a
  hateful word or initials ("HH88", "SS_88", "Adolf18"); 14 and 88 together, or 1488, always.
- Judgement calls: "Aryan" is welcome, a common Indian boy's name (it is in INNOCENT), while
  "Aryan_Nation", "AryanPride" and "Aryan88" stay refused by the phrases and numbers; "Zog" (a hate code, and a dragon in a children's book) is refused;
  "Adolf" is a name, refused only with "lives", "was right" or a hate number; "Chinese_Rat" is a
  year of the zodiac. Thai names ending "-porn" (a blessing) are still refused, as "porn" is
  refused anywhere; that is for a later change if families ask.
"""

from __future__ import annotations

import importlib.resources
import itertools
import re
from collections.abc import Iterable, Iterator

# better-profanity writes many spellings of each word ("sh1t", "f u c k"); we keep its plain words
# only, since the reading below takes those spellings the same way.
_PLAIN = re.compile(r"^[a-z]+$")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words the maintained list lacks, refused as a whole part: swear words, then hateful words short
# or common enough inside innocent names to be matched only whole ("heil" is in "Sheila").
OUR_ADDITIONS = _words(
    """
    bollocks bugger butt dicks goebbels heilhitler himmler hoe sexy siegheil slag swastika whitepower
    fck fcking kys heil nazis zog zogbot wpww fuhrer fuehrer darky darkies yid yids wog wogs gypo gyppo
    pikey pikeys nigguh tranny trannies spaz kaffir kaffer beaner beaners coons chinks spics gooks
    holohoax rahowa zyklon whitepride towelhead raghead darkie golliwog nignog jigaboo klansman untermensch
    """
)

# In the maintained list, yet a family's name, a child's word or a word of the Bible. ("god" is kept
# for the house by accounts/tags.py instead, so "God_is_good" is still welcome. "Dong" is a common
# Vietnamese and Chinese name; "gai" is how "Gal", a common Hebrew name, reads with l as i.)
INNOCENT = _words(
    """
    arian aryan cowgirl cowgirls dong gai god guido hemp hoar lech leper maxi nimrod organ ovary ovum ovums
    paddy pawn pot revue rum sandbar seaman seamen stroke thrust virgin wang willy womb woody yury
    """
)


def _maintained_words() -> frozenset[str]:
    text = importlib.resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text("utf-8")
    return frozenset(word for word in (line.strip() for line in text.splitlines()) if _PLAIN.match(word))


RUDE_WORDS = (_maintained_words() | OUR_ADDITIONS) - INNOCENT

# Words rude enough, and rare enough inside innocent names, to refuse anywhere in a part (each
# letter may repeat: "fuuuck"). The rest are refused only as a whole part. "^" marks the start of a
# part and "$" its end: "nazi" begins or ends one ("nazilord", "ilovenazis"), as two names joined
# ("Linazimmer") hold it only in the middle.
ANYWHERE = _words(
    """
    fuck fck shit cunt nigger nigga faggot whore wank twat bitch pussy penis vagina dildo porn rapist
    retard bollock asshole arsehole bullshit jizz slut hitler himmler goebbels swastika kkk ^nazi nazi(|s)$
    """
)

# Names, places and words that hold a word of ANYWHERE; a word found wholly inside one of them is
# not counted. "$" marks the end of a part ("Matsushita", "Ishita", not "shitass"), "." any letter
# and "(a|b)" a choice.
INNOCENT_CONTAINERS = (
    # English places and words; the Bible's Shittim (the wood of the ark).
    "scunthorpe",
    "penistone",
    "therapist",
    "trappist",
    "shittim",
    "swank",
    "wankel",
    "pussycat",
    "pussywillow",
    # Japanese -shita names (Matsushita, Yamashita), Indian names (Harshit, Dikshit, Kshitij, Shital,
    # Wankhede, Poornima), Slutsk (Belarus) and Slutsky, Pennisi (Italian), Dildora (Uzbek).
    "shita$",
    "(har|dar|ak|rak|dik|lak)shit",
    "kshiti",
    "shital",
    "wankhede",
    "poorn",
    "slutsk",
    "pennisi",
    "dildor",
    # Arabic and Turkish names (Nazir, Nazih, Nazim, Nazia, Nazli), Italian words and names
    # (Ignazio, nazione, Tognazzi).
    "nazi(r|h|m|f|sh|ya|o)",
    "nazia$",
    "nazli",
    ".nazzi",
    # Words that hold a group's name, for the phrases below ("Hate_Jewels", "Zhang_Arabella").
    "jewel",
    "arabel",
    "arable",
    "parable",
    "caucasian",
    "eurasian",
    "blacksmith",
    "indiana",
    "chinese_(rat|pig)",  # the years of the Chinese zodiac
)

# Hate spoken of people: a hostile verb, perhaps "the" or "all", then a group ("KillAllJews",
# "Gas_The_Jews", "HangBlacks"), or a group then a hostile noun ("JewHater", "Muslims_Must_Die").
# Groups that are also names or common words ("Christian", "black", "white") are plural only.
_VERBS = "kill gas hang burn lynch shoot hate bomb nuke murder stab slay exterminate eradicate deport purge "
_VERBS += "behead bash drown enslave oven death_to no_more"
_FILLERS = "(|the_|all_|all_the_|every_|them_|these_|those_|more_|some_)"
_GROUPS = "jew jews jewish kike yid muslim moslem islam arab blacks africans whites asian chinese mexican "
_GROUPS += "indians paki gay homo queer lesbian fag tranny trannies gypsy gypsies immigrant migrant refugee "
_GROUPS += "christians catholics hindus sikhs"
_NOUNS = "killer hater hunter slayer gasser basher burner lyncher bomber free must_die should_die rat pig "
_NOUNS += "scum vermin filth swine parasite in_(the_|)ovens"


def _choice(words: str) -> str:
    return "(" + "|".join(words.split()) + ")"


# "_" marks where a phrase may be split into parts ("White_Pride", "WhitePride", "whitepride").
HATE_PHRASES = (
    f"{_choice(_VERBS)}_{_FILLERS}{_choice(_GROUPS)}",
    f"{_choice(_GROUPS)}(|s)_{_choice(_NOUNS)}(|s)",
    # Nazi words and codes (1488: the fourteen words and Heil Hitler; 6mwe: "six million wasn't
    # enough"; ZOG: "Zionist occupied government"). "rahowa" (racial holy war) is refused as a whole
    # part only (OUR_ADDITIONS): joined names hold it ("ZahraHoward").
    "sieg_heil",
    "heil_(hitler|adolf|fuhrer|fuehrer|reich|white)",
    "(third|fourth|3rd|4th)_reich",
    "(adolf|hitler)_(lives|was_right|did_nothing_wrong|is_alive|forever|rules)",
    "holo_hoax",
    "holocaust_(hoax|fake|lie|lies|myth|never|was_fake|didnt_happen|denier)",
    "zyklon",
    "gas_chamber",
    "oven_dodger",
    "untermensch",
    "juden_(frei|rein)",
    "^1_4_8_8",
    "^8_8_1_4",
    "^(14|fourteen)_words",
    "^6_mwe",
    "combat_18",
    "blood_(and|n)_(honour|honor)",
    "racial_holy_war",
    "white_(pride|power|supremacy|supremacist|genocide|race|nationalist)",
    "blood_(and|n)_soil",
    "blut_und_boden",
    "totenkopf",
    "sonnenrad",
    "jihadi_john",
    "wpww",
    "ku_klux",
    "klux_klan",
    "klans(man|men)",
    "zog_(bot|bots)",
    "aryan_(nation|nations|brotherhood|pride|power|race|blood|warrior|army|resistance|reich)",
    # Slurs of two words.
    "towel_head",
    "rag_head",
    "diaper_head",
    "sand_(nigger|monkey)",
    "darkie",
    "(golli|golly)_wog",
    "nig_nog",
    "jiga_boo",
    "jungle_bunny",
    "porch_monkey",
    "zipper_head",
    "camel_jockey",
    "wet_back",
    "jew_boy",
    # Telling someone to die.
    "(kill|neck|hang)_(your|ur|yo|you)_self",
)

# 14 (the fourteen words), 18 (Adolf Hitler) and 88 (Heil Hitler) are refused beside one of these.
HATE_NUMBERS = _words("14 18 88")
HATE_PARTNERS = _words(
    "hh ss sieg heil adolf hitler aryan aryans skin skins skinhead skinheads wp wpww nazi nazis reich "
    "fuhrer fuehrer kkk klan zog white_power whitepower whitepride fourteen"
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
    {"0": "o", "1": _EITHER, "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g"}
)
_NO_LOOKALIKE = re.compile(r"[26]")
_MOST_DIGIT_RUNS = 4  # beyond this, each run is read as letters all together or as numbers all together


def _marked(text: str, *, camel: bool) -> list[list[str]]:
    """The text's chunks (between separators, and at camelCase when `camel`), each a list of its
    letter and digit runs, with i-or-l look-alikes marked."""
    if camel:
        text = _CAMEL.sub("/", text)
    marked = _CAPITAL_I_BY_LOWER_CASE.sub(_EITHER, text.translate(_EITHER_CHARS)).lower()
    return [_PIECES.findall(chunk) for chunk in re.split(r"[^a-z0-9*]+", marked) if chunk]


def _readable(digits: str) -> bool:
    return digits.isdigit() and not _NO_LOOKALIKE.search(digits)


def _parts(chunks: list[list[str]], as_letters: Iterator[bool]) -> tuple[str, ...]:
    """One reading's parts: each readable digit run read as letters or as a number of its own."""
    parts: list[str] = []
    for chunk in chunks:
        word = ""
        for piece in chunk:
            if not piece.isdigit():
                word += piece
            elif _readable(piece) and next(as_letters):
                word += piece.translate(_DIGIT_LETTERS)
            else:
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


def _readings(text: str, *, camel: bool) -> set[tuple[str, ...]]:
    """Every way the text may read, as its parts."""
    readings = set()
    for spelling in {text, _joined_letters(text)}:
        chunks = _marked(spelling, camel=camel)
        runs = sum(1 for chunk in chunks for piece in chunk if _readable(piece))
        if runs <= _MOST_DIGIT_RUNS:
            choices = list(itertools.product((True, False), repeat=runs))
        else:
            choices = [(True,) * runs, (False,) * runs]
        readings.update(_parts(chunks, iter(choice)) for choice in choices)
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


def _runs(parts: tuple[str, ...]) -> Iterator[str]:
    """Every part, and every run of neighbouring parts joined."""
    for start in range(len(parts)):
        for end in range(start + 1, len(parts) + 1):
            yield "".join(parts[start:end])


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


_RUDE_TABLE = _table(
    RUDE_WORDS | {phrase.replace("_", "") for phrase in HATE_PHRASES if re.fullmatch("[a-z_]+", phrase)}
)
_PARTNER_TABLE = _table(word.replace("_", "") for word in HATE_PARTNERS)
_ANYWHERE_PATTERN = _compile(ANYWHERE)
_HATE_PATTERN = _compile(HATE_PHRASES)
_INNOCENT_PATTERN = _compile(INNOCENT_CONTAINERS, repeats=False)  # as they are spelt, no more


def _found(pattern: re.Pattern[str], text: str, *, touching: bool) -> bool:
    """Whether the pattern is found in the text, not counting a match that lies wholly inside an
    innocent word ("shit" in "Harshit") or, when `touching`, one that touches it ("Hate_Jewels")."""
    innocent = [match.span(1) for match in _INNOCENT_PATTERN.finditer(text)]
    for match in pattern.finditer(text):
        start, end = match.span(1)
        if touching:
            excused = any(left < end and start < right for left, right in innocent)
        else:
            excused = any(left <= start and end <= right for left, right in innocent)
        if not excused:
            return True
    return False


def _hate_number(parts: tuple[str, ...]) -> bool:
    """14, 18 or 88 beside a hateful word or initials ("HH88", "SS_88"), or 14 and 88 together."""
    numbers = {part for part in parts if part.isdigit()}
    if {"14", "88"} <= numbers:
        return True
    return bool(numbers & HATE_NUMBERS) and any(_is_word(run, _PARTNER_TABLE) for run in _runs(parts))


def _rude_parts(parts: tuple[str, ...]) -> bool:
    if any(_is_word(run, _RUDE_TABLE) for run in _runs(parts)):
        return True
    return _found(_ANYWHERE_PATTERN, "/".join(parts), touching=False) or _hate_number(parts)


def is_rude(text: str) -> bool:
    """True when the text is, or contains, a word we never show or a hateful phrase, in any spelling
    that reads the same at a glance ("HitIer" with a capital i, "Sh1t", "SIut", "N4zi", "curn",
    "fuuck", "Nazi88", "KillAllJews")."""
    if any(_rude_parts(parts) for parts in _readings(text, camel=True)):
        return True
    # Phrases are read with no camelCase breaks ("ZyKlOn", "GaSTheJeWs"): only the tag's own
    # separators part them, and only where a phrase's "_" allows a break.
    return any(
        _found(_HATE_PATTERN, "/".join(parts), touching=True) for parts in _readings(text, camel=False)
    )
