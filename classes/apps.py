from django.apps import AppConfig


class ClassesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classes"
    verbose_name = "Classes"

    def ready(self) -> None:
        from game.services.clock import clock_swept

        clock_swept.connect(_sweep, dispatch_uid="classes.forget_classes")


def _sweep(sender: object, **kwargs: object) -> None:
    from classes.forgetting import forget_classes

    forget_classes()
