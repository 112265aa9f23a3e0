"""End the friend games that waited too long: ``manage.py end_abandoned_friend_games``.

An invite nobody joined within ``INVITE_LIFETIME`` expires; a game being placed or played
that nobody has moved in for as long ends as abandoned (``Duel.expire_if_due``, the
same check a game's page makes when it is opened). Each game is ended under its row's lock,
once, so the command can run from cron as often as wanted, beside the site, and twice at
once: a second run finds nothing left to end. docs/operations.md has the cron line.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from duels.models import Duel
from friends import events


class Command(BaseCommand):
    help = "Expire friend invites nobody joined and end games nobody moved in for 7 days."

    def handle(self, *args: Any, **options: Any) -> None:
        ended: dict[str, int] = {Duel.Status.EXPIRED: 0, Duel.Status.OVER: 0}
        for game in Duel.objects.due_to_end().order_by("pk").iterator():
            if game.expire_if_due():
                ended[game.status] += 1
                events.publish(game.token, game.moves)  # a page still open shows the end
        self.stdout.write(
            f"{ended[Duel.Status.EXPIRED]} invites expired, "
            f"{ended[Duel.Status.OVER]} games abandoned."
        )
