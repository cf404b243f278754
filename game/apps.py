from typing import Any

from django.apps import AppConfig


def _agent_withdrawn(sender: Any, agent: Any, **kwargs: Any) -> None:
    """accounts cannot call game (game depends on accounts), so it announces a withdrawal."""
    from game.services.withdrawal import withdraw_agent

    withdraw_agent(agent=agent)


def _member_leaving(sender: Any, user: Any, **kwargs: Any) -> None:
    """A child signed out of their last device, or an account deleted: JagAI takes their seats."""
    from game.services.withdrawal import withdraw_member

    withdraw_member(user=user)


def _public_play_off(sender: Any, user: Any, **kwargs: Any) -> None:
    """A parent switched Play now off: the child leaves the public tables still waiting."""
    from game.services.withdrawal import withdraw_from_waiting_public

    withdraw_from_waiting_public(user=user)


def _close_the_pages_connections(sender: Any, **kwargs: Any) -> None:
    """Under ASGI, Django runs each page request's sync code in a thread of its own (a
    ThreadSensitiveContext per request), and response.close() sends request_finished from that
    thread. A connection kept past the request (CONN_MAX_AGE, meant for the sockets' database
    lanes, game/realtime/database.py) would be left open in a thread that is gone: every page
    request would leave one behind, and a Sunday's class boards ran PostgreSQL out of connections
    (docs/performance.md). The test client's handlers are not ASGIHandlers: tests keep theirs."""
    from django.core.handlers.asgi import ASGIHandler
    from django.db import connections

    if isinstance(sender, type) and issubclass(sender, ASGIHandler):
        connections.close_all()


class GameConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "game"

    def ready(self) -> None:
        from accounts.agents import agent_withdrawn
        from accounts.family import leaving_tables, public_play_off

        agent_withdrawn.connect(_agent_withdrawn, dispatch_uid="jag-agent-seats-to-jagai")
        leaving_tables.connect(_member_leaving, dispatch_uid="jag-member-seats-to-jagai")
        public_play_off.connect(_public_play_off, dispatch_uid="jag-child-leaves-public-tables")
        from django.core.signals import request_finished

        request_finished.connect(_close_the_pages_connections, dispatch_uid="jag-close-page-connections")
        from game.protocol.verses import DealtWords

        # The process's verses of the games it serves (game/protocol/verses.py): owned here.
        self.dealt_words = DealtWords()
