from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Battleship games"

    def ready(self) -> None:
        # Registers the site's own system checks.
        import battleship_site.checks  # noqa: F401
