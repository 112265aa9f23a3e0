"""The sector battle's pages: parse the request, call one ``SectorBattle`` method, render.

Every view finds the battle through ``SectorBattle.objects.owned_by(request)`` (someone
else's battle is a 404), and every page is built from the person's ``SectorView`` only, so
no response carries an enemy ship or submarine beyond what the rules told.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import UUID

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event
from django_ratelimit.decorators import ratelimit

from battleship.classic import ROW_LETTERS, IllegalMove
from battleship.phase import HUMAN
from battleship.sector import (
    FLEET,
    SECTORS,
    SIZE,
    Action,
    Barrage,
    Kind,
    Orientation,
    Placement,
    Recon,
    SectorView,
    Ship,
    Shot,
    Sonar,
    SubMove,
    Turn,
    numeral,
    parse_cell,
    sector_of,
)
from battleship.sector.ai import LEVELS, LevelInfo
from battleship.sector.display import describe, enemy_board, enemy_marks, own_board
from battleship.sector.fleet import is_submarine
from battleship.words import level_description, level_name, ship_name
from battleship_site.limits import setting
from core.refusals import refusal
from core.requests import per_address, per_player_setup, player_key
from core.rule_sets import OFFERED
from modes.models import player_of
from modes.refusals import move_number, status_of
from sector.exchange import fired_at, last_exchange, sound, summary
from sector.models import SectorBattle
from sector.rules_page import (
    ACTIONS,
    SONAR_EXAMPLE,
    SONAR_STATES,
    SONAR_SYMBOLS,
    bridge_words,
    sector_map,
    ship_drawing,
)
from sector.seas import fleet_drawn, sea

PAGE = "sector/battle.html"


def levels() -> list[LevelInfo]:
    """The three computer players, named and described in the language of the request."""
    return [
        replace(info, name=level_name(info.name), description=level_description(info.description))
        for info in LEVELS
    ]


def _battle(request: HttpRequest, battle_id: UUID) -> SectorBattle:
    return get_object_or_404(SectorBattle.objects.owned_by(request), pk=battle_id)


def _page(
    request: HttpRequest,
    battle: SectorBattle,
    *,
    error: str = "",
    status: int = 200,
    tried: dict[str, str] | None = None,
    aim: str = "shot",
    typed: bool = False,
    played: bool = False,
) -> TemplateResponse:
    """The battle's page (``aim``: the action aimed on the enemy sea, ``?aim=recon``); for
    htmx in play only its play area, the live region's new words
    sent with it out of band (so a turn's announcements are spoken). ``played``: the
    answer to a turn just played, so the page makes its sound (static/js/board.js), as the
    classic game's does."""
    view = battle.view()
    htmx = getattr(request, "htmx", None)
    partial = (
        htmx is not None
        and bool(htmx)
        and not htmx.history_restore_request
        and battle.status != "setup"
    )
    context: dict[str, Any] = {
        "battle": battle,
        "view": view,
        # The computer's starting fleet sealed by its digest; unsealed once the battle is over.
        "commitment": battle.commitment(),
        "oob": partial,
        "error": error,
        "typed": typed or tried is not None,
        "columns": range(1, SIZE + 1),
        "sectors": [(s, numeral(s)) for s in SECTORS],
    }
    if battle.status == SectorBattle.Status.SETUP:
        placed = {p.name: p for p in battle.placements()}
        fleet = [Ship.placed(p) for p in placed.values()]
        context["own_rows"] = sea(own_board(view), ships=fleet_drawn(fleet))
        chosen = (tried or {}).get("ship") or next(
            (s.name for s in FLEET if s.name not in placed), FLEET[0].name
        )
        context["ships"] = [
            {
                "name": s.name,
                "length": s.length,
                "sub": s.kind is Kind.SUBMARINE,
                "placed": s.name in placed,
                "at": _placed_at(placed.get(s.name)),
                "chosen": s.name == chosen,
                # A refused placement: what the player typed and chose stays in its form.
                **(
                    {"cell": tried["cell"], "lie": tried["lie"]}
                    if tried and tried["ship"] == s.name
                    else {}
                ),
            }
            for s in FLEET
        ]
        context["complete"] = len(placed) == len(FLEET)
        context["headings"] = [
            ("E", gettext("east ▶")),
            ("S", gettext("south ▼")),
            ("W", gettext("west ◀")),
            ("N", gettext("north ▲")),
        ]
    else:
        mine, theirs = last_exchange(view)
        context["own_rows"] = sea(
            own_board(view),
            ships=fleet_drawn(view.fleet, fresh=theirs.sunk if theirs else ()),
            latest=fired_at(theirs),
        )
        # The enemy fleet is in the view only once the battle is over.
        context["enemy_rows"] = sea(
            enemy_board(view),
            enemy=True,
            marks=enemy_marks(view),
            ships=fleet_drawn((s for s in view.enemy_fleet if s.afloat), "revealed"),
            targets=view.legal.targets,
            latest=fired_at(mine),
        )
        context["said"] = {
            "mine": describe(mine, HUMAN) if mine else "",
            "theirs": describe(theirs, HUMAN) if theirs else "",
        }
        if not view.reports and not battle.is_over and not error:
            # Before the first turn the summary bar says where to begin, as the classic
            # game's does (on a phone an empty bar covered the sea scrolling under it).
            context["said"]["mine"] = gettext("The game is on: fire at a cell of Enemy waters.")
        context["sound"] = sound(battle, mine) if played else ""
        if battle.is_over:
            context["summary"] = summary(battle)
            context["fleet_size"] = len(FLEET)
        context["aim"] = aim if aim in _aims(view) else "shot"
        context["aims"] = _aims(view)
        context["all_aims"] = ALL_AIMS
        context["log"] = [describe(r, HUMAN) for r in reversed(view.reports)]
        context["enemy_sunk"] = ", ".join(ship_name(name) for name in view.enemy_sunk)
        context["fleet"] = [
            {"name": s.name, "sector": numeral(s.sector), "afloat": s.afloat} for s in view.fleet
        ]
    return TemplateResponse(request, PAGE + "#play" if partial else PAGE, context, status=status)


ALL_AIMS = ("shot", "recon", "barrage", "sonar")


def _aims(view: SectorView) -> list[str]:
    """The actions one may aim on the enemy sea now: a shot, and each ability left."""
    legal = view.legal
    abilities = (("recon", legal.recon), ("barrage", legal.barrage), ("sonar", legal.sonar))
    return ["shot"] + [name for name, left in abilities if left]


def _placed_at(placement: Placement | None) -> dict[str, str] | None:
    """Where a placed ship starts and how it lies, for the ship's list (and its dragging)."""
    if placement is None:
        return None
    if placement.heading:
        lie = placement.heading.value
    else:
        lie = "across" if placement.orientation is Orientation.H else "down"
    return {"cell": str(placement.start), "lie": lie}


@require_safe
def new_battle(request: HttpRequest) -> TemplateResponse:
    """Choose the sector game's opponent."""
    return TemplateResponse(request, "sector/new.html", {"levels": levels()})


@require_safe
def rules(request: HttpRequest) -> TemplateResponse:
    """The sector battle's full rules (docs/rules/sector.md), its fleet from the
    engine's."""
    fleet = [
        {
            "name": ship_name(s.name),
            "length": s.length,
            "bridge": bridge_words(s.length, s.bridge, s.kind is Kind.SUBMARINE),
            "drawing": ship_drawing(s.length, s.bridge, s.kind is Kind.SUBMARINE),
            "action": ACTIONS[s.kind],
        }
        for s in FLEET
    ]
    context = {
        "fleet": fleet,
        "columns": range(1, SIZE + 1),
        "size": SIZE,
        "last_row": ROW_LETTERS[SIZE - 1],
        "sectors": sector_map(),
        "sonar_map": sector_map(SONAR_EXAMPLE),
        "sonar_key": [(SONAR_SYMBOLS[k], SONAR_STATES[k]) for k in SONAR_STATES if k],
        "rule_sets": OFFERED,
    }
    return TemplateResponse(request, "sector/rules.html", context)


@require_POST
@ratelimit(key="user_or_ip", rate=setting("NEW_GAME_RATE"), block=True)
@per_address
def create_battle(request: HttpRequest) -> HttpResponse:
    try:
        level = int(request.POST.get("level", ""))
        battle = SectorBattle.create(level=level, **player_of(request, create=True))
    except ValueError:
        return TemplateResponse(
            request,
            "sector/new.html",
            {
                "levels": levels(),
                "error": ngettext(
                    "Choose one of the %(number)d opponents.",
                    "Choose one of the %(number)d opponents.",
                    len(LEVELS),
                )
                % {"number": len(LEVELS)},
            },
            status=400,
        )
    return redirect(battle)


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def battle_page(request: HttpRequest, battle_id: UUID) -> TemplateResponse:
    battle = _battle(request, battle_id)
    get = request.GET
    return _page(request, battle, aim=get.get("aim", "shot"), typed=bool(get.get("typed")))


@require_POST
@per_player_setup
@per_address
def place_ship(request: HttpRequest, battle_id: UUID) -> HttpResponse:
    """Place one ship: its first cell and how it lies (a submarine: the way it heads)."""
    battle = _battle(request, battle_id)
    post = request.POST
    try:
        ship = post.get("ship", "")
        # Placed on the sea, a submarine takes the heading chosen beside it; typed, its lie.
        lie = post.get("heading") if is_submarine(ship) and post.get("heading") else None
        battle.place_ship(ship, post.get("cell", ""), lie or post.get("lie", ""))
    except ValueError as error:
        tried = {
            "ship": post.get("ship", ""),
            "cell": post.get("cell", "")[:8],  # as typed, as much as the box holds
            "lie": post.get("lie", ""),
        }
        return _page(request, battle, error=refusal(error), status=422, tried=tried)
    if post.get("typed"):  # back to the typed forms, open
        return redirect(battle.get_absolute_url() + "?typed=1#typed-places")
    return redirect(battle)


@require_POST
@per_player_setup
@per_address
def setup_action(request: HttpRequest, battle_id: UUID, what: str) -> HttpResponse:
    """Shuffle, clear or start: the setup buttons."""
    battle = _battle(request, battle_id)
    try:
        if what == "shuffle":
            battle.shuffle()
        elif what == "clear":
            battle.clear_ships()
        else:
            battle.start()
    except ValueError as error:
        return _page(request, battle, error=refusal(error), status=409)
    return redirect(battle)


def parse_turn(post: Any, view: SectorView) -> Turn:
    """A turn from the play form; ``ValueError`` saying what is wrong with it."""
    kind = post.get("action", "shot")
    target = post.get("target", "").strip()
    action: Action
    if kind == "shot":
        cell = target or post.get("cells", "").strip()
        ship = post.get("ship") or (view.legal.shooters[0] if view.legal.shooters else "")
        action = Shot(ship, parse_cell(cell))
    elif kind == "barrage":
        cells = post.get("cells", "").replace(",", " ").split()
        action = Barrage.at(*cells)
    elif kind in ("recon", "sonar"):
        sector = post.get("sector", "").strip()
        if target:
            sector = str(sector_of(parse_cell(target)))
        action = Recon.over(sector) if kind == "recon" else Sonar.over(sector)
    else:
        raise ValueError(f"{kind!r} is not an action: shot, barrage, recon or sonar")
    sub = post.get("sub", "").strip()
    return Turn(action, SubMove(sub) if sub else None)


@require_POST
@ratelimit(key=player_key, rate=setting("FIRE_RATE"), block=True)
@per_address
@never_cache
@vary_on_headers("HX-Request")
def play_turn(request: HttpRequest, battle_id: UUID) -> HttpResponse:
    """The person's turn and the computer's answer, in one request: for htmx the new play
    area with what was told in the live region, else (a plain form post) a redirect."""
    battle = _battle(request, battle_id)
    aim = request.POST.get("action", "shot")  # a refused turn keeps its action chosen
    try:
        expected = move_number(request.POST.get("move", ""))
        battle.check_turn(expected)  # at the wrong time: said so (409) before what it is
        turn = parse_turn(request.POST, battle.view())
        battle.play(turn, expected)
    except ValueError as error:
        battle.refresh_from_db()  # the page shows the battle as it is now
        status = status_of(error)
        return _page(request, battle, error=refusal(error), status=status, aim=aim)
    if getattr(request, "htmx", None):
        # Named for the page's scripts, with its sound: as it arrives, once in place.
        response = _page(request, battle, played=True)
        sound = {"sound": (response.context_data or {}).get("sound", "")}
        trigger_client_event(response, "turn", sound)
        return trigger_client_event(response, "turn-settled", sound, after="settle")
    return redirect(battle)


@require_POST
# Keyed by account or address, not guest id: a script could drop its cookie for a new one.
@ratelimit(key="user_or_ip", rate=setting("NEW_GAME_RATE"), block=True)
@per_address
def play_again(request: HttpRequest, battle_id: UUID) -> HttpResponse:
    """A new battle against the same opponent, once this one is over
    (``SectorBattle.play_again``): straight to placing the fleet."""
    battle = _battle(request, battle_id)
    try:
        new = battle.play_again()
    except ValueError as error:
        return _page(request, battle, error=refusal(error), status=409)
    if getattr(request, "htmx", None):
        return HttpResponseClientRedirect(new.get_absolute_url())
    return redirect(new)


@require_POST
@per_player_setup
@per_address
def resign(request: HttpRequest, battle_id: UUID) -> HttpResponse:
    battle = _battle(request, battle_id)
    try:
        battle.resign()
    except IllegalMove as error:
        return _page(request, battle, error=refusal(error), status=409)
    return redirect(battle)


@require_safe
def replay(request: HttpRequest, battle_id: UUID) -> TemplateResponse:
    """A finished battle turn by turn: both fleets, every shot, the submarines' tracks."""
    battle = _battle(request, battle_id)
    try:
        step = min(max(int(request.GET.get("step", battle.moves)), 0), battle.moves)
        game, tracks = battle.replay(step)
    except ValueError as error:
        return _page(request, battle, error=refusal(error), status=409)
    seas = []
    theirs = gettext("The %(name)s's fleet") % {"name": battle.level_name}
    for seat, title in ((HUMAN, gettext("Your fleet")), (1 - HUMAN, theirs)):
        seen = game.view_for(seat)
        states = own_board(seen)
        for cell in tracks[seat]:
            if states[cell] in ("water", "miss"):
                states[cell] = "track"
        seas.append((title, sea(states, enemy=seat != HUMAN, ships=fleet_drawn(seen.fleet))))
    reports = game.view_for(HUMAN).reports
    context = {
        "battle": battle,
        "step": step,
        "seas": seas,
        "columns": range(1, SIZE + 1),
        "told": describe(reports[-1], HUMAN)
        if reports
        else gettext("The battle begins: you start."),
        "previous": step - 1 if step > 0 else None,
        "next": step + 1 if step < battle.moves else None,
        "commitment": battle.commitment(),
    }
    return TemplateResponse(request, "sector/replay.html", context)


@require_safe
def history(request: HttpRequest) -> HttpResponse:
    """The sector battles' own list, now the one history page's sector filter (a bookmark
    of the old address still arrives)."""
    return HttpResponsePermanentRedirect(reverse("history") + "?mode=sector")
