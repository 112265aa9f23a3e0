"""Views: parse the request, call one model or engine method, render."""

from django.http import HttpRequest
from django.template.response import TemplateResponse

from games.engine import RuleSet


def home(request: HttpRequest) -> TemplateResponse:
    """The front page: what the site is, and where to start."""
    rules = RuleSet.standard()
    return TemplateResponse(
        request,
        "games/home.html",
        {
            "fleet": [(ship, range(ship.length)) for ship in rules.fleet],
            "board_size": rules.board_size,
        },
    )
