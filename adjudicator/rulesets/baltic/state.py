"""The baltic game state: plain data that round-trips YAML, and where every block is.

The state holds canonical ids only (blocks, nations, territories, sea zones); templates hold
names. It keeps no caches: control, RP levels, the Attrition row, forage and LOC are
recomputed from the blocks and markers each time (see the rule modules).

Every block is in exactly one *place*, written as one string:

* a territory id (``pskov``) -- a land block on the map;
* ``H:<territory>`` -- a fleet in that territory's harbor;
* a sea zone id (``kattegat``) -- a fleet at sea;
* ``aboard:<fleet id>`` -- cargo aboard a fleet (wherever that fleet is);
* ``pool`` -- its nation's replacement pool;
* ``set_aside`` -- a fleet lost for want of a harbor (9.3b, 9.3f);
* ``out`` -- out of play (the black-star blocks, the Russian fleets before Nyen, 11.2f);
* ``removed`` -- removed from the game (11.2c);
* ``reform_box`` -- the Russian Military Reform box (11.2b);
* ``year:<YYYY>`` -- a box of the Year Track (11.2c, 11.2g).

Truce cubes on the Year Track are each nation's `Nation.cube_year`.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import Any

SIDES = ("sweden", "coalition")
"""The two players, Sweden first (it wins first-player ties in both scenarios)."""
SEASONS = ("spring", "summer", "autumn", "winter")
PHASES = ("entry", "action_roll", "action_1", "action_2", "supply", "ended")
"""The phase about to be played (0.2, 3.1); ``action_1`` is the first player's."""
STATUSES = ("active", "inactive", "truce", "permanent")
"""A nation's status: ``truce`` is inactive with a cube on the Year Track (10.2b4);
``permanent`` is a cession's receiver (11.1c)."""

POOL = "pool"
SET_ASIDE = "set_aside"
OUT = "out"
REMOVED = "removed"
REFORM_BOX = "reform_box"
HARBOR = "H:"
ABOARD = "aboard:"
YEAR = "year:"
OFF_MAP = (POOL, SET_ASIDE, OUT, REMOVED, REFORM_BOX)


def harbor(territory: str) -> str:
    """The place of a fleet in `territory`'s harbor."""
    return HARBOR + territory


def aboard(fleet: str) -> str:
    """The place of cargo aboard `fleet`."""
    return ABOARD + fleet


def year_box(year: int) -> str:
    """The place of a block in the Year Track box of `year`."""
    return f"{YEAR}{year}"


def other_side(side: str) -> str:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


@dataclass
class Block:
    """Where one block is and how strong it is."""

    at: str
    """Its place (see the module docstring)."""
    strength: int
    """Current strength; off the map it is the strength it would have (builds enter at 1)."""


@dataclass
class Nation:
    """One nation's status and resources."""

    status: str
    """active | inactive | truce | permanent."""
    cube_year: int | None = None
    """Year Track box of its truce cube (10.2b4); None when there is none."""
    rp_base: int = 0
    """The scenario's fixed part of the RP level (8.1)."""
    rp_available: int = 0
    """RP it may spend now (8.2)."""
    rp_adjust: int = 0
    """Cession adjustments to its RP level, e.g. -4 per Swedish cession (11.1f)."""


@dataclass
class Turn:
    """What happened so far in the current season: reset at each Action Roll Phase.

    Border counts, entries and sieges concern the current Action Phase only and are
    reset at its start; `moved` lasts the whole season (4.1b).
    """

    moved: list[str] = field(default_factory=list)
    """Blocks that have moved this season (4.1b), in order."""
    crossings: dict[str, int] = field(default_factory=dict)
    """'a|b' (ids sorted) -> blocks of the active side across that border this phase (4.2)."""
    entries: list[list[str]] = field(default_factory=list)
    """[territory, from, block] for each block entering a territory this phase, in order;
    from is a territory or 'sea' (5.2 battle order, 5.5c retreats)."""
    sieges: list[list[str]] = field(default_factory=list)
    """[territory, side] for each siege round declared this phase, in order (6.2)."""
    politics: list[str] = field(default_factory=list)
    """Sides that took a Politics action this season (C.2)."""
    destroyed: list[str] = field(default_factory=list)
    """Blocks destroyed this phase (10.2a1, 10.2a3), in order."""
    truces_due: list[str] = field(default_factory=list)
    """Nations whose truce is due at the end of this phase (3.7), in trigger order."""


@dataclass
class State:
    """A baltic game at one moment."""

    scenario: str
    """The scenario id (grand_campaign, poltava)."""
    year: int
    season: str
    """spring | summer | autumn | winter."""
    phase: str
    """The phase about to be played (PHASES)."""
    last_year: int
    """The scenario ends after the Winter of this year (12.1, 12.2)."""
    first_player_tie: str
    """The side that goes first on a tie in the scenario's first season (3.3)."""
    nations: dict[str, Nation]
    """Nation id -> status and RP, in nation order (0.1)."""
    blocks: dict[str, Block]
    """Block id -> place and strength, in roster order (Appendix B)."""
    markers: dict[str, str] = field(default_factory=dict)
    """Territory -> nation whose garrison marker lies there (1.2a)."""
    damage: dict[str, int] = field(default_factory=dict)
    """Territory -> siege damage (6.3, 6.5)."""
    damage_side: dict[str, str] = field(default_factory=dict)
    """Territory -> the side that inflicted its damage (6.5)."""
    converted: list[str] = field(default_factory=list)
    """Territories converted (Nyen -> Sankt-Peterburg, 11.2h)."""
    reform_eligible: bool = False
    """The Russian reform is eligible (11.2b); permanent once set."""
    attrition: int = 0
    """Swedish Attrition box 0..8 (11.1d); the row is recomputed, never stored."""
    cessions: list[dict[str, str]] = field(default_factory=list)
    """[{territory, to}] cessions made (11.1c), in order."""
    first_player: str | None = None
    """This season's first player; before the rolls, last season's (3.3 ties)."""
    ap: dict[str, int] = field(default_factory=dict)
    """Side -> AP of this season (3.3)."""
    ap_spent: dict[str, int] = field(default_factory=dict)
    """Side -> AP spent in its Action Phase so far."""
    event: dict[str, str | None] = field(default_factory=dict)
    """Side -> event id it rolled this season (None: no event); before the rolls, last
    season's (3.3 forced marches, 3.4 restriction)."""
    vp: dict[str, int] = field(default_factory=dict)
    """Side -> VP from enemy army and royal blocks destroyed (12.2c)."""
    winner: str | None = None
    """sweden | coalition once the game has ended."""
    end_reason: str | None = None
    """Why the game ended (a reason id the templates print)."""
    victory: dict[str, Any] = field(default_factory=dict)
    """The scenario's victory conditions (kind: objectives | vp, ...)."""
    standing: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    """Secret. Side -> standing-line key -> {text, value} (13.4), as last sent."""
    passed_over: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Secret. Side -> its standing lines the rules passed over this season and the last,
    each {season, text, why} (13.5, told in its report as it happens): the reminders before
    its next deadlines list them again (`Baltic.passed_over`). `text` is the line's echo as
    data (`text.to_data`; a game file of before issue 20 holds the line as written)."""
    recon: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Secret. Side -> recon results: [{year, season, location, blocks: [{block, strength,
    aboard}]}] (3.5)."""
    revealed: list[str] = field(default_factory=list)
    """Blocks whose identity a battle has shown to both sides (13.6), for the fog test."""
    rolls: list[dict[str, Any]] = field(default_factory=list)
    """The dice of the current phase in the order rolled: [{label, dice, private, side}]
    (13.7). Draws are private to their side."""
    turn: Turn = field(default_factory=Turn)
    carried: list[dict[str, Any]] = field(default_factory=list)
    """Events of the scenario's first Entry Phase, resolved when the game is created (3.1),
    kept to be reported with the first step (with their dice, still in `rolls`)."""

    # -- plain data ----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """Every field as plain data (secrets included: keep out of git)."""
        return copy.deepcopy(asdict(self))

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> State:
        known = {f.name for f in fields(cls)}
        values = {k: copy.deepcopy(v) for k, v in data.items() if k in known}
        values["nations"] = {k: Nation(**v) for k, v in data["nations"].items()}
        values["blocks"] = {k: Block(**v) for k, v in data["blocks"].items()}
        values["turn"] = Turn(**data.get("turn", {}))
        return cls(**values)

    def copy(self) -> State:
        """A deep copy, made fast: every container the rules mutate is new (an action line
        runs on a copy, 13.5)."""
        new = copy.copy(self)
        new.nations = {k: copy.copy(v) for k, v in self.nations.items()}
        new.blocks = {k: Block(v.at, v.strength) for k, v in self.blocks.items()}
        for name in (
            "markers",
            "damage",
            "damage_side",
            "ap",
            "ap_spent",
            "event",
            "vp",
            "victory",
        ):
            setattr(new, name, dict(getattr(self, name)))
        for name in ("converted", "cessions", "revealed", "rolls", "carried"):
            setattr(new, name, list(getattr(self, name)))
        new.standing = {side: dict(book) for side, book in self.standing.items()}
        new.recon = {side: list(found) for side, found in self.recon.items()}
        new.passed_over = {side: list(lines) for side, lines in self.passed_over.items()}
        turn = self.turn
        new.turn = Turn(
            list(turn.moved),
            dict(turn.crossings),
            [list(e) for e in turn.entries],
            [list(e) for e in turn.sieges],
            list(turn.politics),
            list(turn.destroyed),
            list(turn.truces_due),
        )
        return new

    # -- places (pure data; rules that need the map live in the rule modules) --------------
    def place(self, block: str) -> str:
        return self.blocks[block].at

    def carrier(self, block: str) -> str | None:
        """The fleet `block` is aboard, or None."""
        at = self.blocks[block].at
        return at[len(ABOARD) :] if at.startswith(ABOARD) else None

    def location(self, block: str) -> str:
        """The map location of a block: its carrier's place for cargo, else its place."""
        fleet = self.carrier(block)
        return self.blocks[fleet].at if fleet else self.blocks[block].at

    def cargo(self, fleet: str) -> list[str]:
        """Blocks aboard `fleet`, in roster order."""
        where = aboard(fleet)
        return [b for b, info in self.blocks.items() if info.at == where]

    def at(self, place: str) -> list[str]:
        """Blocks whose place is exactly `place`, in roster order."""
        return [b for b, info in self.blocks.items() if info.at == place]

    def is_on_map(self, block: str) -> bool:
        """On the map: in a territory, a harbor, at sea or aboard a fleet."""
        at = self.blocks[block].at
        return at not in OFF_MAP and not at.startswith(YEAR)

    def active_side(self) -> str | None:
        """The side whose Action Phase is about to be played (13.2), else None."""
        if self.phase == "action_1":
            return self.first_player
        if self.phase == "action_2":
            return other_side(self.first_player or SIDES[0])
        return None

    @property
    def label(self) -> str:
        """'1701 Summer', how the dice labels and reports name the season (13.7)."""
        return f"{self.year} {self.season.capitalize()}"

    @property
    def season_index(self) -> int:
        return SEASONS.index(self.season)
