from django.apps import AppConfig


class CoreConfig(AppConfig):
    """The site's core: what every mode's pages share (the middleware, a request's helpers,
    refusals as sentences, the rule sets offered, the forms a move is read with, the board
    tags, replays' steps), the home page and the health check."""

    name = "core"
    verbose_name = "The site's core"

    def ready(self) -> None:
        # Registers the site's own system checks.
        import battleship_site.checks  # noqa: F401
