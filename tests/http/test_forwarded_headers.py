"""gunicorn, as `make serve` runs it, believes exactly the forwarded headers the settings say."""

import httpx
import pytest

from loadtest.server import start_server

SCHEME_HEADERS = [
    {"X-Forwarded-Proto": "https"},
    {"X-Forwarded-Ssl": "on"},
    {"X-Forwarded-Protocol": "ssl"},
]


@pytest.fixture(scope="module")
def plain_server(tmp_path_factory):
    """Sends plain HTTP to HTTPS, and trusts no proxy (TRUST_X_FORWARDED_PROTO off)."""
    tmp = tmp_path_factory.mktemp("forwarded")
    srv = start_server(
        tmp, f"sqlite:///{tmp / 'db.sqlite3'}", workers=1, SECURE_SSL_REDIRECT="True"
    )
    yield srv
    srv.stop()


@pytest.mark.parametrize("headers", SCHEME_HEADERS)
def test_a_client_on_the_machine_cannot_pass_plain_http_off_as_https(plain_server, headers):
    response = httpx.get(plain_server.url + "/healthz", headers=headers)
    assert response.status_code == 301
    assert response.headers["location"].startswith("https://")
