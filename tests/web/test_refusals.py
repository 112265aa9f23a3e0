"""Every refusal the web layer says from an engine error's kind reads, in English, exactly
as the engine's own message did; in another language, as its translation."""

import pytest
from django.utils import translation

from battleship.classic import BattleshipGame, Board, Coordinate, Fire, RuleSet, Torpedo
from battleship.classic.moves import Edge
from battleship.classic.sentences import sentence
from core.refusals import SENTENCES, refusal


def errors():
    """One error of as many kinds as a few lines of play can provoke."""
    made = []

    def catch(action):
        try:
            action()
        except ValueError as error:
            made.append(error)
        else:  # pragma: no cover - each action below is refused
            raise AssertionError("not refused")

    board = Board(RuleSet.standard())
    board.place_ship("Carrier", "A1", "H")
    board.place_ship("Cruiser", "C1", "H")
    catch(lambda: board.place_ship("Carrier", "E1", "H"))
    catch(lambda: board.place_ship("Destroyer", "A2", "V"))
    catch(lambda: board.place_ship("Battleship", "A9", "H"))
    catch(lambda: board.place_ship("Canoe", "A9", "H"))
    catch(lambda: board.remove_ship("Submarine"))
    no_touch = Board(RuleSet.no_touch())
    no_touch.place_ship("Carrier", "A1", "H")
    catch(lambda: no_touch.place_ship("Destroyer", "B1", "H"))
    catch(lambda: Coordinate.parse("7B"))
    catch(lambda: Coordinate.parse("K1"))
    catch(lambda: Fire((Coordinate(0, 0), Coordinate(0, 0))))
    catch(lambda: Fire(()))
    game = BattleshipGame(seed=3, rules=RuleSet.special_weapons())
    catch(lambda: game.make_move("A1"))
    game.setup_random()
    game.play(Fire((Coordinate(1, 6),)))
    game.play_turn(_FirstOpen())
    catch(lambda: game.play(Fire((Coordinate(1, 6),))))
    catch(lambda: game.play(Torpedo(Edge.WEST, 12)))
    catch(lambda: game.place_ship(0, "Carrier", "A1", "H"))
    salvo = BattleshipGame(seed=3, rules=RuleSet.salvo())
    salvo.setup_random()
    catch(lambda: salvo.play(Fire(tuple(Coordinate(0, c) for c in range(6)))))
    return made


class _FirstOpen:
    def choose_move(self, view):
        fired = {shot.coord for shot in view.shots_fired}
        cell = next(
            Coordinate(r, c) for r in range(10) for c in range(10) if Coordinate(r, c) not in fired
        )
        return Fire((cell,))


@pytest.fixture(scope="module")
def provoked():
    return errors()


def test_each_kind_reads_in_english_as_the_engines_message(provoked):
    assert len({error.kind for error in provoked}) >= 15
    with translation.override("en"):
        for error in provoked:
            assert error.kind in SENTENCES, error
            assert refusal(error) == sentence(error)


def test_each_kind_has_its_own_words_in_every_language(provoked):
    for language in ("de", "fr", "es"):
        with translation.override(language):
            for error in provoked:
                said = refusal(error)
                with translation.override("en"):
                    english = refusal(error)
                assert said != english, (language, error.kind)
                assert said[:1].isupper() or said[:1] in "'¡¿", said
                # Cells stay cells, in every language.
                for value in error.values.values():
                    if isinstance(value, str) and value[:1].isalpha() and value[1:].isdigit():
                        assert value in said


def test_an_error_of_no_known_kind_is_said_in_general_words_outside_english():
    error = ValueError("something a forged form caused")
    with translation.override("en"):
        assert refusal(error) == "Something a forged form caused."
    with translation.override("de"):
        assert refusal(error) == "Das geht nicht; es wurde nichts geändert."
