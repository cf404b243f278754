"""The reviewer's form: a decision about a case."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from moderation.models import Decision
from moderation.services import DECIDABLE, MAX_SUSPENSION_DAYS


class AccountChoice(forms.ModelMultipleChoiceField):
    """Accounts are named by gamer tag, never by email, in the form itself."""

    def label_from_instance(self, obj: User) -> str:
        return obj.gamer_tag or _("member #%(number)s") % {"number": obj.pk}


class DecisionForm(forms.Form):
    """No action, a warning, a suspension for N days, or a ban: always with a reason."""

    accounts = AccountChoice(queryset=User.objects.none(), widget=forms.CheckboxSelectMultiple)
    action = forms.ChoiceField(
        choices=[(a.value, a.label) for a in DECIDABLE],
        widget=forms.RadioSelect,
        label=gettext_lazy("Decision"),
    )
    days = forms.IntegerField(
        min_value=1,
        max_value=MAX_SUSPENSION_DAYS,
        required=False,
        label=gettext_lazy("Days of suspension"),
        help_text=gettext_lazy("Only for a suspension."),
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        label=gettext_lazy("Reason"),
        help_text=gettext_lazy("Required. Kept with the decision."),
    )

    def __init__(self, *args: Any, accounts: list[User], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["accounts"]
        field.queryset = User.objects.filter(pk__in=[u.pk for u in accounts]).order_by("gamer_tag", "pk")
        field.initial = [u.pk for u in accounts]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("action") == Decision.Action.SUSPENSION and not data.get("days"):
            self.add_error("days", _("How many days should the suspension last?"))
        if not (data.get("reason") or "").strip():
            self.add_error("reason", _("Please write the reason for this decision."))
        return data
