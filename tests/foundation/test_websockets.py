"""WebSockets pass the origin check and need a signed-in session."""

from __future__ import annotations

import pytest
from django.test import Client

from justalllowgod.asgi import application
from tests.factories import UserFactory
from tests.game.support import HOST, Communicator

pytestmark = pytest.mark.django_db(transaction=True)


def session_cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(headers: list[tuple[bytes, bytes]]) -> tuple[bool, int | None, Communicator]:
    communicator = Communicator(application, "/ws/lobby/", headers=[HOST, *headers])
    connected, code = await communicator.connect()
    return connected, code, communicator


async def test_it_accepts_a_signed_in_member_from_our_own_origin():
    from asgiref.sync import sync_to_async

    user = await sync_to_async(UserFactory)()
    cookie = await sync_to_async(session_cookie_for)(user)
    connected, _, communicator = await connect([(b"origin", b"http://localhost"), (b"cookie", cookie)])
    assert connected
    await communicator.disconnect()


async def test_it_refuses_a_socket_from_a_foreign_origin():
    from asgiref.sync import sync_to_async

    user = await sync_to_async(UserFactory)()
    cookie = await sync_to_async(session_cookie_for)(user)
    connected, _, communicator = await connect([(b"origin", b"https://evil.example"), (b"cookie", cookie)])
    assert not connected
    await communicator.disconnect()


async def test_it_refuses_a_socket_without_an_origin():
    connected, _, communicator = await connect([])
    assert not connected
    await communicator.disconnect()


async def test_it_refuses_a_socket_without_a_signed_in_session():
    connected, code, communicator = await connect([(b"origin", b"http://localhost")])
    assert not connected
    assert code == 4401
    await communicator.disconnect()


@pytest.mark.parametrize(
    "origin",
    [b"https://localhost", b"http://localhost:8001", b"http://localhost.evil.example", b"null"],
)
async def test_it_compares_the_origins_scheme_host_and_port_not_the_host_alone(origin):
    from asgiref.sync import sync_to_async

    user = await sync_to_async(UserFactory)()
    cookie = await sync_to_async(session_cookie_for)(user)
    connected, _, communicator = await connect([(b"origin", origin), (b"cookie", cookie)])
    assert not connected
    await communicator.disconnect()


async def test_it_accepts_an_origin_listed_in_the_trusted_origins(settings):
    from asgiref.sync import sync_to_async

    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.org"]
    user = await sync_to_async(UserFactory)()
    cookie = await sync_to_async(session_cookie_for)(user)
    connected, _, communicator = await connect(
        [(b"origin", b"https://play.example.org"), (b"cookie", cookie)]
    )
    assert connected
    await communicator.disconnect()


async def test_an_unknown_socket_path_closes_with_4404_and_no_error():
    communicator = Communicator(application, "/ws/nowhere/", headers=[HOST, (b"origin", b"http://localhost")])
    connected, code = await communicator.connect()
    assert (connected, code) == (False, 4404)
    await communicator.disconnect()
