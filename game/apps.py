from typing import Any

from django.apps import AppConfig


def _agent_withdrawn(sender: Any, agent: Any, **kwargs: Any) -> None:
    """accounts cannot call game (game depends on accounts), so it announces a withdrawal."""
    from game.services.withdrawal import withdraw_agent

    withdraw_agent(agent=agent)


class GameConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "game"

    def ready(self) -> None:
        from accounts.agents import agent_withdrawn

        agent_withdrawn.connect(_agent_withdrawn, dispatch_uid="jag-agent-seats-to-jagai")
