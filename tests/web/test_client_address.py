"""Rate limits and the login lockout count by the person's address, also behind a proxy."""

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings

from battleship_site.addresses import client_ip
from games.models import Game
from tests.web.conftest import make_user
from tests.web.test_accounts import log_in


def request(remote="10.0.0.9", forwarded=None):
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    return RequestFactory().get("/", REMOTE_ADDR=remote, headers=headers)


@pytest.mark.parametrize(
    ("proxies", "forwarded", "address"),
    [
        (0, None, "10.0.0.9"),
        (0, "203.0.113.7", "10.0.0.9"),  # no proxy: a client's own header picks nothing
        (1, "203.0.113.7", "203.0.113.7"),
        (1, "6.6.6.6, 203.0.113.7", "203.0.113.7"),  # the forged part is on the left
        (2, "6.6.6.6, 203.0.113.7, 192.168.1.2", "203.0.113.7"),
        (1, None, "10.0.0.9"),  # did not come through the proxy
        (2, "203.0.113.7", "10.0.0.9"),
        (1, " , ", "10.0.0.9"),
    ],
)
def test_the_address_counted_is_the_one_the_trusted_proxies_saw(proxies, forwarded, address):
    with override_settings(TRUSTED_PROXY_COUNT=proxies):
        assert client_ip(request(forwarded=forwarded)) == address


@pytest.mark.usefixtures("steady_rate_clock")
@override_settings(TRUSTED_PROXY_COUNT=1, NEW_GAME_RATE="2/m")
def test_behind_a_proxy_one_visitor_using_up_new_games_does_not_stop_another(db):
    cache.clear()
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    first, second = Client(**proxy), Client(**proxy)
    for _ in range(2):
        assert (
            first.post(
                "/games/", {"level": 1}, headers={"X-Forwarded-For": "203.0.113.7"}
            ).status_code
            == 302
        )
    over = first.post("/games/", {"level": 1}, headers={"X-Forwarded-For": "203.0.113.7"})
    assert over.status_code == 429
    other = second.post("/games/", {"level": 1}, headers={"X-Forwarded-For": "198.51.100.4"})
    assert other.status_code == 302
    assert Game.objects.count() == 3
    cache.clear()


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_a_proxy_failed_logins_lock_out_only_the_address_they_came_from(login_counters):
    make_user("target")
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    mistyping = Client(**proxy, headers={"X-Forwarded-For": "203.0.113.7"})
    for _ in range(5):
        log_in(mistyping, "target", "wrong-password")
    assert log_in(mistyping, "target").status_code == 429
    owner = Client(**proxy, headers={"X-Forwarded-For": "198.51.100.4"})
    assert log_in(owner, "target").status_code == 302


@pytest.mark.parametrize(
    ("remote", "forwarded", "address"),
    [
        ("2001:db8:1:2::5", None, "2001:db8:1:2::"),  # an IPv6 person holds a whole /64
        ("2001:db8:1:2:ffff::9", None, "2001:db8:1:2::"),
        ("10.0.0.9", "not-an-address", "10.0.0.9"),  # a proxy's odd entry: the connection's
        ("10.0.0.9", "203.0.113.7:443", "10.0.0.9"),
    ],
)
def test_an_address_is_checked_and_ipv6_counts_by_its_network(remote, forwarded, address):
    with override_settings(TRUSTED_PROXY_COUNT=1 if forwarded else 0):
        assert client_ip(request(remote, forwarded)) == address


def test_failed_logins_from_one_ipv6_network_are_counted_together(login_counters):
    make_user("target")
    for host in range(1, 6):  # five addresses of one /64, one wrong password each
        log_in(Client(REMOTE_ADDR=f"2001:db8:1:2::{host}"), "target", "wrong-password")
    assert log_in(Client(REMOTE_ADDR="2001:db8:1:2::99"), "target").status_code == 429
    assert log_in(Client(REMOTE_ADDR="2001:db8:9:9::1"), "target").status_code == 302
