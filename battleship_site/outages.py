"""A service the site needs (the database, Redis) is away: answer 503 with ``Retry-After``.

An outage is a passing condition, not a bug in the site: the request changed nothing that
matters (a move is stored whole or not at all), and the same request later will work. The
answer must not need the missing service itself, so the error pages are rendered from the
template alone, with no request context: no session, no user, no query.
"""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django_redis.exceptions import ConnectionInterrupted
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("django.request")

# What a database or Redis that is down, unreachable, restarting or locked raises: Django's
# wrappers of the driver's errors, and redis-py's (django-redis wraps most, not all, of them).
OUTAGES: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    ConnectionInterrupted,
    RedisConnectionError,
    RedisTimeoutError,
)
RETRY_AFTER_SECONDS = 5


def is_outage(exception: BaseException | None) -> bool:
    """Whether ``exception`` (or what it was raised from) says a service is away."""
    seen = 0
    while exception is not None and seen < 5:
        if isinstance(exception, OUTAGES):
            return True
        exception = exception.__cause__ or exception.__context__
        seen += 1
    return False


def unavailable() -> HttpResponse:
    """The 503 page, from its template alone: it must render with the database and Redis away."""
    response = HttpResponse(loader.render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: an outage met outside a view (the session, a middleware, rendering an
    error page) is a 503 too; anything else is the 500 page. Django has already logged it."""
    if is_outage(sys.exc_info()[1]):
        return unavailable()
    return HttpResponse(loader.render_to_string("500.html"), status=500)


def log_outage(request: HttpRequest, exception: BaseException) -> None:
    """Log an outage answered inside the view layer as the error it is, with its traceback."""
    logger.error(
        "Service Unavailable: %s",
        request.path,
        exc_info=(type(exception), exception, exception.__traceback__),
        extra={"status_code": 503, "request": request},
    )
