"""The site as an installable app: its web app manifest, its service worker (served from the
site's root, so that its scope is the whole site) and the page it shows offline.

The service worker keeps the static files, the offline page, and the rules and learning
pages a player has opened (network first: a page is only ever shown from the cache when
the network is away). Nothing else: no game, no statistics, no page of a player's, so that
nobody else using the same browser offline sees anything of theirs
(``templates/core/sw.js``)."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.response import TemplateResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext, pgettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

THEME = "#0b3954"  # the header's blue
BACKGROUND = "#e6f1f7"  # the page's

# The addresses whose pages are kept for offline reading: rules and learning pages only.
OFFLINE_PAGES = ("/learn/", "/rules/", "/sector/rules")


@require_safe
@cache_control(max_age=3600, public=True)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: what a browser needs to install the site as an app."""
    data = {
        "name": pgettext("the game", "Battleship"),
        "short_name": pgettext("the game", "Battleship"),
        "description": gettext(
            "Battleship against the computer, a friend or a stranger: the classic game and "
            "its rule sets, the sector battle and a daily challenge."
        ),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {
                "src": static(f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
            }
            for size in (192, 512)
        ],
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
@cache_control(no_cache=True)  # the browser checks for a new worker at each visit
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, its list of files to keep drawn from the static files' names
    (hashed in production: a new deploy is a new worker)."""
    precache = [
        static("css/site.css"),
        static("vendor/htmx-2.0.11.min.js"),
        static("favicon.svg"),
        static("icons/icon-192.png"),
        reverse("offline"),
    ]
    context = {
        "precache": precache,
        "version": hashlib.sha256("|".join(precache).encode()).hexdigest()[:12],
        "offline_url": reverse("offline"),
        "offline_pages": OFFLINE_PAGES,
    }
    return TemplateResponse(
        request, "core/sw.js", context, content_type="text/javascript; charset=utf-8"
    )


@require_safe
def offline(request: HttpRequest) -> TemplateResponse:
    """What the app shows when there is no connection: what still works without one."""
    return TemplateResponse(request, "core/offline.html")
