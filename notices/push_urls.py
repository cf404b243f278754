"""Routes of notices (filled in by issue 32's work)."""

urlpatterns: list = []
