"""Promise 3: bad input never hurts. Hypothesis sends arbitrary methods, bodies, cells and
headers to every address the site has (walked from its URL patterns): never a 5xx, and a
game changes only through a legal move."""

import uuid
from urllib.parse import urlencode

from django import forms
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.models import Game, Shot
from tests.web.conftest import started_game
from tests.web.site_urls import Address, Things, every_address

# Every address the site has (tests/web/site_urls.py), the shots twice more, and a shot at
# a game that does not exist.
ADDRESSES = every_address()
SHOTS = next(address for address in ADDRESSES if address.name == "fire")
ENDPOINTS = [*ADDRESSES, SHOTS, SHOTS, "/games/{other}/shots"]
FIELDS = ["cell", "move", "ship", "orientation", "level", "remove", "username", "password", "step"]
cells = st.one_of(
    st.builds(lambda r, c: f"{r}{c}", st.sampled_from("ABCDEFGHIJKLZabj "), st.integers(-2, 12)),
    st.text(max_size=12),
)
# "{move}" becomes the game's current move number, so some requests are legal moves.
values = st.one_of(cells, st.just("{move}"), st.integers(-5, 300).map(str), st.text(max_size=30))
form = st.dictionaries(st.sampled_from(FIELDS), values, max_size=5)
shot = st.fixed_dictionaries({"cell": cells, "move": st.one_of(st.just("{move}"), values)})
raw = st.binary(max_size=200)
headers = st.fixed_dictionaries(
    {},
    optional={
        "HX-Request": st.sampled_from(["true", "false", "", "\u00e9"]),
        "HX-History-Restore-Request": st.just("true"),
        "HX-Target": st.text(max_size=10),
        "Accept": st.sampled_from(["text/html", "*/*", "application/json", ""]),
    },
)


def snapshot(game):
    game.refresh_from_db()
    shots = list(
        Shot.objects.filter(game=game).order_by("sequence").values_list("player", "row", "col")
    )
    ships = list(
        game.ships.order_by("id").values_list("player", "name", "row", "col", "orientation")
    )
    return game.status, game.moves, shots, ships


FUZZ = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def game_of(guest):
    """A game in progress of its own for each example: one resignation or finished game
    must not leave every later example without a legal move to make."""
    return started_game(guest, level=2)


@FUZZ
@given(
    endpoint=st.sampled_from(ENDPOINTS),
    method=st.sampled_from(
        ["GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
    ),
    body=st.one_of(form, shot, raw),
    extra=headers,
)
def test_no_request_breaks_the_server_or_changes_a_game_unlawfully(
    guest, endpoint, method, body, extra
):
    game = game_of(guest)
    if isinstance(endpoint, Address):
        # The browser's other things (a sector battle, a finished game) once, for every example.
        if not hasattr(guest, "things"):
            guest.things = Things.of(guest)
        path = guest.things.with_game(game).url(endpoint)
    else:
        path = endpoint.format(other=uuid.uuid4())
    send_and_check(guest, game, method, path, body, extra)


@FUZZ
@given(body=shot, extra=headers)
def test_shots_of_every_shape_change_a_game_only_when_legal(guest, body, extra):
    game = game_of(guest)
    send_and_check(guest, game, "POST", f"/games/{game.pk}/shots", body, extra)


def send_and_check(guest, game, method, path, body, extra):
    before = snapshot(game)
    if isinstance(body, dict):
        body = {key: value.replace("{move}", str(before[1])) for key, value in body.items()}
        response = guest.generic(
            method,
            path,
            data=urlencode(body),
            content_type="application/x-www-form-urlencoded",
            headers=extra,
        )
    else:
        response = guest.generic(
            method, path, data=body, content_type="application/octet-stream", headers=extra
        )
    assert response.status_code < 500, (method, path, body, response.status_code)
    after = snapshot(game)
    event(f"status {response.status_code}")
    if after == before:
        return
    event("the game changed")
    # Something changed: it must have been a legal move, made the way the page makes it.
    status, moves, shots, ships = after
    assert method == "POST"
    assert ships == before[3], "the fleets never change once play has started"
    if path.endswith("/resign"):
        assert status == Game.Status.RESIGNED
        return
    assert path.endswith(f"/{game.pk}/shots")
    assert response.status_code in (200, 302)
    # Read as the site's form reads it (Django's IntegerField takes "0." and " 0 " for 0).
    move = forms.IntegerField(min_value=0).clean(body["move"])
    assert move == before[1], "only the current move number is accepted"
    assert shots[: len(before[2])] == before[2], "stored shots are never changed"
    new = shots[len(before[2]) :]
    assert new[0][0] == 0, "the person fires first"
    assert len(new) in (1, 2), "one shot and at most one answer"
    assert moves == len(shots), "one move a shot in the standard game"
