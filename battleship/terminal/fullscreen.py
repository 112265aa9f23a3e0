"""The full-screen terminal game, on Textual: both boards, a cursor, a log, a menu, a result.

``python -m battleship`` opens it on a terminal (``--plain``, ``NO_COLOR``, a pipe or a
missing Textual give the line-by-line game of ``battleship.terminal.classic`` instead). The
same engine, computer players and seeds as the line-by-line game and the web site: a game of seed S
places the same fleets and fires the same computer shots everywhere. The computer's turn is
played by the line-by-line game's own code, whose announcements go to the log.

Keys: the arrows move the cursor over the enemy's waters, Enter or Space fires (so does a
click on a cell), ``r`` resigns, ``q`` quits; on the result screen ``n`` opens the menu for
a new game.
"""

from __future__ import annotations

import io
import secrets
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Label, OptionList, RichLog, Static

from battleship.classic import BattleshipGame, Coordinate, Fire, GamePhase, RuleSet
from battleship.classic.ai import LEVELS, computer_seed, get_player
from battleship.classic.ai.base import ComputerPlayer
from battleship.classic.display import Cell, CellState, build_display
from battleship.classic.sentences import sentence
from battleship.classic.variants import VARIANTS, rule_set
from battleship.phase import COMPUTER, HUMAN
from battleship.terminal import classic, console

STYLES = {
    CellState.WATER: "dim",
    CellState.UNKNOWN: "dim",
    CellState.SHIP: "bold green",
    CellState.MISS: "cyan",
    CellState.HIT: "bold red",
    CellState.SUNK: "bold magenta",
    CellState.GROUP: "yellow",
}
CELL_WIDTH = 3  # each cell is drawn as two spaces and its symbol
ROW_LABEL_WIDTH = 3  # " A " before the cells of row A


class Board(Widget, can_focus=True):
    """One board as text: a header of column numbers, a lettered line per row.

    The enemy's board has a cursor (arrows; Enter, Space or a click fires: ``Fire``). The
    last shot at the board is marked with brackets.
    """

    DEFAULT_CSS = """
    Board { width: auto; height: auto; padding: 0 1; }
    Board:focus { background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("enter,space", "fire", "Fire"),
    ]

    cursor: reactive[Coordinate | None] = reactive(None)
    last: reactive[Coordinate | None] = reactive(None)

    class Fire(Message):
        """The person fires at ``cell``."""

        def __init__(self, cell: Coordinate) -> None:
            super().__init__()
            self.cell = cell

    def __init__(
        self, title: str, size: int, *, targetable: bool = False, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.board_title = title
        self.board_size = size
        self.targetable = targetable
        self.rows: Sequence[tuple[str, Sequence[Cell]]] = ()
        self.can_focus = targetable
        if targetable:
            self.cursor = Coordinate(0, 0)

    def show(self, rows: Sequence[tuple[str, Sequence[Cell]]], last: Coordinate | None) -> None:
        self.rows = rows
        self.last = last
        self.refresh(layout=True)

    def render(self) -> Text:
        text = Text(f"{self.board_title}\n", style="bold")
        text.append(
            " " * ROW_LABEL_WIDTH + "".join(f"{c:>3}" for c in range(1, self.board_size + 1))
        )
        for r, (letter, cells) in enumerate(self.rows):
            text.append(f"\n {letter} ")
            closing = " "  # the space before a cell, or the bracket closing the last shot
            for c, cell in enumerate(cells):
                here = Coordinate(r, c)
                style = STYLES[cell.state]
                if self.targetable and here == self.cursor:
                    style += " reverse"
                text.append(closing + ("[" if here == self.last else " "), style="yellow")
                text.append(console.SYMBOLS[cell.state], style=style)
                closing = "]" if here == self.last else " "
            text.append(closing, style="yellow")
        return text

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return ROW_LABEL_WIDTH + CELL_WIDTH * self.board_size + 1

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return self.board_size + 2

    def action_move(self, rows: int, cols: int) -> None:
        if self.cursor is None:
            return
        row = min(max(self.cursor.row + rows, 0), self.board_size - 1)
        col = min(max(self.cursor.col + cols, 0), self.board_size - 1)
        self.cursor = Coordinate(row, col)

    def action_fire(self) -> None:
        if self.targetable and self.cursor is not None:
            self.post_message(self.Fire(self.cursor))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if not self.targetable or offset is None:
            return
        row = offset.y - 2  # the title and the column numbers above the first row
        col = (offset.x - ROW_LABEL_WIDTH) // CELL_WIDTH
        if 0 <= row < self.board_size and 0 <= col < self.board_size:
            self.cursor = Coordinate(row, col)
            self.post_message(self.Fire(self.cursor))


class MenuScreen(Screen[None]):
    """Choose the rule set and the computer's level, then start."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Quit")]

    def __init__(self, rules: str = "standard", level: int = 3) -> None:
        super().__init__()
        self.initial_rules = rules
        self.initial_level = level

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="menu"):
            with Vertical():
                yield Label("Rules")
                yield OptionList(*VARIANTS, id="rules")
            with Vertical():
                yield Label("Computer")
                yield OptionList(*(f"{info.level} {info.name}" for info in LEVELS), id="level")
            with Vertical():
                yield Button("Start", id="start", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules", OptionList).highlighted = list(VARIANTS).index(self.initial_rules)
        levels = [info.level for info in LEVELS]
        self.query_one("#level", OptionList).highlighted = levels.index(self.initial_level)
        self.query_one("#start", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        rules = list(VARIANTS)[self.query_one("#rules", OptionList).highlighted or 0]
        level = LEVELS[self.query_one("#level", OptionList).highlighted or 0].level
        app = self.app
        if isinstance(app, BattleshipApp):
            app.start_game(rules, level, None)


class GameScreen(Screen[None]):
    """A game against the computer: your fleet, the enemy's waters, both fleets, the log."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "resign", "Resign"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, rules: RuleSet, level: int, seed: int) -> None:
        super().__init__()
        self.rules = rules
        self.level = level
        self.seed = seed
        self.computer: ComputerPlayer = get_player(level, computer_seed(seed))
        self.game = BattleshipGame(rules, seed)
        self.game.place_fleet(COMPUTER, self.computer.place_fleet(rules))
        self.game.setup_random()
        self.my_last: Coordinate | None = None
        self.aimed: list[Coordinate] = []  # under group reports, the turn's cells so far

    def compose(self) -> ComposeResult:
        size = self.rules.board_size
        yield Header()
        with Horizontal(id="boards"):
            yield Board("Your fleet", size, id="own")
            yield Board(f"Enemy waters ({self.computer.name})", size, targetable=True, id="enemy")
            yield Static(id="fleets")
        yield RichLog(id="log", wrap=True, markup=False)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.write(f"Battleship against the {self.computer.name} (level {self.level}).")
        log.write(f"Rules: {self.rules.name}. Seed {self.seed}: replay with --seed {self.seed}.")
        log.write("Arrows and Enter (or a click) fire; r resigns; q quits.")
        self._computer_turn()  # if the rules let the computer start
        self._refresh()
        self.query_one("#enemy", Board).focus()

    def on_board_fire(self, message: Board.Fire) -> None:
        log = self.query_one("#log", RichLog)
        if self.game.phase is not GamePhase.IN_PROGRESS:
            return
        if self.rules.group_reports:
            self._aim(message.cell, log)
            return
        try:
            result = self.game.make_move(message.cell)
        except ValueError as error:
            log.write(f"{sentence(error)}")
            return
        self.my_last = result.coord
        if result.sunk is not None and self.rules.names_sunk_ships:
            log.write(f"{result.coord}: hit, and you sank their {result.sunk.name}!")
        else:
            log.write(f"{result.coord}: {'hit!' if result.hit else 'miss.'}")
        self._computer_turn()
        self._refresh()

    def _aim(self, cell: Coordinate, log: RichLog) -> None:
        """Under group reports (docs/rules/five-shot.md): add ``cell`` to the turn, and fire
        the turn once it is whole; its report is what the log says (no cell's own result)."""
        try:
            Fire((*self.aimed, cell))  # a cell chosen twice in the turn is refused here
            self.game.boards[COMPUTER].check_shot(cell)
        except ValueError as error:
            log.write(f"{sentence(error)}")
            return
        self.aimed.append(cell)
        left = self.game.view_for(HUMAN).shots_left_in_turn
        if len(self.aimed) < left:
            named = " ".join(map(str, self.aimed))
            log.write(f"Aimed at {named}; {left - len(self.aimed)} more to name.")
            return
        self.game.play(Fire(tuple(self.aimed)))
        self.my_last, self.aimed = cell, []
        view = self.game.view_for(HUMAN)
        log.write(f"Round {len(view.reports)}: {view.reports[-1]}.")
        self._computer_turn()
        self._refresh()

    def action_resign(self) -> None:
        if self.game.phase is GamePhase.IN_PROGRESS:
            self.game.resign(HUMAN)
            self._refresh()

    def _computer_turn(self) -> None:
        # The line-by-line game's own turn, its announcements caught for the log.
        if self.game.phase is not GamePhase.IN_PROGRESS:
            return
        if self.game.current_player != COMPUTER:
            return
        said = io.StringIO()
        classic._computer_turn(console.Console(io.StringIO(), said), self.game, self.computer)
        log = self.query_one("#log", RichLog)
        for line in said.getvalue().splitlines():
            log.write(line)

    def _refresh(self) -> None:
        view = self.game.view_for(HUMAN)
        display = build_display(view)
        received = view.shots_received
        self.query_one("#own", Board).show(display.own_rows, received[-1][0] if received else None)
        self.query_one("#enemy", Board).show(display.enemy_rows, self.my_last)
        lines = ["Your fleet"]
        lines += [f"  {'sunk ' if s.sunk else 'afloat'} {s.name}" for s in display.own_fleet]
        lines.append("Enemy fleet")
        # Under fog of war whether one of theirs is sunk is not known (None) until the end.
        said = {True: "sunk ", False: "afloat", None: "?     "}
        lines += [f"  {said[s.sunk]} {s.name}" for s in display.enemy_fleet]
        if view.my_turn and view.shots_left_in_turn > 1:
            lines.append(f"{view.shots_left_in_turn} shots left this turn")
        self.query_one("#fleets", Static).update("\n".join(lines))
        if self.game.phase is GamePhase.FINISHED:
            out = io.StringIO()
            result = classic._finish(console.Console(io.StringIO(), out), view, self.computer)
            summary = out.getvalue().strip().splitlines()[-1]
            app = self.app
            if isinstance(app, BattleshipApp):
                app.result = result
                app.show(ResultScreen(summary, self.rules.name, self.level))


class ResultScreen(Screen[None]):
    """How the game ended; ``n`` for a new game, ``q`` to leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, summary: str, rules: str, level: int) -> None:
        super().__init__()
        self.summary = summary
        self.rules = rules
        self.level = level

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.summary, id="summary")
        yield Static("n: a new game    q: quit")
        yield Footer()

    def action_new_game(self) -> None:
        app = self.app
        if isinstance(app, BattleshipApp):
            app.open_menu(self.rules, self.level)


class BattleshipApp(App[str]):
    """The full-screen game. With ``menu`` it opens on the menu; else straight into a game
    of ``rules`` against ``level`` (``seed`` replays one). Returns how the last game ended
    (``terminal.play``'s words), or ``"quit"``."""

    TITLE = "Battleship"
    CSS = """
    #menu { height: auto; }
    #menu Vertical { width: 1fr; height: auto; padding: 1; }
    #menu OptionList { height: auto; }
    #boards { height: auto; }
    #fleets { width: 1fr; padding: 0 2; }
    #log { height: 1fr; border: round $primary; }
    #summary { padding: 1 2; text-style: bold; }
    """

    def __init__(
        self,
        *,
        rules: str = "standard",
        level: int = 3,
        seed: int | None = None,
        menu: bool = True,
    ) -> None:
        super().__init__()
        self.initial = (rules, level, seed)
        self.menu = menu
        self.result = "quit"

    def on_mount(self) -> None:
        rules, level, seed = self.initial
        if self.menu:
            self.open_menu(rules, level)
        else:
            self.start_game(rules, level, seed)

    def open_menu(self, rules: str, level: int) -> None:
        self.result = "quit"
        self.show(MenuScreen(rules, level))

    def start_game(self, rules: str, level: int, seed: int | None) -> None:
        seed = secrets.randbits(62) if seed is None else seed
        self.show(GameScreen(rule_set(rules), level, seed))

    def show(self, screen: Screen[None]) -> None:
        """Put ``screen`` in place of the one shown: one screen at a time over the base."""
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
