"""The game's pages: the Family page, tables, watching, table screens and TVs. Names are not
namespaced: templates and tests reverse "table", "watch", "family" and the rest as they are."""

from django.urls import path

from game.pages import family
from game.pages import guests as guest_views
from game.pages import screens as screen_views
from game.pages import tables as table_views
from game.pages import tv as tv_views

urlpatterns = [
    path("family/sign-in/<str:secret>/", family.sign_in_with_qr, name="family_sign_in"),
    path("me/family/", family.family_page, name="family"),
    path("me/family/<int:child_id>/public-play/", family.public_play, name="family_public_play"),
    path("me/family/<int:child_id>/sign-in/", family.sign_in_qr, name="family_sign_in_qr"),
    path("me/family/<int:child_id>/rename/", family.rename_child, name="family_rename"),
    path("me/family/<int:child_id>/language/", family.child_language, name="family_child_language"),
    path("me/family/<int:child_id>/delete/", family.delete_child, name="family_delete"),
    path("me/family/devices/<int:device_id>/end/", family.end_device, name="family_end_device"),
    path(
        "me/family/kid-devices/<int:device_id>/release/", family.release_device, name="family_release_device"
    ),
    path("tables/new/", table_views.new_private_table, name="new_private_table"),
    path("tables/join/", table_views.join_table, name="join_table"),
    path("play-now/", table_views.play_now, name="play_now"),
    path("join/<str:code>/", table_views.join_link, name="join_link"),
    path("invite/<str:token>/", table_views.join_invite, name="join_invite"),
    path("invite/<str:token>/watch/", screen_views.watch_invite, name="watch_invite"),
    path("invite/<str:token>/guest/", guest_views.sit_as_guest, name="guest_sit"),
    path("invite/<str:token>/guest/wait/", guest_views.guest_wait, name="guest_wait"),
    path("invite/<str:token>/guest/state/", guest_views.guest_state, name="guest_state"),
    path("t/<str:code>/", table_views.table_page, name="table"),
    path("t/<str:code>/qr.svg", table_views.table_qr, name="table_qr"),
    path("t/<str:code>/screen/", screen_views.show_on_screen, name="show_on_screen"),
    path("t/<str:code>/screen/off/", screen_views.turn_screen_off, name="turn_screen_off"),
    path("t/<str:code>/watch/", screen_views.watch, name="watch"),
    path(
        "t/<str:code>/watchers/<int:watcher_id>/remove/", screen_views.remove_watcher, name="remove_watcher"
    ),
    path("t/<str:code>/watching/", screen_views.set_watching, name="set_watching"),
    path(
        "t/<str:code>/watchers/<int:watcher_id>/answer/",
        screen_views.answer_request,
        name="answer_watch_request",
    ),
    path(
        "t/<str:code>/guests/<int:request_id>/answer/",
        guest_views.answer_sit_request,
        name="answer_sit_request",
    ),
    path("s/<str:secret>/", screen_views.screen, name="screen"),
    path("s/<str:secret>/join.svg", screen_views.screen_join_qr, name="screen_join_qr"),
    # A TV that pairs by a short code (game/services/pairing.py); before table_action, which takes any word.
    path("tv/", tv_views.tv, name="tv"),
    path("tv/state/", tv_views.tv_state, name="tv_state"),
    path("t/<str:code>/tv/", tv_views.pair_tv, name="pair_tv"),
    # Last: it takes any word after a table's code.
    path("t/<str:code>/<slug:action>/", table_views.table_action, name="table_action"),
]
