"""A guest who signs up or logs in keeps the daily attempts played in that browser."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest

from daily.models import DailyAttempt
from games.models import guest_id


@receiver(user_logged_in, dispatch_uid="daily.claim_guest_attempts")
def claim_guest_attempts(
    sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any
) -> None:
    # Only days the account has no attempt of: one attempt per player and day holds, and a
    # second browser cannot give an account a second try at a day.
    if request is None or not hasattr(request, "session"):
        return
    guest = guest_id(request)
    if guest:
        taken = DailyAttempt.objects.filter(owner=user).values("day")
        DailyAttempt.objects.filter(owner=None, guest_id=guest).exclude(day__in=taken).update(
            owner=user, guest_id=""
        )
