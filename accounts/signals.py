"""A guest who signs up or logs in keeps the games they played in that browser."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from games.models import Game, guest_id
from sectors.models import SectorBattle


@receiver(user_logged_in, dispatch_uid="accounts.claim_guest_games")
def claim_guest_games(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    # login() cycles the session key but keeps its data, so the guest id is still here.
    if request is None or not hasattr(request, "session"):
        return
    guest = guest_id(request)
    if guest:
        Game.objects.filter(owner=None, guest_id=guest).update(owner=user, guest_id="")
        SectorBattle.objects.filter(owner=None, guest_id=guest).update(owner=user, guest_id="")
