"""The review status badge, one small piece of HTML shared by the admin and the templates."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString

from content.models import Status


def status_badge(status: str) -> SafeString:
    """A small coloured label for a review status."""
    label = Status(status).label if status in Status.values else status
    return format_html('<span class="status-badge status-{}">{}</span>', status, label)
