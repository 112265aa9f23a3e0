"""The learning pages: how to play, strategy, the computer levels, quick tips and questions.

Plain pages, the same for everyone: their pictures are worked out once per process
(``learn.positions``), so a view only fills in its words.
"""

from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.views.decorators.http import require_safe

from core.rule_sets import OFFERED
from learn import figures
from learn.levels import LEVELS


@require_safe
def index(request: HttpRequest) -> TemplateResponse:
    """What there is to read, and the rules of each rule set."""
    return TemplateResponse(request, "learn/index.html", {"rule_sets": OFFERED})


@require_safe
def how_to_play(request: HttpRequest) -> TemplateResponse:
    """The standard rules, with a fleet placed and a miss, a hit and a sinking drawn."""
    return TemplateResponse(
        request,
        "learn/how_to_play.html",
        {
            "figures": figures.how_to_play(),
            "rule_sets": OFFERED,
            "rule_set_figures": figures.rule_sets().values(),
        },
    )


@require_safe
def strategy(request: HttpRequest) -> TemplateResponse:
    """Hunting and targeting, parity, probability, the endgame: the computer's heat maps."""
    return TemplateResponse(request, "learn/strategy.html", {"figures": figures.strategy()})


@require_safe
def computer(request: HttpRequest) -> TemplateResponse:
    """How each computer level thinks, how many shots it needs, and how it places its fleet."""
    return TemplateResponse(
        request,
        "learn/computer.html",
        {"levels": LEVELS, "placements": figures.placements()},
    )


@require_safe
def tips(request: HttpRequest) -> TemplateResponse:
    """Quick tips."""
    return TemplateResponse(request, "learn/tips.html")


@require_safe
def faq(request: HttpRequest) -> TemplateResponse:
    """Frequent questions: about the rules and about the site (docs/rules/site.md)."""
    return TemplateResponse(request, "learn/faq.html")
