"""allauth's adapter as the site uses it: one class, each concern in the module that explains it."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter

from accounts.lockout import PerAddressLoginLimit
from accounts.mail import PublicSiteMail


class AccountAdapter(PublicSiteMail, PerAddressLoginLimit, DefaultAccountAdapter):
    """Mail links on the public address (accounts/mail.py); failed sign-ins counted per address and
    account (accounts/lockout.py)."""
