"""The westeros board as facts: areas, links, ports, setups, tracks, order tokens.

Loaded once from ``games/westeros/board.yaml`` and checked whole: a broken data file stops
the program with every fault listed rather than adjudicating on a wrong map.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from adjudicator.data import load_game_data
from adjudicator.orders.names import NameIndex
from adjudicator.rulesets.westeros.vocabulary import spellings


class BoardError(Exception):
    """The board data file is inconsistent."""


@dataclass(frozen=True)
class Area:
    """One area of the board."""

    id: str
    name: str
    kind: str
    """land | sea | port"""
    castle: str
    """none | castle | stronghold"""
    supply: int
    crowns: int
    home: str | None
    """The house whose home area this is (held by its printed token while empty)."""
    garrison: int | None
    port_land: str | None = None
    """For a port: its one land area (P1)."""
    port_sea: str | None = None
    """For a port: its one sea area (P1)."""
    xy: tuple[float, float] = (0.0, 0.0)

    @property
    def is_land(self) -> bool:
        return self.kind == "land"

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_port(self) -> bool:
        return self.kind == "port"

    @property
    def has_castle(self) -> bool:
        return self.castle != "none"


@dataclass(frozen=True)
class OrderToken:
    """One of the 15 order tokens each house owns, as a value.

    Its text form is the name a game file saves ('march+1', 'raid*'): `text` writes it and
    `from_text` reads it back, so ``OrderToken.from_text(t.text()) == t`` (as python-chess's
    ``Move.uci``/``Move.from_uci``). What players write ('March +1', 'M*') is read by the
    order language (`language.planning_lines.parse_token`), not here.
    """

    type: str
    """march | defense | support | raid | consolidate-power"""
    bonus: int
    """The printed +/- number (0 on raid and consolidate power)."""
    star: bool
    """A special (starred) token, limited by the King's Court."""

    def text(self) -> str:
        """The canonical text: 'march-1', 'march+0', 'march+1', 'defense+2', 'raid', 'raid*'.

        A march, defense or support token has one star token, told by its bonus; raid and
        consolidate power carry the star as '*'.
        """
        if self.type in ("raid", "consolidate-power"):
            return self.type + ("*" if self.star else "")
        return f"{self.type}{self.bonus:+d}"

    @classmethod
    def from_text(cls, text: str) -> OrderToken:
        """The token whose `text()` is `text`. Raises `ValueError` naming the 11 texts."""
        token = _tokens_by_text().get(text)
        if token is None:
            known = ", ".join(_tokens_by_text())
            raise ValueError(f"{text!r} is no order token (known: {known})")
        return token


@functools.cache
def _tokens_by_text() -> dict[str, OrderToken]:
    """The board's 11 distinct tokens by their text, in the board's order."""
    return {t.text(): t for t in load_board().tokens}


@dataclass(frozen=True)
class Board:
    areas: dict[str, Area]
    links: dict[str, frozenset[str]]
    names: NameIndex
    setups: dict[int, dict[str, Any]]
    tracks: dict[str, Any]
    game: dict[str, Any]
    tokens: tuple[OrderToken, ...]
    """All 15 tokens of one house, duplicates included (two defense+1, ...)."""

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.links[a]

    def port_of_land(self, land: str) -> str | None:
        """The port whose land is `land`, if it has one."""
        for area in self.areas.values():
            if area.port_land == land:
                return area.id
        return None

    def name(self, area_id: str) -> str:
        return self.areas[area_id].name


@functools.cache
def load_board() -> Board:
    """The board, checked. Raises `BoardError` listing every fault."""
    data = load_game_data("westeros", "board.yaml")
    faults: list[str] = []
    areas: dict[str, Area] = {}
    names: dict[str, list[str]] = {}
    for raw in data["areas"]:
        port = raw.get("port_of") or {}
        area = Area(
            id=raw["id"],
            name=raw["name"],
            kind=raw["kind"],
            castle=raw["castle"],
            supply=raw["supply"],
            crowns=raw["crowns"],
            home=raw["home"],
            garrison=raw["garrison"],
            port_land=port.get("land"),
            port_sea=port.get("sea"),
            xy=tuple(raw["xy"]),
        )
        if area.id in areas:
            faults.append(f"area {area.id} is listed twice")
        areas[area.id] = area
        names[area.id] = [area.name, *raw.get("aliases", []), *spellings("areas", area.id)]
    links: dict[str, set[str]] = {a: set() for a in areas}
    for a, b in data["adjacency"]:
        if a not in areas or b not in areas or a == b:
            faults.append(f"link [{a}, {b}] names an unknown area or links an area to itself")
            continue
        if b in links[a]:
            faults.append(f"link [{a}, {b}] is listed twice")
        links[a].add(b)
        links[b].add(a)
    faults += _port_faults(areas, links)
    tokens = tuple(
        OrderToken(t["type"].replace("_", "-"), t["bonus"], t["star"]) for t in data["order_tokens"]
    )
    if faults:
        raise BoardError("games/westeros/board.yaml is broken:\n  " + "\n  ".join(faults))
    return Board(
        areas=areas,
        links={a: frozenset(s) for a, s in links.items()},
        names=NameIndex(names, "area"),
        setups={int(k): v for k, v in data["setups"].items()},
        tracks=data["tracks"],
        game=data["game"],
        tokens=tokens,
    )


def _port_faults(areas: dict[str, Area], links: dict[str, set[str]]) -> list[str]:
    """P1: a port is linked to exactly one land and one sea, which border each other."""
    faults = []
    for port in (a for a in areas.values() if a.is_port):
        kinds = sorted(areas[n].kind for n in links[port.id])
        if kinds != ["land", "sea"]:
            faults.append(f"port {port.id} must link one land and one sea, links {kinds}")
        elif {port.port_land, port.port_sea} != links[port.id]:
            faults.append(f"port {port.id}: port_of does not match its links")
        elif port.port_sea not in links[port.port_land]:
            faults.append(f"port {port.id}: its sea does not border its land")
    return faults
