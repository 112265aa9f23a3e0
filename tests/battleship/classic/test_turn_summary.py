"""The last round in two sentences (``turn_summary``): known answers for one shot, a salvo,
each weapon, a sinking, fog of war and group reports; never more than two sentences."""

from battleship.classic import AirStrike, BattleshipGame, Coordinate, Edge, Fire, RuleSet, Torpedo
from battleship.classic.turn_summary import turn_summary

FLEET = [
    ("Carrier", "A1", "H"),  # A1-A5
    ("Battleship", "C3", "V"),  # C3-F3
    ("Cruiser", "J8", "H"),  # J8-J10
    ("Submarine", "E6", "H"),  # E6-E8
    ("Destroyer", "H10", "V"),  # H10-I10
]


def game_with(rules):
    game = BattleshipGame(rules, 3)
    game.place_fleet(0, FLEET)
    game.place_fleet(1, FLEET)
    game.start()
    return game


def said(game, player=0):
    return turn_summary(game.view_for(player), "Admiral").sentences


def test_before_any_shot_it_says_the_game_is_on():
    game = game_with(RuleSet.standard())
    assert said(game) == ["The game is on: fire at a cell of Enemy waters."]


def test_one_shot_each_is_one_sentence_each():
    game = game_with(RuleSet.standard())
    game.play(Fire.at("A1"))
    assert said(game) == ["You fired at A1: hit."]  # the answer is not played yet
    game.play(Fire.at("J1"))
    assert said(game) == ["You fired at A1: hit.", "The Admiral fired at J1: miss."]
    assert said(game, 1) == ["You fired at J1: miss."]  # a round starts with one's own turn


def test_a_sinking_is_named_on_both_sides():
    game = game_with(RuleSet.standard())
    for cell, reply in [("H10", "B1"), ("I10", "H10")]:
        game.play(Fire.at(cell))
        game.play(Fire.at(reply))
    game.play(Fire.at("J1"))
    game.play(Fire.at("I10"))
    assert said(game) == [
        "You fired at J1: miss.",
        "The Admiral fired at I10: hit, sank your Destroyer.",
    ]
    game2 = game_with(RuleSet.standard())
    game2.play(Fire.at("H10"))
    game2.play(Fire.at("J1"))
    game2.play(Fire.at("I10"))
    assert said(game2) == ["You fired at I10: hit, sank their Destroyer."]


def test_a_salvo_is_counted_not_listed():
    game = game_with(RuleSet.salvo())
    game.play(Fire.at("A1", "A2", "B1", "B2", "J1"))
    game.play(Fire.at("H10", "I10", "J1", "J2", "J3"))
    assert said(game) == [
        "You fired 5 shots: 2 hits.",
        "The Admiral fired 5 shots: 2 hits, sank your Destroyer.",
    ]
    game.play(Fire.at("G1", "G2", "G4", "G5"))  # four ships afloat: four shots
    assert said(game)[0] == "You fired 4 shots: no hits."


def test_weapons_say_where_they_went():
    game = game_with(RuleSet.special_weapons())
    game.play(AirStrike(Coordinate.parse("B2")))
    game.play(Torpedo(Edge.WEST, 9))  # row J from the west: no ship before J8
    assert said(game) == [
        "Your air strike on B2: 4 hits.",
        "The Admiral's torpedo from the west along row J struck J8: hit.",
    ]
    game.play(Torpedo(Edge.NORTH, 8))  # column 9: the Cruiser's J9
    game.play(Torpedo(Edge.WEST, 6))  # row G: empty
    assert said(game)[1] == "The Admiral's torpedo from the west along row G: no contact."


def test_under_fog_of_war_no_sinking_of_theirs_is_named():
    game = game_with(RuleSet.fog_of_war())
    game.play(Fire.at("H10"))
    game.play(Fire.at("J1"))
    game.play(Fire.at("I10"))
    assert said(game) == ["You fired at I10: hit."]


def test_under_group_reports_each_side_is_its_report():
    game = BattleshipGame(RuleSet.five_shot(), 3)
    game.setup_random(5)
    game.play(Fire.at("A1", "A2", "A3", "A4", "A5"))
    assert len(said(game)) == 1
    assert said(game)[0].startswith("Round 1: ")
    game.play(Fire.at("J1", "J2", "J3", "J4", "J5"))
    summary = said(game)
    assert len(summary) == 2
    assert summary[1].startswith("Round 1, their shots: ")
