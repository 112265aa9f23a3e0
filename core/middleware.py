"""Answers that read like the site: a busy database (503), a wrong method (405), a wait (429),
and what a shared cache may keep."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.cache import patch_cache_control

from battleship_site.outages import is_outage, log_outage, unavailable


class DatabaseBusyMiddleware:
    """A locked or unreachable database, or Redis away, is a passing condition, not a bug:
    answer 503 with ``Retry-After`` (the move was not stored: its transaction rolled back)
    instead of 500. The page is rendered without the request, so it needs neither."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_outage(exception):
            return None
        log_outage(request, exception)
        response = unavailable()
        # Logged above with its traceback; Django would log it again without.
        response._has_been_logged = True  # type: ignore[attr-defined]
        return response


class MethodNotAllowedPageMiddleware:
    """Django answers a GET to a POST-only address (a trimmed or bookmarked form address)
    with an empty 405, which a browser shows as its own bare error: give it the site's page.
    The status and the ``Allow`` header stay."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.streaming or response.content:
            return response
        page = TemplateResponse(request, "405.html", status=405).render()
        if "Allow" in response:
            page["Allow"] = response["Allow"]
        return page


class RetryAfterMiddleware:
    """Every 429 says when to come back: the rate limits' own page sets it; django-axes'
    lockout page (a username locked after failed logins) gets the cool-off time."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 429 and "Retry-After" not in response:
            response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
        return response


class PrivatePagesMiddleware:
    """A page that shows who is signed in or carries a CSRF token is one person's: no shared
    cache (a proxy, a CDN) may keep it and hand it to the next visitor."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        session = getattr(request, "session", None)
        personal = request.META.get("CSRF_COOKIE_NEEDS_UPDATE") or (session and session.accessed)
        if personal:
            patch_cache_control(response, private=True)
        return response
