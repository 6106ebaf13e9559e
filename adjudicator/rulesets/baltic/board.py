"""The baltic board as facts: map, nations, blocks, tables and scenarios (rules section 15).

Loaded once from ``games/baltic/*.yaml`` and checked whole: a broken data file stops the
program with every fault listed rather than adjudicating on a wrong map. Everything here is
read-only and knows no game state; the rule modules ask it "what borders what", "which port
lies on which sea zone", "what is this block".
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.data import load_game_data
from adjudicator.grammar import grammar_of
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.baltic import board_checks as checks
from adjudicator.text import Name
from adjudicator.vocabulary import spellings as translated

GAME = "baltic"
LAND_TYPES = ("army", "royal", "regiment", "irregular")


class BoardError(Exception):
    """A baltic data file is inconsistent; the message lists every fault."""


@dataclass(frozen=True)
class Port:
    """A territory's port (1.5): its name and the one sea zone it opens on."""

    name: str
    sea: str


@dataclass(frozen=True)
class Conversion:
    """What a territory becomes on conversion (Nyen -> Sankt-Peterburg, 11.2h, 11.2m)."""

    name: str
    harbor: int
    garrison: int


@dataclass(frozen=True)
class Territory:
    """One land territory (1.1)."""

    id: str
    name: str
    home: str | None
    """Home nation (owner in 1700); None for a transit territory (1.4)."""
    region: str
    forage: int
    """FC, forage capacity 0-3."""
    garrison: int
    """G, 1-4; 0 for a transit territory."""
    rp: int
    """RP value; 0 for a transit territory."""
    capital: bool
    port: Port | None
    harbor: int | None
    """Harbor strength (most fleets it shelters), None when it has no harbor."""
    transit: bool
    converts_to: Conversion | None


@dataclass(frozen=True)
class SeaZone:
    id: str
    name: str
    adjacent: tuple[str, ...]


@dataclass(frozen=True)
class NationInfo:
    """A nation's fixed facts (nations.yaml); its status lives in the state."""

    id: str
    name: str
    side: str
    capital: str | None
    royal: tuple[str, ...]
    placement: tuple[str, ...]
    fleet_placement: str | tuple[str, ...]
    """'own_harbors', 'none' or a tuple of harbor territories."""
    truce_offer: bool
    activation: Mapping[str, Any] | None
    """{rolled_by, from_year, condition}; None: never inactive (SWE)."""
    muster: tuple[Mapping[str, Any], ...]
    forbidden_regions: frozenset[str]
    forbidden_home_nations: frozenset[str]
    never_closed: bool
    open_to: tuple[tuple[str, str], ...]
    """(territory, nation) pairs open to that nation's blocks while this one is inactive."""
    counts_as_while_inactive: str | None
    defection: Mapping[str, str] | None


@dataclass(frozen=True)
class Placement:
    """A block's own placement rule (8.6): its territories first, then the fallback."""

    territories: tuple[str, ...]
    neighbours: bool
    """Then the neighbours of those territories, by id (11.5b, c, g)."""
    fallback: str | tuple[str, ...] | None
    """'nation' (the nation's list, 11.1b), a tuple of territories (11.4c), or None."""


@dataclass(frozen=True)
class BlockInfo:
    """One block's fixed facts (2.1); its place and strength live in the state."""

    id: str
    name: str
    nation: str
    type: str
    cls: str
    """Fire class A-D (``class`` in blocks.yaml)."""
    firepower: int
    max: int
    trains: int
    star: str | None
    twin: str | None
    wettin: bool
    placement: Placement | None
    roster: int
    """Position in roster order (Appendix B), 0-based: the last tie-breaker (2.1)."""

    @property
    def is_land(self) -> bool:
        return self.type in LAND_TYPES

    @property
    def is_fleet(self) -> bool:
        return self.type == "fleet"

    @property
    def is_army(self) -> bool:
        """Army or royal: a royal is an army for every rule about armies (2.2)."""
        return self.type in ("army", "royal")

    @property
    def is_royal(self) -> bool:
        return self.type == "royal"


@dataclass(frozen=True)
class Board:
    """Every fact of the game, with the queries the rules ask of the map."""

    regions: dict[str, str]
    """Region id -> name."""
    territories: dict[str, Territory]
    """In Appendix A order."""
    seas: dict[str, SeaZone]
    """In sea-zone table order (5.2)."""
    borders: dict[frozenset[str], str]
    """{a, b} -> open | restricted | difficult."""
    border_limits: dict[str, int]
    nations: dict[str, NationInfo]
    """In nation order (0.1)."""
    blocks: dict[str, BlockInfo]
    """In roster order (Appendix B)."""
    tables: dict[str, Any]
    scenarios: dict[str, dict[str, Any]]
    """Scenario id -> its file, as read (position.py turns it into a state)."""
    names: NameIndex
    """Locations: territories (also by port name), sea zones."""
    block_names: NameIndex
    nation_names: NameIndex
    scenario_names: NameIndex
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Territory -> land-adjacent territories, sorted by id."""
    ports_on: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Sea zone -> territories whose port lies on it, in Appendix A order."""

    # -- map queries ----------------------------------------------------------------------
    def is_territory(self, location: str) -> bool:
        return location in self.territories

    def is_sea(self, location: str) -> bool:
        return location in self.seas

    def border(self, a: str, b: str) -> str | None:
        """The kind of the land border between `a` and `b`, None if they do not border."""
        return self.borders.get(frozenset((a, b)))

    def limit(self, a: str, b: str) -> int:
        """Blocks per phase across the border (4.2, 5.5f); 0 where there is none."""
        kind = self.border(a, b)
        return self.border_limits[kind] if kind else 0

    def port_sea(self, territory: str) -> str | None:
        """The sea zone of `territory`'s port, None without a port."""
        port = self.territories[territory].port
        return port.sea if port else None

    def harbor_strength(self, territory: str, converted: Iterable[str] = ()) -> int:
        """Its harbor's strength now, 0 without one; a converted Nyen has 4 (11.2i)."""
        info = self.territories[territory]
        if info.converts_to and territory in converted:
            return info.converts_to.harbor
        return info.harbor or 0

    def garrison(self, territory: str, converted: Iterable[str] = ()) -> int:
        """G now: a converted Nyen has G 3 (11.2m)."""
        info = self.territories[territory]
        if info.converts_to and territory in converted:
            return info.converts_to.garrison
        return info.garrison

    def territory_name(self, territory: str, converted: Iterable[str] = ()) -> str:
        info = self.territories[territory]
        if info.converts_to and territory in converted:
            return info.converts_to.name
        return info.name

    def name(self, ident: str) -> str:
        """The display name of any id: territory, sea zone, block, nation, region."""
        for table in (self.territories, self.seas, self.blocks, self.nations):
            if ident in table:
                return table[ident].name
        return self.regions.get(ident, ident)

    def said(self, ident: str) -> Name:
        """Any id as a game word for a message (`text.Name`): said in the reader's language."""
        return Name(ident, self.name(ident))

    def home_territories(self, nation: str) -> tuple[str, ...]:
        """Territories whose home nation is `nation`, in Appendix A order."""
        return tuple(t.id for t in self.territories.values() if t.home == nation)

    def in_region(self, region: str) -> tuple[str, ...]:
        return tuple(t.id for t in self.territories.values() if t.region == region)

    def sea_steps(self, start: str) -> dict[str, int]:
        """Sea zone -> fewest zone-to-zone steps from `start` (9.3e harbor choice)."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            zone = queue.popleft()
            for nxt in self.seas[zone].adjacent:
                if nxt not in dist:
                    dist[nxt] = dist[zone] + 1
                    queue.append(nxt)
        return dist

    def land_distances(self, start: str, passable: Any = None) -> dict[str, int]:
        """Territory -> fewest land borders from `start`; `passable(t)` bars entering t."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.neighbours[here]:
                if nxt not in dist and (passable is None or passable(nxt)):
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist

    # -- blocks and nations -----------------------------------------------------------------
    def side_of(self, nation: str) -> str:
        return self.nations[nation].side

    def block_side(self, block: str) -> str:
        return self.nations[self.blocks[block].nation].side

    def nation_blocks(self, nation: str) -> tuple[str, ...]:
        """The nation's blocks in roster order (the Wettin blocks are Saxon, 11.5i)."""
        return tuple(b.id for b in self.blocks.values() if b.nation == nation)

    def step_cost(self, block: str) -> int:
        """RP per step (8.3): by type, +1 for class A."""
        info = self.blocks[block]
        costs = self.tables["costs"]
        return costs["step"][info.type] + (costs["class_a_extra"] if info.cls == "A" else 0)

    def event(self, roll: int) -> dict[str, Any]:
        """The Event Table row (C.1) for a 2d6 total."""
        return self.tables["event_table"][roll]

    def attrition_effects(self, box: int, row: str) -> list[dict[str, Any]]:
        """Every effect of boxes 0..`box` of `row` (C.3: they add up within the row)."""
        rows = self.tables["attrition_track"]["rows"][row]
        return [e for entry in rows if entry["box"] <= box for e in entry["effects"]]

    def scenario(self, name: str) -> dict[str, Any]:
        """A scenario's file by id, name or alias ('poltava', 'Grand Campaign', 'gc').

        Raises `LineError` (from the name index) naming the known scenarios.
        """
        return self.scenarios[self.scenario_names.find(name)]


@functools.cache
def load_board() -> Board:
    """The board, checked. Raises `BoardError` listing every fault."""
    faults: list[str] = []
    map_data = load_game_data(GAME, "map.yaml")
    regions = {r["id"]: r["name"] for r in map_data["regions"]}
    territories = {t["id"]: _territory(t) for t in map_data["territories"]}
    seas = {
        s["id"]: SeaZone(s["id"], s["name"], tuple(s["adjacent"])) for s in map_data["sea_zones"]
    }
    borders: dict[frozenset[str], str] = {}
    for a, b, kind in map_data["borders"]:
        key = frozenset((a, b))
        if a not in territories or b not in territories or a == b:
            faults.append(f"map.yaml: border [{a}, {b}] names an unknown territory")
        elif kind not in checks.BORDER_KINDS:
            faults.append(
                f"map.yaml: border [{a}, {b}]: kind {kind!r} is not open/restricted/difficult"
            )
        elif key in borders:
            faults.append(f"map.yaml: border [{a}, {b}] is listed twice")
        borders[key] = kind
    faults += checks.map_faults(map_data, regions, territories, seas, borders)
    nations = {n["id"]: _nation(n) for n in load_game_data(GAME, "nations.yaml")}
    blocks = {b["id"]: _block(b, i) for i, b in enumerate(load_game_data(GAME, "blocks.yaml"))}
    tables = load_game_data(GAME, "tables.yaml")
    faults += checks.nation_faults(nations, territories, regions, blocks)
    faults += checks.block_faults(blocks, nations, territories)
    faults += checks.table_faults(tables, territories, nations, blocks)
    scenarios = {}
    for file in ("grand_campaign", "poltava"):
        data = load_game_data(GAME, f"scenarios/{file}.yaml")
        scenarios[data["id"]] = data
    neighbours: dict[str, list[str]] = {t: [] for t in territories}
    for key in borders:
        a, b = sorted(key)
        if a in neighbours and b in neighbours:
            neighbours[a].append(b)
            neighbours[b].append(a)
    board = Board(
        regions=regions,
        territories=territories,
        seas=seas,
        borders=borders,
        border_limits=dict(map_data["border_limits"]),
        nations=nations,
        blocks=blocks,
        tables=tables,
        scenarios=scenarios,
        names=NameIndex(_location_names(map_data), "location"),
        block_names=NameIndex(
            {
                b["id"]: [
                    b["name"],
                    *b.get("aliases", []),
                    *translated(GAME, "blocks", b["id"]),
                    *_russian_case("blocks", b["id"], "ins"),
                    *_russian_case("blocks", b["id"], "dat"),
                ]
                for b in load_game_data(GAME, "blocks.yaml")
            },
            "block",
        ),
        nation_names=NameIndex(
            {
                n["id"]: [
                    n["name"],
                    *n.get("aliases", []),
                    *translated(GAME, "nations", n["id"], genitive=True),
                    *_russian_case("nations", n["id"], "dat"),
                ]
                for n in load_game_data(GAME, "nations.yaml")
            },
            "nation",
        ),
        scenario_names=NameIndex(
            {s["id"]: [s["name"], *s.get("aliases", [])] for s in scenarios.values()}, "scenario"
        ),
        neighbours={t: tuple(sorted(n)) for t, n in neighbours.items()},
        ports_on={
            z: tuple(t.id for t in territories.values() if t.port and t.port.sea == z) for z in seas
        },
    )
    if not faults:
        faults += checks.connected_faults(board)
        for sid, data in scenarios.items():
            faults += [f"scenarios/{sid}.yaml: {f}" for f in checks.scenario_faults(board, data)]
    if faults:
        raise BoardError("games/baltic data is broken:\n  " + "\n  ".join(faults))
    return board


# -- reading ---------------------------------------------------------------------------------
def _territory(raw: Mapping[str, Any]) -> Territory:
    port = raw.get("port")
    conv = raw.get("converts_to")
    return Territory(
        id=raw["id"],
        name=raw["name"],
        home=raw["home"],
        region=raw["region"],
        forage=raw["forage"],
        garrison=raw["garrison"] or 0,
        rp=raw["rp"] or 0,
        capital=bool(raw["capital"]),
        port=Port(port["name"], port["sea"]) if port else None,
        harbor=raw.get("harbor"),
        transit=bool(raw.get("transit")),
        converts_to=Conversion(conv["name"], conv["harbor"], conv["garrison"]) if conv else None,
    )


def _nation(raw: Mapping[str, Any]) -> NationInfo:
    fleets = raw["fleet_placement"]
    return NationInfo(
        id=raw["id"],
        name=raw["name"],
        side=raw["side"],
        capital=raw["capital"],
        royal=tuple(raw["royal"]),
        placement=tuple(raw["placement"]),
        fleet_placement=fleets if isinstance(fleets, str) else tuple(fleets),
        truce_offer=bool(raw["truce_offer"]),
        activation=raw["activation"],
        muster=tuple(raw["muster"]),
        forbidden_regions=frozenset(raw["forbidden"]["regions"]),
        forbidden_home_nations=frozenset(raw["forbidden"]["home_nations"]),
        never_closed=bool(raw["never_closed"]),
        open_to=tuple((o["territory"], o["nation"]) for o in raw["open_to"]),
        counts_as_while_inactive=raw["counts_as_while_inactive"],
        defection=raw["defection"],
    )


def _block(raw: Mapping[str, Any], roster: int) -> BlockInfo:
    place = raw.get("placement")
    placement = None
    if place:
        fallback = place["fallback"]
        placement = Placement(
            territories=tuple(place["territories"]),
            neighbours=bool(place["neighbours"]),
            fallback=tuple(fallback) if isinstance(fallback, list) else fallback,
        )
    return BlockInfo(
        id=raw["id"],
        name=raw["name"],
        nation=raw["nation"],
        type=raw["type"],
        cls=raw["class"],
        firepower=raw["firepower"],
        max=raw["max"],
        trains=raw["trains"],
        star=raw["star"],
        twin=raw["twin"],
        wettin=bool(raw["wettin"]),
        placement=placement,
        roster=roster,
    )


def _names(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Id -> name and aliases, what players may type for it."""
    return {r["id"]: [r["name"], *r.get("aliases", [])] for r in rows}


def _russian_case(section: str, ident: str, case: str) -> list[str]:
    """A name's Russian `case` (grammar.yaml), so that an echo that says it, pasted back,
    names it again: a nation's dative, the case a truce is offered in («предложить
    перемирие Ганноверу», 10.2j), a fleet's instrumental, the fleet a retreat to sea boards
    («море с Вахтмейстером», D5), a block's dative, the block a step is added to («шаги
    Голицыну», 8.4)."""
    grammar = grammar_of(GAME, section, ident, "ru")
    return [grammar.forms[case]] if grammar and case in grammar.forms else []


def _location_names(map_data: Mapping[str, Any]) -> dict[str, list[str]]:
    """Territories answer to their name, aliases, port name and converted name (13.2), and
    to their names in ru and pt_BR (names.yaml)."""
    names: dict[str, list[str]] = {}
    for t in map_data["territories"]:
        spellings = [t["name"], *t.get("aliases", [])]
        if t.get("port") and t["port"]["name"] not in spellings:
            spellings.append(t["port"]["name"])
        if t.get("converts_to"):
            spellings.append(t["converts_to"]["name"])
        names[t["id"]] = [*spellings, *translated(GAME, "territories", t["id"], genitive=True)]
    for s in map_data["sea_zones"]:
        names[s["id"]] = [
            s["name"],
            *s.get("aliases", []),
            *translated(GAME, "sea_zones", s["id"], genitive=True),
        ]
    return names
