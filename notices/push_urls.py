"""A browser's push subscription, under /notices/."""

from django.urls import path

from notices import push_views

app_name = "push"

urlpatterns = [
    path("push/subscribe/", push_views.subscribe, name="subscribe"),
    path("push/unsubscribe/", push_views.unsubscribe, name="unsubscribe"),
]
