"""Forms for sitting down at a table."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from game.models import Variant


class PrivateTableForm(forms.Form):
    """Start a private table (R24) with its options and variant (V1-V3)."""

    seats = forms.TypedChoiceField(choices=[(4, _("4 seats")), (5, _("5 seats"))], coerce=int, initial=4)
    teams = forms.BooleanField(required=False, label=_("Teams (four people, two teams of two)"))
    remember_word = forms.BooleanField(required=False, initial=True, label=_("Remember the Word"))
    variant = forms.ChoiceField(choices=Variant.choices, initial=Variant.STANDARD, required=False)
    deal_seven = forms.BooleanField(required=False, label=_("Deal 7"))
    ask_any = forms.BooleanField(required=False, label=_("Ask for any story"))
    # Stored as read_aloud; worded apart from the voice that reads the page aloud (static/js/voice.js).
    read_aloud = forms.BooleanField(required=False, label=_("Read the verse together"))
    over_days = forms.BooleanField(
        required=False,
        label=_("Play over days (the game waits for everyone; each is told when it's their turn)"),
    )
    allow_agents = forms.BooleanField(
        required=False, label=_("Welcome approved AI helpers (they take helper seats and never win)")
    )
    # R42: the id of a live deck (the start screen offers those live now); the service refuses any
    # other with words that name it, so it is not a choice field here.
    deck = forms.CharField(required=False, max_length=12, label=_("Deck"))

    def clean_variant(self) -> str:
        """A form without the choice (an older page) opens a standard table."""
        return self.cleaned_data.get("variant") or Variant.STANDARD


class JoinForm(forms.Form):
    """Join a table by its code, in any case."""

    code = forms.CharField(max_length=12, label=_("Table code"))
