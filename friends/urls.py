from django.urls import path, register_converter

from friends import stream, views, watch


class InviteToken:
    """An invite link's token (``secrets.token_urlsafe``): anything else is a 404 before any
    query (a NUL byte in one would be a database error on PostgreSQL)."""

    regex = r"[A-Za-z0-9_-]{16,43}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(InviteToken, "token")

urlpatterns = [
    path("friend/", views.new_friend_game, name="friend_new"),
    path("friend/invites", views.invite, name="friend_invite"),
    path("friend/<token:token>/", views.game_page, name="friend_game"),
    path("friend/<token:token>/join", views.join, name="friend_join"),
    path("friend/<token:token>/cancel", views.cancel, name="friend_cancel"),
    path("friend/<token:token>/ships", views.place_ship, name="friend_place"),
    path("friend/<token:token>/shuffle", views.shuffle, name="friend_shuffle"),
    path("friend/<token:token>/clear", views.clear_ships, name="friend_clear"),
    path("friend/<token:token>/ready", views.ready, name="friend_ready"),
    path("friend/<token:token>/shots", views.fire, name="friend_fire"),
    path("friend/<token:token>/resign", views.resign, name="friend_resign"),
    path("friend/<token:token>/claim", views.claim, name="friend_claim"),
    path("friend/<token:token>/rematch", views.rematch, name="friend_rematch"),
    path("friend/<token:token>/say", views.say, name="friend_say"),
    path("friend/<token:token>/mute", views.mute, name="friend_mute"),
    path("friend/<token:token>/events", stream.events, name="friend_events"),
    path("friend/<token:token>/replay", views.replay, name="friend_replay"),
    path("live", watch.live_games, name="live_games"),
    path("watch/<token:token>", watch.watch, name="watch"),
    path("watch/<token:token>/events", watch.watch_events, name="watch_events"),
]
