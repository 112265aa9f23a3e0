"""Whole games in every mode, played as a player plays them: by a finger's taps on a phone
(375 x 800, real touch events) or by a mouse's clicks on a desktop (1280 x 900).

Each mode starts a game whose enemy fleet the test knows (so it can aim), then yields its
turns one by one; ``play`` takes each turn with taps or clicks alone and measures, after
every turn, what a player notices: where Enemy waters' top is on the screen, whether every
cell of row A is the element at its own centre (nothing drawn over it), how many presses the
turn took. ``play(..., skip=n)`` plays the first n turns as the page's own forms would post
them (over HTTP, with the page's cookies), then reloads the page and plays the rest: a
shorter game that still ends with its last turn. Used by test_browser_one_tap.py (which
asserts on it) and by board_steadiness.py (which prints it, and takes screenshots).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from battleship.classic import Coordinate
from daily.fleet import day_board
from daily.models import DailyAttempt, today
from duels.models import Duel
from games.models import Game
from sector.models import SectorBattle
from tests.e2e.test_browser_rule_sets import start
from tests.web.conftest import COMPUTER_FLEET, fleet_cells
from tests.web.test_five_shot import FIVE_SHOT_COMPUTER

PHONE = {"width": 375, "height": 800}
DESKTOP = {"width": 1280, "height": 900}

# Where Enemy waters are on the screen, and whether each cell of row A is what a press at
# its centre meets (not a sticky bar, a dialog or anything else drawn over it).
MEASURE = """(board) => {
  const top = board.getBoundingClientRect().top;
  const rowA = Array.from(board.querySelectorAll("tbody tr:first-child td[data-row]"));
  const covered = rowA.filter((td) => {
    const box = td.getBoundingClientRect();
    const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !seen || !td.contains(seen);
  }).map((td) => td.id || td.dataset.row + "," + td.dataset.col);
  const cell = board.querySelector("tbody td[data-row] .cell");
  return {top, covered, scrollY: window.scrollY, cell: cell.getBoundingClientRect().width};
}"""


@dataclass
class Turn:
    """One turn as a player takes it: the presses, in order, the last of which fires; and
    the same move as the page's form posts it (to skip the turn)."""

    presses: list[Callable[[Page], Locator]]
    label: str = ""
    form: dict[str, str] = field(default_factory=dict)


@dataclass
class Measure:
    top: float
    covered: list[str]
    scroll_y: float
    cell: float
    presses: int = 0
    label: str = ""


@dataclass
class Played:
    """What a whole game measured: before the first turn played on the page, then after each."""

    start: Measure
    turns: list[Measure] = field(default_factory=list)

    def moved(self) -> list[float]:
        return [round(m.top - self.start.top, 1) for m in self.turns]


def cell_in(board: Callable[[Page], Locator], label: str) -> Callable[[Page], Locator]:
    return lambda page: (
        board(page)
        .locator(f"td[data-row] button[value='{label}']")
        .or_(board(page).get_by_role("button", name=re.compile(rf"^{label}(,|$)")))
    )


def measure(page: Page) -> Measure:
    found = page.locator("table.board.enemy").evaluate(MEASURE)
    return Measure(found["top"], found["covered"], found["scrollY"], found["cell"])


def press(locator: Locator, how: str) -> None:
    if how == "tap":
        locator.tap()
    else:
        locator.click()


def posted(page: Page, url: str, form: dict[str, Any]) -> None:
    """A move sent as the page's own form sends it, with the page's cookies and token."""
    token = json.loads(page.locator("body").get_attribute("hx-headers") or "{}")["X-CSRFToken"]
    sent = page.request.post(url, form=form, headers={"X-CSRFToken": token})
    assert sent.ok, (url, form, sent.status)


class Mode:
    """A game of one mode, ready to play: its page, its turns, how to tell a turn was played."""

    name = ""

    def __init__(self, page: Page, base: str) -> None:
        self.page = page
        self.base = base
        self.how = "click"  # or "tap": set by play()

    def turns(self) -> Iterator[Turn]:
        raise NotImplementedError

    def move(self) -> str:
        """The move number the page shows."""
        return self.page.locator("#turn").get_attribute("data-move") or ""

    def wait_played(self, before: str) -> None:
        """The answer is in and played back (the computer's reply shown too)."""
        expect(self.page.locator("#turn")).not_to_have_attribute("data-move", before)
        expect(self.page.locator("body")).not_to_have_class(re.compile(r"\bturn-(mine|aiming)\b"))

    def over(self) -> bool:
        return self.page.locator("#outcome-heading").count() > 0

    def after_turn(self) -> None:
        """Anything the other side does before the player's next turn (a friend's move)."""

    def stored_moves(self) -> int:
        raise NotImplementedError

    def skip(self, turn: Turn) -> None:
        """The turn played over HTTP, as the page's form posts it (the page not updated)."""
        raise NotImplementedError

    def reload(self) -> None:
        self.page.reload()
        self.page.wait_for_load_state("load")


def enemy(page: Page) -> Locator:
    return page.get_by_role("grid", name=re.compile("Enemy"))


class Classic(Mode):
    """Against the Recruit under a rule set, the enemy fleet known."""

    rules = "Classic"
    fleet = COMPUTER_FLEET

    def __init__(self, page: Page, base: str) -> None:
        super().__init__(page, base)
        self.game = start(page, base, self.rules, self.fleet)
        self.name = self.rules

    def targets(self) -> list[str]:
        return fleet_cells(self.fleet)

    def turns(self) -> Iterator[Turn]:
        for label in self.targets():
            yield Turn([cell_in(enemy, label)], label, {"cell": label})

    def stored_moves(self) -> int:
        return Game.objects.get(pk=self.game.pk).moves

    def skip(self, turn: Turn) -> None:
        form = {**turn.form, "move": str(self.stored_moves())}
        posted(self.page, f"{self.base}/games/{self.game.pk}/shots", form)


class Salvo(Classic):
    rules = "Salvo"
    water = [f"{row}{col}" for row in "FG" for col in range(1, 11)]

    def volley(self) -> int:
        return int(self.page.locator("#volley-status").get_attribute("data-volley") or "1")

    def turns(self) -> Iterator[Turn]:
        targets, water = self.targets(), list(self.water)
        while targets:
            size = self.volley()
            cells = (targets + water)[:size]
            targets = [t for t in targets if t not in cells]
            water = [w for w in water if w not in cells]
            fire = [lambda page: page.locator("#volley-fire")]
            presses = [cell_in(enemy, label) for label in cells] + fire
            yield Turn(presses, " ".join(cells), {"cell": " ".join(cells)})


class FiveShot(Salvo):
    rules = "Five shots"
    fleet = FIVE_SHOT_COMPUTER

    def targets(self) -> list[str]:
        from battleship.classic import Board
        from core.rule_sets import BY_NAME

        board = Board(BY_NAME["five_shot"].rules)
        for name, start_at, way in self.fleet:
            board.place_ship(name, start_at, way)
        return [str(c) for ship in board.ships for c in ship.cells]


class SpecialWeapons(Classic):
    """An air strike and a torpedo aimed on the board (two steps for a finger: aimed, then
    fired), the rest by shots."""

    rules = "Special weapons"

    def turns(self) -> Iterator[Turn]:
        weapons = self.page.get_by_role("group", name="Aim with")
        strike = weapons.get_by_role("button", name=re.compile("^Air strike"))
        torpedo = weapons.get_by_role("button", name=re.compile("^Torpedo"))
        # A mouse's click fires where it points; a finger's first tap aims, the second fires.
        fire = [self.weapon_fire] if self.how == "tap" else []
        form = {"weapon": "air_strike", "center": "B7"}
        yield Turn([lambda page: strike, cell_in(enemy, "B7"), *fire], "strike B7", form)
        launch = self.page.get_by_role("group", name=re.compile("Launch points")).get_by_role(
            "button", name="Row F, from the left", exact=True
        )
        form = {"weapon": "torpedo", "line": "row-5", "end": "start"}
        yield Turn([lambda page: torpedo, lambda page: launch, *fire], "torpedo F", form)
        struck = {f"{r}{c}" for r in "ABC" for c in (6, 7, 8)}
        for label in self.targets():
            if label not in struck:
                yield Turn([cell_in(enemy, label)], label, {"cell": label})

    @staticmethod
    def weapon_fire(page: Page) -> Locator:
        """A finger's second step: the loupe's Fire (on a board too small for it), else the
        page's."""
        loupe = page.locator("#loupe[open]")
        if loupe.count():
            return loupe.locator(".loupe-fire")
        return page.locator("#aim-fire")


class Daily(Mode):
    name = "Daily"

    def __init__(self, page: Page, base: str) -> None:
        super().__init__(page, base)
        page.goto(base + "/daily")
        page.wait_for_load_state("load")
        expect(page.locator("table.board.enemy")).to_be_visible()

    def turns(self) -> Iterator[Turn]:
        board = lambda page: page.locator("table.board.enemy")  # noqa: E731
        ships = [str(c) for ship in day_board(today()).ships for c in ship.cells]
        water = next(
            str(Coordinate(r, c))
            for r in range(10)
            for c in range(10)
            if str(Coordinate(r, c)) not in ships
        )
        for label in [water, *ships]:
            yield Turn([cell_in(board, label)], label, {"cell": label})

    def wait_played(self, before: str) -> None:
        expect(self.page.locator("#turn")).not_to_have_attribute("data-move", before)

    def stored_moves(self) -> int:
        attempt = DailyAttempt.objects.filter(day=today()).first()
        return attempt.moves if attempt else 0

    def skip(self, turn: Turn) -> None:
        form = {**turn.form, "move": str(self.stored_moves())}
        posted(self.page, f"{self.base}/daily/{today().isoformat()}/shots", form)


class Sector(Mode):
    """Against the Deckhand, its fleet known (both submarines at the edge, heading off the
    sea: they cannot move)."""

    name = "Sector"
    computer = [
        ("Carrier", "C1", "across"),
        ("Battleship", "E8", "across"),
        ("Destroyer", "H4", "down"),
        ("Submarine", "L11", ">"),
        ("Second Submarine", "A1", "<"),
    ]
    targets = ["C1", "C2", "C3", "C4", "C5", "E8", "E9", "E10", "E11", "H4", "I4", "J4"]
    targets += ["L11", "A2"]

    def __init__(self, page: Page, base: str) -> None:
        from battleship.sector import Placement

        super().__init__(page, base)
        page.goto(base + "/sector/new")
        token = json.loads(page.locator("body").get_attribute("hx-headers"))["X-CSRFToken"]
        made = page.request.post(
            base + "/sector/battles", form={"csrfmiddlewaretoken": token, "level": "1"}
        )
        assert made.ok, made.status
        battle = SectorBattle.objects.get(pk=made.url.rstrip("/").split("/")[-1])
        for step in ("shuffle", "start"):
            url = base + battle.get_absolute_url() + step
            sent = page.request.post(url, headers={"X-CSRFToken": token})
            assert sent.ok, (step, sent.status)
        battle.refresh_from_db()
        battle.fleets[1] = [Placement.of(*ship).to_dict() for ship in self.computer]
        battle.save(update_fields=["fleets"])
        self.battle = battle
        page.goto(base + battle.get_absolute_url())
        page.wait_for_load_state("load")
        expect(page.get_by_role("table", name="Enemy sea")).to_be_visible()

    def turns(self) -> Iterator[Turn]:
        sea = lambda page: page.get_by_role("table", name="Enemy sea")  # noqa: E731
        for label in self.targets:
            yield Turn([cell_in(sea, label)], label, {"action": "shot", "target": label})

    def stored_moves(self) -> int:
        return SectorBattle.objects.get(pk=self.battle.pk).moves

    def skip(self, turn: Turn) -> None:
        form = {**turn.form, "move": str(self.stored_moves())}
        posted(self.page, self.base + self.battle.get_absolute_url() + "turns", form)


class Friend(Mode):
    """Ann (this page) against Bob (another browser's), the rules standard, each fleet known:
    Ann fires at Bob's; Bob answers each turn at his own waters' cells, by taps or clicks too."""

    name = "Friend"

    def __init__(self, page: Page, base: str, browser: Browser, context_args: dict) -> None:
        super().__init__(page, base)
        self.other = browser.new_context(**context_args).new_page()
        page.goto(base + "/friend/")
        page.get_by_label("Your name, as your friend will see it").fill("Ann")
        page.get_by_role("button", name="Get the invite link").click()
        link = page.get_by_label("Invite link").input_value()
        self.other.goto(link)
        self.other.get_by_label("Your name, as your friend will see it").fill("Bob")
        self.other.get_by_role("button", name="Join the game").click()
        expect(page.get_by_role("heading", name="Place your fleet")).to_be_visible(timeout=5000)
        self.game = Duel.objects.get(token=link.rstrip("/").split("/")[-1])
        for who in (page, self.other):
            expect(who.get_by_role("button", name="Shuffle")).to_be_visible()
            who.get_by_role("button", name="Shuffle").click()
            expect(who.get_by_role("button", name="Ready", exact=True)).to_be_visible()
        # Bob's fleet known to the test: placed where the classic tests' enemy fleet is.
        self.game.refresh_from_db()
        fleets = list(self.game.fleets)
        fleets[1] = [
            {"ship": name, "row": cell.row, "col": cell.col, "orientation": way}
            for name, start_at, way in COMPUTER_FLEET
            for cell in [Coordinate.parse(start_at)]
        ]
        Duel.objects.filter(pk=self.game.pk).update(fleets=fleets)
        for who in (page, self.other):
            who.get_by_role("button", name="Ready", exact=True).click()
        for who in (page, self.other):
            expect(who.get_by_text(re.compile("The coin flip"))).to_be_visible(timeout=5000)
        self.game.refresh_from_db()
        self.bob_shots = [str(Coordinate(r, c)) for r in range(10) for c in range(10)]
        self.how = "tap" if context_args.get("has_touch") else "click"
        # Ann is to fire first: if the coin says Bob, Bob fires once now.
        if not self.game.view(0).my_turn:
            self.after_turn()

    def move(self) -> str:
        return self.page.locator("#live").get_attribute("data-move") or ""

    def wait_played(self, before: str) -> None:
        expect(self.page.locator("#live")).not_to_have_attribute("data-move", before)

    def turns(self) -> Iterator[Turn]:
        waters = lambda page: page.get_by_role("grid", name="Bob's waters")  # noqa: E731
        for label in fleet_cells(COMPUTER_FLEET):
            yield Turn([cell_in(waters, label)], label, {"cell": label})

    def after_turn(self) -> None:
        """Bob's move, tapped or clicked in his browser; Ann's page shows it by itself."""
        self.game.refresh_from_db()
        if self.game.status != Duel.Status.PLAYING or self.game.view(0).my_turn:
            return
        bob = self.other
        expect(bob.get_by_text("Your turn.")).to_be_visible(timeout=5000)
        before = self.move()
        label = self.bob_shots.pop()
        waters = bob.get_by_role("grid", name="Ann's waters")
        press(waters.locator(f"button[value='{label}']"), self.how)
        expect(self.page.locator("#live")).not_to_have_attribute("data-move", before, timeout=5000)
        expect(self.page.get_by_text("Your turn.")).to_be_visible(timeout=5000)

    def stored_moves(self) -> int:
        return Duel.objects.get(pk=self.game.pk).moves

    def skip(self, turn: Turn) -> None:
        """Ann's move and Bob's answer, each posted from their own browser."""
        url = f"{self.base}/friend/{self.game.token}/shots"
        posted(self.page, url, {**turn.form, "move": str(self.stored_moves())})
        bob = {"cell": self.bob_shots.pop(), "move": str(self.stored_moves())}
        posted(self.other, url, bob)

    def reload(self) -> None:
        super().reload()
        self.other.reload()


def play(
    mode: Mode, how: str, *, skip: int = 0, fired: Callable[[Mode, int], None] | None = None
) -> Played:
    """The game, each turn pressed by ``how`` ("tap" or "click") alone, after its first
    ``skip`` turns posted over HTTP; measured before the first turn played on the page and
    after each. ``fired``: called after each turn's last press with how many presses the
    turn took (a test asserts the move was played)."""
    page = mode.page
    mode.how = how
    turns = mode.turns()
    if skip:
        for _, turn in zip(range(skip), turns, strict=False):
            mode.skip(turn)
        mode.reload()
    played = Played(measure(page))
    for turn in turns:
        if mode.over():
            break
        before = mode.move()
        for find in turn.presses:
            press(find(page), how)
        presses = len(turn.presses)
        mode.wait_played(before)
        if fired:
            fired(mode, presses)
        mode.after_turn()
        found = measure(page)
        found.presses, found.label = presses, turn.label
        played.turns.append(found)
    return played
