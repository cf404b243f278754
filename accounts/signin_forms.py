"""allauth's code forms, with the code box ready to type in as the page opens (ACCOUNT_FORMS)."""

from __future__ import annotations

from allauth.account.forms import ConfirmEmailVerificationCodeForm, ConfirmLoginCodeForm

# The page has one job, so the keyboard comes up at once; codes are capitals and digits.
READY = {"autofocus": True, "autocapitalize": "characters", "spellcheck": "false"}


class LoginCodeForm(ConfirmLoginCodeForm):
    """The code that signs a member in."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["code"].widget.attrs.update(READY)


class SignupCodeForm(ConfirmEmailVerificationCodeForm):
    """The code that proves a new member's address (and signs them in)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["code"].widget.attrs.update(READY)
