"""Turn a database that cannot answer right now into a 503 that says to retry."""

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
