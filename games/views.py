"""Views: parse the request, call one ``Game`` method, render the page or the htmx partial.

Every game view finds the game through ``Game.objects.owned_by(request)``, so someone
else's game is a 404 whatever the URL, and the context is built from the person's view
of the game only (``Game.view()``), so no response can carry an unsunk enemy ship.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import wraps
from typing import Any

from django.db.models import Avg, Count, Sum
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import (
    HttpResponseClientRedirect,
    reswap,
    retarget,
    trigger_client_event,
)
from django_ratelimit.decorators import ratelimit

from battleship.classic import Coordinate, Fire, Move, MoveResult, ShotsPerTurn
from battleship.classic.display import build_display, build_move, round_number
from battleship.classic.sentences import duration, ship_label, summarise
from battleship.classic.turn_summary import turn_summary
from battleship_site.limits import setting
from core.forms import LAST_CHOICE, NewGameForm, last_choice, move_form, torpedo_lines
from core.refusals import refusal
from core.replays import STEPS_TEMPLATE, only_the_step, replay_step, requested_step
from core.requests import HttpRequest, per_address, per_player_setup, player_key, posted
from core.rule_sets import BY_NAME, OFFERED, info_for, level_info, levels, shot_by_shot
from games.hints import build_analysis, build_hint, rating_sentence, step_notes
from games.models import HUMAN, Game
from modes.models import player_of
from modes.refusals import status_of

GAME_PAGE = "games/game.html"


def new_game_page(
    request: HttpRequest, chosen: dict[str, Any], error: str = "", status: int = 200
) -> TemplateResponse:
    context = {"levels": levels(), "rule_sets": OFFERED, "chosen": chosen, "error": error}
    return TemplateResponse(request, "games/new.html", context, status=status)


@require_safe
def new_game(request: HttpRequest) -> TemplateResponse:
    """Choose an opponent and a rule set: the last ones chosen, or the rule set linked."""
    chosen = last_choice(request.session)
    if request.GET.get("rules") in BY_NAME:
        chosen["rules"] = request.GET["rules"]
    return new_game_page(request, chosen)


@require_safe
def rules_page(request: HttpRequest, name: str) -> TemplateResponse:
    """The full rules of one rule set the site offers."""
    info = BY_NAME.get(name)
    if info is None:
        raise Http404("there is no such rule set")  # a 404 page of its own says so
    rules = info.rules
    context = {
        "info": info,
        "rules": rules,
        "fleet": [(ship_label(rules, ship.name), ship.length) for ship in rules.fleet],
        "last_row": "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[rules.board_size - 1],
        "template": f"games/rules/{info.name}.html",
        "rule_sets": OFFERED,
    }
    return TemplateResponse(request, "games/rules.html", context)


@require_POST
# Keyed by account or address, not guest id: a script could drop its cookie for a new one.
@ratelimit(key="user_or_ip", rate=setting("NEW_GAME_RATE"), block=True)
@per_address
def create_game(request: HttpRequest) -> HttpResponse:
    """Start setting up a game against the chosen level and rules; then place the fleet."""
    form = NewGameForm(request.POST)
    if not form.is_valid():
        chosen = {"level": posted(request, "level"), "rules": posted(request, "rules")}
        return new_game_page(request, chosen, form.first_error, status=400)
    game = Game.create(
        level=form.cleaned_data["level"], rules=form.rule_set, **player_of(request, create=True)
    )
    request.session[LAST_CHOICE] = form.cleaned_data
    return redirect(game)


@require_POST
@ratelimit(
    group="games.views.create_game", key="user_or_ip", rate=setting("NEW_GAME_RATE"), block=True
)
@per_address
def play_now(request: HttpRequest) -> HttpResponse:
    """One press from the home page: a game against the last opponent and rules chosen (else
    the Lieutenant, classic), the fleet already placed at random, so that Start begins it."""
    chosen = last_choice(request.session)
    game = Game.create(
        level=chosen["level"],
        rules=BY_NAME[chosen["rules"]].rules,
        **player_of(request, create=True),
    )
    game.shuffle()  # as the placement's Shuffle does: Shuffle again or move a ship at will
    return redirect(game)


def game_view(view_func: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Load the request's own game (404 for anyone else's); never cached; varies on htmx."""

    @wraps(view_func)
    @never_cache
    @vary_on_headers("HX-Request")
    def wrapper(request: HttpRequest, game_id: str, **kwargs: Any) -> HttpResponse:
        game = get_object_or_404(Game.objects.owned_by(request), pk=game_id)
        return view_func(request, game, **kwargs)

    return wrapper


def render_game(
    request: HttpRequest,
    game: Game,
    *,
    error: str = "",
    notice: str = "",
    status: int = 200,
    shot: bool = False,
    hint: dict[Coordinate, float] | None = None,
    hint_warning: bool = False,
) -> TemplateResponse:
    """The game page, or for htmx only the part that changes (setup or play area).

    ``shot``: this is the answer to a shot just made, so the page makes its sound; a
    refusal, a resignation or a reload says nothing new and makes none. ``hint``: the
    hit chances of a hint, shown on enemy waters; ``hint_warning``: what a first hint
    costs, asked before it is shown.
    """
    view = game.view()
    partial = bool(request.htmx) and not request.htmx.history_restore_request
    display = build_display(view)
    level = level_info(game.level)
    if shot and game.status in ENDS_WITH_A_SOUND:
        display = replace(display, sound=game.status)  # the end has a sound of its own
    context: dict[str, Any] = {
        "game": game,
        "view": view,
        "display": display if shot else replace(display, sound=""),
        "said": turn_summary(view, level.name),
        "error": error,
        "notice": notice,
        "level": level,
        "oob": partial,
        # A refused cell stays in the Fire at box, to correct rather than type again.
        "typed_cell": posted(request, "cell").strip() if error else "",
        "rule_info": info_for(view.rules),
        # More than one shot a turn: the cells are picked, then fired together.
        "volley": view.rules.shots_per_turn is not ShotsPerTurn.ONE,
        # The five-shot games: turns are rounds, and under group reports named whole.
        "round_number": round_number(view),
        "weapons": [(weapon.value, left) for weapon, left in view.weapons_left if left],
        "torpedo_lines": torpedo_lines(view.rules.board_size) if view.weapons_left else (),
        "hint": build_hint(hint) if hint is not None else None,
        "hint_warning": hint_warning,
        # The computer's fleet sealed by its digest; its places and salt once the game is over.
        "commitment": game.commitment(),
    }
    if game.status == Game.Status.SETUP:
        placed = {ship.name: ship for ship in view.fleet}
        unplaced = [spec.name for spec in view.rules.fleet if spec.name not in placed]
        chosen = posted(request, "ship")
        context |= {
            "setup_ships": [
                (spec, placed.get(spec.name), ship_label(view.rules, spec.name))
                for spec in view.rules.fleet
            ],
            "placed_count": len(placed),
            # After a placement, the next ship waits; after a refusal, the same one.
            "selected_ship": chosen if error and chosen else (unplaced or [""])[0],
            "orientation": posted(request, "orientation", "H"),
        }
    elif game.is_over:
        context["summary"] = summarise(view, game.play_seconds)
        context["average"] = averages_against(request, game)
    template = GAME_PAGE
    if partial:
        template += "#setup" if game.status == Game.Status.SETUP else "#play"
    return TemplateResponse(request, template, context, status=status)


ENDS_WITH_A_SOUND = (Game.Status.WON, Game.Status.LOST, Game.Status.DRAW)


def averages_against(request: HttpRequest, game: Game) -> dict[str, Any] | None:
    """The person's own averages over their other finished games against this level, to set
    beside a finished game's figures; None before there is any."""
    # Each finished game holds its own figures: no shots are counted here.
    others = Game.objects.owned_by(request).finished().filter(level=game.level).exclude(pk=game.pk)
    # Names of their own: an aggregate named like an annotation it reads breaks on PostgreSQL.
    figures = others.aggregate(
        n_games=Count("pk"),
        mean_shots=Avg("shots_fired"),
        all_fired=Sum("shots_fired"),
        all_hits=Sum("shots_hit"),
        mean_seconds=Avg("play_seconds"),
        mean_lost=Avg("ships_lost"),
    )
    if not figures["n_games"]:
        return None
    fired = figures["all_fired"]
    return {
        "games": figures["n_games"],
        "shots": round(figures["mean_shots"], 1),
        "accuracy": round(100 * figures["all_hits"] / fired) if fired else 0,
        "time": duration(figures["mean_seconds"]),
        "ships_lost": round(figures["mean_lost"], 1),
    }


@require_safe
@game_view
def game_page(request: HttpRequest, game: Game) -> HttpResponse:
    """A game as stored: placement, play or the end, exactly as saved."""
    return render_game(request, game)


def _after_post(
    request: HttpRequest,
    game: Game,
    error: str = "",
    status: int = 200,
    notice: str = "",
    shot: bool = False,
) -> HttpResponse:
    # htmx swaps the new state in; a plain form POST gets a redirect (or the page with the
    # error), so the site works without JavaScript too.
    if request.htmx or error:
        return render_game(request, game, error=error, notice=notice, status=status, shot=shot)
    return redirect(game)


@require_POST
@per_player_setup
@per_address
@game_view
def place_ship(request: HttpRequest, game: Game) -> HttpResponse:
    """Place, move (place again) or remove one of the person's ships."""
    ship, cell = posted(request, "ship"), posted(request, "cell")
    try:
        if "remove" in request.POST:
            name = posted(request, "remove")
            if not name.strip():
                return _after_post(request, game, gettext("Choose a ship to remove."), 422)
            game.remove_ship(name)
            notice = gettext("%(ship)s removed.") % {"ship": ship_label(game.rule_set, name)}
        elif not ship:
            every = game.ships.filter(player=HUMAN).count() == len(game.rule_set.fleet)
            refused = (
                gettext("Every ship is placed: start the game, or pick a ship to move it.")
                if every
                else gettext("Choose a ship to place first.")
            )
            return _after_post(request, game, refused, status=422)
        else:
            placed = game.place_ship(ship, cell, posted(request, "orientation", "H"))
            said = {"ship": ship_label(game.rule_set, placed.name), "cell": placed.start}
            notice = (
                gettext("%(ship)s placed at %(cell)s, down.")
                if placed.orientation == "V"
                else gettext("%(ship)s placed at %(cell)s, across.")
            ) % said
    except ValueError as error:
        return _after_post(request, game, refusal(error), status=422)
    return _after_post(request, game, notice=notice)


@require_POST
@per_player_setup
@per_address
@game_view
def clear_ships(request: HttpRequest, game: Game) -> HttpResponse:
    try:
        game.clear_ships()
    except ValueError as error:
        return _after_post(request, game, refusal(error), status=409)
    return _after_post(request, game, notice=gettext("All ships removed."))


@require_POST
@per_player_setup
@per_address
@game_view
def shuffle(request: HttpRequest, game: Game) -> HttpResponse:
    try:
        game.shuffle()
    except ValueError as error:
        return _after_post(request, game, refusal(error), status=409)
    return _after_post(
        request, game, notice=gettext("Fleet placed at random. Shuffle again, or start.")
    )


@require_POST
@per_player_setup
@per_address
@game_view
def start(request: HttpRequest, game: Game) -> HttpResponse:
    try:
        game.start()
    except ValueError as error:
        return _after_post(request, game, refusal(error), status=409)
    if request.htmx:
        return render_game(request, game)  # the play area replaces the setup area
    return redirect(game)


@require_POST
@ratelimit(key=player_key, rate=setting("FIRE_RATE"), block=True)
@per_address
@game_view
def fire(request: HttpRequest, game: Game) -> HttpResponse:
    """The person's move (a shot, a volley or a weapon) and the computer's answer, in one
    request."""
    form = move_form(request.POST, game.rule_set)
    if not form.is_valid():
        return _after_post(request, game, form.first_error, 400)
    try:
        results = game.play(form.chosen, form.cleaned_data["move"])
    except ValueError as error:
        game.refresh_from_db()  # the page shows the game as it is now, not as first loaded
        status = status_of(error)
        said = "" if status == 409 else partial_turn(game, form.chosen)
        return _after_post(request, game, said or refusal(error), status=status)
    # A hint on the board is out of date after a shot: the whole play area is drawn again.
    redraw = bool(request.POST.get("redraw"))
    if request.htmx and not game.is_over and shot_by_shot(game.rule_set) and not redraw:
        return named_turn(render_move(request, game, results))
    if request.htmx:
        return named_turn(render_game(request, game, shot=True))
    return _after_post(request, game, shot=True)


def named_turn(response: TemplateResponse) -> TemplateResponse:
    """The answer to a move played, named for the page's scripts (static/js/board.js,
    turn.js): "turn" as it arrives, "turn-settled" once it is in place, with its sound."""
    sound = response.context_data["display"].sound if response.context_data else ""
    trigger_client_event(response, "turn", {"sound": sound})
    return trigger_client_event(response, "turn-settled", {"sound": sound}, after="settle")


def partial_turn(game: Game, move: Move) -> str:
    """Under group reports a turn is named whole (the engine refuses fewer cells): the
    sentence that says how many are still to pick, or "" if that is not what was wrong."""
    if not game.rule_set.group_reports or not isinstance(move, Fire):
        return ""
    view = game.view()
    named = len(move.cells)
    left = view.shots_left_in_turn
    fine = len(set(move.cells)) == named and not view.targeted.intersection(move.cells)
    if not fine or named >= left:
        return ""  # the engine's own sentence says what is wrong
    more = left - named
    return ngettext(
        "This round's %(left)d shots are fired together: you named %(named)d, so pick "
        "%(more)d more cell. Nothing was fired.",
        "This round's %(left)d shots are fired together: you named %(named)d, so pick "
        "%(more)d more cells. Nothing was fired.",
        more,
    ) % {"left": left, "named": named, "more": more}


def render_move(request: HttpRequest, game: Game, results: list[MoveResult]) -> TemplateResponse:
    """The answer to a shot in a game that goes on, for htmx: only what the move changed.

    The cells fired at (and, after a sinking, the sunk ship's cells), the move number, the
    announcements and a fleet's state when it changed, each swapped in where it is on the
    page by id. A tenth of the whole play area: less to build, render, send and swap.
    """
    view = game.view()
    mine = sum(1 for r in results if r.player == HUMAN)
    context = {
        "game": game,
        "view": view,
        "display": build_move(view, mine, len(results) - mine),
        "said": turn_summary(view, level_info(game.level).name),
        "level": level_info(game.level),
    }
    response = TemplateResponse(request, GAME_PAGE + "#move", context)
    return reswap(retarget(response, "#turn"), "outerHTML")


@require_POST
@ratelimit(group="hint", key=player_key, rate=setting("FIRE_RATE"), block=True)
@per_address
@game_view
def hint(request: HttpRequest, game: Game) -> HttpResponse:
    """The Admiral's heat map of enemy waters for the person's next shot, from their own view.

    The first hint of a game is shown only once confirmed (``confirm=yes``): before that the
    page says what it costs (the game is marked as hinted and leaves the leaderboard).
    Without JavaScript the answer is the whole page with the heat map, not a redirect.
    """
    try:
        expected = int(posted(request, "move"))
    except ValueError:
        return _after_post(request, game, gettext("That hint request was not understood."), 400)
    try:
        chances = game.take_hint(expected, confirmed=request.POST.get("confirm") == "yes")
    except ValueError as error:
        game.refresh_from_db()
        return _after_post(request, game, refusal(error), 409)
    if chances is None:
        warning = gettext("A hint marks this game: read what it means, then choose.")
        return render_game(request, game, notice=warning, hint_warning=True)
    return render_game(request, game, notice=build_hint(chances).likeliest, hint=chances)


@require_POST
@per_player_setup
@per_address
@game_view
def resign(request: HttpRequest, game: Game) -> HttpResponse:
    try:
        game.resign()
    except ValueError as error:
        return _after_post(request, game, refusal(error), status=409)
    if request.POST.get("then") == "home" and not request.htmx:
        return redirect("home")  # abandoned from the list of unfinished games: back to it
    return _after_post(request, game)


@require_POST
# Keyed by account or address, not guest id: a script could drop its cookie for a new one.
@ratelimit(key="user_or_ip", rate=setting("NEW_GAME_RATE"), block=True)
@per_address
@game_view
def play_again(request: HttpRequest, game: Game) -> HttpResponse:
    """A new game against the same opponent, once this one is over (``Game.play_again``)."""
    try:
        new = game.play_again()
    except ValueError as error:
        return _after_post(request, game, refusal(error), 409)
    if request.htmx:
        return HttpResponseClientRedirect(new.get_absolute_url())
    return redirect(new)


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def replay(request: HttpRequest, game_id: str) -> TemplateResponse:
    """A finished game move by move (a shot, a whole Salvo turn, a weapon): both boards
    after ``?step=N`` of its moves."""
    game = get_object_or_404(Game.objects.owned_by(request).finished(), pk=game_id)
    step = requested_step(request, game.moves)
    url = reverse("replay", args=[game.pk])
    partial = only_the_step(request)
    # Worked out on the first replay and stored on the row (``Game.coach_analysis``).
    analysis = build_analysis(game.coach_analysis(), game.rule_set.board_size, game.level_name)
    return TemplateResponse(
        request,
        STEPS_TEMPLATE + "#step" if partial else "games/replay.html",
        {
            "game": game,
            "level_name": game.level_name,
            **replay_step(game.replay_view(step), step, game.moves, url=url),
            "oob": partial,
            "analysis": analysis,
            "commitment": game.commitment(),  # a finished game's: revealed
            "rated": [rating_sentence(shot) for shot in analysis.by_step.get(step, [])],
            "notes": step_notes(analysis.by_step.get(step, [])),
        },
    )
