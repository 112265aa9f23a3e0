from django.apps import AppConfig


class ModesConfig(AppConfig):
    """What every mode of play shares: a game stored as its moves (``modes.models``) and the
    registry of modes that the statistics, the history and the leaderboard walk. No tables."""

    name = "modes"
    default_auto_field = "django.db.models.BigAutoField"
