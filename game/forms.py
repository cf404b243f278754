"""Forms for sitting down at a table."""

from __future__ import annotations

from django import forms


class PrivateTableForm(forms.Form):
    """Start a private table (R24)."""

    seats = forms.TypedChoiceField(choices=[(4, "4 seats"), (5, "5 seats")], coerce=int, initial=4)
    teams = forms.BooleanField(required=False, label="Teams (four people, two teams of two)")
    remember_word = forms.BooleanField(required=False, initial=True, label="Remember the Word")
    allow_agents = forms.BooleanField(
        required=False, label="Welcome approved AI helpers (they take helper seats and never win)"
    )


class JoinForm(forms.Form):
    """Join a table by its code, in any case."""

    code = forms.CharField(max_length=12, label="Table code")
