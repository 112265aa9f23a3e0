"""Error answers that read like the site: a busy database (503) and a wrong method (405)."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

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
