"""Seeking a stranger: choose the rules, wait (the page asks every second, which keeps the
seeker in the queue and runs the pairing), and be taken to the game when paired. The game
itself is a game between people (``duels.Duel``), played on its own pages."""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect
from django_ratelimit.decorators import ratelimit

from battleship_site.limits import setting
from core.requests import HttpRequest, per_address, posted
from core.rule_sets import OFFERED, title_of
from duels.blocks import Block, key_of
from duels.models import Duel, Player, Seat
from modes.models import player_of
from strangers.forms import SeekForm
from strangers.models import OFFER_COMPUTER_AFTER, Pool, Seek, cooling_off_until, pair, people_now

WAITING = "strangers/seek.html"
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,43}")


@require_safe
def new_seek(request: HttpRequest) -> TemplateResponse:
    """Choose the rules of a game against a stranger (and a name, as a guest)."""
    chosen = request.GET.get("rules", "standard")
    context = {"rule_sets": OFFERED, "chosen": chosen, **people_now()}
    return TemplateResponse(request, "strangers/new.html", context | clock())


def clock() -> dict[str, int]:
    return {"clock": settings.STRANGER_CLOCK_SECONDS}


def refused(request: HttpRequest, error: str, status: int = 400) -> TemplateResponse:
    context = {
        **clock(),
        "rule_sets": OFFERED,
        "chosen": posted(request, "rules", "standard"),
        "error": error,
        **people_now(),
    }
    return TemplateResponse(request, "strangers/new.html", context, status=status)


@require_POST
@ratelimit(key="user_or_ip", rate=setting("NEW_GAME_RATE"), block=True)
@per_address
def seek(request: HttpRequest) -> HttpResponse:
    """Start seeking under the rules chosen; the waiting page follows."""
    form = SeekForm(request.POST, guest=not request.user.is_authenticated)
    if not form.is_valid():
        return refused(request, form.first_error)
    player = Player(**player_of(request, create=True))
    until = cooling_off_until(player)
    if until is not None:
        minutes = max(1, round((until - timezone.now()).total_seconds() / 60))
        error = gettext(
            "You left three games on time today: you can look for a stranger again in "
            "%(minutes)d minutes. The computer is ready now."
        ) % {"minutes": minutes}
        return refused(request, error, status=409)
    name = request.user.get_username() if request.user.is_authenticated else ""
    found = Seek.start(
        player, name=(name or form.cleaned_data["name"])[:30], rules_name=form.cleaned_data["rules"]
    )
    pair(Pool(found.rules_name, found.rated))
    return redirect("stranger_waiting", seek_id=found.pk)


def own_seek(request: HttpRequest, seek_id: Any) -> Seek:
    """The request's own seek (anyone else's is a 404: a seek's id is not a way in)."""
    found = get_object_or_404(Seek.objects.select_related("duel"), pk=seek_id)
    player = Seat.player_of(request)
    if player is None or key_of(player) != found.key:
        raise Http404
    return found


@never_cache
@require_safe
def waiting(request: HttpRequest, seek_id: Any) -> HttpResponse:
    """The waiting page (for htmx, its live part, asked every second): who is seeking and
    playing now, Cancel, after a while the computer; once paired, the game."""
    found = own_seek(request, seek_id)
    if found.status == Seek.Status.SEEKING:
        found.touch()
        pair(Pool(found.rules_name, found.rated))
        found.refresh_from_db()
    if found.status == Seek.Status.PAIRED and found.duel is not None:
        target = found.duel.get_absolute_url()
        return HttpResponseClientRedirect(target) if request.htmx else redirect(target)
    context = {
        "seek": found,
        "offer_computer": found.waited() >= OFFER_COMPUTER_AFTER,
        "rules_title": title_of(found.rules_name),
        **people_now(),
    }
    template = WAITING + ("#status" if request.htmx else "")
    return TemplateResponse(request, template, context)


@require_POST
def cancel(request: HttpRequest, seek_id: Any) -> HttpResponse:
    """Stop seeking; if a game was found meanwhile, it stands, and the player goes to it."""
    found = own_seek(request, seek_id)
    if not found.cancel() and found.duel is not None:
        return redirect(found.duel.get_absolute_url())
    return redirect("stranger_new")


@require_POST
@per_address
def block(request: HttpRequest) -> HttpResponse:
    """Never be paired with the other player of a game of yours again."""
    token = request.POST.get("game", "")
    if not TOKEN.fullmatch(token):  # nothing that cannot be a token reaches a query
        raise Http404
    game = get_object_or_404(Duel, token=token)
    seat = game.seat_of(request)
    if seat is None or (1 - seat) not in game.seated:
        raise Http404
    me, them = game.seated[seat], game.seated[1 - seat]
    Block.objects.get_or_create(
        blocker=key_of(me.player),
        blocked=key_of(them.player),
        defaults={"name": them.name},
    )
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        return redirect(back)
    return redirect(game)
