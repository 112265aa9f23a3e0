"""No action reveals more than the rules say: two games that differ only in where the
enemy's ships lie give a player equal views, turn after turn, for as long as what that
player was told is the same (docs/rules/sector.md)."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from battleship.sector import (
    ALL_CELLS,
    SUBMARINES,
    Barrage,
    GamePhase,
    Heading,
    InvalidPlacement,
    Placement,
    Recon,
    SectorGame,
    Ship,
    Shot,
    Sonar,
    SubMove,
    Turn,
    random_placements,
)
from battleship.sector.fleet import check_spacing


def hide_elsewhere(fleet, rng, names):
    """``fleet`` with the ships ``names`` placed somewhere else at random (still legal)."""
    kept = [p for p in fleet if p.name not in names]
    ships = [Ship.placed(p) for p in kept]
    for name in names:
        while True:
            heading = rng.choice(list(Heading)) if name in SUBMARINES else None
            lie = heading or rng.choice(["across", "down"])
            try:
                placement = Placement.of(name, rng.choice(ALL_CELLS), lie)
                ship = Ship.placed(placement)
                check_spacing(ships, ship)
            except InvalidPlacement:
                continue
            ships.append(ship)
            kept.append(placement)
            break
    return kept


def start(mine, theirs, seed):
    game = SectorGame(seed)
    game.place_fleet(0, mine)
    game.place_fleet(1, theirs)
    game.start()
    return game


def turn_for(games, rng, sonar=True, hidden=()):
    """A turn legal in every one of ``games`` for the player to move (no sonar unless
    ``sonar``; player 0 fires at none of the ships named in ``hidden``)."""
    legals = [game.legal_actions(games[0].current_player) for game in games]
    shooters = [s for s in legals[0].shooters if all(s in legal.shooters for legal in legals)]
    targets = set.intersection(*(set(legal.targets) for legal in legals))
    if games[0].current_player == 0:
        targets -= {c for g in games for s in g.fleets[1] if s.name in hidden for c in s.cells}
    targets = sorted(targets)
    movable = [s for s in legals[0].submarines if all(s in lg.submarines for lg in legals)]
    kind = rng.randrange(5)
    if kind == 1 and all(legal.barrage for legal in legals):
        a, b, c = rng.sample(targets, 3)
        action = Barrage((a, b, c))
    elif kind == 2 and all(legal.recon for legal in legals):
        action = Recon(rng.randrange(1, 17))
    elif kind == 3 and sonar and all(legal.sonar for legal in legals):
        action = Sonar(rng.randrange(1, 17))
    else:
        # Shots only from surface ships, whose sectors the two games share.
        surface = [s for s in shooters if s not in SUBMARINES] or shooters
        action = Shot(rng.choice(surface), rng.choice(targets))
    move = SubMove(rng.choice(movable)) if movable and rng.random() < 0.5 else None
    return Turn(action, move)


@given(
    seed=st.integers(0, 2**32),
    hidden=st.sampled_from([SUBMARINES, ("Submarine",), ("Carrier", "Second Submarine")]),
)
def test_views_are_equal_while_what_was_told_is_equal(seed, hidden):
    rng = random.Random(seed)
    mine, theirs = random_placements(rng), random_placements(rng)
    elsewhere = hide_elsewhere(theirs, rng, hidden)
    games = [start(mine, theirs, seed), start(mine, elsewhere, seed)]
    for _ in range(200):
        views = [game.view_for(0) for game in games]
        if views[0].reports != views[1].reports or views[0].phase is GamePhase.FINISHED:
            break
        assert views[0] == views[1]
        assert json.dumps(views[0].to_dict()) == json.dumps(views[1].to_dict())
        turn = turn_for(games, rng)
        for game in games:
            game.play(turn)


def test_a_submarine_out_of_sight_changes_nothing_a_player_sees():
    """The same property on one long example, checked to reach far into the game: the
    submarines moving out of sight (no sonar, no shot at them) change nothing."""
    rng = random.Random(3)
    mine, theirs = random_placements(rng), random_placements(rng)
    games = [start(mine, theirs, 3), start(mine, hide_elsewhere(theirs, rng, SUBMARINES), 3)]
    compared = 0
    while compared < 300 and games[0].phase is GamePhase.IN_PROGRESS:
        views = [game.view_for(0) for game in games]
        if views[0].reports != views[1].reports:
            break
        assert views[0] == views[1]
        compared += 1
        turn = turn_for(games, rng, sonar=False, hidden=SUBMARINES)
        for game in games:
            game.play(turn)
    assert compared == 300
