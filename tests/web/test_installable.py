"""The site as an installable app (issue 43): a web app manifest with its icons, a service
worker at the site's root that keeps only static files, the offline page and the rules and
learning pages, and the offline page itself."""

from __future__ import annotations

import json
import re
import struct

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

pytestmark = pytest.mark.django_db


def png_size(path: str) -> tuple[int, int]:
    with open(path, "rb") as png:
        header = png.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_every_page_names_the_manifest_and_the_manifest_makes_an_app():
    client = Client()
    page = client.get("/learn/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    answer = client.get("/manifest.webmanifest")
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["name"] == "Battleship"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    sizes = {}
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        found = finders.find(icon["src"].removeprefix("/static/"))
        assert found, icon["src"]
        sizes[icon["sizes"]] = png_size(found)
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
    # In the player's language.
    german = client.get("/manifest.webmanifest", headers={"Accept-Language": "de"})
    assert json.loads(german.content)["description"] != manifest["description"]


def test_the_service_worker_is_at_the_root_and_keeps_nothing_of_a_players():
    answer = Client().get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert "no-cache" in answer["Cache-Control"]
    script = answer.content.decode()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", script)[1])
    assert "/offline" in precache
    assert all(url == "/offline" or url.startswith("/static/") for url in precache)
    kept = json.loads(re.search(r"const KEPT = (\[.*?\]);", script)[1])
    assert kept == ["/learn/", "/rules/", "/sector/rules"]
    for never in ("/games", "/friend", "/stranger", "/stats", "/history", "/daily", "/sector/"):
        assert not any(never.startswith(prefix) for prefix in kept)
    assert "{%" not in script
    assert "{{" not in script


def test_the_offline_page_says_what_still_works():
    page = Client().get("/offline").content.decode()
    assert "You are offline" in page
    assert 'href="/learn/"' in page
    assert 'href="/rules/standard"' in page
