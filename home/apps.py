from django.apps import AppConfig


class HomeConfig(AppConfig):
    """The site's own pages: the start screen, how to play, the rules and privacy (templates/home/)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "home"
    verbose_name = "Home"
