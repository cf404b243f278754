"""Hate read across joined words (issue 49), for accounts/wordfilter.py.

Phrases are written in the filter's small pattern language: "_" marks where a phrase may be split
into parts ("White_Pride", "WhitePride", "whitepride"), "^" the start of a part, "$" its end, "."
any letter and "(a|b)" a choice. Every letter may be written more than once ("Jeeew_Killer").
A group of people is never hateful on its own ("Jew", "Proud_Jew", "Muslim_Mum"): only a hostile
verb before it or a hostile noun after it is.

Spanish and Portuguese are read the same way, each list with its words ("Mata_Judios",
"Muerte_A_Los_Gays", "Morte_Aos_Judeus", "Judios_Al_Horno", "Fora_Nordestinos"), and the languages
may mix ("Kill_Judios", "Muerte_A_Los_Jews"). Judgement calls: "mata" is a surname ("Juan_Mata") and
a forest ("Mata_Atlantica"), welcome as no group follows; Matamoros, a city of Mexico and a
surname, is a group container below, though "Mata_Moros" is refused; "Matate" (kill yourself) is a
whole part only, as "Matatena" is a Mexican game; "Adolfo" (a common Spanish name) is no partner
of the hate numbers, so "Adolfo88" is welcome while "Adolf88" is not; "Orgullo_Blanco" (white pride)
is refused though Real Madrid's fans are "los blancos"; "Macaco_Preto" (a black monkey) is refused,
as Brazil's racists call Black people monkeys, while "Macaco" alone is the animal.
"""

from __future__ import annotations


def _choice(words: str) -> str:
    return "(" + "|".join(words.split()) + ")"


# A hostile verb, perhaps "the" or "all", then a group ("KillAllJews", "Gas_The_Jews", "HangBlacks",
# "Die_Jew": "die" only at the start of a part, so "Birdie_Jewel" and "Goodie_Arab" read no verb).
_VERBS = "kill gas hang burn lynch shoot hate bomb nuke murder stab slay exterminate eradicate deport purge "
_VERBS += "behead bash drown enslave oven death_to no_more ^die"
# Spanish and Portuguese: kill, death (to), hate, burn, hang, exterminate, gas, shoot, eliminate and
# "out with", in the forms children write ("Mata_Judios", "Matem_Ciganos", "Fuera_Inmigrantes").
_VERBS += " mata matar maten matem muerte morte odio odeio quema quemar quemen queima queimar queimem ahorca"
_VERBS += " ahorcar enforca enforcar cuelga colgar extermina exterminar exterminen exterminem gasea gasear"
_VERBS += (
    " gaseia fusila fusilar fusilen fuzila fuzilar fuzilem elimina eliminar eliminen eliminem fuera fora"
)
_FILLERS = "(|the_|all_|all_the_|every_|them_|these_|those_|more_|some_|a_|al_|a_los_|a_las_|los_|las_|"
_FILLERS += (
    "todos_los_|a_todos_los_|todas_las_|aos_|as_|os_|ao_|todos_os_|a_todos_os_|todas_as_|com_os_|com_as_)"
)
# Groups that are also names or common words ("Christian", "black", "white") are plural only.
# "joo" ("Jooz", "JooKiller") and "kyke" are slurs' spellings; "Joon" (a Korean name) never reads
# as "joo" before a noun, as the noun must follow at once.
_GROUPS = "jew jews jewish joo kike kyke yid muslim moslem islam arab blacks africans whites asian "
_GROUPS += "chinese mexican indians paki gay homo queer lesbian fag tranny trannies gypsy gypsies immigrant "
_GROUPS += "migrant refugee christians catholics hindus sikhs shiite"
# Spanish and Portuguese groups; as above, those that are also a colour or a word are plural only
# ("negros", "pretos", "blancos"). "judia" is also Spain's green bean: "Odio_Las_Judias" is refused.
_GROUPS += (
    " judio judios judia judias judeu judeus musulmanes muculmanos islamicos moros arabes negros negras"
)
_GROUPS += " pretos pretas macacos gitanos gitanas ciganos ciganas indios indigenas chinos chineses japoneses"
_GROUPS += " coreanos africanos latinos mexicanos venezolanos venezuelanos bolivianos peruanos paraguayos"
_GROUPS += " haitianos colombianos nordestinos baianos inmigrantes imigrantes migrantes refugiados lesbianas"
_GROUPS += " lesbicas travestis homosexuales homossexuais cristianos cristaos catolicos evangelicos crentes"
_GROUPS += " blancos brancos mujeres mulheres"
# A group, then a hostile noun ("JewHater", "Muslims_Must_Die").
_NOUNS = "killer hater hunter slayer gasser basher burner lyncher bomber free must_die should_die rat pig "
_NOUNS += "scum vermin filth swine parasite in_(the_|)ovens"
# Spanish and Portuguese: rat, pig, rubbish, scum, plague, parasite, murderer, dirty, out ("fuera" and
# "fora" end a part: "Jewish_Forager" is welcome), into the oven or onto the bonfire, and must die.
_NOUNS += " rata rato cerdo porco basura lixo escoria plaga parasito parasita asesino sucio sucia sujo suja"
_NOUNS += " imundo imunda fuera$ fora$ (al|no|ao|pro|para_el|para_o)_(horno|forno) a_la_hoguera na_fogueira"
_NOUNS += " deben_morir devem_morrer tienen_que_morir tem_que_morrer"

HATE_PHRASES = (
    f"{_choice(_VERBS)}_{_FILLERS}{_choice(_GROUPS)}",
    f"{_choice(_GROUPS)}(|s)_{_choice(_NOUNS)}(|s)",
    # Nazi words and codes (1488: the fourteen words and Heil Hitler; 6mwe: "six million wasn't
    # enough"; "6 gorillion" mocks the six million; ZOG: "Zionist occupied government"; "the goyim
    # know" and "it's okay to be white" are memes of the far right). "rahowa" (racial holy war) is
    # refused as a whole part only (OUR_ADDITIONS): joined names hold it ("ZahraHoward").
    "(sieg|seig)_(heil|hail|hiel)",
    "(heil|hail)_(hitler|adolf|fuhrer|fuehrer|reich|white|victory)",
    "(third|fourth|3rd|4th)_reich",
    "(adolf|hitler)_(lives|was_right|did_nothing_wrong|is_alive|forever|rules)",
    "adolf_h$",
    "holo_hoax",
    "holocaust_(hoax|fake|lie|lies|myth|never|was_fake|didnt_happen|denier)",
    "zyklon",
    "gas_chamber",
    "oven_dodger",
    "untermensch",
    "juden_(frei|rein)",
    "nsdap",
    "gorillion",
    "goy(|im)_know",
    "it(|s)_(ok|okay)_to_be_white",
    "^1_4_8_8",
    "^8_8_1_4",
    "^(14|fourteen)_words",
    "^6_mwe",
    "combat_18",
    "blood_(and|n)_(honour|honor)",
    "racial_holy_war",
    "white_(pride|power|powa|powah|supremacy|supremacist|genocide|race|nationalist)",
    "^wp_(forever|pride|power)",
    "blood_(and|n)_soil",
    "blut_und_boden",
    "totenkopf",
    "sonnenrad",
    "jihadi_john",
    "wpww",
    "ku_klux",
    "klux_klan",
    "klans(man|men)",
    "kay_kay_kay",
    "zog_(bot|bots)",
    # Nazi words as Spanish and Portuguese speakers write them: the swastika, national socialism,
    # the gas chambers, the Holocaust denied ("Holocuento", "Holoconto": the holohoax), white power
    # and pride, the master race, the Third Reich, and Hitler's book. "Nunca_Mas" (never again) is no
    # denial: "Holocausto_Nunca_Mas" is welcome.
    "(e|)s(v|u)astica",
    "nacional_socialis(ta|tas|mo)",
    "camara(|s)_de_gas",
    "holo_(cuento|conto|farsa|fraude)",
    "holocausto_(falso|falsa|mentira|farsa|fraude|mito|no_existio|nao_existiu)",
    "(poder|orgullo|orgulho|supremacia)_(blanco|blanca|branco|branca)",
    "(raza|raca)_(aria|ariana|superior)",
    "(tercer|tercero|terceiro|cuarto|quarto)_reich",
    "mein_kampf",
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
    "half_breed",
    # Spanish and Portuguese: the "dirty Chinese" taunt, and Black people called monkeys.
    "chino(|s)_cochino(|s)",
    "(negro|negra|preto|preta|neguinho|neguinha)(|s)_(macaco|macaca)",
    "(macaco|macaca)(|s)_(negro|negra|preto|preta)",
    # Telling someone to die ("Lynch_Em", "Unalive_Yourself"; "GoDie" is a whole word of
    # OUR_ADDITIONS, as letters may repeat here and "Goodie" would read "go die"). "lynch_em" must
    # end a part, so "Lynch_Emma" is welcome.
    "(kill|neck|hang)_(your|ur|yo|you)_self",
    "unalive",
    "lynch_(em|them|him|her)$",
    # The same in Spanish and Portuguese: kill yourself, hang yourself, die. "matate" and "se_mata"
    # are whole parts only: "Matatena" is a game, and "Jose_Mata" reads no "se mata".
    "^matate(|_ya)$",
    "suicidate",
    "ahorcate",
    "muerete",
    "^se_(mata|enforca)$",
    "vai_se_(matar|enforcar)",
)

# 14 (the fourteen words), 18 (Adolf Hitler) and 88 (Heil Hitler) are refused beside one of these
# ("AH88": Adolf Hitler's initials). Each is matched as whole parts, so "Noah_88" is welcome.
HATE_NUMBERS = frozenset({"14", "18", "88"})
_PARTNERS = "hh ah ss sieg heil adolf hitler aryan aryans skin skins skinhead skinheads wp wpww nazi nazis "
_PARTNERS += "reich fuhrer fuehrer kkk klan zog white_power whitepower whitepride fourteen"
HATE_PARTNERS = frozenset(_PARTNERS.split())

# Words that hold a group's name: a phrase touching one is not counted ("Hate_Jewels",
# "Zhang_Arabella", "Gas_Parable").
GROUP_CONTAINERS = (
    "jewel",
    "arabel",
    "arable",
    "parable",
    "caucasian",
    "eurasian",
    "blacksmith",
    "indiana",
    "chinese_(rat|pig)",  # the years of the Chinese zodiac
    "matamoros",  # a city of Mexico, written as one word ("Mata_Moros" is refused)
)
