"""Routes of the sector battle's pages, under /sector/."""

from django.urls import path

from sector import views

urlpatterns = [
    path("sector/", views.history, name="sector_history"),
    path("sector/new", views.new_battle, name="sector_new"),
    path("sector/rules", views.rules, name="sector_rules"),
    path("sector/battles", views.create_battle, name="sector_create"),
    path("sector/<uuid:battle_id>/", views.battle_page, name="sector_battle"),
    path("sector/<uuid:battle_id>/ships", views.place_ship, name="sector_place"),
    path(
        "sector/<uuid:battle_id>/shuffle",
        views.setup_action,
        {"what": "shuffle"},
        name="sector_shuffle",
    ),
    path(
        "sector/<uuid:battle_id>/clear", views.setup_action, {"what": "clear"}, name="sector_clear"
    ),
    path(
        "sector/<uuid:battle_id>/start", views.setup_action, {"what": "start"}, name="sector_start"
    ),
    path("sector/<uuid:battle_id>/turns", views.play_turn, name="sector_turn"),
    path("sector/<uuid:battle_id>/again", views.play_again, name="sector_play_again"),
    path("sector/<uuid:battle_id>/resign", views.resign, name="sector_resign"),
    path("sector/<uuid:battle_id>/replay", views.replay, name="sector_replay"),
]
