"""What the views of every app share about a request: django-htmx's details on it, who the
player is for the rate limits, the limits every change of a game counts toward, a form value
cut short, and the 429 page (``RATELIMIT_VIEW``)."""

from __future__ import annotations

from django.http import HttpRequest as DjangoHttpRequest
from django.http import HttpResponse
from django.template.response import TemplateResponse
from django_htmx.middleware import HtmxDetails
from django_ratelimit.decorators import ratelimit

from battleship_site.addresses import client_ip
from battleship_site.limits import retry_after, setting
from core.forms import excerpt
from modes.models import guest_id


class HttpRequest(DjangoHttpRequest):
    """A request as the views get it: django-htmx's middleware adds ``htmx``."""

    htmx: HtmxDetails


def player_key(group: str, request: HttpRequest) -> str:
    """Rate limits count per player: the account, else the browser's guest id, else the address."""
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"guest:{guest_id(request) or client_ip(request)}"


# Everything that changes a game also counts toward its address's ceiling (ADDRESS_RATE):
# guest ids and accounts are free to make, addresses are not.
per_address = ratelimit(group="address", key="ip", rate=setting("ADDRESS_RATE"), block=True)
# Placing, shuffling, starting and resigning, per player (each takes the write lock).
per_player_setup = ratelimit(group="setup", key=player_key, rate=setting("SETUP_RATE"), block=True)


# The longest value any game form sends (a ship's name) is far shorter. An error message names
# what was sent: never more of it than this, or a 2 MB cell comes back as a 20 MB page.
def posted(request: DjangoHttpRequest, name: str, default: str = "") -> str:
    """A form value, cut to a short excerpt (marked "…") if it is longer than any valid one."""
    return excerpt(request.POST.get(name, default))


def rate_limited(request: HttpRequest, exception: Exception) -> HttpResponse:
    """429, with a page that says what to do next, and when (``Retry-After``)."""
    response = TemplateResponse(request, "429.html", status=429)
    response["Retry-After"] = str(retry_after(request))
    return response
