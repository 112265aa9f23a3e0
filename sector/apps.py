from django.apps import AppConfig


class SectorConfig(AppConfig):
    """The sector battle on the site (the game itself is ``battleship.sector``). Its label
    stays "sectors", the name it was created under, so that its table and migrations keep
    their names."""

    name = "sector"
    label = "sectors"
    verbose_name = "Sector battles"
    default_auto_field = "django.db.models.BigAutoField"
