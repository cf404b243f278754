"""The words Remember the Word (R11, R43) needs in each language a seat may read: the words too common
to test memory, the words it falls back on, and the marks that are not part of a word.

The lists are written for the Bibles the site ships: the King James Version for English, the
Reina-Valera 1909 for Spanish and the Almeida 1911 for Portuguese, their old spellings included
(fué, vió, á; elle, aquelle, n'elle). The English lists are the ones every game so far was played
by: a change to them would change the questions of recorded games, so they stay as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

ENGLISH, SPANISH, PORTUGUESE = "en", "es", "pt"


@dataclass(frozen=True)
class WordLists:
    """One language's lists."""

    stop: frozenset[str]  # lower case: never blanked, never offered
    fallback: tuple[str, ...]  # wrong words when a deck's other verses cannot give two
    punctuation: str  # stripped from either end of a word


def _words(text: str) -> frozenset[str]:
    """A list written as words separated by spaces and lines."""
    return frozenset(text.split())


# Words too common to test memory; KJV forms included.
_ENGLISH_STOP = _words(
    """
    a about after again against all also am an and any are art as at be because been before being both
    but by came can come cometh could did do done doth even every for forasmuch from had hast hath have
    he her here him himself his how i if in into is it its lest let may me mine more my neither no nor
    not now o of oh on one or our out own said saith say saying shall she should so such than that the
    thee their them then there thereof these they thine this those thou through thus thy to too unto up
    upon us was we were what whatsoever when whence where whereby wherefore whether which while whither
    who whom whose why will with would ye yea yet you your
    """
)

# Articles, prepositions, conjunctions, pronouns, small adverbs and the forms of ser, estar, haber,
# tener, ir, decir, venir and hacer; the 1909's accents too (á, fué, vió, dió).
_SPANISH_STOP = _words(
    """
    el la lo los las un una uno unos unas al del
    a á ante bajo cabe con contra de desde durante en entre hacia hasta mediante para por según sin so
    sobre tras
    y e o ó u ni mas pero empero sino porque pues que como cuando cuanto cuanta cuantos cuantas si
    aunque mientras luego entonces también tambien así asi aun aún ya donde adonde quien quienes cual
    cuales cuyo cuya cuyos cuyas qué quién quiénes cuál cuáles cómo cuándo dónde cuánto no sí oh
    he aquí aqui ahí allí allá acá ahora tan tanto tanta tantos tantas muy más menos
    yo tú tu él ella ello ellos ellas nosotros nosotras vosotros vosotras usted ustedes me te se nos os
    le les mí mi ti conmigo contigo consigo mis tus sus su mío mía míos mías tuyo tuya tuyos tuyas suyo
    suya suyos suyas nuestro nuestra nuestros nuestras vuestro vuestra vuestros vuestras
    este esta estos estas esto ese esa esos esas eso aquel aquella aquellos aquellas aquello éste ésta
    éstos éstas ése ésa aquél aquélla otro otra otros otras todo toda todos todas cada mismo misma
    mismos mismas tal tales alguno alguna algunos algunas ninguno ninguna nada algo
    ser soy eres es somos sois son era eras éramos erais eran fuí fui fuiste fué fue fuimos fuisteis
    fueron seré serás será seremos seréis serán sería serías seríamos seríais serían sea seas seamos
    seáis sean fuera fueras fuéramos fuerais fueran fuese fueses fuésemos fueseis fuesen fuere fueres
    fueren sido siendo sé
    estar estoy estás está estamos estáis están estaba estabas estábamos estabais estaban estuve
    estuvo estuvieron estaré estarás estará estaremos estaréis estarán esté estés estemos estén
    estuviera estuviese estando
    haber has ha hemos habéis han había habías habíamos habíais habían hube hubo hubieron habré habrás
    habrá habremos habréis habrán habría habrían haya hayas hayamos hayáis hayan hubiera hubieran
    hubiese hubiesen hubiere hubieren habido habiendo hay
    tener tengo tienes tiene tenemos tenéis tienen tened tenía tenían tuvo tuvieron tendré tendrás tendrá
    tendrán tenga tengas tengan teniendo
    ir voy vas va vamos vais van iba ibas íbamos iban iré irás irá iremos iréis irán vaya vayas vayan
    yendo id
    decir digo dice dicen dijo dijeron dijere dijiste decía decían diciendo dicho
    venir vengo viene vienen vino vinieron venid ven vendrá viniendo
    hacer hago hace hacen hizo hicieron haced haz hecho hará
    dió vió dieron vieron
    """
)

# The same for Portuguese, with the 1911's spellings (elle, aquelle, quaes) and its contractions
# (n'elle, d'aquelle), which an apostrophe keeps from being blanked anyway.
_PORTUGUESE_STOP = _words(
    """
    o a os as um uma uns umas ao aos á à ás às do da dos das no na nos nas num numa nuns numas pelo
    pela pelos pelas dum duma duns dumas
    d'elle d'ella d'elles d'ellas n'elle n'ella n'elles n'ellas d'este d'esta d'estes d'estas n'este
    n'esta n'estes n'estas d'esse d'essa n'esse n'essa d'isto n'isto d'isso n'isso d'aquelle
    d'aquella d'aquelles d'aquellas n'aquelle n'aquella d'aquillo n'aquillo d'um d'uma n'um n'uma
    d'onde d'outra d'outro d'outros d'outras
    delle della delles dellas nelle nella nelles nellas deste desta destes destas neste nesta nestes
    nestas desse dessa nesse nessa disto nisto disso nisso daquelle daquella naquelle naquella daquillo
    naquillo dele dela deles delas nele nela neles nelas daquele daquela naquele naquela daquilo
    naquilo donde
    de em por para pera com sem sob sobre entre até desde contra ante perante após depois antes
    e é ou nem mas porém porem pois porque porquanto todavia comtudo contudo que como quando quanto
    quanta quantos quantas se si senão tambem também assim ainda logo então emquanto enquanto onde
    aonde quem qual quaes quais cujo cuja cujos cujas não sim já ó oh eis aqui ali alli ahi aí cá lá
    agora tão tanto tanta tantos tantas muito muita muitos muitas mais menos
    eu tu elle ella elles ellas ele ela eles elas nós vós vos me te lhe lhes mim ti comigo comtigo
    contigo comsigo consigo comnosco comvosco convosco meu minha meus minhas teu tua teus tuas seu sua
    seus suas nosso nossa nossos nossas vosso vossa vossos vossas
    este esta estes estas isto esse essa esses essas isso aquelle aquella aquelles aquellas aquillo
    aquele aquela aqueles aquelas aquilo outro outra outros outras todo toda todos todas tudo cada
    mesmo mesma mesmos mesmas tal taes tais algum alguma alguns algumas nenhum nenhuma nada algo
    ser sou és somos sois são era eras éramos ereis eram fui foste foi fomos fostes foram serei serás
    será seremos sereis serão seria serias seriam seja sejas sejamos sejaes sejais sejam fosse fosses
    fossemos fossem fôr for fores formos fordes forem sido sendo
    estar estou estás está estamos estaes estais estão estava estavas estavam esteve estiveram
    estarei estará estarão esteja estejam estivesse estando
    haver hei has hás ha há havemos hemos haveis hão havia haviam houve houveram haverá haverão haja
    hajam houver houvesse havido havendo
    ter tenho tens tem temos tendes tende teem têem têm tinha tinham teve tiveram terei terá terão tenha
    tenham tivesse tiver tido tendo
    ir vou vaes vais vae vai vamos ides vão ia iam irei irá irão vá vades indo ide
    dizer digo diz dizem disse disseram dizia diziam dizendo dito
    vir venho vem vêm veio vieram vinde virá vindo
    fazer faço faz fazem fez fizeram fazei faze feito fará
    """
)

# Marks around words; the Spanish and Portuguese Bibles add opening ¡ and ¿ and « ».
_PUNCTUATION = ".,;:?!\"'()[]-\u2018\u2019\u201c\u201d"
_MORE_PUNCTUATION = _PUNCTUATION + "\u00a1\u00bf\u00ab\u00bb\u2014"

LISTS = {
    ENGLISH: WordLists(
        _ENGLISH_STOP,
        ("bread", "light", "stone", "river", "mercy", "crown", "sheep", "heaven"),
        _PUNCTUATION,
    ),
    SPANISH: WordLists(
        _SPANISH_STOP,
        ("pan", "luz", "piedra", "río", "misericordia", "corona", "oveja", "cielo"),
        _MORE_PUNCTUATION,
    ),
    PORTUGUESE: WordLists(
        _PORTUGUESE_STOP,
        ("pão", "luz", "pedra", "rio", "misericórdia", "coroa", "ovelha", "céu"),
        _MORE_PUNCTUATION,
    ),
}
# The languages a seat may read (R43), English first.
LANGUAGES = tuple(LISTS)
