"""Rule sets: the standard game and its variants (docs/rules/), recorded with every game."""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from battleship.errors import BattleshipError

_E = TypeVar("_E", bound=enum.Enum)


@dataclass(frozen=True, slots=True)
class ShipSpec:
    """A kind of ship in a fleet: its name (unique in the fleet) and its length in cells."""

    name: str
    length: int

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise BattleshipError(f"a ship's name must be a non-empty string, not {self.name!r}")
        if not _is_int(self.length) or self.length < 1:
            raise BattleshipError(
                f"{self.name}'s length must be a whole number of at least 1, not {self.length!r}"
            )


def _is_int(value: object) -> bool:
    # bool is a subclass of int, but True is not a board size or a ship length.
    return isinstance(value, int) and not isinstance(value, bool)


class ShotsPerTurn(enum.StrEnum):
    """How many shots a player fires in one turn."""

    ONE = "one"
    """One shot a turn (the standard game)."""
    UNSUNK_SHIPS = "unsunk_ships"
    """Salvo: one shot for each of the player's own ships still afloat."""
    FIXED = "fixed"
    """A fixed number of shots, ``RuleSet.salvo_size`` (docs/rules/five-shot.md)."""
    UNHIT_CELLS = "unhit_cells"
    """One shot for each cell of the player's own ships not yet hit (docs/rules/five-shot.md)."""


class Announcement(enum.StrEnum):
    """What the defender announces after a shot."""

    SHIP_ON_SINK = "ship_on_sink"
    """Hit or miss; the ship's name when it sinks (docs/rules/classic.md)."""
    HIT_OR_MISS = "hit_or_miss"
    """Fog of war: hit or miss only, never which ship, not even when it sinks."""
    GROUP = "group"
    """The five-shot games (docs/rules/five-shot.md): after a turn, which ships it hit, how
    many times each, and which sank, never which cell hit what (a ``GroupReport``)."""


class Weapon(enum.StrEnum):
    """A special weapon (docs/rules/special-weapons.md): used instead of a turn's shots."""

    AIR_STRIKE = "air_strike"
    """Every open cell of the 3 x 3 square centred on a chosen cell, cut by the board's edge."""
    TORPEDO = "torpedo"
    """Launched from an edge along a row or column: it hits the first ship cell not yet hit."""


class GameEnd(enum.StrEnum):
    """When the game is over (see ``battleship.classic.turns``)."""

    FIRST_FLEET_SUNK = "first_fleet_sunk"
    """The moment a fleet's last ship sinks, its owner loses: alternating play has no draw."""
    END_OF_ROUND = "end_of_round"
    """Checked only when a round (both players' turns) is over, so both fleets can go down in
    the same round: a draw (docs/rules/five-shot.md)."""


class FirstPlayer(enum.StrEnum):
    """Who fires first."""

    PLAYER_0 = "player_0"
    PLAYER_1 = "player_1"
    COIN_FLIP = "coin_flip"
    """Decided by the game's seeded random generator (docs/rules/classic.md)."""


STANDARD_FLEET: tuple[ShipSpec, ...] = (
    ShipSpec("Carrier", 5),
    ShipSpec("Battleship", 4),
    ShipSpec("Cruiser", 3),
    ShipSpec("Submarine", 3),
    ShipSpec("Destroyer", 2),
)

FIVE_SHOT_FLEET: tuple[ShipSpec, ...] = (
    ShipSpec("Aircraft Carrier", 5),
    ShipSpec("Battleship", 4),
    ShipSpec("Destroyer", 3),
    ShipSpec("Cruiser", 2),
    ShipSpec("Second Cruiser", 2),
    ShipSpec("Submarine", 1),
)
"""The five-shot games' fleet of six (docs/rules/five-shot.md): two Cruisers, named apart."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything that decides how a game is played; the default is the standard game."""

    name: str = "standard"
    board_size: int = 10
    fleet: tuple[ShipSpec, ...] = STANDARD_FLEET
    allow_adjacent: bool = True
    shots_per_turn: ShotsPerTurn = ShotsPerTurn.ONE
    salvo_size: int = 1
    announcement: Announcement = Announcement.SHIP_ON_SINK
    first_player: FirstPlayer = FirstPlayer.PLAYER_0
    game_end: GameEnd = GameEnd.FIRST_FLEET_SUNK
    arsenal: tuple[tuple[Weapon, int], ...] = ()
    """Each player's special weapons at the start: (weapon, how many), none by default."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise BattleshipError(f"a rule set's name must be a string, not {self.name!r}")
        if not _is_int(self.board_size) or not 2 <= self.board_size <= 26:
            raise BattleshipError(
                f"board_size must be a whole number from 2 to 26, not {self.board_size!r}"
            )
        if not isinstance(self.fleet, tuple) or not all(
            isinstance(ship, ShipSpec) for ship in self.fleet
        ):
            raise BattleshipError("fleet must be a tuple of ShipSpec")
        names = [ship.name for ship in self.fleet]
        if not names or len(set(names)) != len(names):
            raise BattleshipError("a fleet needs at least one ship and unique ship names")
        if any(not 1 <= ship.length <= self.board_size for ship in self.fleet):
            raise BattleshipError("every ship must fit on the board")
        if not isinstance(self.allow_adjacent, bool):
            raise BattleshipError(
                f"allow_adjacent must be true or false, not {self.allow_adjacent!r}"
            )
        if not _is_int(self.salvo_size) or self.salvo_size < 1:
            raise BattleshipError(
                f"salvo_size must be a whole number of at least 1, not {self.salvo_size!r}"
            )
        object.__setattr__(self, "arsenal", _arsenal(self.arsenal))
        # The enums may come as their values ("unsunk_ships"); store the members.
        for key, kind in (
            ("shots_per_turn", ShotsPerTurn),
            ("announcement", Announcement),
            ("first_player", FirstPlayer),
            ("game_end", GameEnd),
        ):
            object.__setattr__(self, key, _member(kind, key, getattr(self, key)))

    @classmethod
    def standard(cls) -> RuleSet:
        """The standard game (docs/rules/classic.md): 10x10, five ships, one shot a turn."""
        return cls()

    @classmethod
    def salvo(cls) -> RuleSet:
        """Salvo: each turn, one shot per own ship still afloat."""
        return cls(name="salvo", shots_per_turn=ShotsPerTurn.UNSUNK_SHIPS)

    @classmethod
    def no_touch(cls) -> RuleSet:
        """Ships may not share an edge or a corner."""
        return cls(name="no_touch", allow_adjacent=False)

    @classmethod
    def fog_of_war(cls) -> RuleSet:
        """Only hit or miss is announced, never which ship, not even when it sinks."""
        return cls(name="fog_of_war", announcement=Announcement.HIT_OR_MISS)

    @classmethod
    def special_weapons(cls) -> RuleSet:
        """The standard game, and each player has one air strike and two torpedoes."""
        return cls(name="special_weapons", arsenal=((Weapon.AIR_STRIKE, 1), (Weapon.TORPEDO, 2)))

    @classmethod
    def five_shot(cls) -> RuleSet:
        """docs/rules/five-shot.md: six ships, five shots a turn, the defender names the ships
        a turn hit (how many times each, and which sank) but not which cell hit; the end is checked
        when the round is over, so both fleets may sink together (a draw)."""
        return cls(
            name="five_shot",
            fleet=FIVE_SHOT_FLEET,
            shots_per_turn=ShotsPerTurn.FIXED,
            salvo_size=5,
            announcement=Announcement.GROUP,
            game_end=GameEnd.END_OF_ROUND,
        )

    @classmethod
    def five_shot_called(cls) -> RuleSet:
        """The first variant: as ``five_shot``, but each cell's result is announced (hit or
        miss, and the ship's name when it sinks)."""
        return cls(
            name="five_shot_called",
            fleet=FIVE_SHOT_FLEET,
            shots_per_turn=ShotsPerTurn.FIXED,
            salvo_size=5,
            announcement=Announcement.SHIP_ON_SINK,
            game_end=GameEnd.END_OF_ROUND,
        )

    @classmethod
    def five_shot_cells(cls) -> RuleSet:
        """The second variant: as ``five_shot``, but a turn has one shot for each of the
        player's own ship cells not yet hit, counted at the start of the round (17 at first)."""
        return cls(
            name="five_shot_cells",
            fleet=FIVE_SHOT_FLEET,
            shots_per_turn=ShotsPerTurn.UNHIT_CELLS,
            announcement=Announcement.GROUP,
            game_end=GameEnd.END_OF_ROUND,
        )

    def weapons(self) -> dict[Weapon, int]:
        """Each player's weapons at the start, by kind."""
        return dict(self.arsenal)

    @property
    def fleet_cells(self) -> int:
        """How many cells the whole fleet covers (17 in the standard game)."""
        return sum(ship.length for ship in self.fleet)

    def ship(self, name: str) -> ShipSpec:
        """The fleet's ship called ``name``; ``BattleshipError`` if there is none."""
        for ship in self.fleet:
            if ship.name == name:
                return ship
        raise BattleshipError(
            f"there is no {name!r} in this fleet", kind="no_such_ship", ship=str(name)
        )

    @property
    def names_sunk_ships(self) -> bool:
        """Whether a sinking is announced with the ship's name."""
        return self.announcement is not Announcement.HIT_OR_MISS

    @property
    def group_reports(self) -> bool:
        """Whether a turn is answered as a whole (``GroupReport``), not cell by cell."""
        return self.announcement is Announcement.GROUP

    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-serialisable dict; ``RuleSet.from_dict`` reads it back."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "fleet":
                value = [{"name": s.name, "length": s.length} for s in value]
            elif f.name == "arsenal":
                value = {weapon.value: count for weapon, count in value}
            elif isinstance(value, enum.Enum):
                value = value.value
            data[f.name] = value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Read a dict written by ``to_dict``; missing keys take the standard defaults.

        ``BattleshipError`` for anything else: not a dict, an unknown key, a value of the
        wrong type (``"10"`` for a board size, ``"false"`` for ``allow_adjacent``).
        """
        if not isinstance(data, dict):
            raise BattleshipError(f"a rule set is a dict of settings, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise BattleshipError(f"unknown rule settings: {', '.join(sorted(map(str, unknown)))}")
        kwargs: dict[str, Any] = dict(data)
        if "fleet" in kwargs:
            kwargs["fleet"] = _fleet_from_list(kwargs["fleet"])
        return cls(**kwargs)


def _fleet_from_list(ships: object) -> tuple[ShipSpec, ...]:
    if not isinstance(ships, list | tuple):
        raise BattleshipError(f"fleet must be a list of ships, not {type(ships).__name__}")
    fleet = []
    for ship in ships:
        if not isinstance(ship, dict) or set(ship) != {"name", "length"}:
            raise BattleshipError(f"each ship of a fleet is a {{name, length}} dict, not {ship!r}")
        fleet.append(ShipSpec(ship["name"], ship["length"]))
    return tuple(fleet)


def _arsenal(value: object) -> tuple[tuple[Weapon, int], ...]:
    """Weapons as a tuple of (weapon, count), from that or from a {name: count} dict."""
    if isinstance(value, dict):
        value = tuple(value.items())
    if not isinstance(value, tuple | list):
        raise BattleshipError(f"arsenal must map weapons to counts, not {value!r}")
    arsenal = []
    pair: object
    for pair in value:
        if not isinstance(pair, tuple | list) or len(pair) != 2:
            raise BattleshipError(f"arsenal must map weapons to counts, not {value!r}")
        weapon, count = _member(Weapon, "a weapon", pair[0]), pair[1]
        if not _is_int(count) or count < 0:
            raise BattleshipError(f"a count of weapons is a whole number, not {count!r}")
        arsenal.append((weapon, count))
    if len({weapon for weapon, _ in arsenal}) != len(arsenal):
        raise BattleshipError("each weapon is named once in an arsenal")
    # One order whatever the order given (a JSON object's keys may come back in any order).
    order = list(Weapon)
    return tuple(sorted(arsenal, key=lambda pair: order.index(pair[0])))


def _member(kind: type[_E], key: str, value: object) -> _E:
    try:
        return kind(value)
    except (TypeError, ValueError):
        choices = ", ".join(str(member.value) for member in kind)
        raise BattleshipError(f"{key} must be one of {choices}, not {value!r}") from None
