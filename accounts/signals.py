"""At login: a guest who signs up or logs in keeps the games they played in that browser (in
every mode), and the account's language becomes the browser's."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import translation

from accounts.middleware import LANGUAGE_AT_LOGIN
from accounts.models import Preferences
from modes.models import StoredGame, guest_id


@receiver(user_logged_in, dispatch_uid="accounts.claim_guest_games")
def claim_guest_games(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """The games of every mode played in this browser as a guest become the account's."""
    # login() cycles the session key but keeps its data, so the guest id is still here.
    if request is None or not hasattr(request, "session"):
        return
    guest = guest_id(request)
    if guest:
        for model in apps.get_models():
            if issubclass(model, StoredGame):
                model.claim_guest_games(guest, user)


@receiver(user_logged_in, dispatch_uid="accounts.apply_language")
def apply_language(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """The account's language becomes this browser's (the answer sets its cookie); an account
    with none yet keeps the one chosen in this browser before signing in, if one was."""
    if request is None:
        return
    stored = Preferences.language_of(user)
    if stored:
        translation.activate(stored)
        request.LANGUAGE_CODE = stored
        setattr(request, LANGUAGE_AT_LOGIN, stored)
        return
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if chosen in dict(settings.LANGUAGES):
        Preferences.remember_language(user, chosen)
