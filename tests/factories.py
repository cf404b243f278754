"""factory-boy factories shared by the tests."""

from __future__ import annotations

import factory
from allauth.account.models import EmailAddress
from django.utils import timezone

from accounts.models import User

PASSWORD = "a-long-test-password-42"


class UserFactory(factory.django.DjangoModelFactory):
    """A member with a gamer tag, ready to play."""

    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"member{n}@example.org")
    gamer_tag = factory.Sequence(lambda n: f"Player{n}")
    tag_changed_at = factory.LazyFunction(timezone.now)
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()
            if obj.email:
                # Every member proved their address at sign-up (ACCOUNT_EMAIL_VERIFICATION).
                EmailAddress.objects.create(user=obj, email=obj.email, primary=True, verified=True)


class StaffFactory(UserFactory):
    """A member of the team who may use the admin."""

    is_staff = True


# --- Content: decks, stories and their four cards ---------------------------------------------


class DeckFactory(factory.django.DjangoModelFactory):
    """A deck, not live unless asked."""

    class Meta:
        model = "content.Deck"

    name = factory.Sequence(lambda n: f"Deck {n}")
    slug = factory.Sequence(lambda n: f"deck-{n}")
    is_live = False


class StoryFactory(factory.django.DjangoModelFactory):
    """A draft story without cards."""

    class Meta:
        model = "content.Story"

    deck = factory.SubFactory(DeckFactory)
    position = factory.Sequence(lambda n: n + 1)
    title = factory.Sequence(lambda n: f"Story {n}")
    summary = "A story for the tests."
    status = "draft"


def _verse_text(reference: str) -> str:
    from content.bible import parse_reference

    return parse_reference(reference).text


class CardFactory(factory.django.DjangoModelFactory):
    """A draft Person card; pass kind="word" and a reference for a Word card."""

    class Meta:
        model = "content.Card"

    story = factory.SubFactory(StoryFactory)
    kind = "person"
    title = factory.Sequence(lambda n: f"Card {n}")
    description = "One line on the card."
    reference = factory.LazyAttribute(lambda card: "Genesis 1:1" if card.kind == "word" else "")
    verse_text = factory.LazyAttribute(lambda card: _verse_text(card.reference) if card.reference else "")
    status = "draft"


class FullStoryFactory(StoryFactory):
    """A story with its four cards, all in the story's status (approved makes it dealable)."""

    class Meta:
        skip_postgeneration_save = True

    @factory.post_generation
    def cards(story, create, extracted, **kwargs):
        if not create:
            return
        status = kwargs.get("status", story.status)
        for kind in ("person", "place", "moment", "word"):
            reference = f"Psalms 119:{story.position % 176 or 1}" if kind == "word" else ""
            CardFactory(
                story=story, kind=kind, title=f"{story.title} {kind}", reference=reference, status=status
            )


class DealableStoryFactory(FullStoryFactory):
    """An approved story with four approved cards."""

    status = "approved"


def signed_in_session(user: User) -> str:
    """The key of a live browser session signed in as the member, as a socket carries it.

    The session Django's login() saves (the member, the backend force_login would name, the
    password's hash), saved once: without the sign-in's signals (last login, django-axes' access
    log) and the key cycling, which the tests of signing in meet through the pages, and which cost
    more than the rest of a move where a test signs in for each one."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, load_backend

    backend = next(p for p in settings.AUTHENTICATION_BACKENDS if hasattr(load_backend(p), "get_user"))
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = user._meta.pk.value_to_string(user)
    session[BACKEND_SESSION_KEY] = backend
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return session.session_key
