"""Routes of the game pages."""

from django.urls import path

from games import views

urlpatterns = [
    path("games/new", views.new_game, name="new_game"),
    path("rules/<slug:name>", views.rules_page, name="rules"),
    path("games/", views.create_game, name="create_game"),
    path("games/now", views.play_now, name="play_now"),
    path("games/<uuid:game_id>/", views.game_page, name="game"),
    path("games/<uuid:game_id>/ships", views.place_ship, name="place_ship"),
    path("games/<uuid:game_id>/ships/clear", views.clear_ships, name="clear_ships"),
    path("games/<uuid:game_id>/shuffle", views.shuffle, name="shuffle"),
    path("games/<uuid:game_id>/start", views.start, name="start"),
    path("games/<uuid:game_id>/shots", views.fire, name="fire"),
    path("games/<uuid:game_id>/hint", views.hint, name="hint"),
    path("games/<uuid:game_id>/resign", views.resign, name="resign"),
    path("games/<uuid:game_id>/again", views.play_again, name="play_again"),
    # A finished game, move by move, from the history.
    path("history/<uuid:game_id>/", views.replay, name="replay"),
]
