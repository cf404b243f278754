from django.apps import AppConfig
from django.core.exceptions import ImproperlyConfigured


class NoticesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notices"
    verbose_name = "Notices"

    def ready(self) -> None:
        check_configured_vapid_key()


def check_configured_vapid_key() -> None:
    """Stop start-up on a configured VAPID key that cannot sign, rather than answer 500 from the
    first page or push that needs it. Reads no file and makes none: the embedded default's kept
    pair is made (or read) only when first needed (notices/push.py)."""
    from django.conf import settings

    from justalllowgod.env import named
    from notices.vapid import key_problem

    private = settings.WEBPUSH_VAPID_PRIVATE_KEY
    if not private:
        return
    problem = key_problem(private, settings.WEBPUSH_VAPID_PUBLIC_KEY or "")
    if problem:
        name = "DJANGO_WEBPUSH_VAPID_PRIVATE_KEY"
        raise ImproperlyConfigured(
            f"{named(name)} {problem}; `manage.py make_vapid_keys` prints a new pair "
            "(or leave it unset for push off)"
        )
