"""factory-boy factories shared by the tests."""

from __future__ import annotations

import factory
from django.utils import timezone

from accounts.models import User

PASSWORD = "a-long-test-password-42"


class UserFactory(factory.django.DjangoModelFactory):
    """A member with a gamer tag, ready to play."""

    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"member{n}@example.org")
    gamer_tag = factory.Sequence(lambda n: f"Player{n}")
    tag_changed_at = factory.LazyFunction(timezone.now)
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class StaffFactory(UserFactory):
    """A member of the team who may use the admin."""

    is_staff = True
