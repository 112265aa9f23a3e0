"""Servers that are there and say nothing: for the tests of a database or Redis that does
not answer. Loopback only; the machine's own PostgreSQL and Redis are only relayed to."""

from __future__ import annotations

import contextlib
import socket
import threading

from loadtest.server import free_port


class Silent:
    """Accepts every connection on a loopback port, reads nothing, answers nothing."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", free_port()))
        self.port = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                self.held.append(self.listener.accept()[0])

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        for sock in self.held:
            sock.close()


class Relay(Silent):
    """A relay to ``target`` that can freeze: from then on nothing more is passed either
    way on any connection, open or new, and nothing is closed."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.frozen = threading.Event()
        super().__init__()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client = self.listener.accept()[0]
                self.held.append(client)
                if self.frozen.is_set():
                    continue  # accepted, never answered
                upstream = socket.create_connection(self.target)
                self.held.append(upstream)
                for source, sink in ((client, upstream), (upstream, client)):
                    threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if not self.frozen.is_set():
                    sink.sendall(data)
