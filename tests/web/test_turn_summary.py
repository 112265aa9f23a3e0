"""The last round on the game page: two sentences in the live region, every shot in the
turn's log, each hit part in the fleet lists, the end's sound, Play again with the same
settings; the same for twin games (nothing here tells where an unsunk ship lies)."""

import html
import re

import pytest

from battleship.classic import RuleSet
from games.models import COMPUTER, Game, Shot
from tests.web.conftest import COMPUTER_FLEET, HUMAN_FLEET, started_game

# Twins differ in their fleets, so in the fingerprint that seals each: that taken out.
from tests.web.test_hidden_information import normalised

HX = {"HX-Request": "true"}
MOVED_DESTROYER = [*COMPUTER_FLEET[:4], ("Destroyer", "F9", "V")]


def paragraphs(region: str) -> list[str]:
    return [
        html.unescape(re.sub(r"<[^>]+>", "", p)) for p in re.findall(r"<p[^>]*>(.*?)</p>", region)
    ]


def live_region(page: str) -> list[str]:
    """What the live region says (the cue "… is aiming" is hidden from screen readers)."""
    region = re.search(r'id="announcer"[^>]*>(.*?)</div>', page, re.S) or re.search(
        r'hx-swap-oob="innerHTML:#announcer">(.*?)</div>', page, re.S
    )
    said = re.sub(r'<span class="turn-cue" aria-hidden="true">.*?</span>', "", region[1])
    return paragraphs(said)


def turn_log(page: str) -> list[str]:
    region = re.search(r'id="turn-log-lines"[^>]*>(.*?)</div>', page, re.S) or re.search(
        r'hx-swap-oob="innerHTML:#turn-log-lines">(.*?)</div>', page, re.S
    )
    return paragraphs(region[1])


def shoot(client, game, data, htmx=True):
    game.refresh_from_db()
    headers = HX if htmx else {}
    return client.post(f"/games/{game.pk}/shots", {"move": game.moves, **data}, headers=headers)


def test_a_salvo_round_is_two_sentences_said_and_every_shot_in_the_log(guest):
    game = started_game(guest, rules=RuleSet.salvo())
    page = shoot(guest, game, {"cell": "A6 A7 B1 B2 C3"}).content.decode()
    said = live_region(page)
    assert said[0] == "You fired 5 shots: 1 hit."
    assert re.fullmatch(
        r"The Recruit fired 5 shots: (no hits|\d hits?)(, sank your \w+)?\.", said[1]
    )
    assert len(said) == 2
    log = turn_log(page)
    assert log[:5] == ["A6: hit", "A7: miss", "B1: miss", "B2: miss", "C3: miss"]
    assert len(log) == 10  # and the computer's five, one by one
    assert "Every shot of the last turn" in page
    # The cue that the computer is aiming is drawn, not said.
    assert '<span class="turn-cue" aria-hidden="true">The Recruit is aiming…</span>' in page


def test_without_scripts_the_page_after_a_shot_says_the_same(guest):
    game = started_game(guest, rules=RuleSet.special_weapons())
    response = shoot(guest, game, {"weapon": "air_strike", "center": "B7"}, htmx=False)
    assert response.status_code == 302
    page = guest.get(game.get_absolute_url()).content.decode()
    assert live_region(page)[0] == "Your air strike on B7: 6 hits."
    assert turn_log(page)[0] == "Your air strike on B7:"
    assert '<details class="turn-log" id="turn-log">' in page


def pips(page: str, list_id: str) -> list[str]:
    """Each ship of a fleet list: its parts from the bow, "x" hit and "." not."""
    region = re.search(rf'<ul class="fleet-status" id="{list_id}".*?</ul>', page, re.S)[0]
    ships = re.findall(r'<span class="ship-cells" aria-hidden="true">(.*?)</span> ', region)
    return [
        "".join("x" if "hit" in pip else "." for pip in re.findall(r'class="(pip[^"]*)"', ship))
        for ship in ships
    ]


def test_your_fleet_list_shows_each_part_hit_where_it_was_hit(guest):
    game = started_game(guest, level=5, rules=RuleSet.salvo())
    Game.objects.filter(pk=game.pk).update(seed=1234)  # the same computer's shots each run
    length = {"Carrier": 5, "Battleship": 4, "Cruiser": 3, "Submarine": 3, "Destroyer": 2}
    ours = {
        f"{start[0]}{col}"
        for name, start, _way in HUMAN_FLEET
        for col in range(1, length[name] + 1)
    }
    for row in "FGHIJ":  # water of theirs, until the computer has hit one of ours
        shoot(guest, game, {"cell": " ".join(f"{row}{col}" for col in range(4, 9))})
        received = {s.cell for s in Shot.objects.filter(game=game, player=COMPUTER)}
        if received & ours:
            break
    page = guest.get(game.get_absolute_url()).content.decode()
    expected = []
    for name, start, _way in HUMAN_FLEET:  # all across, from column 1
        row = start[0]
        expected.append(
            "".join("x" if f"{row}{col}" in received else "." for col in range(1, length[name] + 1))
        )
    assert pips(page, "own-fleet") == expected
    assert 0 < sum(ship.count("x") for ship in expected) < sum(map(len, expected))
    # Theirs: no part is marked while a ship is afloat (its damage is not announced) ...
    assert pips(page, "enemy-fleet") == [".....", "....", "...", "...", ".."]


def test_a_sunk_enemy_ship_is_hit_in_every_part(guest):
    game = started_game(guest)
    for cell in ["J9", "J10"]:  # the Destroyer
        page = shoot(guest, game, {"cell": cell}).content.decode()
    assert pips(page, "enemy-fleet") == [".....", "....", "...", "...", "xx"]
    page = guest.get(game.get_absolute_url()).content.decode()
    assert pips(page, "enemy-fleet") == [".....", "....", "...", "...", "xx"]


@pytest.mark.parametrize(
    ("rules", "moves"),
    [
        (RuleSet.salvo(), [{"cell": "A6 B6 C6 D6 E6"}, {"cell": "H1 H2 H3 E5 J5"}]),
        (
            RuleSet.special_weapons(),
            [
                {"weapon": "air_strike", "center": "B7"},
                {"weapon": "torpedo", "line": "column-4", "end": "start"},
                {"cell": "B2"},
            ],
        ),
    ],
    ids=["salvo", "special_weapons"],
)
def test_twin_games_get_the_same_summary_log_and_fleet_lists(guest, outsider, rules, moves):
    one = started_game(guest, level=3, rules=rules)
    other = started_game(outsider, level=3, rules=rules, computer_fleet=MOVED_DESTROYER)
    Game.objects.filter(pk__in=[one.pk, other.pk]).update(seed=1234)
    for data in moves:
        pages = [shoot(c, g, data).content.decode() for c, g in ((guest, one), (outsider, other))]
        assert live_region(pages[0]) == live_region(pages[1]) != []
        assert turn_log(pages[0]) == turn_log(pages[1]) != []
        assert normalised(pages[0]) == normalised(pages[1])
    whole = [
        c.get(g.get_absolute_url()).content.decode() for c, g in ((guest, one), (outsider, other))
    ]
    assert pips(whole[0], "enemy-fleet") == pips(whole[1], "enemy-fleet")
    assert pips(whole[0], "own-fleet") == pips(whole[1], "own-fleet")


@pytest.mark.parametrize("htmx", [True, False])
def test_play_again_opens_placement_of_a_game_with_the_same_opponent_and_rules(guest, htmx):
    game = started_game(guest, level=4, rules=RuleSet.special_weapons())
    guest.post(f"/games/{game.pk}/resign")
    response = guest.post(f"/games/{game.pk}/again", headers=HX if htmx else {})
    new = Game.objects.exclude(pk=game.pk).get()
    assert (new.level, new.rule_set, new.status) == (4, RuleSet.special_weapons(), "setup")
    target = response["HX-Redirect"] if htmx else response.url
    assert target == new.get_absolute_url()
    assert "Place your fleet" in guest.get(target).content.decode()
