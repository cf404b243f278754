"""Issue 48 item 5: a device signed in for a child stays a child's device after signing out (its way
in, never sign-up) until the parent or the leader releases it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts import family
from accounts.kid_devices import COOKIE
from accounts.models import KidDevice, User
from classes import joining, leading
from tests.accounts.test_family import path_of, qr_url, signed_in
from tests.factories import UserFactory, signed_in_session

pytestmark = pytest.mark.django_db

# A grown-up may still sign in on it (the child's own grown-up's sign-in releases it): not sign-up.
CLOSED_TO_A_KID_DEVICE = (
    "/",
    "/accounts/signup/",
    "/accounts/signup/passkey/",
    "/play-now/",
    "/tv/",
    "/me/games/",
)


def family_device() -> tuple[User, Client, Client]:
    parent = UserFactory()
    child = family.add_child(parent=parent, tag="Little_Sam")
    grown_up = signed_in(parent)
    device = Client()
    device.post(path_of(qr_url(grown_up, child)))
    assert device.cookies[COOKIE].value
    return child, device, grown_up


def test_a_family_childs_device_signed_out_opens_only_the_way_back_in_until_the_parent_releases_it():
    child, device, grown_up = family_device()
    device.post(reverse("account_logout"))
    for path in CLOSED_TO_A_KID_DEVICE:
        assert device.get(path)["Location"] == reverse("accounts:kid_device"), path
    page = device.get(reverse("accounts:kid_device"))
    assert page.status_code == 200 and b"This is Little_Sam's device" in page.content
    for path in ("/rules/", "/privacy/", "/how-to-play/", "/sw.js"):
        assert device.get(path).status_code == 200, path
    # A new QR still signs the device in: it is the way back.
    device.post(path_of(qr_url(grown_up, child)))
    assert device.get("/").status_code == 200
    device.post(reverse("account_logout"))
    (held,) = grown_up.get(reverse("family")).context["kid_devices"][-1:]
    assert grown_up.post(reverse("family_release_device", args=[held.pk])).status_code == 302
    for kept in KidDevice.objects.filter(released_at__isnull=True):
        grown_up.post(reverse("family_release_device", args=[kept.pk]))
    released = device.get("/")
    assert released.status_code == 200 and released.cookies[COOKIE].value == ""  # the cookie goes
    assert device.get("/accounts/signup/").status_code == 200


def test_only_the_parent_releases_their_childs_device_and_a_forged_cookie_is_nobodys():
    family_device()
    held = KidDevice.objects.get()
    stranger = signed_in(UserFactory())
    stranger.post(reverse("family_release_device", args=[held.pk]))
    held.refresh_from_db()
    assert held.released_at is None
    forged = Client()
    forged.cookies[COOKIE] = "not-signed"
    assert forged.get("/").status_code == 200


def test_a_class_childs_device_signed_out_goes_back_to_its_class_and_comes_back_as_the_same_child():
    leader = UserFactory()
    classroom = joining.start_class(leader=leader, agreed=True)
    device = Client()
    device.post(reverse("class_join"), {"code": classroom.code, "name": "Ruth"})
    ruth = User.objects.get(gamer_tag="Ruth")
    device.post(reverse("account_logout"))
    way_in = reverse("class_join_code", args=[classroom.code])
    for path in CLOSED_TO_A_KID_DEVICE:
        assert device.get(path)["Location"] == way_in, path
    page = device.get(way_in)
    assert b"Come back as Ruth" in page.content
    back = device.post(way_in, {"come_back": "1"})
    assert back["Location"] == reverse("class_wait")
    assert (
        int(device.session["_auth_user_id"]) == ruth.pk
        and User.objects.filter(managed_by=leader).count() == 1
    )
    # Another device cannot come back as Ruth: it has no mark of hers.
    other = Client()
    assert b"Come back as" not in other.get(way_in).content
    device.post(reverse("account_logout"))
    leading.end_all(leader=leader, session_key=signed_in_session(leader), class_id=classroom.pk)
    assert device.get("/").status_code == 200  # the class ended: the device is anyone's again


def test_every_page_but_the_way_in_sends_a_signed_out_childs_device_back_every_url_walked():
    from accounts.kid_devices import OPEN_TO_KID_DEVICES
    from tests.game.test_guest_pages import _sample_path, every_route

    _child, device, _grown_up = family_device()
    device.post(reverse("account_logout"))
    assert {name for name, _ in every_route()} >= OPEN_TO_KID_DEVICES
    walked = 0
    for name, route in every_route():
        path = _sample_path(route)
        if path is None or name in OPEN_TO_KID_DEVICES:
            continue
        assert device.get(path)["Location"] == reverse("accounts:kid_device"), path
        walked += 1
    assert walked > 60
    assert device.get("/admin/")["Location"] == reverse("accounts:kid_device")


def test_the_parent_signing_in_on_the_childs_device_makes_it_theirs_again():
    child, device, _grown_up = family_device()
    device.post(reverse("account_logout"))
    assert device.get(reverse("account_login")).status_code == 200  # a grown-up may sign in here
    device.force_login(child.managed_by)
    from django.contrib.auth.signals import user_logged_in

    user_logged_in.send(sender=User, request=device_request(device), user=child.managed_by)
    assert not KidDevice.objects.filter(released_at__isnull=True).exists()


def device_request(device: Client):
    """A request carrying the device's cookies, as the sign-in's signal sees it."""
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.COOKIES.update({name: morsel.value for name, morsel in device.cookies.items()})
    return request


def test_a_childs_device_stays_its_first_grown_ups_and_a_second_scan_adds_no_row():
    child, device, grown_up = family_device()
    device.post(path_of(qr_url(grown_up, child)))
    assert KidDevice.objects.count() == 1
    device.post(reverse("account_logout"))
    leader = UserFactory()
    classroom = joining.start_class(leader=leader, agreed=True)
    device.post(reverse("class_join"), {"code": classroom.code, "name": "Visiting_Kid"})
    device.post(reverse("account_logout"))
    leading.end_all(leader=leader, session_key=signed_in_session(leader), class_id=classroom.pk)
    assert device.get("/accounts/signup/")["Location"] == reverse("accounts:kid_device")  # still the family's
