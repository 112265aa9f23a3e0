"""Pages and htmx answers compressed with gzip, the event streams left as they are."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.middleware.gzip import GZipMiddleware


class PagesGZipMiddleware(GZipMiddleware):
    """Django's gzip, with its mitigation of BREACH (a random file name of up to 100 bytes in
    each answer's gzip header, so that its length says nothing of a secret in the page;
    Django's CSRF tokens are masked afresh on each answer too), on everything but an event
    stream.

    An event stream must reach the browser an event at a time: under WSGI Django's gzip
    writes the stream into one gzip file and sends only what zlib lets out, which holds the
    events back until some kilobytes have gathered; under ASGI each event would be a gzip
    file of its own, which a browser may stop reading after the first.
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
