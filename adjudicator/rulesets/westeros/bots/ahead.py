"""Bot standing instructions: answers sent in advance for the rest of the round.

With `--ahead` a bot sends, with its orders, a line for every later decision it can foresee
(README, "Order of instructions"): a target for each raid, a destination for each march,
a side for each support, cards, casualties and retreat preferences, the starred consolidate
power, captured ports, the Messenger Raven. Where the future is unknown (where a retreat
may go) the line lists every area in a random order: the first one legal then is taken.
Each targeted line is followed by one that is always legal (`raid X: none`, `march X:
none`, `support X: none`), so a skipped instruction rarely stops the game.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Request
from adjudicator.rulesets.westeros.board import OrderToken
from adjudicator.rulesets.westeros.bots import lines as words
from adjudicator.rulesets.westeros.bots.action_phase import random_march, random_muster
from adjudicator.rulesets.westeros.decks import house_card_facts
from adjudicator.rulesets.westeros.flow import is_star, order_type
from adjudicator.rulesets.westeros.rules.marches import land_reach, ship_reach
from adjudicator.rulesets.westeros.state import TRACKS, State
from adjudicator.rulesets.westeros.units import is_routed

Lines = list[str]
BATTLE_LINES = 2
"""Lines sent for each battle decision (a house fights a few battles a round at most)."""
HOUSE_VERBS = {
    "lannister": ("tyrion", "cersei"),
    "greyjoy": ("aeron",),
    "tyrell": ("mace", "queen"),
    "martell": ("doran",),
    "baratheon": ("renly", "patchface"),
    "stark": ("robb",),
}
"""The card-ability decisions a house's own cards may ask of it."""


def ahead_lines(
    state: State, house: str, orders: dict[str, str], asked: list[Request], rng: Dice
) -> Lines:
    """Standing instructions for the decisions of the round still to come."""
    now = {r.kind for r in asked}
    lines: Lines = []
    if "orders" in now and state.holder("kings_court") == house:
        lines += _raven(state, house, orders, rng)
    for area, token in orders.items():
        kind = order_type(token)
        if kind == "raid":
            lines += _raid(state, area, rng)
        elif kind == "march" and "march" not in now:
            lines += _march(state, house, area, rng)
        elif kind == "support":
            lines += _support(state, house, area, rng)
        elif kind == "consolidate-power" and is_star(token):
            lines += _consolidate(state, house, area, rng)
    lines += battle_lines(state, house, now, rng)
    lines += _ports(state, house, rng)
    return lines


def near(state: State, house: str) -> list[str]:
    """Areas where a battle of the house may ask it something: its areas and their
    neighbours (a retreat, an order removed, a footman upgraded is adjacent to a battle)."""
    board = state.board
    mine = {a for a, by_house in state.units.items() if house in by_house}
    near = mine | {n for a in mine for n in board.links[a]}
    return sorted(near - set(state.impassable))


def _raven(state: State, house: str, orders: dict[str, str], rng: Dice) -> Lines:
    pick = rng.below(3)
    if pick == 0:
        return ["raven: look", rng.choice(["bury: yes", "bury: no"])]
    if pick == 1 and orders:
        area = rng.choice(sorted(orders))
        used = set(orders.values())
        spare = [t for t in words.TOKEN_WORDS if t not in used and not OrderToken.from_text(t).star]
        if spare:
            token = rng.choice(spare)
            return [f"raven: {state.board.name(area)} -> {words.token_text(token)}", "raven: none"]
    return ["raven: none"]


def _raid(state: State, area: str, rng: Dice) -> Lines:
    board = state.board
    info = board.areas[area]
    targets = []
    for other in sorted(board.links[area]):
        target = board.areas[other]
        if info.is_port and other != info.port_sea:
            continue
        if info.is_land and not target.is_land:
            continue
        if other not in state.impassable:
            targets.append(other)
    lines = [words.raid_line(state, {"from": area, "to": t}) for t in rng.shuffled(targets)[:2]]
    return [*lines, words.raid_line(state, {"from": area, "to": None})]


def _march(state: State, house: str, area: str, rng: Dice) -> Lines:
    movers = sorted(u for u in state.house_units(area, house) if not is_routed(u))
    kinds = {u for u in movers}
    option = {
        "units": movers,
        "land": sorted(land_reach(state, house, area)) if kinds - {"ship"} else [],
        "sea": sorted(ship_reach(state, house, area)) if "ship" in kinds else [],
    }
    lines = []
    for _ in range(2):
        value = random_march(state, area, option, rng)
        if value["moves"]:
            lines.append(words.march_line(state, value))
    return [*lines, words.march_line(state, {"from": area, "moves": [], "leave": False})]


def _support(state: State, house: str, area: str, rng: Dice) -> Lines:
    side = rng.choice(["attacker", "defender", "none"])
    return [
        words.support_line(state, area, house),
        words.support_line(state, area, side),
        words.support_line(state, area, "none"),
    ]


def _consolidate(state: State, house: str, area: str, rng: Dice) -> Lines:
    power = words.consolidate_line(state, area, {"mode": "power"})
    if state.board.areas[area].castle == "none":
        return [power]
    items = random_muster(state, house, area, rng)
    if not items or rng.below(3) == 0:
        return [power]
    return [words.consolidate_line(state, area, {"mode": "muster", "items": items}), power]


def battle_lines(state: State, house: str, now: set[str], rng: Dice) -> Lines:
    """Cards, blade, casualties, retreats and the house's own card abilities."""
    hand = list(state.hands.get(house, []))
    everywhere = near(state, house)
    lines: Lines = []
    if "card" not in now and hand:
        lines += [words.choice_line(state, "card", "", rng.shuffled(hand)) for _ in range(2)]
    if state.holder("fiefdoms") == house and "blade" not in now:
        lines += [words.choice_line(state, "blade", "", [rng.choice(["use", None])])]
    # Every unit a house can own, by type in a random order of preference.
    for kind in ("casualties", "retreat losses"):
        if kind.replace(" ", "-") not in now:
            lines.append(f"{kind}: " + ", ".join(rng.shuffled(_all_units(state))))
    for kind in ("retreat", *HOUSE_VERBS.get(house, ())):
        if kind in now:
            continue
        for _ in range(BATTLE_LINES if kind == "retreat" else 1):
            lines.append(words.choice_line(state, kind, "", _prefs(state, kind, everywhere, rng)))
    if "replace" not in now and hand:
        lines.append(words.choice_line(state, "replace", "", rng.shuffled(hand)))
    return lines


def _all_units(state: State) -> list[str]:
    """A house's whole reserve by type ('10 footman'; games/westeros unit limits)."""
    limits = state.board.game["unit_limits"]
    return [f"{n} {kind.replace('_', ' ')}" for kind, n in limits.items()]


def _prefs(state: State, kind: str, everywhere: list[str], rng: Dice) -> list[Any]:
    """A preference list for a choice whose options are not known yet."""
    if kind in OPTIONAL and rng.below(2):
        return [None]
    return [*_wanted(state, kind, everywhere, rng), *([None] if kind in OPTIONAL else [])]


OPTIONAL = ("tyrion", "aeron", "renly", "cersei", "patchface")
"""Card abilities a house may decline: a list of wishes ends with 'no'."""


def _wanted(state: State, kind: str, everywhere: list[str], rng: Dice) -> list[Any]:
    if kind == "tyrion":
        return ["use"]
    if kind == "doran":
        return rng.shuffled(list(TRACKS))
    if kind == "mace":
        return rng.shuffled(["footman", "routed footman"])
    if kind == "aeron":
        return rng.shuffled([c for c in state.hands.get("greyjoy", []) if c != "aeron-damphair"])
    if kind == "patchface":
        cards = [c for c, f in sorted(house_card_facts().items()) if f["house"] != "baratheon"]
        return rng.shuffled(cards)
    return rng.shuffled(everywhere)


def _ports(state: State, house: str, rng: Dice) -> Lines:
    """Ports whose land the house may take this round (next to its units): replace all, or
    destroy (both always legal)."""
    board = state.board
    close = set(near(state, house))
    ports = [a.id for a in board.areas.values() if a.is_port and a.port_land in close]
    return [words.port_line(state, p, rng.choice(["all", 0])) for p in sorted(ports)]
