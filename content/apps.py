from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ContentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "content"
    verbose_name = _("Cards and stories")

    def ready(self) -> None:
        name_in_the_readers_language()


def name_in_the_readers_language() -> None:
    """The admin's names for the content's records and their columns, in the reader's language.
    Given here rather than in the models' Meta and fields, as FIELD_LABELS are: words a translator
    can reach without a migration (migrations compare the names the models declare, which stay the
    English Django made from them; permissions keep their English names too)."""
    from content.models import FIELD_LABELS, Card, Deck, ReviewStep, Story, Translation

    names = {
        Deck: (_("deck"), _("decks")),
        Story: (_("story"), _("stories")),
        Card: (_("card"), _("cards")),
        Translation: (_("translation"), _("translations")),
        ReviewStep: (_("review step"), _("review steps")),
    }
    columns = FIELD_LABELS | {
        "name": _("Name"),
        "slug": _("Short name"),
        "status": _("Status"),
        "last_edited_by": _("Last edited by"),
        "updated_at": _("Updated at"),
        "card": _("Card"),
        "translation": _("Translation"),
        "actor": _("Who"),
        "at": _("When"),
        "action": _("What"),
        "note": _("Note"),
        "revision": _("Revision"),
    }
    for model, (one, many) in names.items():
        model._meta.verbose_name, model._meta.verbose_name_plural = one, many
        for field in model._meta.concrete_fields:
            # Only the fields the model left Django to name after themselves ("updated at").
            if field.name in columns and field.verbose_name == field.name.replace("_", " "):
                field.verbose_name = columns[field.name]
