"""The team's admin site: staff as usual, and reviewers too, who read the moderation records there."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.http import HttpRequest

REVIEW_PERMISSION = "moderation.review_case"


class TeamAdminSite(admin.AdminSite):
    """Reviewers need not be staff to read cases, flags and decisions (their group can only view)."""

    def has_permission(self, request: HttpRequest) -> bool:
        user = request.user
        return super().has_permission(request) or (user.is_active and user.has_perm(REVIEW_PERMISSION))


class TeamAdminConfig(AdminConfig):
    default_site = "justalllowgod.admin_site.TeamAdminSite"
