"""Friend games over real HTTP, for the two-server test and the latency benchmark: two
players (each an httpx client with its own session, possibly on different servers), a game
started between them, and a reader of a player's event stream (Server-Sent Events) in a
thread of its own, which notes each event with the time it arrived."""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
from dataclasses import dataclass

import httpx

ROWS = "ABCDEFGHIJ"
CELLS = [f"{row}{column}" for row in ROWS for column in range(1, 11)]


class Player:
    """A browser, as far as a server can tell: its session cookie, the CSRF header, htmx."""

    def __init__(self, base: str) -> None:
        self.client = httpx.Client(base_url=base, timeout=30)
        self.client.get("/games/new")
        self.headers = {"X-CSRFToken": self.client.cookies["csrftoken"], "HX-Request": "true"}

    def post(self, path: str, data: dict[str, object] | None = None) -> httpx.Response:
        return self.client.post(path, data=data or {}, headers=self.headers)

    def my_turn(self, url: str) -> bool:
        return "Your turn." in self.client.get(url).text

    def close(self) -> None:
        self.client.close()


def started_game(host: Player, friend: Player, rules: str = "standard") -> str:
    """A friend game in play between ``host`` and ``friend``: its address."""
    made = host.client.post(
        "/friend/invites",
        data={"rules": rules, "name": "Ann"},
        headers={"X-CSRFToken": host.headers["X-CSRFToken"]},
    )
    if made.status_code != 302:
        raise RuntimeError(f"no invite: {made.status_code} {made.text[:300]}")
    url: str = made.headers["location"]
    for player, step in ((friend, "join"),):
        joined = player.client.post(
            url + step,
            data={"name": "Bob"},
            headers={"X-CSRFToken": player.headers["X-CSRFToken"]},
        )
        if joined.status_code != 302:
            raise RuntimeError(f"no join: {joined.status_code} {joined.text[:300]}")
    for player in (host, friend):
        for step in ("shuffle", "ready"):
            answer = player.post(url + step)
            if answer.status_code != 200:
                raise RuntimeError(f"{step}: {answer.status_code} {answer.text[:300]}")
    return url


@dataclass
class Event:
    name: str
    id: int
    data: str
    at: float  # time.perf_counter() when its blank line arrived


class Stream:
    """A player's open event stream, read in a thread: ``next(timeout)`` gives its events in
    order; ``ended`` is set once the server closed it (or it could not connect)."""

    def __init__(self, player: Player, url: str) -> None:
        self.events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self.ended = threading.Event()
        self.status: int | None = None
        self._stop = threading.Event()
        self._socket: socket.socket | None = None
        self._client = httpx.Client(
            base_url=str(player.client.base_url),
            cookies=player.client.cookies,
            timeout=httpx.Timeout(30, read=60),
        )
        # As a browser asks (static/js/friend.js): its move (none shown yet), so that a
        # move's event carries what the move changed, not the whole state.
        path = url + "events?move=0"
        self._thread = threading.Thread(target=self._read, args=(path,), daemon=True)
        self._thread.start()

    def _read(self, path: str) -> None:
        try:
            with self._client.stream("GET", path) as response:
                self.status = response.status_code
                # Its socket, so that close() can end a read that waits for the next event.
                self._socket = response.extensions["network_stream"].get_extra_info("socket")
                if self._stop.is_set():  # closed before the answer came
                    return
                name, ident, data = "message", 0, []
                for line in response.iter_lines():
                    if self._stop.is_set():
                        return
                    if line == "":
                        if data:
                            self.events.put(
                                Event(name, ident, "\n".join(data), time.perf_counter())
                            )
                        name, data = "message", []
                    elif line.startswith(":"):
                        continue
                    else:
                        key, _, value = line.partition(":")
                        value = value.removeprefix(" ")
                        if key == "event":
                            name = value
                        elif key == "id":
                            ident = int(value)
                        elif key == "data":
                            data.append(value)
        except (httpx.HTTPError, OSError):
            pass
        finally:
            self.ended.set()

    def next(self, timeout: float) -> Event:
        """The next event; ``queue.Empty`` when none came within ``timeout`` seconds."""
        return self.events.get(timeout=timeout)

    def until(self, move: int, timeout: float) -> Event:
        """The first event with move number ``move`` or later, within ``timeout`` seconds."""
        ends = time.monotonic() + timeout
        while True:
            event = self.next(max(0.0, ends - time.monotonic()))
            if event.id >= move:
                return event

    def close(self) -> None:
        """Hung up at once, as a closed tab: the reading thread, which may be waiting for an
        event or a keep-alive, is woken by the socket's shutdown rather than waited for."""
        self._stop.set()
        if self._socket is not None:
            with contextlib.suppress(OSError):  # already closed by the server
                self._socket.shutdown(socket.SHUT_RDWR)
        self._client.close()
        self._thread.join(timeout=5)
