"""Error answers that read like the site: a busy database (503) and a wrong method (405)."""

from collections.abc import Callable

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse


class DatabaseBusyMiddleware:
    """A locked or unreachable database is a passing condition, not a bug: answer 503 with
    ``Retry-After`` (the move was not stored: its transaction rolled back) instead of 500."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, OperationalError):
            return None
        response = TemplateResponse(request, "503.html", status=503)
        response["Retry-After"] = "5"
        return response.render()


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
