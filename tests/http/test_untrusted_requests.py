"""What a stranger can send a server run as `make serve` runs it (gunicorn, uvicorn workers,
no proxy in front), and what it costs the server: a body far over any form's size is
refused with a 413 before it is read, nothing of it written to disk; a path is never a line
of the log's in the visitor's words, and a storm of the same refusal is a line, not a
thousand."""

from __future__ import annotations

import re
import socket
import time

import httpx
import pytest

from loadtest.server import start_server

LIMIT = 64 * 1024
WINDOW = 3  # seconds: the same refusal is logged once in this long


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("untrusted")
    spool = tmp / "spool"
    spool.mkdir()
    # The workers' temporary folder, watched: where a body read whole would be spooled.
    srv = start_server(
        tmp,
        f"sqlite:///{tmp / 'db.sqlite3'}",
        workers=1,
        TMPDIR=str(spool),
        MAX_REQUEST_BODY=str(LIMIT),
        LOG_REPEAT_SECONDS=str(WINDOW),
    )
    srv.spool = spool
    yield srv
    srv.stop()


def folder_size(folder) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def raw_request(url: str, head: bytes, body: bytes = b"", wait: float = 10) -> tuple[bytes, float]:
    """The request's head and some of its body sent on a socket of our own; the answer as
    far as it came in ``wait`` seconds, and how long the first byte took."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as sock:
        started = time.monotonic()
        sock.sendall(head + body)
        answer = b""
        first = None
        try:
            while chunk := sock.recv(65536):
                first = first or time.monotonic() - started
                answer += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    return answer, first if first is not None else wait


def csrf_cookie(server) -> str:
    response = httpx.get(server.url + "/friend/")
    return response.cookies["csrftoken"]


def form_head(server, length: str, token: str) -> bytes:
    return (
        "POST /friend/invites HTTP/1.1\r\n"
        f"Host: 127.0.0.1\r\nCookie: csrftoken={token}\r\nX-CSRFToken: {token}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"{length}\r\n\r\n"
    ).encode()


def test_a_body_declared_over_the_limit_is_a_413_before_any_of_it_is_read(server):
    token = csrf_cookie(server)
    before = folder_size(server.spool)
    head = form_head(server, "Content-Length: 314572800", token)  # 300 MB declared
    answer, took = raw_request(server.url, head, b"rules=standard&name=" + b"x" * 60_000)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert took < 5
    assert b"far more than any form here sends" in answer
    assert folder_size(server.spool) - before < 1024
    # The server is well, and the form itself is taken at its size.
    ok = httpx.post(
        server.url + "/friend/invites",
        data={"rules": "standard", "name": "Ann"},
        cookies={"csrftoken": token},
        headers={"X-CSRFToken": token},
    )
    assert ok.status_code == 302


def test_a_body_sent_without_a_length_is_read_no_further_than_the_limit(server):
    token = csrf_cookie(server)
    before = folder_size(server.spool)
    head = form_head(server, "Transfer-Encoding: chunked", token)
    piece = b"x" * 16_384
    # Twice the limit in chunks, and no last chunk: a body that would go on for ever.
    body = b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for _ in range(2 * LIMIT // len(piece)))
    answer, took = raw_request(server.url, head, body)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert took < 5
    assert folder_size(server.spool) - before < 1024


def test_a_body_under_the_limit_still_gets_the_forms_own_answer(server):
    token = csrf_cookie(server)
    response = httpx.post(
        server.url + "/friend/invites",
        content=b"rules=no-such-rules&name=" + b"x" * (LIMIT // 2),
        cookies={"csrftoken": token},
        headers={"X-CSRFToken": token, "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 400


FORGED = "2026-11-28 15:00:00,000 ERROR django.request POST /admin/ Forged by a visitor"


def log_lines(server) -> list[str]:
    return server.errors.read_text(errors="replace").splitlines()


def test_a_path_cannot_write_a_line_of_the_log(server):
    """A newline, a NUL and an escape in the path of a refused request, which the site logs
    with its path: a body too large (refused before the address is even looked up), and a
    POST without its CSRF token (403) to an address that takes any path (the admin's)."""
    time.sleep(WINDOW + 0.2)  # past the window of the tests above' bodies too large
    forged = "/x%0a" + FORGED.replace(" ", "%20") + "%00%1b[31m/"
    head = f"POST {forged} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 999999999\r\n\r\n"
    answer, _ = raw_request(server.url, head.encode())
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    # The admin's catch-all takes any character but a newline: a NUL, an escape, and the
    # line separator U+2028.
    response = httpx.post(server.url + "/admin/y%00%1b[31m%E2%80%A8" + FORGED.replace(" ", "%20"))
    assert response.status_code == 403
    raw = server.errors.read_bytes()
    assert b"\x00" not in raw
    assert b"\x1b" not in raw
    assert "\u2028" not in raw.decode()
    for line in log_lines(server):
        assert not line.startswith("2026-11-28 15:00:00,000"), line
    said = [line for line in log_lines(server) if "Forged by a visitor" in line]
    assert len(said) == 2, said
    assert "/x\\n2026-11-28 15:00:00,000 ERROR" in said[0]
    assert all("\\x00\\x1b[31m" in line for line in said), said
    assert "\\u2028" in said[1]


def test_a_long_path_is_cut_in_the_log(server):
    time.sleep(WINDOW + 0.2)  # past the window of the refusals above
    marker = "longpath" + "y" * 6000
    response = httpx.post(f"{server.url}/admin/{marker}/")
    assert response.status_code == 403
    said = [line for line in log_lines(server) if "longpath" in line]
    assert said
    assert all(len(line) < 1200 for line in said), [len(line) for line in said]


def test_a_storm_of_the_same_refusal_is_one_line_with_a_count(server):
    time.sleep(WINDOW + 0.2)  # past the window of the refusals of the tests above
    started = time.monotonic()
    with httpx.Client(base_url=server.url) as client:
        for n in range(200):
            client.cookies.clear()  # each the same refusal: no CSRF cookie
            assert client.post(f"/admin/storm{n:04d}/").status_code == 403
    windows = int((time.monotonic() - started) / WINDOW) + 1
    time.sleep(WINDOW + 0.2)
    assert httpx.post(server.url + "/admin/after-the-storm/").status_code == 403
    said = [line for line in log_lines(server) if "storm" in line]
    assert "storm0000" in said[0]
    assert len(said) <= windows + 1, said
    assert "after-the-storm/" in said[-1]
    # Every refusal is counted: logged, or counted in the next line that is.
    counts = [re.search(r"\((\d+) more like this in the 3 s before", line) for line in said]
    assert counts[-1], said[-1]
    # (the first line's own count, if any, is of the refusals of the tests above)
    assert len(said) - 1 + sum(int(found[1]) for found in counts[1:] if found) == 200
