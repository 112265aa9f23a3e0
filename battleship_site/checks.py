"""A deployment check of our own: production needs the counters shared by every worker."""

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, register


@register(Tags.security)
def shared_counters(app_configs: Any, **kwargs: Any) -> list[Error]:
    """With DEBUG off and no REDIS_URL, the rate limits and the login lockout would count in
    each worker: say what to do (django-ratelimit's own error only says the cache is wrong)."""
    if (
        settings.DEBUG
        or settings.PER_PROCESS_LIMITS
        or "redis" in settings.CACHES["default"]["BACKEND"].lower()
    ):
        return []
    return [
        Error(
            "No REDIS_URL: the rate limits and the login lockout would count in each worker "
            "process separately.",
            hint="Set REDIS_URL (e.g. redis://127.0.0.1:6379/0), or PER_PROCESS_LIMITS=True "
            "if one process is meant.",
            id="battleship.E001",
        )
    ]
