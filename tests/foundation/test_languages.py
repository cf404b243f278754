"""Issue 42: the site in the reader's language. The catalogs are whole (every entry translated,
none fuzzy, the same placeholders as the English), the compiled .mo files say what the .po files
say, and nothing makemessages finds in the code is missing from them; the reader's language comes
from their account, else their device's choice, else their browser; the picker keeps a member's
choice on the account, a visitor's on the device, and refuses a language the site is not written in."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import gettext

from accounts import family
from accounts.models import User
from tests.factories import UserFactory
from tests.trust import signed_in_client

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = ("es", "pt")
DOMAINS = ("django", "djangojs")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


# Django's and allauth's words as Brazil says them, read after the site's own (settings.LOCALE_PATHS).
BRAZIL = Path(settings.BASE_DIR) / "locale_brazil" / "pt" / "LC_MESSAGES" / "django.po"


def catalogs() -> list[Path]:
    return [
        LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        for lang in TRANSLATED
        for domain in DOMAINS
        if (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").exists()
    ] + [BRAZIL]


def test_brazils_words_are_read_after_the_sites_own():
    assert [LOCALE, BRAZIL.parents[2]] == settings.LOCALE_PATHS
    with translation.override("pt"):
        # Django's "pt" is Portugal's "Introduza um endereço de e-mail válido."
        assert gettext("Enter a valid email address.") == "Digite um endereço de e-mail válido."


@pytest.fixture
def every_language(settings):
    settings.LANGUAGES = settings.ALL_LANGUAGES


@pytest.fixture
def english_only(settings):
    """An operator's DJANGO_OPEN_LANGUAGES=en."""
    settings.LANGUAGES = [("en", "English")]


def test_each_language_has_the_sites_catalog():
    for lang in TRANSLATED:
        assert (LOCALE / lang / "LC_MESSAGES" / "django.po").exists(), lang


@pytest.mark.parametrize("path", catalogs(), ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_every_entry_is_translated_with_the_same_placeholders(path):
    """Each name the English fills in is filled in the translation too (once or more: "Sam sealed
    his stone" names Sam once where the English names him twice); a plural form may follow either
    English form ("this story" / "these %(n)s stories")."""
    po = polib.pofile(str(path))
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []
    for entry in po.translated_entries():
        wanted = [set(PLACEHOLDER.findall(entry.msgid))]
        if entry.msgid_plural:
            wanted.append(set(PLACEHOLDER.findall(entry.msgid_plural)))
        for said in [entry.msgstr] if entry.msgstr else entry.msgstr_plural.values():
            assert set(PLACEHOLDER.findall(said)) in wanted, (entry.msgid, said)


@pytest.mark.parametrize("path", catalogs(), ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_the_compiled_catalog_says_what_the_po_says(path):
    """`make messages` compiles them; a .po edited without it would leave the site saying the old."""
    said = {
        (e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural
        for e in polib.pofile(str(path)).translated_entries()
    }
    compiled = {
        (e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural for e in polib.mofile(str(path.with_suffix(".mo")))
    }
    compiled = {key: value for key, value in compiled.items() if key[1]}  # less the header
    assert compiled == said


def test_makemessages_finds_no_word_the_catalogs_lack(tmp_path, settings):
    """Every word the templates and the code give gettext is in each catalog (run makemessages on
    a copy of locale/, and nothing comes out untranslated)."""
    if shutil.which("xgettext") is None:
        pytest.fail("makemessages needs GNU gettext: apt-get install gettext (make test does it as root)")
    # makemessages writes each file's words to the locale folder above it, so it runs in a copy of
    # the project: the source folders linked, locale/ copied (never the real catalogs).
    project = tmp_path / "project"
    project.mkdir()
    for entry in Path(settings.BASE_DIR).iterdir():
        if entry.name != "locale" and not entry.name.startswith("."):
            (project / entry.name).symlink_to(entry)
    copy = project / "locale"
    shutil.copytree(LOCALE, copy)
    settings.LOCALE_PATHS = [copy]
    ignore = [
        "tests",
        "bench",
        "clients",
        "examples",
        "tools",
        "deploy",
        "node_modules",
        ".venv",
        "staticfiles",
        "test-artifacts",
    ]
    here = os.getcwd()
    os.chdir(project)
    try:
        for domain in DOMAINS:
            call_command(
                "makemessages",
                locale=list(TRANSLATED),
                domain=domain,
                ignore_patterns=ignore,
                no_obsolete=True,
                symlinks=True,
                verbosity=0,
            )
    finally:
        os.chdir(here)
    for lang in TRANSLATED:
        for domain in DOMAINS:
            path = copy / lang / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                missing = [e.msgid for e in polib.pofile(str(path)).untranslated_entries()]
                assert missing == [], (
                    f"{lang}/{domain}.po lacks {missing[:10]} (run make messages and translate them)"
                )


@pytest.mark.django_db
def test_a_visitors_browser_language_is_the_pages(client, every_language):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="es-MX,es;q=0.9,en;q=0.5")
    html = page.content.decode()
    assert '<html lang="es">' in html
    assert "Cómo se juega" in html and "How to play" not in html
    assert '<script src="/words/es.js">' in html
    assert page["Content-Language"] == "es"


@pytest.mark.django_db
def test_an_english_page_loads_no_catalog_and_shows_no_picker_while_only_english_is_open(
    client, english_only
):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="pt-BR").content.decode()
    assert '<html lang="en">' in html and "/words/" not in html and "language-picker" not in html


@pytest.mark.django_db
def test_a_members_choice_is_kept_on_the_account_and_follows_them_to_another_device(every_language):
    member = UserFactory()
    browser = signed_in_client(member)
    answer = browser.post("/language/", {"language": "pt", "next": "/how-to-play/"})
    assert answer.status_code == 302 and answer["Location"] == "/how-to-play/"
    member.refresh_from_db()
    assert member.language == "pt"
    elsewhere = signed_in_client(member)  # no cookie, an English browser
    assert "Como jogar" in elsewhere.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


@pytest.mark.django_db
def test_a_visitors_choice_is_kept_on_the_device(client, every_language):
    client.post("/language/", {"language": "es", "next": "/"})
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    assert "Cómo se juega" in client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


@pytest.mark.django_db
def test_a_childs_device_chooses_for_the_device_only(every_language):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Little_Bea")
    answer = signed_in_client(child).post("/language/", {"language": "es", "next": "/"})
    assert answer.status_code == 302
    child.refresh_from_db()
    assert child.language == ""


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "", "es-ES; DROP", "xx"])
def test_a_language_the_site_is_not_written_in_is_refused_and_changes_nothing(language, every_language):
    member = UserFactory()
    answer = signed_in_client(member).post("/language/", {"language": language, "next": "/"})
    assert answer.status_code == 400
    assert "not one the site is written in" in answer.content.decode()
    assert User.objects.get(pk=member.pk).language == ""
    assert settings.LANGUAGE_COOKIE_NAME not in answer.cookies


@pytest.mark.django_db
def test_a_closed_language_is_refused_too(client, english_only):
    assert client.post("/language/", {"language": "es", "next": "/"}).status_code == 400
    assert client.get("/words/es.js").status_code == 404


@pytest.mark.django_db
def test_the_way_back_never_leaves_the_site(client, every_language):
    answer = client.post("/language/", {"language": "es", "next": "https://elsewhere.example/"})
    assert answer["Location"] == "/"


@pytest.mark.django_db
def test_the_scripts_catalog_is_served_per_language_and_kept_an_hour(client, every_language):
    answer = client.get("/words/es.js")
    assert answer.status_code == 200
    assert "django.gettext" in answer.content.decode() or "gettext" in answer.content.decode()
    assert "max-age=3600" in answer["Cache-Control"]
    assert client.get("/words/fr.js").status_code == 404
    assert client.get("/language/")["Location"] == "/"  # a typed address goes home, as every form's does


@pytest.mark.django_db
def test_a_guests_and_a_class_childs_device_may_choose_its_language(every_language):
    from classes import joining
    from game import services
    from game.services import guests

    table = services.create_private_table(user=UserFactory()).table
    guest = guests.ask_to_sit(token=table.invite_token, name="Visiting_Vera").guest
    classroom = joining.start_class(leader=UserFactory(), agreed=True)
    pupil = joining.join_class(code=classroom.code, name="Little_Tom").user
    for person in (guest, pupil):
        browser = signed_in_client(person)
        assert browser.post("/language/", {"language": "es", "next": "/"}).status_code == 302
        assert browser.get("/words/es.js").status_code == 200
        person.refresh_from_db()
        assert person.language == ""  # the device's choice; the account's is its manager's to set


@pytest.mark.django_db
def test_the_settings_page_offers_each_language_in_its_own_name(every_language):
    member = UserFactory(language="es")
    html = signed_in_client(member).get("/me/settings/").content.decode()
    assert 'id="language"' in html
    for code, name in settings.ALL_LANGUAGES:
        assert f'value="{code}" lang="{code}"' in html and f">{name}</button>" in html
    assert 'value="es" lang="es" class="button button-small" aria-current="true"' in html


@pytest.mark.django_db
def test_while_only_english_is_open_the_settings_page_offers_no_choice(english_only):
    html = signed_in_client(UserFactory()).get("/me/settings/").content.decode()
    assert 'id="language"' not in html


@pytest.mark.django_db
def test_a_parent_sets_the_language_a_child_reads_on_every_device(every_language):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Little_Bea")
    page = signed_in_client(parent).get("/me/family/")
    assert f'id="language-{child.pk}"' in page.content.decode()
    answer = signed_in_client(parent).post(f"/me/family/{child.pk}/language/", {"language": "pt"})
    assert answer.status_code == 302
    child.refresh_from_db()
    assert child.language == "pt"
    assert "Como jogar" in signed_in_client(child).get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "xx", "es-ES; DROP"])
def test_a_childs_language_the_site_is_not_written_in_is_refused_and_changes_nothing(
    language, every_language
):
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Little_Bea")
    browser = signed_in_client(parent)
    browser.post(f"/me/family/{child.pk}/language/", {"language": language})
    child.refresh_from_db()
    assert child.language == ""
    assert "not one the site is written in" in browser.get("/me/family/").content.decode()


@pytest.mark.django_db
def test_only_the_childs_own_parent_sets_their_language(every_language):
    child = family.add_child(parent=UserFactory(), tag="Little_Bea")
    signed_in_client(UserFactory()).post(f"/me/family/{child.pk}/language/", {"language": "es"})
    child.refresh_from_db()
    assert child.language == ""
