"""The pages that are no mode's: the home page and the health check."""

from __future__ import annotations

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_safe

from battleship.classic import RuleSet
from core.forms import last_choice
from core.rule_sets import BY_NAME, OFFERED, level_info, levels
from modes.registry import MODES, UNFINISHED_LISTED


@require_safe
@cache_control(private=True)  # it lists this browser's unfinished games
def home(request: HttpRequest) -> TemplateResponse:
    """The front page: what the site is, a way to start, and the games left unfinished."""
    rules = RuleSet.standard()
    now = last_choice(request.session)  # what Play now starts
    # Every mode's games in progress in one list, the latest played first, each row drawn
    # by its mode's template.
    unfinished = sorted(
        (
            (mode.unfinished_row, game)
            for mode in MODES.values()
            for game in mode.unfinished(request)
        ),
        key=lambda row: row[1].last_move_at or row[1].created_at,
        reverse=True,
    )
    return TemplateResponse(
        request,
        "core/home.html",
        {
            "fleet": [(ship, range(ship.length)) for ship in rules.fleet],
            "board_size": rules.board_size,
            "unfinished": unfinished[:UNFINISHED_LISTED],
            "rule_sets": OFFERED,
            "levels": levels(),
            "play_now": {"level": level_info(now["level"]), "rules": BY_NAME[now["rules"]]},
        },
    )


def database_answers() -> None:
    """One round trip to the database (an outage raises: the 503)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


@require_safe
@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """Up and reaching what every page needs: the database, and the shared cache (Redis,
    when REDIS_URL is set: sessions and counters). Either away is a 503 (the outage
    middleware), so a load balancer stops sending players here. For monitoring, and the
    load test's trivial page."""
    database_answers()
    cache.get("healthz")
    return HttpResponse("ok", content_type="text/plain")
