from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def _forget_member(sender: Any, *, user: Any, **kwargs: Any) -> None:
    from moderation import name_reports
    from moderation.flags import forget_member

    forget_member(user)
    name_reports.forget_member(user)


def _tag_retired(sender: Any, *, tag: str, **kwargs: Any) -> bool:
    from moderation.name_reports import is_retired

    return is_retired(tag)


def _flag_when_finished(sender: Any, *, game_id: int, **kwargs: Any) -> None:
    from moderation.services import flag_game_on_commit

    flag_game_on_commit(game_id)


class ModerationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "moderation"
    verbose_name = _("Moderation")

    def ready(self) -> None:
        # The game finishes games and knows nothing of moderation; moderation flags them after commit.
        from game.signals import game_finished

        game_finished.connect(_flag_when_finished, dispatch_uid="moderation.flag_when_finished")
        # A deleted member's tag leaves the flags' evidence (accounts/family.py deletes accounts).
        from accounts.family import forgetting_member

        forgetting_member.connect(_forget_member, dispatch_uid="moderation.forget_member")
        # A tag reviewers asked a member to give up is nobody's to take again (accounts/services.py).
        from accounts.services import retired_tag_check

        retired_tag_check.connect(_tag_retired, dispatch_uid="moderation.tag_retired")
