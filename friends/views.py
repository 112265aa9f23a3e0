"""Views of a game against a friend: parse, call one ``Duel`` method, render that
player's own view (``Duel.view(seat)``); the live stream is in ``friends.stream``.

Every address is the invite link's (``/friend/<token>/...``). The player's seat comes from
the request (``seat_of``): someone with no seat sees the invite while it is open, and
after that only that the game already has two players.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from functools import wraps
from typing import Any

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event
from django_ratelimit.decorators import ratelimit
from redis.exceptions import RedisError

from battleship.classic import PlayerView
from battleship.classic.display import GameDisplay, build_display, round_number
from battleship.classic.sentences import ship_label, shots_received, summarise
from battleship.classic.turn_summary import turn_summary
from battleship_site.limits import setting
from core.forms import move_form, torpedo_lines
from core.replays import STEPS_TEMPLATE, only_the_step, replay_step, requested_step
from core.requests import per_address, per_player_setup, player_key, posted
from core.rule_sets import OFFERED, info_for
from duels.blocks import Block, key_of
from duels.messages import PHRASES
from duels.models import Duel
from friends import events, presence
from friends.forms import InviteForm, JoinForm
from friends.refusals import refusal
from modes.models import player_of
from modes.refusals import move_number, status_of

PAGE = "friends/game.html"
ENDING = "friends/_ending.html"
PRESENCE_LINE = "friends/_presence.html"


def nudge(game: Duel) -> None:
    """After this request's change is committed: the other player's stream reads it."""
    token, move = game.token, game.moves
    transaction.on_commit(lambda: events.publish(token, move))


@require_POST
@ratelimit(key="user_or_ip", rate=setting("NEW_GAME_RATE"), block=True)
@per_address
def invite(request: HttpRequest) -> HttpResponse:
    """A new game waiting for a friend, under the rules chosen; its page has the link."""
    form = InviteForm(request.POST, guest=not request.user.is_authenticated)
    if not form.is_valid():
        context = {"rule_sets": OFFERED, "error": form.first_error, "chosen": posted_rules(request)}
        return TemplateResponse(request, "friends/new.html", context, status=400)
    player = player_of(request, create=True)
    name = request.user.get_username() if request.user.is_authenticated else ""
    game = Duel.invite(
        rules=form.rule_set,
        name=(name or form.cleaned_data["name"])[:30],
        watchable=form.cleaned_data["watchable"],
        **player,
    )
    return redirect(game)


def posted_rules(request: HttpRequest) -> str:
    return posted(request, "rules", "standard")


@require_safe
def new_friend_game(request: HttpRequest) -> TemplateResponse:
    """Choose the rules of a game against a friend (and a name, as a guest)."""
    chosen = request.GET.get("rules", "standard")
    return TemplateResponse(request, "friends/new.html", {"rule_sets": OFFERED, "chosen": chosen})


def seated(view_func: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The game by its token and the request's seat in it; anyone else is refused (403),
    with nothing of either board. Never cached; varies on htmx."""

    @wraps(view_func)
    @never_cache
    @vary_on_headers("HX-Request")
    def wrapper(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
        game = get_object_or_404(Duel, token=token)
        game.expire_if_due()
        seat = game.seat_of(request)
        if seat is None:
            return outsider(request, game)
        return view_func(request, game, seat, **kwargs)

    return wrapper


def outsider(request: HttpRequest, game: Duel) -> TemplateResponse:
    """Someone with no seat: the invite while it is open (a change they post is refused),
    else only that the game already has two players."""
    full = game.status != Duel.Status.WAITING
    context = {"game": game, "info": info_for(game.rule_set), "full": full}
    refused = full or request.method not in ("GET", "HEAD")
    if not refused:
        # The guest id the Join will take the seat with, made now: a Join sent twice at once
        # (an answer lost, the button pressed again) then comes with one session, not two
        # that each make a guest of their own (the browser keeping the one left seatless).
        player_of(request, create=True)
    return TemplateResponse(request, "friends/join.html", context, status=403 if refused else 200)


def context_for(game: Duel, seat: int, **extra: Any) -> dict[str, Any]:
    """Everything a page of ``seat``'s shows, from that player's view alone."""
    view = game.view(seat)
    display = build_display(view)
    context: dict[str, Any] = {
        "game": game,
        "seat": seat,
        "view": view,
        "display": display,
        "me": game.name_of(seat),
        "them": game.name_of(1 - seat),
        "info": info_for(game.rule_set),
        "volley": view.rules.shots_per_turn.name != "ONE",
        "round_number": round_number(view),
        "weapons": [(weapon.value, left) for weapon, left in view.weapons_left if left],
        "torpedo_lines": torpedo_lines(view.rules.board_size) if view.weapons_left else (),
        "ready_me": bool(game.ready and game.ready[seat]),
        "ready_them": bool(game.ready and game.ready[1 - seat]),
        **presence_context(game, seat),
        # The last round in two sentences (the live region), every shot of it in the turn's
        # log below the boards, as on the classic game's page.
        "said": turn_summary(view, game.name_of(1 - seat), person=True),
        "turn_lines": (their_first_moves(view) or display.announcements) if view.moves else [],
        "error": "",
        "notice": "",
        **extra,
    }
    if game.status == Duel.Status.PLACING:
        placed = {ship.name: ship for ship in view.fleet}
        unplaced = [spec.name for spec in view.rules.fleet if spec.name not in placed]
        context |= {
            "setup_ships": [
                (spec, placed.get(spec.name), ship_label(view.rules, spec.name))
                for spec in view.rules.fleet
            ],
            "placed_count": len(placed),
            "selected_ship": (unplaced or [""])[0],
            "orientation": "H",
        }
    if game.started_at is not None:
        first = game.engine().first_player
        context["first"] = game.name_of(first) if first is not None else ""
        context["first_is_me"] = first == seat
        away = game.away_for(seat)
        context["can_claim"] = away is not None and away >= game.away_limit
    time_left = game.time_left()
    if time_left is not None:
        whole = int(time_left)
        context |= {"time_left": time_left, "time_left_shown": f"{whole // 60}:{whole % 60:02d}"}
    if game.status == Duel.Status.OVER and game.started_at is not None:
        context |= ending_context(game, seat, view, display)
    if game.has_friend:
        context |= talk_context(game, seat)
    if game.rematch_votes:
        context["rematch_me"] = game.rematch_votes[seat]
        context["rematch_them"] = game.rematch_votes[1 - seat]
    return context


def talk_context(game: Duel, seat: int) -> dict[str, Any]:
    """The few words the two have exchanged (the latest), the phrases to send, and Mute."""
    return {
        "talk": [
            (game.name_of(message.seat), message.words, message.seat == seat)
            for message in game.messages_for(seat)
        ],
        "phrases": list(PHRASES.items()),
        "muted": game.seated[seat].muted,
    }


def ending_context(game: Duel, seat: int, view: PlayerView, display: GameDisplay) -> dict[str, Any]:
    """The end as every mode shows it (templates/games/_outcome.html): the result at a
    glance, this player's figures, and a sunk fleet's sound (a win, a loss, a draw)."""
    if game.winner is None:
        status = "resigned" if game.ending == Duel.Ending.RESIGNED else "draw"
    elif game.winner == seat:
        status = "won"
    else:
        status = "resigned" if game.ending == Duel.Ending.RESIGNED else "lost"
    them = game.name_of(1 - seat)
    words = render_to_string(ENDING, {"game": game, "seat": seat, "them": them})
    played = game.ending in (Duel.Ending.SUNK, Duel.Ending.DRAW)
    mine = game.seated[seat]
    blocked = game.between_strangers and Block.objects.filter(
        blocker=key_of(mine.player), blocked=key_of(game.seated[1 - seat].player)
    )
    return {
        "rating_change": game.rating_changes.filter(seat=seat).first() if game.rated else None,
        "blocked": bool(blocked and blocked.exists()),
        "outcome_status": status,
        "ending_words": words.strip(),
        "summary": summarise(view, game.play_seconds),
        "display": replace(display, sound=status) if played else display,
    }


def presence_context(game: Duel, seat: int) -> dict[str, Any]:
    """Whether the other player has the game open now (None when it is not known: Redis
    away, the pages go on without the line)."""
    here: bool | None = None
    if game.has_friend and not game.is_over:
        with contextlib.suppress(RedisError):
            here = presence.is_here(game.token, 1 - seat)
    watching = 0
    if game.watchable and not game.is_over:
        with contextlib.suppress(RedisError):
            watching = presence.count(game.token, presence.WATCHERS)
    return {"game": game, "them": game.name_of(1 - seat), "them_here": here, "watching": watching}


def their_first_moves(view: PlayerView) -> list[str]:
    """The other player's shots before this player's first turn (the classic game's
    announcements start from the person's own turn, who always fires first there)."""
    if any(played.player == view.player for played in view.moves):
        return []
    received = shots_received(view)
    lines = []
    for played in view.moves:
        for cell in played.cells:
            hit, sunk = received[cell]
            if sunk:
                line = gettext("They fired at %(cell)s: hit. They sank your %(ship)s.")
            else:
                line = (
                    gettext("They fired at %(cell)s: hit")
                    if hit
                    else gettext("They fired at %(cell)s: miss")
                )
            lines.append(line % {"cell": cell, "ship": ship_label(view.rules, sunk or "")})
    return lines


def render_page(
    request: HttpRequest,
    game: Duel,
    seat: int,
    *,
    error: str = "",
    notice: str = "",
    status: int = 200,
) -> HttpResponse:
    """The page, or for htmx only the live part (which the event stream also sends)."""
    context = context_for(game, seat, error=error, notice=notice)
    partial = bool(getattr(request, "htmx", False))
    context["oob"] = partial
    return TemplateResponse(request, PAGE + ("#live" if partial else ""), context, status=status)


@require_safe
@seated
def game_page(request: HttpRequest, game: Duel, seat: int) -> HttpResponse:
    """The game as stored, for one of its two players: the invite, placing, play, the end."""
    return render_page(request, game, seat)


def after_post(
    request: HttpRequest,
    game: Duel,
    seat: int,
    error: str = "",
    status: int = 200,
    notice: str = "",
) -> HttpResponse:
    # htmx swaps the new state in; a plain form gets a redirect (or the page with the error).
    if error:
        game.refresh_from_db()
    if getattr(request, "htmx", False) or error:
        return render_page(request, game, seat, error=error, notice=notice, status=status)
    return redirect(game)


@require_safe
@seated
def replay(request: HttpRequest, game: Duel, seat: int) -> HttpResponse:
    """The finished game move by move, for either player, both fleets shown: the classic
    replay's steps (``core.replays``). Before the end there is none."""
    if game.status != Duel.Status.OVER or game.started_at is None:
        raise Http404("only a finished game can be replayed")
    step = requested_step(request, game.moves)
    partial = only_the_step(request)
    them = game.name_of(1 - seat)
    ending = render_to_string(ENDING, {"game": game, "seat": seat, "them": them}, request)
    view = game.replay_view(seat, step)
    url = reverse("friend_replay", args=[game.token])
    context = {
        "game": game,
        "them": them,
        "info": info_for(game.rule_set),
        **replay_step(view, step, game.moves, url=url, opponent=them, outcome=ending.strip()),
        "oob": partial,
    }
    page = STEPS_TEMPLATE + "#step" if partial else "friends/replay.html"
    return TemplateResponse(request, page, context)


@require_POST
@per_player_setup
@per_address
@never_cache
def join(request: HttpRequest, token: str) -> HttpResponse:
    """Take the second seat, as a guest under a name or with the account."""
    game = get_object_or_404(Duel, token=token)
    game.expire_if_due()
    if game.seat_of(request) is not None:
        return redirect(game)
    name = request.user.get_username()[:30] if request.user.is_authenticated else ""
    if not name:
        form = JoinForm(request.POST)
        if not form.is_valid():
            context = {"game": game, "info": info_for(game.rule_set), "error": form.first_error}
            return TemplateResponse(request, "friends/join.html", context, status=400)
        name = form.cleaned_data["name"]
    player = player_of(request, create=True)
    try:
        game.join(name=name, owner=player["owner"], guest_id=player["guest_id"])
    except ValueError as error:
        game.refresh_from_db()
        if game.seat_of(request) is not None:
            # This browser's own Join, sent twice at once: the seat is theirs either way.
            return redirect(game)
        context = {"game": game, "info": info_for(game.rule_set), "full": True}
        context["error"] = refusal(error)
        return TemplateResponse(request, "friends/join.html", context, status=409)
    nudge(game)
    return redirect(game)


def seat_action(
    action: Callable[[HttpRequest, Duel, int], str],
) -> Callable[..., HttpResponse]:
    """A POST by one of the two players that changes the game: the action returns a notice,
    or raises the engine's or the model's refusal (409, nothing changed)."""

    @wraps(action)
    @require_POST
    @per_player_setup
    @per_address
    @seated
    def wrapper(request: HttpRequest, game: Duel, seat: int) -> HttpResponse:
        try:
            notice = action(request, game, seat)
        except ValueError as error:
            status = 422 if getattr(error, "kind", "") in PLACEMENT_ERRORS else 409
            return after_post(request, game, seat, refusal(error), status=status)
        nudge(game)
        if isinstance(notice, HttpResponse):
            return notice
        return after_post(request, game, seat, notice=notice)

    return wrapper


PLACEMENT_ERRORS = {"overlap", "off_board", "touching", "no_such_ship", "not_on_board", "cell"}


@require_POST
@ratelimit(key=player_key, rate=setting("TALK_RATE"), block=True)
@per_address
@seated
def say(request: HttpRequest, game: Duel, seat: int) -> HttpResponse:
    """One of the fixed messages to the other player (``duels.messages``), shown to them live."""
    try:
        game.say(seat, request.POST.get("phrase", ""))
    except ValueError as error:
        status = 400 if getattr(error, "kind", "") == "no_such_message" else 409
        return talk_answer(request, game, seat, refusal(error), status)
    token = game.token
    transaction.on_commit(lambda: events.publish(token, events.MESSAGE))
    return talk_answer(request, game, seat)


@require_POST
@per_player_setup
@per_address
@seated
def mute(request: HttpRequest, game: Duel, seat: int) -> HttpResponse:
    """Hide the other player's messages (or show them again)."""
    game.mute(seat, request.POST.get("muted", "") == "yes")
    return talk_answer(request, game, seat)


def talk_answer(
    request: HttpRequest, game: Duel, seat: int, error: str = "", status: int = 200
) -> HttpResponse:
    """For htmx, the messages' part of the page; else the page (with the refusal, if any)."""
    if getattr(request, "htmx", False):
        context = context_for(game, seat, talk_error=error)
        return TemplateResponse(request, PAGE + "#talk", context, status=status)
    if error:
        return render_page(request, game, seat, error=error, status=status)
    return redirect(game)


@seat_action
def cancel(request: HttpRequest, game: Duel, seat: int) -> str:
    if seat != 0:
        raise ValueError("only the host can cancel")
    game.cancel()
    return gettext("The invite is cancelled: its link leads nowhere now.")


@seat_action
def place_ship(request: HttpRequest, game: Duel, seat: int) -> str:
    if "remove" in request.POST:
        name = posted(request, "remove")
        game.remove_ship(seat, name)
        return gettext("%(ship)s removed.") % {"ship": ship_label(game.rule_set, name)}
    ship = posted(request, "ship")
    if not ship:
        return gettext("Choose a ship to place first.")
    placed = game.place_ship(seat, ship, posted(request, "cell"), posted(request, "orientation"))
    said = {"ship": ship_label(game.rule_set, placed.name), "cell": placed.start}
    return (
        gettext("%(ship)s placed at %(cell)s, down.")
        if placed.orientation == "V"
        else gettext("%(ship)s placed at %(cell)s, across.")
    ) % said


@seat_action
def shuffle(request: HttpRequest, game: Duel, seat: int) -> str:
    game.shuffle(seat)
    return gettext("Fleet placed at random. Shuffle again, or say you are ready.")


@seat_action
def clear_ships(request: HttpRequest, game: Duel, seat: int) -> str:
    game.clear_ships(seat)
    return gettext("All ships removed.")


@seat_action
def ready(request: HttpRequest, game: Duel, seat: int) -> str:
    game.set_ready(seat)
    if game.status == Duel.Status.PLAYING:
        return ""  # the friend was ready first: the game is on, and the coin flip is told
    return gettext("Ready: the game starts when your friend is.")


@seat_action
def resign(request: HttpRequest, game: Duel, seat: int) -> str:
    game.resign(seat)
    return gettext("You resigned: your friend wins this one.")


@seat_action
def claim(request: HttpRequest, game: Duel, seat: int) -> str:
    game.claim_win(seat, posted_move_number(request))
    return gettext("You claimed the win: your friend was away too long.")


@seat_action
def rematch(request: HttpRequest, game: Duel, seat: int) -> Any:
    new = game.vote_rematch(seat)
    if new is None:
        return gettext("Rematch asked: it starts when your friend accepts.")
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(new.get_absolute_url())
    return redirect(new)


def posted_move_number(request: HttpRequest) -> int:
    return move_number(posted(request, "move"))


@require_POST
@ratelimit(key=player_key, rate=setting("FIRE_RATE"), block=True)
@per_address
@seated
def fire(request: HttpRequest, game: Duel, seat: int) -> HttpResponse:
    """``seat``'s move (a shot, a volley, a weapon); out of turn or stale: 409, nothing
    changed; a bad cell: 400."""
    form = move_form(request.POST, game.rule_set)
    if not form.is_valid():
        return after_post(request, game, seat, form.first_error, 400)
    try:
        game.play(form.chosen, form.cleaned_data["move"], seat=seat)
    except ValueError as error:
        game.refresh_from_db()
        return after_post(request, game, seat, refusal(error), status=status_of(error))
    nudge(game)
    response = after_post(request, game, seat)
    if getattr(request, "htmx", False):
        # Named for the page's scripts, with its sound: as it arrives, once in place.
        sound = {"sound": context_sound(response)}
        trigger_client_event(response, "turn", sound)
        trigger_client_event(response, "turn-settled", sound, after="settle")
    return response


def context_sound(response: HttpResponse) -> str:
    context = getattr(response, "context_data", None) or {}
    display = context.get("display")
    return display.sound if display is not None else ""
