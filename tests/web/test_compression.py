"""Pages and htmx answers come gzipped to a browser that takes gzip (with Django's BREACH
padding); a friend game's event stream does not, and still sends each event at once."""

from __future__ import annotations

import asyncio
import gzip
import re

import pytest
from asgiref.sync import async_to_sync
from django.test import AsyncClient, Client

from tests.web.friends_helpers import HX, started

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
# Django masks the CSRF token afresh in every answer: the one part two answers differ in.
TOKEN = re.compile(r"[A-Za-z0-9]{64}")


def same(page: bytes) -> str:
    return TOKEN.sub("TOKEN", page.decode())


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_page_and_an_htmx_answer_come_gzipped_and_decode_to_the_same(db, htmx):
    host, friend = Client(), Client()
    game = started(host, friend)
    asked = HX if htmx else {}
    plain = host.get(game.get_absolute_url(), headers=asked)
    zipped = host.get(game.get_absolute_url(), headers=asked | GZIP)
    assert plain.status_code == zipped.status_code == 200
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    assert len(zipped.content) * 4 < len(plain.content)
    assert same(gzip.decompress(zipped.content)) == same(plain.content)


def test_two_answers_of_one_page_differ_in_length_breachs_mitigation(db):
    host, friend = Client(), Client()
    game = started(host, friend)
    lengths = {len(host.get(game.get_absolute_url(), headers=GZIP).content) for _ in range(6)}
    assert len(lengths) > 1  # a random file name in each gzip header


def test_the_event_stream_is_not_gzipped_and_sends_its_first_event_at_once(
    transactional_db, settings
):
    settings.FRIEND_KEEPALIVE_SECONDS = 30
    host, friend = Client(), Client()
    game = started(host, friend)

    async def first_event() -> tuple[str, bytes]:
        reading = AsyncClient()
        reading.cookies = host.cookies
        response = await reading.get(f"/friend/{game.token}/events", headers=GZIP)
        stream = aiter(response.streaming_content)
        chunk = await asyncio.wait_for(anext(stream), 5)
        await stream.aclose()
        return response.get("Content-Encoding", ""), chunk

    encoding, chunk = async_to_sync(first_event)()
    assert encoding == ""
    assert chunk.startswith(b"retry: 1000\nevent: state\nid: 0\n")


def test_the_event_stream_served_in_a_thread_sends_its_first_event_at_once(db, settings):
    # Under WSGI (runserver, the test server) gzip would hold the events back in zlib.
    settings.FRIEND_KEEPALIVE_SECONDS = 1
    settings.FRIEND_STREAM_SECONDS = 1
    host, friend = Client(), Client()
    game = started(host, friend)
    response = host.get(f"/friend/{game.token}/events", headers=GZIP)
    assert "Content-Encoding" not in response
    stream = iter(response.streaming_content)
    assert next(stream).startswith(b"retry: 1000\nevent: state\nid: 0\n")
    response.close()
