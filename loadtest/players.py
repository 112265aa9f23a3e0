"""Simulated players over HTTP: an asyncio client that plays whole games as a browser would.

A player keeps cookies, sends the CSRF header and ``HX-Request``, and reads each response
the way the page does: the move number from ``data-move`` and, cell by cell, which enemy
cells it may still fire at (a whole board on a page, only the changed cells in the answer
to a shot, as htmx swaps them in). It fires at one of those at random, so every shot is
legal and carries the right ``move``.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from dataclasses import dataclass, field

import httpx

from loadtest.server import STOPPED

MOVE = re.compile(r'id="turn"[^>]*data-move="(\d+)"')
# A cell's button may come after the drawn hull of a ship it shows (a sunk one): skip what
# lies between, within the cell.
ENEMY_CELL = re.compile(
    r'id="enemy-([A-Z]\d+)"[^>]*>(?:(?!</td>).)*?<button type="(submit|button)"', re.DOTALL
)
OUTCOME = 'id="outcome-heading"'
SETUP = 'id="setup"'


class Budget:
    """A shared cap on requests, with a deadline: every phase is bounded in time and count."""

    def __init__(self, seconds: float, requests: int) -> None:
        self.deadline = time.monotonic() + seconds
        self.left = requests

    def take(self) -> bool:
        if self.left <= 0 or time.monotonic() >= self.deadline or STOPPED.is_set():
            return False
        self.left -= 1
        return True


@dataclass
class Tally:
    """Latencies and outcomes of one kind of request."""

    latencies: list[float] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)
    errors: int = 0

    def add(self, seconds: float, status: str, ok: bool) -> None:
        self.latencies.append(seconds)
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if not ok:
            self.errors += 1

    def percentile(self, p: float) -> float:
        """The p-th percentile in milliseconds (nearest rank)."""
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
        return ordered[rank] * 1000


class Stats:
    """Tallies by kind: ``fire`` (moves), ``setup`` (create, shuffle, start, reload), ``page``."""

    def __init__(self) -> None:
        self.kinds: dict[str, Tally] = {}
        self.games_finished = 0

    def tally(self, kind: str) -> Tally:
        return self.kinds.setdefault(kind, Tally())


class GameLost(Exception):
    """The player could not get its game back (the server kept refusing); it starts another."""


class Player:
    """One browser, playing games against ``level`` one after another."""

    def __init__(
        self, base: str, level: int, stats: Stats, rng: random.Random, timeout: float = 30
    ) -> None:
        # A sync gunicorn worker closes every connection after its response; no pool needed.
        self.client = httpx.AsyncClient(base_url=base, timeout=timeout)
        self.level = level
        self.stats = stats
        self.rng = rng
        self.headers: dict[str, str] = {}
        self.game = ""  # the current game's URL
        self.move = 0
        self.open_cells: set[str] = set()
        self.over = True

    async def close(self) -> None:
        await self.client.aclose()

    async def request(self, kind: str, method: str, path: str, **kwargs: object) -> httpx.Response:
        """One timed request; a transport error is tallied and raised."""
        began = time.perf_counter()
        try:
            response = await self.client.request(method, path, **kwargs)  # type: ignore[arg-type]
        except httpx.TransportError as error:
            self.stats.tally(kind).add(time.perf_counter() - began, type(error).__name__, False)
            raise
        ok = response.status_code < 400
        self.stats.tally(kind).add(time.perf_counter() - began, str(response.status_code), ok)
        return response

    async def post(self, kind: str, path: str, data: dict[str, object]) -> httpx.Response:
        return await self.request(kind, "POST", path, data=data, headers=self.headers)

    async def sign_in_as_guest(self) -> None:
        await self.request("setup", "GET", "/games/new")
        self.headers = {"X-CSRFToken": self.client.cookies["csrftoken"], "HX-Request": "true"}

    def read(self, page: str) -> None:
        """Take the move number and the enemy cells from a play page, partial or answer."""
        self.over = OUTCOME in page
        found = MOVE.search(page)
        if found:
            self.move = int(found.group(1))
        for cell, kind in ENEMY_CELL.findall(page):
            if kind == "submit":
                self.open_cells.add(cell)
            else:
                self.open_cells.discard(cell)

    async def new_game(self) -> None:
        if not self.headers:
            await self.sign_in_as_guest()
        response = await self.request(
            "setup",
            "POST",
            "/games/",
            data={"level": self.level},
            headers={"X-CSRFToken": self.headers["X-CSRFToken"]},
        )
        if response.status_code != 302:
            raise GameLost(f"creating a game: {response.status_code}")
        self.game = response.headers["location"]
        await self.begin_play()

    async def begin_play(self) -> None:
        """Shuffle and start the current game (still in setup)."""
        if (await self.post("setup", self.game + "shuffle", {})).status_code != 200:
            raise GameLost("shuffle refused")
        response = await self.post("setup", self.game + "start", {})
        if response.status_code != 200:
            raise GameLost("start refused")
        self.read(response.text)

    async def reload(self) -> None:
        """Read the game as stored, as a browser reloading the page would; set up if needed."""
        response = await self.request("setup", "GET", self.game, headers=self.headers)
        if response.status_code != 200:
            raise GameLost(f"reloading the game: {response.status_code}")
        if SETUP in response.text and MOVE.search(response.text) is None:
            await self.begin_play()
        else:
            self.read(response.text)

    async def fire(self) -> httpx.Response:
        """One shot at a random open cell; the page's state is updated from the answer."""
        cell = self.rng.choice(sorted(self.open_cells))
        response = await self.post("fire", self.game + "shots", {"cell": cell, "move": self.move})
        if response.status_code == 200:
            self.read(response.text)
            if self.over:
                self.stats.games_finished += 1
        return response

    async def play(self, budget: Budget, think: float = 0.0) -> None:
        """Play whole games, one shot after another, while the budget lasts.

        Any refusal makes the player reload its game and go on, as a person would.
        """
        while budget.take():
            if self.over or not self.open_cells:
                await self.new_game()
                continue
            response = await self.fire()
            if response.status_code != 200:
                await self.reload()
            if think:
                await asyncio.sleep(think)
