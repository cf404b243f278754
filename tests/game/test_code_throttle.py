"""One throttle for every way of naming a table by code (pages, QR images, the join form and link,
the table socket, the agent API), per member or agent, with a far higher ceiling per address."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts import agents
from game import services
from game.services.access import find_table
from game.services.agents import agent_join
from justalllowgod.lib.addresses import request_address
from justalllowgod.lib.refusals import Refusal
from tests.factories import StaffFactory, UserFactory

pytestmark = pytest.mark.django_db


def member_client(user=None, address: str = "10.1.1.1") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.force_login(user or UserFactory())
    return client


def test_ten_wrong_codes_on_table_pages_then_a_right_code_on_the_join_form_is_429():
    client = member_client()
    for _ in range(10):
        assert client.get(reverse("table", args=["ZZZZ"])).status_code == 404
    table = services.create_private_table(user=UserFactory()).table
    response = client.post(reverse("join_table"), {"code": table.code})
    assert response.status_code == 429
    assert "Too many wrong codes" in response.content.decode()
    assert not table.seats.filter(user__isnull=False).exclude(user=table.host).exists()


def test_wrong_codes_on_qr_images_and_join_links_count_the_same():
    client = member_client()
    for _ in range(5):
        assert client.get(reverse("table_qr", args=["ZZZZ"])).status_code == 404
    for _ in range(5):
        assert client.get(reverse("join_link", args=["ZZZZ"])).status_code == 404
    table = services.create_private_table(user=UserFactory()).table
    assert client.get(reverse("table_qr", args=[table.code])).status_code == 429
    assert client.get(reverse("join_link", args=[table.code])).status_code == 429
    assert client.get(reverse("table", args=[table.code])).status_code == 429


def test_a_second_member_on_the_same_address_joins_fine():
    guesser = member_client(address="10.2.2.2")
    for _ in range(10):
        guesser.post(reverse("join_table"), {"code": "ZZZZ"})
    table = services.create_private_table(user=UserFactory()).table
    neighbour = member_client(address="10.2.2.2")
    response = neighbour.post(reverse("join_table"), {"code": table.code})
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[table.code])


def test_the_address_ceiling_stops_a_guesser_on_a_busy_address_but_not_a_member_who_never_guessed(settings):
    settings.GAME_JOIN_FAILURE_ADDRESS_LIMIT = 5
    for _ in range(5):
        with pytest.raises(Refusal):
            services.join_by_code(user=UserFactory(), code="ZZZZ", ip="10.3.3.3")
    table = services.create_private_table(user=UserFactory()).table
    one_wrong = UserFactory()
    with pytest.raises(Refusal):
        services.join_by_code(user=one_wrong, code="YYYY", ip="10.3.3.3")
    with pytest.raises(Refusal) as caught:
        services.join_by_code(user=one_wrong, code=table.code, ip="10.3.3.3")
    assert caught.value.status == 429
    assert services.join_by_code(user=UserFactory(), code=table.code, ip="10.3.3.3").table == table


def test_a_member_is_never_throttled_at_a_table_where_they_sit():
    host = UserFactory()
    table = services.create_private_table(user=host).table
    client = member_client(host)
    for _ in range(10):
        client.get(reverse("table", args=["ZZZZ"]))
    assert client.get(reverse("table", args=[table.code])).status_code == 200
    assert client.get(reverse("table_qr", args=[table.code])).status_code == 200


def test_an_agent_is_throttled_on_the_agent_api_after_ten_wrong_codes():
    agent = agents.Agent.objects.create(name="Lamp", owner_contact="lamp@example.org")
    agents.approve_agent(agent=agent, by=StaffFactory())
    for _ in range(10):
        with pytest.raises(Refusal) as caught:
            agent_join(agent=agent, code="ZZZZ", ip="10.4.4.4")
        assert caught.value.status == 404
    table = services.create_private_table(user=UserFactory(), allow_agents=True).table
    with pytest.raises(Refusal) as caught:
        agent_join(agent=agent, code=table.code, ip="10.4.4.4")
    assert caught.value.code == "too_many_tries"


def test_a_malformed_code_counts_as_a_wrong_guess():
    member = UserFactory()
    for _ in range(10):
        assert find_table("not a code", user=member) is None
    with pytest.raises(Refusal):
        find_table("ABCD", user=member)


def test_forwarded_addresses_are_ignored_unless_the_site_is_behind_a_proxy(settings):
    meta = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "6.6.6.6, 203.0.113.9"}
    settings.BEHIND_PROXY = False
    assert request_address(meta) == "127.0.0.1"
    settings.BEHIND_PROXY = True
    # The rightmost entry is the one our proxy wrote; the client could have forged the rest.
    assert request_address(meta) == "203.0.113.9"


def test_behind_a_load_balancer_each_visitor_keeps_their_own_address(settings):
    """Issue 44: a cloud load balancer in front of nginx adds its own entry; with its network
    trusted (DJANGO_TRUSTED_PROXIES) the visitor's address is found past it, so visitors do not
    share one address and its limits. Only trusted entries are passed over: a forged one is not."""
    import ipaddress

    from justalllowgod.lib.addresses import scope_address

    settings.BEHIND_PROXY = True
    behind_balancer = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "6.6.6.6, 198.51.100.7, 10.0.3.4"}
    assert request_address(behind_balancer) == "10.0.3.4"  # nothing trusted: the balancer's address
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/8"), ipaddress.ip_network("fd00::/8")]
    assert request_address(behind_balancer) == "198.51.100.7"  # the forged 6.6.6.6 is never read
    assert request_address({"HTTP_X_FORWARDED_FOR": "2001:db8::5, fd00::1"}) == "2001:db8::5"
    # Every entry a trusted proxy's: the one nearest us (an entry further left may be forged).
    assert request_address({"HTTP_X_FORWARDED_FOR": "10.1.1.1, 10.2.2.2"}) == "10.2.2.2"
    # Balancers that add the port, as some do.
    assert request_address({"HTTP_X_FORWARDED_FOR": "198.51.100.7:5678, 10.0.3.4:443"}) == "198.51.100.7"
    assert request_address({"HTTP_X_FORWARDED_FOR": "[2001:db8::5]:443, 10.0.3.4"}) == "2001:db8::5"
    assert request_address({"HTTP_X_FORWARDED_FOR": "not an address, 10.2.2.2"}) == "not an address"
    scope = {"headers": [(b"x-forwarded-for", b"198.51.100.8, 10.9.9.9")], "client": ("127.0.0.1", 1)}
    assert scope_address(scope) == "198.51.100.8"


def test_a_trusted_proxy_that_is_no_network_refuses_to_start(monkeypatch):
    from django.core.exceptions import ImproperlyConfigured

    from justalllowgod.env import env_networks

    monkeypatch.setenv("DJANGO_TRUSTED_PROXIES", "10.0.0.0/8, the balancer")
    with pytest.raises(ImproperlyConfigured, match="DJANGO_TRUSTED_PROXIES"):
        env_networks("DJANGO_TRUSTED_PROXIES")
    monkeypatch.setenv("DJANGO_TRUSTED_PROXIES", " 10.0.0.0/8 ,192.168.1.7")
    assert [str(n) for n in env_networks("DJANGO_TRUSTED_PROXIES")] == ["10.0.0.0/8", "192.168.1.7/32"]


def test_behind_a_proxy_each_browser_has_its_own_throttle(settings):
    settings.BEHIND_PROXY = True
    for _ in range(5):
        member_client(address="127.0.0.1").get(
            reverse("table", args=["ZZZZ"]), HTTP_X_FORWARDED_FOR="198.51.100.7"
        )
    from django.core.cache import cache

    assert cache.get("code-guess:ip:198.51.100.7") == 5
    assert cache.get("code-guess:ip:127.0.0.1") is None
