from django.apps import AppConfig


class FriendsConfig(AppConfig):
    """A classic game against a person invited by a link (the game itself is
    ``battleship.classic``), its moves stored by ``modes.models.StoredGame``."""

    name = "friends"
    label = "friends"
    verbose_name = "Games against a friend"
    default_auto_field = "django.db.models.BigAutoField"
