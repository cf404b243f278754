"""Swear words and slurs in other languages, for accounts/wordfilter.py.

The maintained list is English. Spanish- and Portuguese-speaking families are joining next, so we
keep a short list of our own of their commonest swear words and slurs, with the commonest of German,
Polish, Russian (as written in Latin letters), Italian and French. Tags are plain A to Z, so each is
written without accents ("scheisse" for "scheiße"). Each is refused as a whole part, or as
neighbouring parts joined ("Hijo_De_Puta"); FOREIGN_ANYWHERE holds the long ones that no name holds,
refused inside a part as well ("Vaffanculo2000").

Spanish and Portuguese (the attacker's pass for Mexico, Spain, Argentina, Chile, Colombia, Brazil and
Portugal) are written as children write them: the words, their plurals and feminines, their spellings
by sound ("kbron", "karalho", "pvta"), the chat abbreviations ("hdp", "ctm", "pqp", "vsf", "vtnc"),
phrases written as one word ("putamadre", "conchetumare", "vaitomarnocu"), and the slurs against gay
people, disabled people and Latin Americans ("joto", "traveco", "mongolico", "sudaca", "veneco").
Like the English playground insults (UNKIND in accounts/wordfilter.py) "idiota", "estupido" and
"imbecil" are refused as whole parts. Hateful phrases in both languages ("Mata_Judios",
"Morte_Aos_Gays", "Poder_Blanco") are in accounts/hate_phrases.py. A short word may be written with a
letter doubled ("Puuuta", "Porraa"): "^puuta$" is the whole part "puta" with its u written twice or
more, so "Putta" (an Indian surname) and "Putto" (a cherub) stay welcome.

Left out on purpose, as they are ordinary names or words too: "cono" (a cone; the Italian name Cono),
"concha" (a shell; a Spanish name), "culo", "polla", "zorra" and "perra" (the first three also
"bottom", "pullet" and "fox"; all mild), "pinche" and "cacete" (mild, and a kitchen boy and a stick),
"bicha" (a worm in Portugal), "fick" and "ficker" (German surnames), "troia" (Troy in Italian, and
towns in Italy and Portugal), "figa", "batard" (a French loaf), "bite" (English), "hui" and "huy"
(Chinese and Vietnamese names), "nahui" (four, in Nahuatl), "pedal" and "debil" (English and Polish
words). Single short words are refused only whole, so names that hold them stay welcome: "Porras"
(a Spanish surname), "Asuka" (a Japanese name), "Sukarno", "Putra", "Hureira", "Merdan".
Spanish and Portuguese words left welcome: "bunda" and "caca" (mild, and the nickname Caca);
"weon" and "huevon" (Chile's everyday "mate"); "manco" (gamers' "clumsy", and the Inca Manco);
"tonto", "gordo" and "flaco" (family nicknames); "macaco" alone (the animal: "Macaco_Preto" is
refused as a phrase), "mono", "chino", "moro", "cholo", "indio", "gitano", "gallego", "negrito" and
"panchito" (names, nicknames, surnames and peoples; "Panchito" is Pancho's diminutive long before it
is Spain's slur); "veado" (a deer; "viado" is the slur); "piranha" (the fish); "rapariga" (a girl in
Portugal); "ramera" (the word of the Reina-Valera Bible for Rahab); "coger" (to take, in Spain);
"pija", "paja" and "pajero" (posh, straw, and a car); "pica", "pito", "pinga", "rola", "pau",
"pinto", "cipote", "chimba", "chocho", "chucha" and "panocha" (a spade, a whistle, a drink, a dove, a
stick and Catalan's Paul, a surname, a child in Honduras, "cool", a lupin, a nickname and a sugar);
"teta" alone (a name; "tetas" is refused); "tortillera" (in Mexico a tortilla maker and warmer);
"corno" (a horn); "hostia" (the Host); "mamon" and "mamada" (a fruit and a baby's feed); "fds" (a
weekend, "fim de semana"); "cagar" and "pedo" (potty words; "pedo" is refused by the maintained list
as the English slur).

Judgement calls, each refused:
- "porra": in Spain a baton, a fried dough and a betting pool, but in Brazil as strong as the
  English f-word; no one is called Porra, and the surname Porras stays welcome.
- "verga": Spanish for penis, though also an Italian surname (the writer Giovanni Verga).
- "suka": Russian for bitch, though Indonesian and Malay for "to like"; "Asuka" stays welcome.
- "chuj": Polish for penis, though also the name of a Mayan people of Guatemala.
- "cyka": how "suka" looks when written in Cyrillic letters, as gamers write it.
- "hure": German for whore; a word, not a name.
- "puto": a boy in Portugal, but Mexico's slur for gay men and its commonest insult.
- "marica" and "maricas": Maricá is a town of Rio de Janeiro state, but the word is Spain's and
  Portugal's slur for gay men; "Maricarmen", "Maricela", "Maricruz" and "Mariconchi" (Concepcion's
  nickname) are whole names and stay welcome, as the slurs are refused only whole.
- "joto": a Mexican slur for gay men, though a Japanese word; "Jota" and "Jotaro" stay welcome.
- "naco": a town in Sonora, but Mexico's sneer for poor and indigenous people; "Nacho" is welcome.
- "alv" ("a la verga"): the Norwegian name Alv, but Mexico's commonest curse in games; "Alvaro"
  and "Alvarez" stay welcome.
- "carai" and "caraio": spellings of "caralho"; "Caray" and the Guarani "Karai" stay welcome.
- "tarado", "retrasado" and "subnormal": also "crazy about", "late" and a dated term, but each is
  first the playground's word for a disabled child, as "retard" is.
- "bollera": once a baker of buns, now Spain's slur for lesbians.
- "negro" and "gringo" come refused from the maintained list: "negro" is the colour in Spanish
  ("Gato_Negro"), but a slur to English readers, and tags are read by both; "Gato_Preto" and
  "Black_Cat" are welcome.
- "kkk" (accounts/wordfilter.py ANYWHERE) is how Brazilians write laughter ("kkkk"), but reads as the
  Klan to everyone else; "rsrs" and "haha" are welcome.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


FOREIGN_WORDS = _words(
    """
    puta putas putos pendejo pendeja pendejos verga cabron cabrona cabrones chinga chingar chingada
    chingado mierda joder jodete gilipollas maricon maricones hijueputa hijoputa hijodeputa malparido culero

    puto pvta pvto putita putitas puton putona putonas putazo putero putamadre jueputa hijaputa hijadeputa
    hdp hdpm ctm ctmr csm ptm ptmr lpm lpqtp vtlv alv pendejas pendejada pndj pndjo vergas vrga vergon
    vergona vergazo chingon chingona chingones chingadera chingate chingatumadre kbron kbrona kabron
    kabrona cabronazo jodido jodida culera culeros culeras culiao culiado culiada culeado culear culiar
    marica maricas marikon maricona mariconazo marico maraco maracos joto jotos trolo trolos machorra
    bollera travelo traveco travecos conchatumadre conchetumadre conchatumare conchetumare conchasumadre
    conchesumadre conchasumare conchesumare conchadetumadre lcdtm conchudo conchuda conchudos malparida
    malparidos gonorrea boludo boluda boludos pelotudo pelotuda pelotudos mogolico mogolica mongolico
    mongolica mongolo mongola subnormal subnormales retrasado retrasada retardado retardada tarado tarada
    idiota idiotas estupido estupida estupidos imbecil imbeciles mamaguevo mamahuevo mamaguebo mamavergas
    chupapija chupapijas chupapollas chupavergas chupapinga chupamela chupala soplapollas comepollas
    carechimba careculo caremonda follar follame follando cojones cojon mecagoen sudaca sudacas veneco
    venecos naco nacos naca negrata negratas tetas tetona tetonas tetuda tetudas sexo violador violadores
    pedofilo pedofila pedofilos pederasta pederastas

    caralho porra merda foda foder fodase fodido buceta boceta viado arrombado cuzao filhodaputa bosta
    piroca xoxota

    karalho carai caraio krl crl fodasse fodace fodida fudido fudida fuder sefoder vaisefoder vsf pqp ptqp
    fdp putaquepariu putamerda putaria puteiro putinha putinhas filhadaputa xereca xavasca viadinho
    viadao viadinhos boiola boiolas baitola bichona sapatao sapatona paneleiro paneleiros panasca fufa
    arrombada arrombados arombado cusao kuzao cuzinho vtnc vtmnc tnc tomanocu vaitomarnocu punheta
    punheteiro vadia vadias quenga quengas estuprador estupradores

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

    (c|k)aralh pendej mierda ^cabron putamadre jueputa hij(o|a)(|s)(|de)puta filh(o|a)(|s)daputa
    putaque(|o|te)pari(u|o) conch(a|e)(|de)(tu|su)ma(d|)re chinga(tu|su)madre malparid gonorrea pelotud
    mama(g|h)ue(v|b)o chupapij chupapoll chupaverg chupapinga soplapoll comepoll mecagoen sefoder
    toma(|r)nocu arrombad cuzao punhet ^piroca estuprador pedofil
    ^puuta$ ^putaa$ ^puuto$ ^putoo$ ^porra$ ^merda$ ^verga$ ^foda$ ^joder$ ^chinga$ ^viado$
    """
)
