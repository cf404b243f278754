import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_smoke(live_asgi, new_page):
    server = live_asgi(GAME_MOVE_SECONDS=5)
    user = UserFactory()
    client = Client()
    client.force_login(user)
    page = new_page()
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server.url}])
    page.goto(server.url + "/")
    got = page.evaluate("""() => new Promise((ok, bad) => { const ws = new WebSocket(location.origin.replace('http','ws') + '/ws/lobby/'); ws.onmessage = (e) => ok(e.data); ws.onclose = (e) => bad('closed ' + e.code); })""")
    print(got)
    assert "lobby" in got
