"""Two editors on one item: a save that would silently replace a change made since the page was
opened is refused, with who changed what (issue 45). Each change form carries the revision it was
opened at; when a newer one exists, nothing is saved and the form comes back merged: the other's
changes in the fields this editor left alone, this editor's own words where they typed. Their next
save (having read the difference) keeps what the form shows."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.models import model_to_dict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from content.models import SYSTEM_NAME, person_label
from content.revisions import changes, current_revision

SEEN = "seen_revision"


def editor_name(user: Any) -> str:
    """Who made a revision, as the team calls one another: their gamer tag, else what the log says."""
    tag = getattr(user, "gamer_tag", "") if user is not None else ""
    return tag or person_label(user, unknown=SYSTEM_NAME)


class SeenRevisionForm(forms.ModelForm):
    """A ModelForm for a card, a story or a translation that refuses to save over a newer revision."""

    # Hidden; its label is in the page all the same (the admin draws each row with one).
    seen_revision = forms.IntegerField(
        required=False, widget=forms.HiddenInput, label=gettext_lazy("The revision this page was opened at")
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk and not self.is_bound:
            self.fields[SEEN].initial = current_revision(self.instance)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self._refuse_over_a_newer_revision(data.get(SEEN))
        return data

    def _refuse_over_a_newer_revision(self, seen: int | None) -> None:
        edited = [name for name in self.changed_data if name != SEEN]
        if not self.instance.pk or seen is None or not edited:
            return  # new, unchanged, or a page opened before this check (it carries no revision)
        # Inside the admin's transaction: a second save at the same moment waits for this one.
        type(self.instance).objects.select_for_update().filter(pk=self.instance.pk).first()
        now = current_revision(self.instance)
        if now is None or now <= seen:
            return
        latest = self.instance.history.select_related("history_user").get(history_id=now)
        what = changes(self.instance, since=seen)
        self._merge(seen, now)
        said = _(
            "%(who)s changed this since you opened it, so your edit was not saved. What they changed is "
            "below. The form now has their changes where you had changed nothing, and your own words "
            "where you typed: save again to keep what it shows."
        ) % {"who": editor_name(latest.history_user)}
        raise ValidationError([said, *(str(change) for change in what)])

    def _merge(self, seen: int, now: int) -> None:
        """The form as it comes back: the newest revision in every field this editor left as they
        found it, their own value where they changed it, and the newest revision as the one seen."""
        record = self.instance.history.filter(history_id=seen).first()
        found = model_to_dict(record.instance) if record is not None else {}
        current = model_to_dict(self.instance)
        data = self.data.copy()
        for name, field in self.fields.items():
            if name == SEEN or name not in current or name not in found:
                continue
            key = self.add_prefix(name)
            typed = field.widget.value_from_datadict(self.data, self.files, key)
            if not field.has_changed(found[name], typed):
                data[key] = "" if current[name] is None else str(field.prepare_value(current[name]))
        data[self.add_prefix(SEEN)] = str(now)
        self.data = data


def _without_seen(fields: Any) -> list:
    return [name for name in fields if name != SEEN]


class SeenRevisionAdmin:
    """For a ModelAdmin (or inline) whose form is a SeenRevisionForm: the hidden revision is in the
    form only where someone may change the item; a reader's page (every field read-only) and an add
    page have no revision to carry, and the admin would print its name there."""

    def seen_field(self, request: Any, obj: Any = None) -> list[str]:
        """[SEEN] where the page may change the item, else nothing (for a get_fieldsets of its own)."""
        may_change = obj is not None and self.has_change_permission(request, obj)  # type: ignore[attr-defined]
        return [SEEN] if may_change else []

    def get_fieldsets(self, request: Any, obj: Any = None) -> list:
        fieldsets = super().get_fieldsets(request, obj)  # type: ignore[misc]
        if obj is not None and self.has_change_permission(request, obj):  # type: ignore[attr-defined]
            return fieldsets
        return [
            (name, {**options, "fields": _without_seen(options["fields"])}) for name, options in fieldsets
        ]

    def get_fields(self, request: Any, obj: Any = None) -> list:
        fields = super().get_fields(request, obj)  # type: ignore[misc]
        if obj is not None and self.has_change_permission(request, obj):  # type: ignore[attr-defined]
            return fields
        return _without_seen(fields)
