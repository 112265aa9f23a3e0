"""A sector turn sounds and ends as the classic game's: the answer to a turn carries its
sound (miss, hit, sunk; won or lost at the end) and marks the cells each side just fired at
(played back in order by static/js/turn.js); the end is a card under the seas with the
battle's key figures and Play again, which opens one new battle against the same opponent.
Two battles that differ only where nothing was told still get the same answers."""

import re

import pytest

from battleship.sector import parse_cell
from sector.models import SectorBattle
from tests.web.conftest import normalised
from tests.web.test_sector import COMPUTER, started, without_digest
from tests.web.test_sector_turns import hx_turn

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def sound_of(html: str) -> str:
    match = re.search(r'<div id="turn" data-move="\d+" data-sound="([a-z]*)"', html)
    assert match, "no turn marker in the answer"
    return match.group(1)


def latest_cells(html: str, sea: str) -> list[str]:
    """The cells marked as just fired at on one sea ("Enemy sea" or "Your sea")."""
    table = re.search(rf'<table[^>]*aria-label="{sea}".*?</table>', html, re.S)
    assert table, sea
    marked = r'data-cell="([A-L]\d+)"[^>]*>(?:(?!</td>).)*?class="cell [^"]*\blatest\b'
    return re.findall(marked, table.group(0), re.S)


def play_to_the_end(client, battle):
    """Shots from the first ship afloat at each cell not struck yet, by htmx, until the
    battle ends: the last answer."""
    cells = [f"{row}{col}" for row in "ABCDEFGHIJKL" for col in range(1, 13)]
    answer = None
    for cell in cells * 2:
        battle.refresh_from_db()
        if battle.is_over:
            break
        legal = battle.view().legal
        if parse_cell(cell) in legal.targets:
            answer = hx_turn(client, battle, action="shot", ship=legal.shooters[0], target=cell)
            assert answer.status_code == 200
    battle.refresh_from_db()
    assert battle.is_over
    return answer.content.decode()


def test_the_answer_to_a_turn_sounds_as_the_classic_games_shot(guest):
    battle = started(guest)
    hit = hx_turn(guest, battle, action="shot", ship="Carrier", target="A8")
    assert sound_of(hit.content.decode()) == "hit"
    miss = hx_turn(guest, battle, action="shot", ship="Carrier", target="F3")
    assert sound_of(miss.content.decode()) == "miss"
    sunk = [
        hx_turn(guest, battle, action="shot", ship="Carrier", target=c)
        for c in ("E12", "F12", "G12")
    ]
    assert [sound_of(s.content.decode()) for s in sunk] == ["hit", "hit", "sunk"]
    barrage = hx_turn(guest, battle, action="barrage", cells="C9 C10 K1")
    assert sound_of(barrage.content.decode()) == "hit"
    recon = hx_turn(guest, battle, action="recon", target="B2")
    assert sound_of(recon.content.decode()) == ""  # nothing fired at, nothing heard
    # The page itself (a reload) makes no sound.
    assert sound_of(guest.get(f"/sector/{battle.pk}/").content.decode()) == ""
    assert sound_of(guest.get(f"/sector/{battle.pk}/", headers=HX).content.decode()) == ""


def test_the_cells_each_side_just_fired_at_are_marked_until_the_next_turn(guest):
    battle = started(guest)
    html = hx_turn(guest, battle, action="shot", ship="Carrier", target="A8").content.decode()
    assert latest_cells(html, "Enemy sea") == ["A8"]
    battle.refresh_from_db()
    theirs = battle.view().reports[-1]
    expected = [str(c) for c in theirs.cells] if theirs.kind in ("shot", "barrage") else []
    assert latest_cells(html, "Your sea") == expected
    html = hx_turn(guest, battle, action="barrage", cells="K1 K2 K3").content.decode()
    assert latest_cells(html, "Enemy sea") == ["K1", "K2", "K3"]  # A8's mark is gone


def test_the_end_is_a_card_under_the_seas_with_the_key_figures_and_a_sound(guest):
    battle = started(guest)
    html = play_to_the_end(guest, battle)
    assert sound_of(html) == battle.status
    card = re.search(r'<section class="card outcome outcome-(\w+)".*?</section>', html, re.S)
    assert card
    assert card.group(1) == battle.status
    assert html.index("sector-seas boards") < card.start()  # nothing above the seas moved
    text = " ".join(re.sub(r"<[^>]+>", " ", card.group(0)).split())
    heading = {"won": "You won", "lost": "You lost"}[battle.status]
    assert heading in text
    accuracy = round(100 * battle.shots_hit / battle.shots_fired)
    assert f"Your shots {battle.shots_fired}" in text
    assert f"Hits {battle.shots_hit} ({accuracy}% accuracy)" in text
    assert f"Ships you lost {battle.ships_lost} of 5" in text
    assert f'action="/sector/{battle.pk}/again"' in card.group(0)
    assert f"/sector/{battle.pk}/replay?step=0" in card.group(0)


def test_play_again_opens_one_new_battle_against_the_same_opponent(guest):
    battle = started(guest, level=2)
    early = guest.post(f"/sector/{battle.pk}/again")
    assert early.status_code == 409  # still going: nothing opened
    assert "still going" in early.content.decode()
    assert SectorBattle.objects.count() == 1
    play_to_the_end(guest, battle)
    first = guest.post(f"/sector/{battle.pk}/again")
    assert first.status_code == 302
    new = SectorBattle.objects.exclude(pk=battle.pk).get()
    assert (new.level, new.status, new.guest_id) == (2, "setup", battle.guest_id)
    assert first.url == new.get_absolute_url()
    again = guest.post(f"/sector/{battle.pk}/again", headers=HX)  # a double press, by htmx
    assert again.headers["HX-Redirect"] == new.get_absolute_url()
    assert SectorBattle.objects.count() == 2
    assert "Place your fleet" in guest.get(first.url).content.decode()


def test_play_again_of_someone_elses_battle_is_not_found(guest, outsider):
    battle = started(guest)
    play_to_the_end(guest, battle)
    assert outsider.post(f"/sector/{battle.pk}/again").status_code == 404
    assert SectorBattle.objects.count() == 1


def test_twin_battles_get_the_same_sounding_answers(guest):
    """Two battles whose computer fleets differ only in a submarine nothing told of: the
    answers to a hit, a miss and a barrage (their sounds and marks included) are the same."""
    elsewhere = [*COMPUTER[:4], ("Second Submarine", "F5", "^")]
    battles = [started(guest, computer=c, seed=8) for c in (COMPUTER, elsewhere)]
    sounds = []
    for data in (
        {"action": "shot", "ship": "Carrier", "target": "A8"},
        {"action": "shot", "ship": "Destroyer", "target": "J7"},
        {"action": "barrage", "cells": "C9 C10 C11"},
    ):
        answers = [hx_turn(guest, battle, **data).content.decode() for battle in battles]
        for battle in battles:
            battle.refresh_from_db()
        assert battles[0].view().reports == battles[1].view().reports
        texts = [normalised(without_digest(a)) for a in answers]
        assert texts[0] == texts[1], data
        sounds.append(sound_of(answers[0]))
    assert sounds == ["hit", "miss", "hit"]
