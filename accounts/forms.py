"""Forms for members."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.tags import approved_agent_names, validate_gamer_tag


class GamerTagForm(forms.Form):
    """Choose or change a gamer tag."""

    gamer_tag = forms.CharField(
        label=_("Gamer tag"),
        max_length=20,
        help_text=_(
            "3 to 20 characters: the letters A to Z without accents, the digits 0 to 9, _ and -. "
            "No spaces. Other players see only this."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "off", "spellcheck": "false"}),
    )

    def clean_gamer_tag(self) -> str:
        return validate_gamer_tag(self.cleaned_data["gamer_tag"], agent_names=approved_agent_names())
