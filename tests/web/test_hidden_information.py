"""Nothing the server sends reveals where an unsunk enemy ship lies."""

import re

import pytest

from battleship.classic import RuleSet
from battleship.classic.variants import VARIANTS
from games.models import COMPUTER, Game, Shot
from tests.web.conftest import (
    COMPUTER_FLEET,
    HUMAN_FLEET,
    fire,
    fleet_cells,
    new_game,
    set_fleet,
    started_game,
)
from tests.web.conftest import normalised as same_state

HX = {"HX-Request": "true"}
SEALED = re.compile(r'(data-digest="|<code id="commitment-digest">)[0-9a-f]{64}')


def normalised(html):
    """A response with what differs between two renders taken out, and the fingerprint of
    the computer's fleet: twin fleets are sealed differently (tests/web/test_commitment.py),
    and that is all a fingerprint may tell. No game's salt is in any response while the
    game is in play."""
    for salt in Game.objects.filter(status="playing").values_list("fleet_salt", flat=True):
        assert salt not in html, "a salt sent before the end of its game"
    return same_state(SEALED.sub(r"\1<digest>", html))


# The same fleet but for the Destroyer, which lies elsewhere: a person who has not sunk it
# must not be able to tell the two games apart from anything the server sends.
MOVED_DESTROYER = [*COMPUTER_FLEET[:4], ("Destroyer", "F9", "V")]
SHOTS = ["A6", "B6", "C6", "D6", "E6", "B2", "H1", "H2", "H3", "E5", "J5", "A8", "B8"]


def twin_games(guest, outsider):
    one = started_game(guest, level=3)
    other = started_game(outsider, level=3, computer_fleet=MOVED_DESTROYER)
    Game.objects.filter(pk__in=[one.pk, other.pk]).update(seed=1234)
    return one, other


def test_two_games_differing_only_in_an_unsunk_ship_look_the_same(guest, outsider):
    one, other = twin_games(guest, outsider)
    for cell in SHOTS:
        responses = [fire(client, game, cell) for client, game in ((guest, one), (outsider, other))]
        assert [r.status_code for r in responses] == [200, 200]
        assert normalised(responses[0].content.decode()) == normalised(
            responses[1].content.decode()
        )
    pages = [
        client.get(game.get_absolute_url()) for client, game in ((guest, one), (outsider, other))
    ]
    assert normalised(pages[0].content.decode()) == normalised(pages[1].content.decode())
    # Refusals carry the board too: they must not tell the games apart either.
    for cell, move in [("Z1", None), ("A6", None), ("C3", 0)]:
        refusals = [fire(c, g, cell, move=move) for c, g in ((guest, one), (outsider, other))]
        assert refusals[0].status_code == refusals[1].status_code >= 400
        assert normalised(refusals[0].content.decode()) == normalised(refusals[1].content.decode())


def enemy_board(html):
    match = re.search(r'aria-label="Enemy waters".*?</table>', html, re.S)
    assert match, "no enemy board in the response"
    return match.group(0)


def enemy_cells(html):
    """Each enemy cell a response carries, by label: its whole ``<td>``."""
    found = re.findall(r'(<td id="enemy-([A-J]\d+)".*?</td>)', html, re.S)
    return {label: td for td, label in found}


def test_a_whole_game_never_shows_an_unsunk_enemy_ship(guest):
    game = started_game(guest, level=2)
    ship_of = {}
    for name, start, way in COMPUTER_FLEET:
        for cell in fleet_cells([(name, start, way)]):
            ship_of[cell] = name
    order = [f"{row}{col}" for row in "ABCDEFGHIJ" for col in range(1, 11)]
    for cell in order:
        response = fire(guest, game, cell)
        game.refresh_from_db()
        sunk = set(
            Shot.objects.filter(game=game, player=0).exclude(sunk="").values_list("sunk", flat=True)
        )
        if game.is_over:
            break
        # The answer to a shot carries the cells it changed; the page carries all of them.
        page = guest.get(game.get_absolute_url(), headers=HX).content.decode()
        answer = enemy_cells(response.content.decode())
        assert cell in answer, "the answer to a shot shows the cell fired at"
        assert len(enemy_cells(page)) == 100
        for cells in (answer, enemy_cells(page)):
            for label, name in ship_of.items():
                if name in sunk or label not in cells:
                    continue
                td = cells[label]
                assert name not in td, f"{name} named on the enemy board before it sank"
                fired = re.search(rf'aria-label="{label}, hit, turn \d+" title="Turn', td)
                water = f'name="cell" value="{label}" class="cell unknown" aria-label="{label}"'
                assert fired or water in td, f"{label} of the unsunk {name} looks unlike water"
            assert not any("cell ship" in td for td in cells.values())
    assert game.is_over
    # Only now, with the game over, is the whole fleet shown.
    page = guest.get(game.get_absolute_url()).content.decode()
    assert all(f'aria-label="{label}, ' in enemy_board(page) for label in ship_of)


def fog_of_war_game(client, level=1):
    """A game in progress under fog of war (sinkings not named), with known fleets."""
    game = new_game(client, level)
    Game.objects.filter(pk=game.pk).update(rules=RuleSet.fog_of_war().to_dict())
    game.refresh_from_db()
    for name, start, way in HUMAN_FLEET:
        game.place_ship(name, start, way)
    game.start()
    set_fleet(game, COMPUTER, COMPUTER_FLEET)
    return game


def test_under_fog_of_war_a_sinking_is_answered_like_any_hit(guest):
    game = fog_of_war_game(guest)
    hit = fire(guest, game, "J9").content.decode()
    sinking = fire(guest, game, "J10").content.decode()  # the Destroyer's last cell
    for answer, cell, turn in ((hit, "J9", 1), (sinking, "J10", 2)):
        assert list(enemy_cells(answer)) == [cell]
        assert f'aria-label="{cell}, hit, turn {turn}"' in enemy_cells(answer)[cell]
        assert f"{cell}: hit" in answer
        assert 'id="enemy-fleet"' not in answer
        assert "sank their" not in answer


def their_fleet(html):
    """The "Their fleet" list: each ship's name and what it says of the ship."""
    found = re.search(r'<ul class="fleet-status" id="enemy-fleet".*?</ul>', html, re.S)
    assert found, "no list of their fleet"
    return re.findall(
        r'<span class="ship-name">([^<]*)</span>.*?<span class="ship-state">([^<]*)</span>',
        found[0],
    )


def test_under_fog_of_war_their_fleet_claims_nothing_that_cannot_be_known(guest):
    """Sinkings are not named, so a ship may be sunk or afloat: the list says neither."""
    game = fog_of_war_game(guest)
    pages = [guest.get(game.get_absolute_url()).content.decode()]
    fire(guest, game, "J9")
    fire(guest, game, "J10")  # the Destroyer sinks, untold
    pages.append(guest.get(game.get_absolute_url()).content.decode())
    for html in pages:
        ships = their_fleet(html)
        assert [name for name, _ in ships] == [s.name for s in RuleSet.standard().fleet]
        assert {state for _, state in ships} == {"not known"}
        assert 'class="is-sunk"' not in html
    # Where sinkings are named, the list says each ship's state as before.
    standard = started_game(guest)
    fire(guest, standard, "J9")
    fire(guest, standard, "J10")
    ships = dict(their_fleet(guest.get(standard.get_absolute_url()).content.decode()))
    assert ships["Destroyer"] == "sunk"
    assert ships["Carrier"] == "afloat"


def test_under_fog_of_war_the_end_shows_their_fleet_sunk(guest):
    """No sinking is named during play; once the last ship goes down, the revealed fleet is
    shown as sunk, not afloat beside "You won!"."""
    game = fog_of_war_game(guest)
    for cell in fleet_cells(COMPUTER_FLEET):
        answer = fire(guest, game, cell).content.decode()
    page = guest.get(game.get_absolute_url()).content.decode()
    for html in (answer, page):
        assert "You won!" in html
        assert "afloat" not in html
        assert re.search(r'aria-label="J10, Destroyer, sunk, turn \d+"', enemy_board(html))
        assert re.search(r'aria-label="A6, Carrier, sunk, turn \d+"', enemy_board(html))


RULE_SET_MOVES = {
    "salvo": [{"cell": "A6 B6 C6 D6 E6"}, {"cell": "B2 H1 H2 H3 E5"}, {"cell": "A8"}],
    "no_touch": [{"cell": cell} for cell in SHOTS],
    "fog_of_war": [{"cell": cell} for cell in SHOTS],
    "special_weapons": [
        {"weapon": "air_strike", "center": "B2"},
        {"weapon": "torpedo", "line": "column-1", "end": "start"},  # H2 in both games
        {"cell": "A6"},
        {"weapon": "torpedo", "line": "row-0", "end": "start"},  # A8 in both games
        {"cell": "B6"},
    ],
}


@pytest.mark.parametrize("rules_name", sorted(RULE_SET_MOVES))
def test_under_every_rule_set_twin_games_look_the_same(guest, outsider, rules_name):
    """Two games that differ only in where an unsunk ship lies, move by move: every answer
    and every page the same, refusals too."""
    one, other = twin_games(guest, outsider)
    rules = VARIANTS[rules_name]().to_dict()
    Game.objects.filter(pk__in=[one.pk, other.pk]).update(rules=rules)
    pairs = ((guest, one), (outsider, other))
    for data in RULE_SET_MOVES[rules_name]:
        responses = []
        for client, game in pairs:
            game.refresh_from_db()
            url = f"/games/{game.pk}/shots"
            responses.append(client.post(url, {"move": game.moves, **data}, headers=HX))
        assert [r.status_code for r in responses] == [200, 200], data
        assert normalised(responses[0].content.decode()) == normalised(
            responses[1].content.decode()
        )
    pages = [client.get(game.get_absolute_url()).content.decode() for client, game in pairs]
    assert normalised(pages[0]) == normalised(pages[1])
    refusals = [fire(client, game, "Z1") for client, game in pairs]
    assert normalised(refusals[0].content.decode()) == normalised(refusals[1].content.decode())
