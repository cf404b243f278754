"""A class's pages: the leader starts it and runs it from the board (meant for the projector, and
usable on their phone); a child joins by the code and a name, and waits for their table."""

from __future__ import annotations

import base64

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from accounts import family, kid_devices
from accounts.guests import guest_name, suggested_names
from accounts.models import KidDevice, User
from classes import board, joining, leading
from classes.models import MAX_CHILDREN, Classroom, Pupil
from content.deal import deck_choices
from game.pages.qr import qr_svg
from justalllowgod.lib.addresses import request_address
from justalllowgod.lib.methods import post_only
from justalllowgod.lib.refusals import Code, Refusal
from justalllowgod.lib.site_address import absolute_url
from verses import together
from verses.together_views import set_weekly_from

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
SIGN_OUT_FIRST = gettext_lazy(
    "This device is signed in as %(tag)s. A child joins on a device nobody is signed in on: sign out "
    "first (or use another device), then join."
)
SIGN_OUT_FIRST_NO_TAG = gettext_lazy(
    "This device is signed in as a member. A child joins on a device nobody is signed in on: sign out "
    "first (or use another device), then join."
)


# "End the class" posted without the board's second answer (a stale page, a double tap): nothing ends.
NOT_ENDED = gettext_lazy("The class goes on: tap “Yes, end the class” to end it.")
# On a class's pages a child picks a name, not a "gamer tag": the tag rules' words, said that way.
NAME_WORDS = {
    "length": gettext_lazy("A name is 3 to 20 characters long."),
    "rude": gettext_lazy("Please choose a kinder name."),
}
# The tag rules' words that say "tag" (accounts/tags.py, justalllowgod/lib/refusal_codes.py), by
# their English, and the same said of a name. Matched in the reader's language, so a translated
# rule is found too.
TAG_SAID_AS_NAME = {
    "That tag is kept for the JustAllowGod team.": gettext_lazy(
        "That name is kept for the JustAllowGod team."
    ),
}
REFUSED_NAME_WORDS = {
    Code.TAG_TAKEN: gettext_lazy("Someone already plays as that name. Try another."),
}


def name_words(error: ValidationError | Refusal) -> str:
    """What was wrong with a name, in the words of a page that calls it a name."""
    if isinstance(error, Refusal):
        return str(REFUSED_NAME_WORDS.get(error.code) or error.message).replace("that tag", "that name")
    said = []
    for problem in error.error_list:
        words = str(NAME_WORDS.get(problem.code or "") or " ".join(problem.messages))
        for tag_words, name_said in TAG_SAID_AS_NAME.items():
            if words == _(tag_words):
                words = str(name_said)
        said.append(words.replace("That tag ", "That name "))
    return " ".join(said)


def _no_store(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-store"
    return response


@login_required
def new_class(request: HttpRequest) -> HttpResponse:
    """Start a class: how many children at most, teams or not, and the leader's word that the
    children's parents agree."""
    running = Classroom.objects.running().filter(leader=request.user).first()
    if running is not None and request.method != "POST":
        return redirect("class_board", class_id=running.pk)
    error = None
    if request.method == "POST":
        try:
            classroom = joining.start_class(
                leader=request.user,
                cap=int(request.POST.get("cap") or MAX_CHILDREN),
                teams=request.POST.get("teams") == "on",
                agreed=request.POST.get("agreed") == "on",
            )
        except ValueError:
            error = _("A class has 1 to %(most)s children.") % {"most": MAX_CHILDREN}
        except Refusal as refusal:
            error = refusal.message
        else:
            return redirect("class_board", class_id=classroom.pk)
    context = {"error": error, "max_children": MAX_CHILDREN}
    return render(request, "classes/new.html", context, status=400 if error else 200)


def _leaders_class(request: HttpRequest, class_id: int) -> Classroom:
    found = Classroom.objects.filter(pk=class_id, leader=request.user).first()
    if found is None:
        raise Http404("No such class")
    return found


def join_url(classroom: Classroom) -> str:
    return absolute_url(reverse("class_join_code", args=[classroom.code]))


@login_required
def class_board(request: HttpRequest, class_id: int) -> HttpResponse:
    """The board: the code and QR while children join, the roster, the tables, and at the end what
    the class did together. static/js/class-board.js keeps it up to date."""
    classroom = _leaders_class(request, class_id)
    qr = "data:image/svg+xml;base64," + base64.b64encode(qr_svg(join_url(classroom))).decode()
    context = {
        "classroom": classroom,
        "state": board.board_state(classroom),
        "join_address": absolute_url(reverse("class_join")).split("://", 1)[-1].rstrip("/"),
        "qr": qr,
        "actions": reverse("class_act", args=[classroom.pk, "ACTION"]),
        "state_url": reverse("class_board_state", args=[classroom.pk]),
        # R42: the decks the leader may deal the class's tables from (none offered: the main deck).
        "decks": [{"id": "" if d.is_live else d.pk, "name": d.name} for d in deck_choices()],
        **_verses(request, classroom),
    }
    return _no_store(render(request, "classes/board.html", context))


def _verses(request: HttpRequest, classroom: Classroom) -> dict:
    """The verse of the week the leader sets for their class's children, and, once the class has
    ended, the verses each child carries from it (verses/together.py)."""
    language = get_language() or "en"
    carried, total = together.verses_carried(classroom) if classroom.ended_at else ([], 0)
    return {
        "weekly": together.weekly_read(together.current_weekly(request.user), language),
        "choices": together.weekly_choices(language),
        "weekly_action": reverse("class_weekly", args=[classroom.pk]),
        "carried": carried,
        "carried_total": total,
        "has_family": family.children(request.user).exists(),
    }


@post_only(go_to=lambda class_id: reverse("class_board", args=[class_id]))
@login_required
def class_weekly(request: HttpRequest, class_id: int) -> HttpResponse:
    """The leader sets the verse of the week for their class's children (and their own family):
    only from the live deck's Word cards; anyone else's class answers as none."""
    classroom = _leaders_class(request, class_id)
    error = set_weekly_from(request)
    if error:
        messages.error(request, error)
    return redirect("class_board", class_id=classroom.pk)


@login_required
def class_board_state(request: HttpRequest, class_id: int) -> JsonResponse:
    return _no_store(JsonResponse(board.board_state(_leaders_class(request, class_id))))


ACTS = {
    "lock": lambda common, post: leading.set_locked(**common, locked=True),
    "open": lambda common, post: leading.set_locked(**common, locked=False),
    "make-tables": lambda common, post: leading.make_tables(
        **common, teams=post.get("teams") == "on", deck=post.get("deck")
    ),
    "start-all": lambda common, post: leading.start_all(**common),
    "end-all": lambda common, post: leading.end_all(**common),
    "remove": lambda common, post: leading.remove_pupil(**common, pupil_id=post.get("pupil")),
    "rename": lambda common, post: leading.rename_pupil(
        **common, pupil_id=post.get("pupil"), name=post.get("name", "")
    ),
    "move": lambda common, post: leading.move_pupil(
        **common, pupil_id=post.get("pupil"), number=post.get("table")
    ),
}


@post_only(go_to="home")
@login_required
def class_act(request: HttpRequest, class_id: int, button: str) -> HttpResponse:
    """One of the leader's buttons; a refusal is said at the top of the board, and changes nothing."""
    act = ACTS.get(button)
    if act is None:
        raise Http404("No such button")
    if button == "end-all" and request.POST.get("sure") != "yes":
        # Ending ends every game at once: only the board's second answer ("Yes, end the class") does it.
        messages.info(request, NOT_ENDED)
        return redirect("class_board", class_id=class_id)
    common = {"leader": request.user, "session_key": request.session.session_key, "class_id": class_id}
    try:
        act(common, request.POST)
    except (Refusal, ValidationError) as error:
        messages.error(request, name_words(error))
    return redirect("class_board", class_id=class_id)


def join_class(request: HttpRequest, class_code: str = "") -> HttpResponse:
    """A child's way in: the class code (filled in by the board's QR) and a name, typed or picked.
    The QR of a class that has ended says so at once, with nothing to fill in."""
    if getattr(request.user, "is_class_child", False):
        return redirect("class_wait")
    code = request.POST.get("code", class_code).strip()
    name = (request.POST.get("pick") or request.POST.get("name", "")).strip()
    back = _come_back(request)
    if request.method == "POST" and "come_back" in request.POST and back is not None:
        return _signed_in(request, back, mark=False)
    error, status, ended = None, 200, False
    if request.method == "POST" and request.user.is_authenticated:
        # A grown-up's own device (a leader trying the class) would become a child's: sign out first.
        tag = request.user.gamer_tag
        error, status = (SIGN_OUT_FIRST % {"tag": tag} if tag else str(SIGN_OUT_FIRST_NO_TAG)), 409
    elif request.method == "POST":
        try:
            with transaction.atomic():
                pupil = joining.join_class(code=code, name=name, ip=request_address(request.META))
                response = _signed_in(request, pupil.user, mark=True)
        except ValidationError as refused:
            error, status = name_words(refused), 400
        except Refusal as refused:
            error, status = name_words(refused), refused.status
        else:
            return response
    elif class_code and joining.has_ended(class_code):
        error, status, ended = _(joining.CLASS_ENDED), 404, True
    context = {
        "code": code,
        "name": name if _name_passes(name) else "",  # a refused name is never shown again
        "error": error,
        "ended": ended,
        "suggestions": suggested_names(),
        "come_back": back.gamer_tag if back else "",
    }
    return _no_store(render(request, "classes/join.html", context, status=status))


def _name_passes(name: str) -> bool:
    """Whether the tag rules and the filter take this name (a refused one is never echoed back)."""
    try:
        guest_name(name)
    except ValidationError:
        return False
    return True


def _come_back(request: HttpRequest) -> User | None:
    """The child this device was signed in for, if they are still in a class that has not ended."""
    device = kid_devices.of(request)
    child = device.child if device is not None else None
    if child is None or not child.is_class_child or not child.is_active:
        return None
    pupil = (
        Pupil.objects.filter(user=child, classroom__ended_at__isnull=True).select_related("classroom").first()
    )
    return child if pupil is not None else None


def _signed_in(request: HttpRequest, child: User, *, mark: bool) -> HttpResponse:
    """Sign the device in for the child; a first sign-in marks it as the child's device."""
    login(request, child, backend=MODEL_BACKEND)
    family.record_device(child=child, session_key=request.session.session_key)
    response = redirect("class_wait")
    if mark:
        code = Pupil.objects.get(user=child).classroom.code
        kid_devices.mark(
            request, response, child=child, kind=KidDevice.Kind.CLASS, way_in=joining.way_in(code)
        )
    return response


def _class_child(request: HttpRequest) -> bool:
    return getattr(request.user, "is_class_child", False)


def _standing(request: HttpRequest) -> dict:
    """How this device's child stands in their class (board.pupil_state). A device signed out
    because its leader took the child off the list (the account is gone) still hears that much;
    any other device signed out is "gone" (its way back in is the join page)."""
    if _class_child(request):
        return board.pupil_state(request.user)
    device = kid_devices.of(request)
    if device is not None and device.kind == KidDevice.Kind.CLASS:
        child = device.child
        if child is None or not child.is_active:
            return {"state": "removed"}
    return {"state": "gone"}


def class_wait(request: HttpRequest) -> HttpResponse:
    """A class child's page while the leader makes the tables (static/js/class-wait.js asks
    `class_state` and opens their table when the games start); after the class, or once their
    leader took them off the list, it says so and nothing more."""
    standing = _standing(request)
    if standing["state"] == "gone":
        return redirect("class_join")
    if standing["state"] == "seated":
        return redirect(standing["url"])
    leader = ""
    if standing["state"] == "waiting":
        pupil = Pupil.objects.filter(user=request.user).select_related("classroom__leader").first()
        leader = pupil.classroom.leader.gamer_tag if pupil else ""
    context = {"state": standing, "leader": leader}
    return _no_store(render(request, "classes/wait.html", context))


def class_state(request: HttpRequest) -> JsonResponse:
    return _no_store(JsonResponse(_standing(request)))


def class_home(user) -> str:
    """Where a class child starts: their table once the games began, else the waiting page."""
    standing = board.pupil_state(user)
    return standing["url"] if standing["state"] == "seated" else reverse("class_wait")
