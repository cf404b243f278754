"""Content URLs (the Bible reader)."""

urlpatterns: list = []
