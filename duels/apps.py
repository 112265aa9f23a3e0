from django.apps import AppConfig


class DuelsConfig(AppConfig):
    """Games between two people: one model however they were paired (a friend's invite, a
    stranger met by seeking), each person in a seat of their own (``Seat``), and each
    player's record of a finished game. A base app: the mode apps that pair people (friends,
    and those after it) stand on it."""

    name = "duels"
    verbose_name = "Games between people"
    default_auto_field = "django.db.models.BigAutoField"
