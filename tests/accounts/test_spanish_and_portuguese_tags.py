"""The word filter and the tag rules refuse hateful and rude words in Spanish and Portuguese too
(the attacker's pass for Mexico, Spain, Argentina, Chile, Colombia, Brazil and Portugal), read
through digits, doubled letters, underscores and camelCase, while the names, places and words of
those families stay welcome. The lists and their reasons are in accounts/foreign_words.py and
accounts/hate_phrases.py."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts.foreign_words import FOREIGN_ANYWHERE, FOREIGN_WORDS
from accounts.forms import GamerTagForm
from accounts.models import User
from accounts.services import set_gamer_tag
from accounts.tags import validate_gamer_tag
from accounts.wordfilter import is_rude
from tests.factories import UserFactory

REFUSED = [
    # Spanish swear words and sexual words, as written and as spelt by children
    "Puta",
    "Put4",
    "P_u_t_a",
    "Puuuta",
    "Putaaa",
    "Putooo",
    "Pvta",
    "PutaMadre",
    "putamadre",
    "Putita",
    "Puton",
    "Hijo_De_Puta",
    "HijoDePuta",
    "H1j0_D3_Put4",
    "hijueputa",
    "Jueputa",
    "Hija_De_Puta",
    "Hdp",
    "HDP_10",
    "Pendejo",
    "P3nd3jo",
    "Pndj",
    "Pendejada",
    "Verga",
    "V3rga",
    "Vergaa",
    "Vergon",
    "Vtlv",
    "ALV_Prro",
    "Chinga",
    "Ch1nga",
    "ChingaTuMadre",
    "chingatumadre",
    "Chingon",
    "Ctm",
    "CTM_Chile",
    "Ptm",
    "Lpm",
    "Cabron",
    "C4br0n",
    "Kbron",
    "Kbron_Mx",
    "Kabron",
    "Cabronazo",
    "Mierda",
    "M13rda",
    "comemierda",
    "negrodemierda",
    "Joder",
    "Jodido",
    "Culero",
    "Culiao",
    "Follar",
    "Cojones",
    "Me_Cago_En_Dios",
    "MeCagoEnDios",
    "mecagoendios",
    "Gilipollas",
    "Chupapollas",
    "Chupala",
    "Mamaguevo",
    "Conchetumare",
    "conchatumadre",
    "Concha_Tu_Madre",
    "ConchaDeTuMadre",
    "Malparido",
    "Gonorrea",
    "Boludo",
    "Pelotudo",
    "Pelotud0",
    # Portuguese swear words and sexual words
    "Caralho",
    "C4ralho",
    "Caraaalho",
    "Karalho",
    "Krl",
    "Porra",
    "P0rra",
    "Porraa",
    "PORRA_MEU",
    "Merda",
    "M3rda",
    "Merdaaa",
    "Puta_Merda",
    "Bosta",
    "Foda",
    "F0da",
    "Foda_Se",
    "foda-se",
    "Fodase",
    "Fodasse",
    "Fudido",
    "Vai_Se_Foder",
    "vaisefoder",
    "Vsf",
    "VSF_mano",
    "Pqp",
    "PutaQuePariu",
    "Fdp",
    "Filho_Da_Puta",
    "FilhoDaPuta",
    "filhadaputa",
    "Vtnc",
    "VTNC_Mano",
    "Tnc",
    "Vai_Tomar_No_Cu",
    "vaitomarnocu",
    "Buceta",
    "Bucet4",
    "Xoxota",
    "Xereca",
    "Arrombado",
    "Arrombada",
    "Cuzao",
    "Cuz4o",
    "Punheta",
    "Piroca",
    "Vadia",
    "Putaria",
    "Tetas",
    "Sexo",
    "Sexo_Gratis",
    "Estuprador",
    "Violador",
    "Pedofilo",
    # slurs against gay and trans people
    "Maricon",
    "Mar1con",
    "Marikon",
    "Maricones",
    "Putos",
    "Jotos",
    "Jot0",
    "Trolo",
    "Maraco",
    "Traveco",
    "Viado",
    "Vi4do",
    "Viadinho",
    "Boiola",
    "Baitola",
    "Sapatao",
    "Paneleiro",
    # slurs against disabled people, and the playground's insults
    "Mongolico",
    "Mogolico",
    "Subnormales",
    "Retrasada",
    "Retardado",
    "Idiota",
    "Estupido",
    "Imbecil",
    # slurs against peoples
    "Sudaca",
    "Sudacas",
    "Veneco",
    "Nacos",
    "Negrata",
    "Chino_Cochino",
    "Negro_Macaco",
    "Macaca_Preta",
    "Preto_Macaco",
    # calls to harm a group, in Spanish, in Portuguese and mixed with English
    "Mata_Judios",
    "MataJudios",
    "matajudios",
    "M4t4_Jud10s",
    "Muerte_A_Los_Judios",
    "MuerteALosJudios",
    "Morte_Aos_Judeus",
    "MorteAosJudeus",
    "Morte_Aos_Gays",
    "Mata_Gays",
    "MataNegros",
    "Odio_A_Los_Negros",
    "OdioLosJudios",
    "Odeio_Pretos",
    "Odeio_Judeus",
    "Quema_Judios",
    "Queimar_Judeus",
    "Fuera_Inmigrantes",
    "Fora_Nordestinos",
    "Mata_Gitanos",
    "Muerte_A_Los_Moros",
    "Matem_Ciganos",
    "Extermina_Judios",
    "Fuzila_Gays",
    "Muerte_Mexicanos",
    "Odio_Musulmanes",
    "Judios_Al_Horno",
    "Judeus_No_Forno",
    "Judios_Ratas",
    "Judeus_Ratos",
    "Negros_Basura",
    "Gitanos_Fuera",
    "Kill_Judios",
    "Hate_Negros",
    "Muerte_A_Los_Jews",
    # telling someone to kill themselves
    "Matate_Ya",
    "Suicidate",
    "Muerete",
    "Ahorcate",
    "Se_Mata",
    "Vai_Se_Matar",
    # Nazi words as Spanish and Portuguese speakers write them
    "Nazista",
    "Esvastica",
    "Suastica",
    "Esvastica88",
    "Nacional_Socialista",
    "Camara_De_Gas",
    "CamarasDeGas",
    "Holocuento",
    "Holoconto",
    "Holocausto_Falso",
    "Holocausto_Mentira",
    "Poder_Blanco",
    "PoderBlanco",
    "Poder_Branco",
    "Orgulho_Branco",
    "Supremacia_Blanca",
    "Raza_Aria",
    "Raca_Ariana",
    "Raza_Superior",
    "Tercer_Reich",
    "Terceiro_Reich",
    "MeinKampf",
    "Hitler_Vive",
    "Heil_Hitler",
]

# Names, nicknames, surnames, places and words of Spanish- and Portuguese-speaking families, and
# the words beside the refused ones that are innocent: 3 to 20 characters, without accents.
WELCOME = [
    # surnames
    "Porras",
    "Porras_Garcia",
    "Pinto",
    "Cola",
    "Rabo",
    "Vergara",
    "Carvalho",
    "Cabrera",
    "Cabral",
    "Merdan",
    "Putra",
    "Putta",
    "Mata",
    "Juan_Mata",
    "Jose_Mata",
    "Alvarez",
    # given names and their nicknames
    "Concha",
    "Concha_Garcia",
    "Conchita",
    "Concepcion",
    "Mariconchi",
    "Maricarmen",
    "Mari_Carmen",
    "Maricela",
    "Maricruz",
    "Rocio",
    "Dolores",
    "Consuelo",
    "Asuncion",
    "Socorro",
    "Inmaculada",
    "Cruz",
    "Jesus_Garcia",
    "Angel",
    "Guadalupe",
    "Lupe",
    "Paco",
    "Pancho",
    "Panchito",
    "Nacho",
    "Chuy",
    "Chucho",
    "Cuca",
    "Tete",
    "Quique",
    "Alvaro",
    "Jotaro",
    "Ximena",
    "Joao_Pedro",
    "Conceicao",
    "Adolfo",
    "Adolfo88",
    # places
    "Putumayo",
    "Peru",
    "Asuncion_PY",
    "Culiacan",
    "Matamoros",
    "Mato_Grosso",
    "Mata_Atlantica",
    "Caracas",
    "Cuzco",
    "Nazare",
    "Porto_Alegre",
    # words
    "Pinta",
    "Cacique",
    "Pollo",
    "Bicho",
    "Mico",
    "Toto",
    "Macaco",
    "Macaca_Bonita",
    "Veado",
    "Gato_Preto",
    "Lobo_Preto",
    "Chupa_Chups",
    "Chupacabras",
    "Computadora",
    "Diputado",
    "Sexta_Feira",
    "Matatena",
    "Matador",
    "Pelota",
    "Horneros_FC",
    # chat words
    "Tkm",
    "Fds",
    "Rsrs",
    "Jaja_Sam",
    # beside the phrases: a verb with no group after it, a group with no hostile word
    "Odio_Los_Lunes",
    "Fora_De_Serie",
    "Fuera_De_Juego",
    "Muerte_Roja",
    "Judio_Feliz",
    "Judeu_Feliz",
    "Latinos_Unidos",
    "Mujeres_Fuertes",
    "Orgullo_Latino",
    "Jewish_Forager",
    "Holocausto_Nunca_Mas",
    "Quema_De_Judas",
    "Gaseosa",
    "Fusilli",
]

# Rude to some and innocent to others: the decision (True: refused) and why are in
# accounts/foreign_words.py and accounts/hate_phrases.py.
JUDGEMENT_CALLS = [
    ("Marica", True),
    ("Maricas", True),
    ("Joto", True),
    ("Puto", True),
    ("Naco", True),
    ("Alv", True),
    ("Carai", True),
    ("Caraio", True),
    ("Tarado", True),
    ("Retrasado", True),
    ("Subnormal", True),
    ("Bollera", True),
    ("Gato_Negro", True),
    ("Kkkk", True),
    ("Orgullo_Blanco", True),
    ("Macaco_Preto", True),
    ("Mata_Moros", True),
    ("Odio_Las_Judias", True),
    ("Matate", True),
    ("Adolf88", True),
    ("Caray", False),
    ("Karai", False),
    ("Jota", False),
    ("Bunda", False),
    ("Caca", False),
    ("Weon", False),
    ("Huevon", False),
    ("Manco", False),
    ("Tonto", False),
    ("Gordo", False),
    ("Mono", False),
    ("Chino", False),
    ("Moro", False),
    ("Cholo", False),
    ("Indio", False),
    ("Gitano", False),
    ("Gallego", False),
    ("Negrito", False),
    ("Piranha", False),
    ("Rapariga", False),
    ("Ramera", False),
    ("Coger", False),
    ("Pija", False),
    ("Pajero", False),
    ("Pica", False),
    ("Pito", False),
    ("Rola", False),
    ("Pau", False),
    ("Cipote", False),
    ("Chimba", False),
    ("Chocho", False),
    ("Teta", False),
    ("Tortillera", False),
    ("Corno", False),
    ("Hostia", False),
    ("Mamon", False),
    ("Bicha", False),
    ("Putto", False),
    ("MataMoros", False),
]


@pytest.mark.parametrize("tag", REFUSED)
def test_spanish_and_portuguese_rude_and_hateful_tags_are_refused_as_unkind(tag):
    with pytest.raises(ValidationError) as caught:
        validate_gamer_tag(tag)
    assert [error.code for error in caught.value.error_list] == ["rude"]


@pytest.mark.parametrize("tag", WELCOME)
def test_spanish_and_portuguese_names_places_and_words_are_welcome(tag):
    assert validate_gamer_tag(tag) == tag


@pytest.mark.parametrize(("tag", "refused"), JUDGEMENT_CALLS)
def test_judgement_calls_are_as_decided(tag, refused):
    assert is_rude(tag) == refused
    if not refused:
        assert validate_gamer_tag(tag) == tag


def test_the_lists_hold_each_tag_once_and_every_tag_is_of_a_tags_shape():
    calls = [tag for tag, _ in JUDGEMENT_CALLS]
    every = REFUSED + WELCOME + calls
    assert len(set(every)) == len(every)
    assert all(3 <= len(tag) <= 20 and re.fullmatch("[A-Za-z0-9_-]+", tag) for tag in every)


def test_the_words_are_written_as_a_tag_can_write_them():
    # a word with an accent ("cono" written "coño") would never match a tag, which has none
    assert all(re.fullmatch("[a-z]+", word) for word in FOREIGN_WORDS)
    assert all(re.fullmatch(r"[a-z()|^$]+", word) for word in FOREIGN_ANYWHERE)


@pytest.mark.django_db
def test_the_tag_form_and_service_refuse_a_spanish_curse_and_change_nothing():
    form = GamerTagForm({"gamer_tag": "Hijo_De_Put4"})
    assert not form.is_valid()
    assert form.errors["gamer_tag"] == ["Please choose a kinder tag."]
    member = UserFactory(gamer_tag="")
    with pytest.raises(ValidationError):
        set_gamer_tag(user=member, tag="Vai_Se_Foder")
    member.refresh_from_db()
    assert member.gamer_tag == ""


@pytest.mark.django_db
def test_choosing_a_portuguese_curse_on_the_page_shows_why_and_saves_nothing(client):
    member = UserFactory(gamer_tag="", tag_changed_at=None)
    client.force_login(member)
    page = client.post(reverse("accounts:choose_tag"), {"gamer_tag": "C4ralho"}).content.decode()
    assert "Please choose a kinder tag." in page
    member.refresh_from_db()
    assert member.gamer_tag == ""


@pytest.mark.django_db
def test_the_add_a_child_form_refuses_a_spanish_call_to_harm_and_saves_nothing(client):
    parent = UserFactory()
    client.force_login(parent)
    response = client.post(reverse("family"), {"gamer_tag": "Mata_Judios"})
    assert response.status_code == 400
    assert "Please choose a kinder tag." in response.content.decode()
    assert not parent.children.exists()
    assert not User.objects.filter(gamer_tag__iexact="Mata_Judios").exists()
