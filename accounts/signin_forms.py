"""allauth's own sign-up and code forms, worded for the site (ACCOUNT_FORMS): the password is
plainly optional, and a code box is ready to type in as its page opens."""

from __future__ import annotations

from allauth.account.forms import ConfirmEmailVerificationCodeForm, ConfirmLoginCodeForm, SignupForm
from django.utils.translation import gettext as _

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


class EmailFirstSignupForm(SignupForm):
    """An email is all sign-up needs; the password box says it is optional."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if "password1" in self.fields:
            self.fields["password1"].label = _("Password (optional)")
