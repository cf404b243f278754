"""One table, several languages (R43): the same cards and the same game for every seat, and a
Remember the Word question (R11) on the verse of the answering seat's own Bible, with its three
choices from that translation. The verses are the Reina-Valera 1909's and the Almeida 1911's."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import engine
from game.engine import apply, events_for, new_game, public_view, to_json, view
from game.engine.invariants import Checker, violations
from game.engine.simulate import run
from game.engine.word_lists import LISTS, PORTUGUESE, SPANISH
from game.engine.words import BLANK, candidates, make_question, title_names
from tests.engine.support import DAVID, JONAH, RUTH, STORIES, arrange, card, first, make_deck

SEATS = ["person"] * 4
MIXED = ["es", "pt", "en", "en"]  # seat 1 reads Spanish, seat 2 Portuguese, seats 3 and 4 English
LOAVES = 15  # John 6:35, a story with no approved Spanish titles in this deck

SPANISH_VERSES = [
    "Empero Noé halló gracia en los ojos de Jehová.",
    "Y respondió Abraham: Dios se proveerá de cordero para el holocausto, hijo mío. E iban juntos.",
    "Vosotros pensasteis mal sobre mí, mas Dios lo encaminó á bien, para hacer lo que vemos hoy, para "
    "mantener en vida á mucho pueblo.",
    "Jehová peleará por vosotros, y vosotros estaréis quedos.",
    "Y como los sacerdotes hubieron tocado las bocinas la séptima vez, Josué dijo al pueblo: Dad grita, "
    "porque Jehová os ha entregado la ciudad.",
    "Y Ruth respondió: No me ruegues que te deje, y que me aparte de ti: porque donde quiera que tú "
    "fueres, iré yo; y donde quiera que vivieres, viviré. Tu pueblo será mi pueblo, y tu Dios mi Dios.",
    "Entonces dijo David al Filisteo: Tú vienes á mí con espada y lanza y escudo; mas yo vengo á ti en "
    "el nombre de Jehová de los ejércitos, el Dios de los escuadrones de Israel, que tú has provocado.",
    "Y viéndolo todo el pueblo, cayeron sobre sus rostros, y dijeron: ¡Jehová es el Dios! ¡Jehová es "
    "el Dios!",
    "Porque si absolutamente callares en este tiempo, respiro y libertación tendrán los Judíos de otra "
    "parte; mas tú y la casa de tu padre pereceréis. ¿Y quién sabe si para esta hora te han hecho "
    "llegar al reino?",
    "Edificamos pues el muro, y toda la muralla fué junta hasta su mitad: y el pueblo tuvo ánimo para obrar.",
    "El Dios mío envió su ángel, el cual cerró la boca de los leones, para que no me hiciesen mal: "
    "porque delante de él se halló en mí justicia: y aun delante de ti, oh rey, yo no he hecho lo que "
    "no debiese.",
    "Yo empero con voz de alabanza te sacrificaré; Pagaré lo que prometí. La salvación pertenece á Jehová.",
    "Que os ha nacido hoy, en la ciudad de David, un Salvador, que es CRISTO el Señor.",
    "Su madre dice á los que servían: Haced todo lo que os dijere.",
    "Y Jesús les dijo: Yo soy el pan de vida: el que á mí viene, nunca tendrá hambre; y el que en mí "
    "cree, no tendrá sed jamás.",
    "Mas luego Jesús les habló, diciendo: Confiad, yo soy; no tengáis miedo.",
    "Y él dijo: El que usó con él de misericordia. Entonces Jesús le dijo: Ve, y haz tú lo mismo.",
    "Porque este mi hijo muerto era, y ha revivido; habíase perdido, y es hallado. Y comenzaron á "
    "regocijarse.",
    "No está aquí; porque ha resucitado, como dijo. Venid, ved el lugar donde fué puesto el Señor.",
    "Y cayendo en tierra, oyó una voz que le decía: Saulo, Saulo, ¿por qué me persigues?",
]
PORTUGUESE_VERSES = [
    "Noé porém achou graça aos olhos do Senhor.",
    "E disse Abrahão: Deus proverá para si o cordeiro para o holocausto, meu filho. Assim caminharam "
    "ambos juntos.",
    "Vós bem intentastes mal contra mim, porém Deus o intentou para bem, para fazer como está n'este "
    "dia, para conservar em vida a um povo grande:",
    "O Senhor pelejará por vós, e vos calareis.",
    "E succedeu que, tocando os sacerdotes a setima vez as buzinas, disse Josué ao povo: Gritae; porque "
    "o Senhor vos tem dado a cidade.",
    "Disse porém Ruth: Não me instes para que te deixe, e me torne de detraz de ti; porque aonde quer "
    "que tu fores irei eu, e onde quer que pousares á noite ali pousarei eu; o teu povo é o meu povo, o "
    "teu Deus é o meu Deus",
    "David porém disse ao philisteo: Tu vens a mim com espada, e com lança, e com escudo; porém eu venho "
    "a ti em nome do Senhor dos exercitos, o Deus dos exercitos de Israel, a quem tens affrontado.",
    "O que vendo todo o povo, cairam sobre os seus rostos, e disseram: Só o Senhor é Deus! Só o Senhor "
    "é Deus!",
    "Porque, se de todo te calares n'este tempo, soccorro e livramento d'outra parte sairá para os "
    "judeos, mas tu e a casa de teu pae perecereis: e quem sabe se para tal tempo como este chegaste a "
    "este reino?",
    "Porém edificámos o muro, e todo o muro se cerrou até sua metade: porque o coração do povo se "
    "inclinava a trabalhar.",
    "O meu Deus enviou o seu anjo, e fechou a bocca dos leões, para que não me fizessem damno, porque "
    "foi achada em mim innocencia diante d'elle; e tambem contra ti, ó rei, não tenho commettido "
    "delicto algum.",
    "Mas eu te sacrificarei com a voz do agradecimento; o que votei pagarei: do Senhor vem a salvação.",
    "Que hoje, na cidade de David, vos nasceu o Salvador, que é Christo, o Senhor.",
    "Sua mãe disse aos serventes: Fazei tudo quanto elle vos disser.",
    "E Jesus lhes disse: Eu sou o pão da vida; aquelle que vem a mim não terá fome, e quem crê em mim "
    "nunca terá sêde",
    "Jesus, porém, lhes fallou logo, dizendo: Tende bom animo, sou eu, não tenhaes medo.",
    "E elle disse: O que usou de misericordia para com elle. Disse, pois, Jesus: Vae, e faze da mesma "
    "maneira.",
    "Porque este meu filho era morto, e reviveu, tinha-se perdido, e é achado. E começaram a alegrar-se.",
    "Não está aqui, porque já resuscitou, como havia dito. Vinde, vêde o logar onde o Senhor jazia.",
    "E, caindo em terra, ouviu uma voz que lhe dizia: Saulo, Saulo, porque me persegues?",
]
VERSES = {SPANISH: SPANISH_VERSES, PORTUGUESE: PORTUGUESE_VERSES}
ENGLISH_VERSES = [verse for *_rest, verse in STORIES]
# Approved titles (story, person, place, moment) for the first stories only; the rest have none.
TITLES = {
    SPANISH: [
        ("Noé y el arca", "Noé", "El arca", "El diluvio"),
        ("Abraham e Isaac", "Abraham", "El monte Moriah", "El carnero en el zarzal"),
        ("José y sus hermanos", "José", "Egipto", "Los hermanos se inclinan"),
        ("Moisés en el Mar Rojo", "Moisés", "El Mar Rojo", "Las aguas se abren"),
        ("Josué en Jericó", "Josué", "Jericó", "Caen los muros"),
        ("Rut y Noemí", "Rut", "Belén", "Espigando en el campo"),
        ("David y Goliat", "David", "El valle de Ela", "Cinco piedras lisas y una honda"),
    ],
    PORTUGUESE: [
        ("Noé e a arca", "Noé", "A arca", "O dilúvio"),
        ("Abraão e Isaque", "Abraão", "O monte Moriá", "O carneiro no mato"),
        ("José e seus irmãos", "José", "Egito", "Os irmãos se inclinam"),
        ("Moisés no Mar Vermelho", "Moisés", "O Mar Vermelho", "As águas se abrem"),
        ("Josué em Jericó", "Josué", "Jericó", "Os muros caem"),
    ],
}


def language_deck(without: tuple[tuple[int, str], ...] = ()) -> list[dict]:
    """The 20-story test deck carrying Spanish and Portuguese, as content's deal hands it to the
    engine; `without` leaves out (story, language) pairs."""
    deck = make_deck()
    for story in deck:
        position = story["position"]
        story["languages"] = {}
        for language in (SPANISH, PORTUGUESE):
            if (position, language) in without:
                continue
            entry: dict = {"verse": {"text": VERSES[language][position - 1], "reference": f"{position}"}}
            if position <= len(TITLES[language]):
                title, *faces = TITLES[language][position - 1]
                cards = [{"title": face, "description": f"{face}."} for face in faces]
                entry["words"] = {"title": title, "cards": [*cards, {"title": "1:1", "description": "."}]}
            story["languages"][language] = entry
    return deck


NAMES = {language: title_names(language_deck(), language) for language in (SPANISH, PORTUGUESE)}


def vocabulary(verses: list[str], language: str, but: int | None = None) -> set[str]:
    """Every blankable word of the verses (but one story's), lower case."""
    return {
        word.lower()
        for position, verse in enumerate(verses, start=1)
        if position != but
        for word in candidates(verse, language)
    }


def check_question(question: dict, verses: list[str], language: str) -> str:
    """The question is the verse of the story in this Bible with its right word blanked, and its
    three choices are different words of that translation; returns the right word."""
    story = question["story"]
    verse = verses[story - 1]
    right = question["choices"][question["answer"]]
    pattern = re.escape(question["text"]).replace(re.escape(BLANK), f"(?i:{re.escape(right)})")
    assert BLANK in question["text"] and re.fullmatch(pattern, verse), (question, verse)
    assert right in candidates(verse, language)
    assert len({choice.lower() for choice in question["choices"]}) == 3
    wrong = [c.lower() for i, c in enumerate(question["choices"]) if i != question["answer"]]
    assert set(wrong) <= vocabulary(verses, language, but=story) | set(LISTS[language].fallback)
    assert not {c.lower() for c in question["choices"]} & LISTS[language].stop
    return right


def lay(state: engine.State, seat: int, story: int) -> tuple[engine.State, dict, list]:
    """The seat knocks with all four cards of a story: the question it is asked, and the events."""
    state, events = apply(state, seat, {"knock": {"story": story}})
    assert first(events, "word_question") == {"type": "word_question", "seat": seat, "story": story}
    return state, state["question"], events


def end_turn(state: engine.State, story: int) -> engine.State:
    """The seat to move asks seat 4 for a story it lacks, goes to the Well and ends its turn."""
    seat = state["turn"]
    for move in ({"ask": {"seat": 4, "story": story}}, {"well": {}}, {"done": {}}):
        state, _events = apply(state, seat, move)
    return state


def mixed_table(seed: int = 7) -> engine.State:
    """Seats 1-3 each hold a whole story with its Word card and one card more; seat 1 moves."""
    hands = {
        1: [card(DAVID, kind) for kind in range(4)] + [card(2, 0)],
        2: [card(RUTH, kind) for kind in range(4)] + [card(3, 0)],
        3: [card(JONAH, kind) for kind in range(4)] + [card(4, 0)],
        4: [card(5, 0)],
    }
    well = [card(8, 0), card(9, 0), card(10, 0)]
    return arrange(hands, well, deck=language_deck(), languages=MIXED, seed=seed)


def test_ruling_R43_a_table_where_every_seat_reads_english_is_dealt_exactly_as_before():
    for seats, options in (
        (SEATS, None),
        (["person", "helper", "person", "agent", "helper"], {"ask_any": True}),
    ):
        before = new_game(make_deck(), seats, seed=42, remember_word=True, teams=False, options=options)
        for languages in (None, ["en"] * len(seats)):
            now = new_game(
                language_deck(),
                seats,
                seed=42,
                remember_word=True,
                teams=False,
                options=options,
                languages=languages,
            )
            assert set(now) == set(before) and not {"languages", "read"} & set(now)
            assert to_json(now) == to_json(before)


def test_ruling_R43_a_mixed_table_deals_the_same_cards_and_keeps_each_language_s_verses():
    english = new_game(language_deck(), SEATS, seed=9, remember_word=True, teams=True)
    mixed = new_game(language_deck(), SEATS, seed=9, remember_word=True, teams=True, languages=MIXED)
    assert mixed["languages"] == MIXED and set(mixed["read"]) == {SPANISH, PORTUGUESE}
    assert {key: value for key, value in mixed.items() if key not in ("languages", "read")} == english
    assert mixed["verses"] == ENGLISH_VERSES
    assert mixed["read"][SPANISH]["verses"] == SPANISH_VERSES
    assert mixed["read"][PORTUGUESE]["verses"] == PORTUGUESE_VERSES
    assert violations(mixed) == []
    assert engine.from_json(to_json(mixed)) == mixed


def test_ruling_R43_names_come_from_a_language_s_own_titles_where_it_has_them():
    state = new_game(language_deck(), SEATS, seed=1, remember_word=True, teams=False, languages=MIXED)
    spanish, portuguese = state["read"][SPANISH]["names"], state["read"][PORTUGUESE]["names"]
    assert {"noé", "moisés", "josué", "jericó", "goliat"} <= set(spanish)
    assert {"abraão", "isaque", "moriá", "vermelho"} <= set(portuguese)
    assert "goliath" not in spanish and "isaac" not in portuguese  # their stories are translated
    assert {"jonah", "esther", "saul"} <= set(spanish) & set(portuguese)  # theirs are not, yet


def test_ruling_R43_a_story_without_approved_titles_still_has_its_verse_and_one_without_the_language_the_english():
    state = new_game(
        language_deck(without=((20, PORTUGUESE),)),
        SEATS,
        seed=1,
        remember_word=True,
        teams=False,
        languages=MIXED,
    )
    assert state["read"][SPANISH]["verses"][LOAVES - 1] == SPANISH_VERSES[LOAVES - 1]
    assert state["read"][PORTUGUESE]["verses"][LOAVES - 1] == PORTUGUESE_VERSES[LOAVES - 1]
    assert state["read"][PORTUGUESE]["verses"][19] == ENGLISH_VERSES[19]
    assert state["read"][SPANISH]["verses"][19] == SPANISH_VERSES[19]
    hands = {1: [card(LOAVES, kind) for kind in range(4)] + [card(2, 0)]}
    table = arrange(hands, deck=language_deck(), languages=MIXED)
    _state, question, _events = lay(table, 1, LOAVES)
    check_question(question, SPANISH_VERSES, SPANISH)


def test_ruling_R43_each_seat_s_languages_are_checked():
    for languages in (
        ["es", "pt", "en"],
        ["es", "pt", "en", "en", "en"],
        ["es", "fr", "en", "en"],
        ["EN"] * 4,
    ):
        with pytest.raises(ValueError):
            new_game(language_deck(), SEATS, seed=1, remember_word=True, teams=False, languages=languages)


def test_ruling_R43_a_spanish_seat_is_asked_on_its_spanish_verse_and_judged_in_spanish():
    english = vocabulary(ENGLISH_VERSES, "en")
    spanish = vocabulary(SPANISH_VERSES, SPANISH)
    for seed in range(12):
        table = mixed_table(seed)
        state, question, _events = lay(table, 1, DAVID)
        right = check_question(question, SPANISH_VERSES, SPANISH)
        assert all(c.lower() not in english or c.lower() in spanish for c in question["choices"])
        good, events = apply(state, 1, {"answer": {"choice": question["answer"]}})
        answer = first(events, "word_answer")
        assert (
            good["points"][0] == 5 and good["bonus"][0] == 1 and answer["right"] and answer["word"] == right
        )
        bad, events = apply(state, 1, {"answer": {"choice": (question["answer"] + 1) % 3}})
        assert bad["points"][0] == 4 and bad["bonus"][0] == 0 and not first(events, "word_answer")["right"]


def test_ruling_R43_at_one_table_the_portuguese_seat_reads_portuguese_and_the_english_seat_english():
    for seed in range(6):
        state, question, _events = lay(mixed_table(seed), 1, DAVID)
        state, _events = apply(state, 1, {"answer": {"choice": question["answer"]}})
        state = end_turn(state, 2)
        assert state["turn"] == 2
        state, question, _events = lay(state, 2, RUTH)
        right = check_question(question, PORTUGUESE_VERSES, PORTUGUESE)
        good, events = apply(state, 2, {"answer": {"choice": question["answer"]}})
        assert good["points"][1] == 5 and first(events, "word_answer")["word"] == right
        bad, _events = apply(state, 2, {"answer": {"choice": (question["answer"] + 2) % 3}})
        assert bad["points"][1] == 4
        state = end_turn(good, 3)
        assert state["turn"] == 3
        state, question, _events = lay(state, 3, JONAH)
        check_question(question, ENGLISH_VERSES, "en")
        assert violations(state) == []


def test_ruling_R43_nobody_else_sees_the_question_or_its_answer_before_it_is_answered():
    state, question, events = lay(mixed_table(), 1, DAVID)
    right = question["choices"][question["answer"]]
    mine = view(state, 1)["question"]
    assert mine == {"story": DAVID, "text": question["text"], "choices": question["choices"]}
    for seen in [public_view(state), *(view(state, seat) for seat in (2, 3, 4))]:
        text = json.dumps(seen, ensure_ascii=False)
        assert seen["question"] is None and BLANK not in text and question["text"] not in text
        assert not any(f'"{choice}"' in text for choice in question["choices"])
    for seat in (2, 3, 4):
        text = json.dumps(events_for(events, seat), ensure_ascii=False)
        assert BLANK not in text and f'"{right}"' not in text


def test_ruling_R43_read_aloud_keeps_its_english_verse_in_the_event():
    hands = {1: [card(DAVID, kind) for kind in range(4)] + [card(2, 0)]}
    state = arrange(hands, deck=language_deck(), languages=MIXED, options={"read_aloud": True})
    state, events = apply(state, 1, {"knock": {"story": DAVID}})
    assert first(events, "read_aloud")["verse"] == ENGLISH_VERSES[DAVID - 1]
    assert state["question"] is None


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 20), st.sampled_from([SPANISH, PORTUGUESE]))
def test_ruling_R43_a_stop_word_is_never_blanked_or_offered_in_spanish_or_portuguese(seed, story, language):
    question = make_question(VERSES[language], story, random.Random(seed), NAMES[language], language)
    check_question(question, VERSES[language], language)
    assert all(choice.isalpha() for choice in question["choices"])


def test_ruling_R43_the_old_spellings_are_stop_words_and_the_fallback_words_are_not():
    assert {"á", "fué", "vió", "dió", "ella", "mas", "pues", "porque", "sobre", "entre"} <= LISTS[
        SPANISH
    ].stop
    assert {"hasta", "desde", "como", "cuando"} <= LISTS[SPANISH].stop
    assert {"á", "é", "elle", "ella", "d'elle", "n'elle", "aquelle", "mas", "pois"} <= LISTS[PORTUGUESE].stop
    assert {"porque", "sobre", "entre", "até", "desde", "como", "quando"} <= LISTS[PORTUGUESE].stop
    for language in (SPANISH, PORTUGUESE):
        fallback = LISTS[language].fallback
        assert len(set(fallback)) == 8 and not set(fallback) & LISTS[language].stop
        assert all(candidates(word, language) == (word,) for word in fallback)


def test_ruling_R43_words_with_accents_are_words_and_words_with_an_apostrophe_are_not_blanked():
    said = candidates("dijeron: ¡Jehová es el Dios! ¿por qué me persigues? «Ve á Jericó»", SPANISH)
    assert said == ("Jehová", "Dios", "persigues", "Jericó")
    held = candidates("se de todo te calares n'este tempo, soccorro d'aquelle á noite, Jehová é", PORTUGUESE)
    assert held == ("calares", "tempo", "soccorro", "noite", "Jehová")
    assert candidates("tinha-se perdido, e é achado", PORTUGUESE) == ("perdido", "achado")
    verses = ["¡Jehová es el Dios!", *SPANISH_VERSES[1:]]
    question = make_question(verses, 1, random.Random(3), [], SPANISH)
    assert question["text"] in ("¡_____ es el Dios!", "¡Jehová es el _____!")


def test_ruling_R43_the_invariants_hold_for_the_languages_and_find_them_broken():
    good = new_game(language_deck(), SEATS, seed=3, remember_word=True, teams=False, languages=MIXED)
    assert violations(good) == []
    breaks = {
        "bad seat languages": [
            lambda s: s["languages"].pop(),
            lambda s: s["languages"].__setitem__(0, "fr"),
            lambda s: s.pop("languages"),
        ],
        "the languages read are not the seats' languages": [
            lambda s: s["read"].pop(PORTUGUESE),
            lambda s: s.update(languages=["en"] * 4),
        ],
        "verses or names are not the deck's": [lambda s: s["read"][SPANISH]["verses"].pop()],
    }
    for message, changes in breaks.items():
        for change in changes:
            broken = engine.from_json(to_json(good))
            change(broken)
            assert any(message in found for found in violations(broken)), (message, violations(broken))
    state, _question, _events = lay(mixed_table(), 1, DAVID)
    assert violations(state) == []
    english = engine.from_json(to_json(state))
    english["languages"][0] = "en"  # the Spanish question now stands before an English reader
    english["read"].pop(SPANISH)
    assert "the question is not on the verse of the answering seat's Bible" in violations(english)
    twice = engine.from_json(to_json(state))
    twice["question"]["choices"][1] = twice["question"]["choices"][0].upper()
    assert "bad question" in violations(twice)


def test_ruling_R43_random_games_at_mixed_tables_keep_every_invariant_and_ask_in_each_seat_s_bible():
    rng = random.Random(43)
    asked = set()
    tables = [MIXED, ["pt", "en", "es", "pt"], ["es"] * 4]
    for game in range(12):
        languages = tables[game % 3]
        state = new_game(
            language_deck(), SEATS, seed=game, remember_word=True, teams=game % 2 == 0, languages=languages
        )
        checker = Checker()
        while not engine.is_over(state):
            seat = engine.current_seat(state)
            state, _events = apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
            assert checker.violations(state) == []
            question = state["question"]
            if question is not None:
                language = languages[question["seat"] - 1]
                check_question(question, VERSES.get(language, ENGLISH_VERSES), language)
                asked.add(language)
    assert asked == {"en", SPANISH, PORTUGUESE}


def test_ruling_R43_the_simulator_plays_mixed_tables_clean():
    tables = (
        {"seats": 4, "persons": 4, "languages": MIXED},
        {"teams": True, "languages": ["pt", "es", "en", "pt"]},
        {"seats": 5, "persons": 3, "languages": ["es", "pt", "en", "es", "en"]},
    )
    for kwargs in tables:
        summary = run(language_deck(), 100, seed=43, **kwargs)
        assert summary["games"] == 100 and summary["invariant_violations"] == 0
        assert "unfinished" not in summary["endings"]
