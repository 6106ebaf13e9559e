"""The westeros game state: plain data that round-trips YAML, and the queries every step uses.

The state holds canonical ids only (areas, houses, cards); templates hold names. It keeps no
caches: control, armies and supply are recomputed from the units and tokens each time.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.board import Board, load_board
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.wildling_attack import WildlingAttack

HOUSES = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")
"""Every house of the base game, in the rulebook's order."""
TRACKS = ("iron_throne", "fiefdoms", "kings_court")
UNIT_TYPES = ("footman", "knight", "ship", "siege_engine")
PORT_RULES = ("second-edition", "clash-of-kings")


@dataclass
class Options:
    """Named rule switches of one game."""

    ports: str = "second-edition"
    """P12: 'second-edition' (default) or 'clash-of-kings' (the first edition's variant)."""
    tides_of_battle: bool = False
    """The optional Tides of Battle deck."""


@dataclass
class State:
    """A westeros game at one moment."""

    round: int
    """1..10."""
    phase: str
    """westeros | planning | raven | action | ended"""
    houses: list[str]
    """Houses in play, in the rulebook's order."""
    options: Options
    tracks: dict[str, list[str]]
    """iron_throne / fiefdoms / kings_court -> houses, position 1 first."""
    supply: dict[str, int]
    """House -> position on the supply track (0..6)."""
    power: dict[str, int]
    """House -> power tokens in its pool (available)."""
    wildlings: int
    """Wildling threat, 0..12 in steps of 2."""
    units: dict[str, dict[str, list[str]]]
    """Area -> house -> units ('footman', 'routed knight'). Empty entries are removed."""
    power_tokens: dict[str, str] = field(default_factory=dict)
    """Area -> house whose power token stands there (control markers)."""
    garrisons: dict[str, int] = field(default_factory=dict)
    """Area -> strength of its home garrison or neutral force token."""
    hands: dict[str, list[str]] = field(default_factory=dict)
    """House -> house cards in hand (public in this game)."""
    discards: dict[str, list[str]] = field(default_factory=dict)
    """House -> house cards played and not yet returned."""
    orders: dict[str, str] = field(default_factory=dict)
    """Area -> revealed order token ('march+1', 'raid*'). Unrevealed orders are never here."""
    impassable: list[str] = field(default_factory=list)
    """Areas out of play in this setup (3 players)."""
    restricted: list[str] = field(default_factory=list)
    """Order types a Westeros card forbids this round (e.g. 'raid', 'march+1')."""
    blade_used: bool = False
    """The Valyrian Steel Blade was used this round."""
    decks: dict[str, list[str]] = field(default_factory=dict)
    """Secret: westeros_1..3 and wildlings, top card first."""
    deck_discards: dict[str, list[str]] = field(default_factory=dict)
    """Public: the Westeros cards drawn and out of their deck, by deck, oldest first."""
    action: dict[str, Any] = field(default_factory=dict)
    """Progress of the phase under way: the action phase (raids, marches, combat; action.py)
    or the Westeros phase (cards to resolve, bids, musters; westeros_phase.py). Both keep
    their open requests and captured ports here (flow.py). The battle, the wildling attack
    and the open requests are typed records (RECORDS), plain data when saved."""
    raven: dict[str, Any] = field(default_factory=dict)
    """Progress of the Messenger Raven step (what the holder looked at); secret."""
    winner: str | None = None
    """Set when the game has ended."""

    @property
    def board(self) -> Board:
        return load_board()

    # -- plain data ----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """Every field as plain data (secrets included: keep out of git)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["options"] = asdict(self.options)
        data["action"] = progress_to_data(self.action)
        return copy.deepcopy(data)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> State:
        known = {f.name for f in fields(cls)}
        values = {k: copy.deepcopy(v) for k, v in data.items() if k in known}
        values["options"] = Options(**data.get("options", {}))
        values["action"] = progress_from_data(values.get("action", {}))
        return cls(**values)

    # -- queries (recomputed, never cached) ----------------------------------------------
    def house_units(self, area: str, house: str) -> list[str]:
        return self.units.get(area, {}).get(house, [])

    def occupant(self, area: str) -> str | None:
        """The house with units in `area` (None when empty); a port may briefly hold two."""
        owners = list(self.units.get(area, {}))
        return owners[0] if owners else None

    def controller(self, area: str) -> str | None:
        """Who controls an area: its units, else its power token, else a home area's owner.

        A port is controlled by whoever controls its land (P2), or by the ships in it.
        """
        board = self.board
        info = board.areas[area]
        if info.is_port:
            return self.occupant(area) or self.controller(info.port_land)
        owner = self.occupant(area) or self.power_tokens.get(area)
        if owner is None and info.home in self.houses:
            return info.home  # the printed control token of a home area
        return owner

    def orders_of(self, house: str) -> dict[str, str]:
        """The revealed orders of one house, area -> token."""
        return {a: o for a, o in self.orders.items() if self.occupant(a) == house}

    def position(self, track: str, house: str) -> int:
        """1-based position of `house` on an influence track."""
        return self.tracks[track].index(house) + 1

    def holder(self, track: str) -> str:
        """The holder of a track's dominance token (position 1)."""
        return self.tracks[track][0]

    def star_limit(self, house: str) -> int:
        """How many special (starred) orders `house` may place, by King's Court position."""
        table = self.board.tracks["star_orders_by_kings_court_position"]
        row = table.get(len(self.houses)) or table[max(table)]
        index = self.position("kings_court", house) - 1
        return row[index] if index < len(row) else 0

    def castles_held(self, house: str) -> int:
        """Castles and strongholds `house` controls (the victory count)."""
        return sum(
            1
            for a in self.board.areas.values()
            if a.has_castle and a.id not in self.impassable and self.controller(a.id) == house
        )


def progress_to_data(action: dict[str, Any]) -> dict[str, Any]:
    """`State.action` as the saved state holds it: its typed records as plain data, the
    rest as it is (not copied)."""
    data = dict(action)
    for key in RECORDS:
        if key in data:
            data[key] = data[key].to_data()
    if "open" in data:
        data["open"] = [req.to_data() for req in data["open"]]
    return data


def progress_from_data(data: dict[str, Any]) -> dict[str, Any]:
    """`State.action` from saved plain data: its typed records typed again."""
    action = dict(data)
    for key, record in RECORDS.items():
        if key in action:
            action[key] = record.from_data(action[key])
    if "open" in action:
        action["open"] = [OpenRequest.from_data(req) for req in action["open"]]
    return action


RECORDS: dict[str, Any] = {"battle": Battle, "wildling_attack": WildlingAttack}
"""The typed records `State.action` holds, by key: the combat under way (battle.py) and the
wildling attack under way (wildling_attack.py); beside them ``open``, the open requests
(open_request.py)."""
