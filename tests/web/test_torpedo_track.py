"""A torpedo's track is drawn as the latest move: the cells it ran through, up to the cell
it struck and no further ("no contact": its whole line), and the move before it is no longer
marked as the latest one."""

import re

from battleship.classic import RuleSet
from games.models import Game
from tests.web.conftest import started_game

# Twins differ in their fleets, so in the fingerprint that seals each: that taken out.
from tests.web.test_hidden_information import normalised, twin_games

HX = {"HX-Request": "true"}
NO_CONTACT = {"weapon": "torpedo", "line": "row-8", "end": "start"}  # row I is empty
TO_D8 = {"weapon": "torpedo", "line": "row-3", "end": "end"}  # D10, D9 open; the Battleship's D8


def special_weapons_game(client):
    return started_game(client, level=3, rules=RuleSet.special_weapons())


def play(client, game, data, *, htmx=True):
    game.refresh_from_db()
    headers = HX if htmx else {}
    return client.post(f"/games/{game.pk}/shots", {"move": game.moves, **data}, headers=headers)


def enemy_td(html, label):
    match = re.search(rf'<td id="enemy-{label}"[^>]*>(.*?)</td>', html, re.S)
    assert match, f"no cell {label}"
    return match.group(0)


def tracked(html):
    """The enemy cells drawn as a torpedo's track, with the edge it came from."""
    return dict(re.findall(r'<td id="enemy-([A-J]\d+)"[^>]*class="[^"]*track track-(\w+)', html))


def test_it_draws_a_no_contact_torpedo_s_whole_row_and_the_strike_before_is_not_the_latest(
    guest,
):
    game = special_weapons_game(guest)
    strike = play(guest, game, {"weapon": "air_strike", "center": "B2"}).content.decode()
    assert "latest" in enemy_td(strike, "B2")
    response = play(guest, game, NO_CONTACT)
    assert response.status_code == 200
    html = response.content.decode()
    assert "no contact" in html
    assert tracked(html) == {f"I{n}": "west" for n in range(1, 11)}
    for label in ("A1", "B2", "C3"):
        assert "latest" not in enemy_td(html, label)  # the strike is a move ago now
    # The page as saved says the same.
    assert tracked(guest.get(game.get_absolute_url()).content.decode()) == tracked(html)
    game.refresh_from_db()
    assert game.log[2] == {"torpedo": {"from": "west", "line": 8}}


def test_it_draws_the_track_up_to_the_cell_struck_and_no_further(guest):
    game = special_weapons_game(guest)
    html = play(guest, game, TO_D8).content.decode()
    assert "D8: hit" in html
    assert tracked(html) == {"D10": "east", "D9": "east"}
    assert "latest" in enemy_td(html, "D8")
    assert "track" not in enemy_td(html, "D8")
    # After the next move the track is gone.
    html = play(guest, game, {"cell": "E5"}).content.decode()
    assert tracked(html) == {}


def test_it_keeps_working_without_javascript(guest):
    game = special_weapons_game(guest)
    response = play(guest, game, NO_CONTACT, htmx=False)
    assert response.status_code == 302
    assert len(tracked(guest.get(response.url).content.decode())) == 10


def test_twin_games_show_the_same_tracks(guest, outsider):
    """Two games that differ only in where an unsunk ship lies look the same, torpedo
    tracks included."""
    one, other = twin_games(guest, outsider)
    Game.objects.filter(pk__in=[one.pk, other.pk]).update(rules=RuleSet.special_weapons().to_dict())
    pairs = ((guest, one), (outsider, other))
    for data in (NO_CONTACT, {"cell": "E5"}, TO_D8):
        answers = [play(client, game, data).content.decode() for client, game in pairs]
        assert normalised(answers[0]) == normalised(answers[1])
    assert tracked(answers[0]) == {"D10": "east", "D9": "east"}
    pages = [client.get(game.get_absolute_url()).content.decode() for client, game in pairs]
    assert normalised(pages[0]) == normalised(pages[1])
