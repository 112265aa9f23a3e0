"""A request body over ``MAX_REQUEST_BODY`` bytes is refused (413) before it is read.

Every form of the site fits in a few kilobytes. Django checks a form's size only when a view
reads it, and under ASGI (``make serve``: gunicorn's uvicorn workers) its handler has by
then read the whole body into a temporary file: a 300 MB POST filled 300 MB of the temporary
folder before its 400. Neither gunicorn nor uvicorn has a limit of its own, and the site is
meant to run without a proxy in front. So:

- ``BodyLimit`` wraps the ASGI application: a body whose declared length is over the limit is
  not read at all (Django is handed an empty one); a body sent without a length (chunked) is
  read until it passes the limit and no further, and the request marked.
- ``BodyLimitMiddleware`` answers such a request with the site's 413 page, in the visitor's
  language, before anything reads the form (under WSGI, ``make run``, the body is read lazily,
  so its declared length is all it takes).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Any, Any, Any], Awaitable[None]]

TOO_LARGE = "battleship_site.body_too_large"
"""The key in an ASGI scope that marks a body cut short at the limit."""

logger = logging.getLogger("battleship_site.bodies")


def declared_length(headers: list[tuple[bytes, bytes]]) -> int | None:
    for name, value in headers:
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class BodyLimit:
    """The ASGI side: no more than ``limit`` bytes of any body are read from the client."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = declared_length(scope.get("headers", []))
        if length is not None and length > self.limit:
            await self.app(scope, self.nothing_read(), send)
        else:
            await self.app(scope, self.counted(scope, receive), send)

    @staticmethod
    def nothing_read() -> Receive:
        """An empty body; after it, nothing (the client's bytes are left unread, and the
        server closes the connection once the answer is sent)."""
        given = False

        async def receive() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.Future()  # until the request is over and this is cancelled
            raise AssertionError("unreachable")

        return receive

    def counted(self, scope: Scope, receive: Receive) -> Receive:
        """The body as it comes, until it passes the limit: then its end, the scope marked."""
        seen = 0
        cut = False

        async def limited() -> Message:
            nonlocal seen, cut
            if cut:
                await asyncio.Future()
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    cut = True
                    scope[TOO_LARGE] = True
                    return {"type": "http.request", "body": b"", "more_body": False}
            return message

        return limited


class BodyLimitMiddleware:
    """The 413 page for a body over the limit, before the CSRF check or a view reads it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit: int = settings.MAX_REQUEST_BODY
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit or getattr(request, "scope", {}).get(TOO_LARGE):
            logger.warning(
                "Request body too large: over %s bytes", limit, extra={"request": request}
            )
            response = TemplateResponse(request, "413.html", {"limit": limit}, status=413)
            response["Connection"] = "close"
            return response.render()
        return self.get_response(request)
