from django.urls import path

from friends import stream, views

urlpatterns = [
    path("friend/", views.new_friend_game, name="friend_new"),
    path("friend/invites", views.invite, name="friend_invite"),
    path("friend/<str:token>/", views.game_page, name="friend_game"),
    path("friend/<str:token>/join", views.join, name="friend_join"),
    path("friend/<str:token>/cancel", views.cancel, name="friend_cancel"),
    path("friend/<str:token>/ships", views.place_ship, name="friend_place"),
    path("friend/<str:token>/shuffle", views.shuffle, name="friend_shuffle"),
    path("friend/<str:token>/clear", views.clear_ships, name="friend_clear"),
    path("friend/<str:token>/ready", views.ready, name="friend_ready"),
    path("friend/<str:token>/shots", views.fire, name="friend_fire"),
    path("friend/<str:token>/resign", views.resign, name="friend_resign"),
    path("friend/<str:token>/claim", views.claim, name="friend_claim"),
    path("friend/<str:token>/rematch", views.rematch, name="friend_rematch"),
    path("friend/<str:token>/events", stream.events, name="friend_events"),
    path("friend/<str:token>/replay", views.replay, name="friend_replay"),
]
