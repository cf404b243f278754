"""Member pages: choosing a gamer tag and the settings page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from accounts import family, kid_devices
from accounts.forms import GamerTagForm
from accounts.services import first_tag_grace_until, next_tag_change, set_gamer_tag, set_team_mail
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Refusal
from notices.views import settings_section


def _safe_next(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return None


def _save_tag(request: HttpRequest, form: GamerTagForm) -> bool:
    if not form.is_valid():
        return False
    try:
        set_gamer_tag(user=request.user, tag=form.cleaned_data["gamer_tag"])
    except ValidationError as error:  # the tag's shape, checked again under the lock
        form.add_error("gamer_tag", error)
        return False
    except Refusal as refusal:  # taken, retired, or changed too lately: said beside the box
        form.add_error("gamer_tag", refusal.message)
        return False
    return True


@login_required
def choose_tag(request: HttpRequest) -> HttpResponse:
    """A member picks the tag everyone else will see."""
    if request.user.gamer_tag:
        return redirect(_safe_next(request) or "accounts:settings")
    form = GamerTagForm(request.POST or None)
    # The one box on the page, the last one a newcomer types on the way to a table.
    form.fields["gamer_tag"].widget.attrs["autofocus"] = True
    if request.method == "POST" and _save_tag(request, form):
        messages.success(request, _("Welcome, %(tag)s!") % {"tag": form.cleaned_data["gamer_tag"]})
        return redirect(_safe_next(request) or "home")
    return render(request, "accounts/choose_tag.html", {"form": form, "next": _safe_next(request) or ""})


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    """The member's own settings: their tag and when it may change next, how they are told it is
    their turn (notices), team mails, family, sign-in and deleting the account."""
    if not request.user.gamer_tag:
        return redirect("accounts:choose_tag")
    form = GamerTagForm(request.POST or None, initial={"gamer_tag": request.user.gamer_tag})
    if request.method == "POST" and _save_tag(request, form):
        messages.success(request, _("Your gamer tag is changed."))
        return redirect("accounts:settings")
    context = {
        "form": form,
        "next_change": next_tag_change(request.user),
        "first_tag_until": first_tag_grace_until(request.user),
        "on_the_team": request.user.is_staff or request.user.groups.exists(),
        **settings_section(request.user),
    }
    return render(request, "accounts/settings.html", context)


@login_required
@post_only(go_to="accounts:settings")
def team_mail(request: HttpRequest) -> HttpResponse:
    """A team member turns their team mails on or off."""
    wanted = request.POST.get("team_mail") == "on"
    set_team_mail(user=request.user, wanted=wanted)
    messages.success(request, _("Team mails are on.") if wanted else _("Team mails are off."))
    return redirect("accounts:settings")


@post_only(go_to="accounts:settings")
@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    """A member deletes their account (and their children's), once they ticked that they mean it."""
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to say you mean it: deleting can't be undone."))
        return redirect("accounts:settings")
    try:
        family.delete_account(user=request.user)
    except Refusal as refusal:  # the service checks again, under its lock, who may delete
        messages.error(request, refusal.message)
        return redirect("accounts:settings")
    logout(request)
    messages.success(request, _("Your account is deleted. Thank you for playing with us."))
    return redirect("home")


def kid_device(request: HttpRequest) -> HttpResponse:
    """A family child's device, signed out: the way back in is a new QR from their grown-up."""
    device = kid_devices.of(request)
    if device is None or request.user.is_authenticated:
        return redirect("home")
    return render(request, "accounts/kid_device.html", {"device": device})
