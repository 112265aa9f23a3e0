import re

from django.conf import settings
from django.contrib.staticfiles import finders


def test_the_home_page_says_what_the_site_is(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Battleship against the computer" in page
    for ship in ("Carrier", "Battleship", "Cruiser", "Submarine", "Destroyer"):
        assert ship in page


def test_the_page_loads_the_vendored_htmx_and_sends_csrf_with_every_request(client):
    page = client.get("/").content.decode()
    assert f"vendor/htmx-{settings.HTMX_VERSION}.min.js" in page
    assert re.search(r'<body hx-headers=\'\{"X-CSRFToken": "[^"]+"\}\'>', page)


def test_the_vendored_htmx_file_is_the_pinned_2_0_release():
    path = finders.find(f"vendor/htmx-{settings.HTMX_VERSION}.min.js")
    assert path is not None
    assert settings.HTMX_VERSION.startswith("2.0.")
    with open(path, encoding="utf-8") as handle:
        assert 'version:"2.0.' in handle.read().replace(" ", "")
