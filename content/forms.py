"""Forms for the content admin: cards with a checked reference, and the note for changes."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from content import bible
from content.edited_meanwhile import SeenRevisionForm
from content.models import FIELD_LABELS, Card, Kind, Translation


class CardAdminForm(SeenRevisionForm):
    """A card; a Word card's reference must name exactly one KJV verse."""

    class Meta:
        model = Card
        fields = ["story", "kind", "title", "description", "reference"]
        # Up to 140 characters: a box that shows all of it wraps, where a one-line input cut it off.
        widgets = {"description": forms.Textarea(attrs={"rows": 3, "cols": 40})}
        labels = {name: FIELD_LABELS[name] for name in fields}

    def clean_description(self) -> str:
        # Still one line under the title: a line break typed in the box becomes a space.
        return " ".join(self.cleaned_data["description"].split())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        kind, reference = data.get("kind"), (data.get("reference") or "").strip()
        if kind == Kind.WORD:
            try:
                data["reference"] = bible.parse_reference(reference).reference
            except ValidationError as error:
                self.add_error("reference", error)
        elif reference:
            self.add_error("reference", _("Only a Word card carries a reference; leave this empty."))
        return data


class RequestChangesForm(forms.Form):
    """The note an approver writes when sending cards back."""

    _selected_action = forms.CharField(widget=forms.MultipleHiddenInput)
    note = forms.CharField(
        label=gettext_lazy("What should change?"),
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        help_text=gettext_lazy("The editors see this note on the card's page."),
    )

    def clean_note(self) -> str:
        note = self.cleaned_data["note"].strip()
        if not note:
            raise ValidationError(_("Please write a note saying what should change."))
        return note


class SingleChangesForm(forms.Form):
    """The same note, for one card or story from its own page."""

    note = RequestChangesForm.base_fields["note"]


class TranslationAdminForm(SeenRevisionForm):
    """A story's or a card's words in another language (issue 42): a title for a story, a title and
    a line for a card, only the line for a Word card (its title is its reference, which that
    language's Bible says)."""

    class Meta:
        model = Translation
        fields = ["language", "story", "card", "title", "description"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3, "cols": 40})}

    def clean_description(self) -> str:
        return " ".join(self.cleaned_data["description"].split())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        story = data.get("story") or self.instance.story
        card = data.get("card") or self.instance.card
        if bool(story) == bool(card):
            raise ValidationError(_("Choose the story or the card this translates: one of them."))
        if card and card.kind == Kind.WORD:
            data["title"] = ""
        elif not (data.get("title") or "").strip():
            self.add_error("title", _("Please give the title in this language."))
        if card and not (data.get("description") or "").strip():
            self.add_error("description", _("Please give the card's line in this language."))
        return data
