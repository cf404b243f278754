"""Print a new VAPID key pair for Web Push, as the environment variables settings.py reads."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from notices.vapid import new_key_pair


class Command(BaseCommand):
    help = "Print a new VAPID key pair (for DJANGO_WEBPUSH_VAPID_PRIVATE_KEY and DJANGO_WEBPUSH_VAPID_PUBLIC_KEY)."

    def handle(self, *args: object, **options: object) -> None:
        private, public = new_key_pair()
        self.stdout.write(f"DJANGO_WEBPUSH_VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"DJANGO_WEBPUSH_VAPID_PUBLIC_KEY={public}")
        self.stdout.write("DJANGO_WEBPUSH_VAPID_SUBJECT=mailto:you@example.org")
