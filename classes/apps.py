from django.apps import AppConfig


class ClassesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "classes"
    verbose_name = "Classes"

    def ready(self) -> None:
        from accounts.family import forgetting_member
        from game.services.clock import clock_swept

        clock_swept.connect(_sweep, dispatch_uid="classes.forget_classes")
        forgetting_member.connect(_leader_leaving, dispatch_uid="classes.end_a_leavers_classes")


def _sweep(sender: object, **kwargs: object) -> None:
    from classes.forgetting import forget_classes

    forget_classes()


def _leader_leaving(sender: object, *, user: object, **kwargs: object) -> None:
    """Inside the deleting transaction: a leader's running classes end with them (their children's
    devices are released, their tables end), rather than waiting for the sweep."""
    from classes.leading import end_class
    from classes.models import Classroom

    for classroom in Classroom.objects.running().select_for_update().filter(leader=user):
        end_class(classroom)
