"""Rate limits whose rates are settings, read at each request (tests and operators set them)."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import _split_rate
from django_ratelimit.decorators import ratelimit


def setting(name: str) -> Callable[[str, HttpRequest], str]:
    """A django-ratelimit ``rate`` that is the setting ``name``, e.g. ``"20/s"``."""

    def rate(group: str, request: HttpRequest) -> str:
        value = str(getattr(settings, name))
        # Limits are checked one after another and the first one exceeded refuses the
        # request: the last rate read is the one a 429 is about, its period the longest wait.
        request.rate_period = _split_rate(value)[1]  # type: ignore[attr-defined]
        return value

    return rate


def retry_after(request: HttpRequest) -> int:
    """Seconds to wait after a 429: until the refusing limit's window has surely passed."""
    period: int = getattr(request, "rate_period", 60)
    return period


# Every view that checks a password (the site's own and the admin's) counts in one group, so
# that trying passwords at another address of the same kind buys nothing: each attempt hashes
# a password, about 0.2 s of a worker. Login attempts per address (on top of django-axes'
# lockout per username and address), password changes per player.
login_attempts = ratelimit(
    group="login", key="ip", rate=setting("LOGIN_RATE"), method="POST", block=True
)
password_changes = ratelimit(
    group="password_change",
    key="user_or_ip",
    rate=setting("PASSWORD_CHANGE_RATE"),
    method="POST",
    block=True,
)
