"""WebSockets pass the origin check and need a signed-in session."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client

from justalllowgod.asgi import application
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def session_cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(headers: list[tuple[bytes, bytes]]) -> tuple[bool, int | None, WebsocketCommunicator]:
    communicator = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
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
