"""A family's and a class's verses: a parent's view of a child's, practising with them, the verse
of the week, the daily reminder's switch, and the export (verses/together_views.py)."""

from django.urls import path

from verses import together_views as views

urlpatterns = [
    path("family/", views.family_verses, name="family"),
    path("child/<int:child_id>/", views.child_verses, name="child"),
    path("child/<int:child_id>/practise/", views.practise_with, name="practise_with"),
    path("child/<int:child_id>/export.json", views.export_child, name="child_export"),
    path("practise-with/stop/", views.stop_practising, name="stop_practising"),
    path("export.json", views.export_mine, name="export"),
    path("reminders/", views.reminder, name="reminder"),
    # The mail's token rides in the query string (?t=...), never in the path: no log line writes it.
    path("reminders/stop/", views.reminder_stop, name="reminder_stop"),
]
