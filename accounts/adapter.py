"""allauth's adapter as the site uses it: one class, each concern in the module that explains it."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest

from accounts.lockout import PerAddressLoginLimit
from accounts.mail import PublicSiteMail
from justalllowgod.lib.addresses import request_address


class AccountAdapter(PublicSiteMail, PerAddressLoginLimit, DefaultAccountAdapter):
    """Mail links on the public address (accounts/mail.py); failed sign-ins counted per address and
    account (accounts/lockout.py); the client's address read as the rest of the site reads it, past
    the trusted proxies (justalllowgod/lib/addresses.py), for allauth's own limits."""

    def get_client_ip(self, request: HttpRequest) -> str:
        return request_address(request.META) or super().get_client_ip(request)
