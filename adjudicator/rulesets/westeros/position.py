"""Position files: a GM's YAML picture of a westeros game, read whole and written back.

`load_position` checks the whole file and lists every fault with its YAML path (python-chess
`Board.status()` style), so a GM fixes a position in one go. `export` writes the same format,
and ``export(load_position(export(s)))`` equals ``export(s)``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros.board import Board, load_board
from adjudicator.rulesets.westeros.decks import card_index, house_cards
from adjudicator.rulesets.westeros.state import (
    HOUSES,
    PORT_RULES,
    TRACKS,
    UNIT_TYPES,
    Options,
    State,
)

PHASES = ("westeros", "planning", "raven", "action")
"""Phases a position may be in; raven and action need `orders:` (the revealed ones)."""


class PositionError(ValueError):
    """A position file with faults; `faults` lists each as 'path: problem'."""

    def __init__(self, faults: list[str]) -> None:
        self.faults = faults
        super().__init__("the position has faults:\n  " + "\n  ".join(faults))


class _Reader:
    """Collects faults while converting names to ids."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.faults: list[str] = []

    def fault(self, path: str, problem: str) -> None:
        self.faults.append(f"{path}: {problem}")

    def area(self, path: str, name: Any) -> str | None:
        try:
            return self.board.names.find(str(name))
        except Exception as error:  # LineError: unknown or ambiguous name
            alts = getattr(error, "alternatives", ())
            hint = f" (did you mean {', '.join(map(str, alts[:3]))}?)" if 0 < len(alts) <= 3 else ""
            self.fault(path, f"{error}{hint}")
            return None

    def house(self, path: str, name: Any, houses: list[str]) -> str | None:
        key = str(name).strip().lower()
        if key in houses:
            return key
        self.fault(path, f"{name!r} is not a house in this game ({', '.join(houses)})")
        return None

    def number(self, path: str, value: Any, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fault(path, f"expected a whole number from {low} to {high}, got {value!r}")
            return low
        return value


def load_position(data: Mapping[str, Any], rng: Dice) -> State:
    """Build a state from a position file. Decks are shuffled with `rng` (they are secret).

    Raises `PositionError` listing every fault.
    """
    r = _Reader(load_board())
    if not isinstance(data, Mapping):
        raise PositionError(["(top): expected a mapping of keys such as game, round, houses"])
    if data.get("game", "westeros") != "westeros":
        r.fault("game", f"this is a westeros position reader, got {data.get('game')!r}")
    houses = _houses(r, data.get("houses"))
    options = _options(r, data.get("options") or {})
    phase = data.get("phase", "planning")
    if phase not in PHASES:
        r.fault("phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")
    if data.get("winner") is not None:
        r.fault("winner", "a finished game cannot be continued from a position")
    state = State(
        round=r.number("round", data.get("round", 1), 1, 10),
        phase=phase,
        houses=houses,
        options=options,
        tracks=_tracks(r, data.get("tracks"), houses),
        supply=_per_house(r, "supply", data.get("supply"), houses, 0, 6),
        power=_per_house(r, "power", data.get("power"), houses, 0, 20),
        wildlings=r.number("wildlings", data.get("wildlings", 2), 0, 12),
        units=_units(r, data.get("units") or {}, houses),
        power_tokens=_power_tokens(r, data.get("power_tokens") or {}, houses),
        garrisons=_garrisons(r, data.get("garrisons") or {}),
        impassable=sorted(
            a
            for i, n in enumerate(data.get("impassable") or [])
            if (a := r.area(f"impassable[{i}]", n))
        ),
        restricted=list(data.get("restricted") or []),
        blade_used=bool(data.get("blade_used", False)),
    )
    state.hands, state.discards = _hands(r, data.get("hands"), houses)
    if phase in ("raven", "action"):
        state.orders = _orders(r, data.get("orders"), state)
    elif data.get("orders"):
        r.fault("orders", "orders are only given in a position with phase: raven or action")
    state.decks, state.deck_discards = _decks(r, data.get("decks"), data.get("discards"), rng)
    progress = data.get("westeros_progress")
    if progress is not None:
        if phase != "westeros" or not isinstance(progress, Mapping) or "cards" not in progress:
            r.fault("westeros_progress", "written by export in a Westeros phase under way only")
        else:
            state.action = copy.deepcopy(dict(progress))
    if r.faults:
        raise PositionError(r.faults)
    return state


def _decks(
    r: _Reader, decks: Any, discards: Any, rng: Dice
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Draw piles (top card first) and discard piles, by deck.

    Issue 8: a deck not given is shuffled from the cards not in its discards, by the game's
    dice; a deck given without discards means every other card of it is discarded.
    """
    from adjudicator.rulesets.westeros.westeros_cards import ALL_DECKS, deck_composition

    decks = decks if isinstance(decks, Mapping) else {}
    discards = discards if isinstance(discards, Mapping) else {}
    for key in sorted({*decks, *discards} - set(ALL_DECKS)):
        r.fault(f"decks.{key}", f"unknown deck; decks: {', '.join(ALL_DECKS)}")
    piles, gone = {}, {}
    for deck in ALL_DECKS:
        full = deck_composition(deck)
        listed = _deck_cards(r, f"decks.{deck}", decks.get(deck), deck)
        dropped = _deck_cards(r, f"discards.{deck}", discards.get(deck), deck)
        rest = list(full)
        for card in (listed or []) + (dropped or []):
            if card in rest:
                rest.remove(card)
            else:
                r.fault(f"decks.{deck}", f"more copies of {card} than the deck has")
        # NOTE: a resolved wildling card goes to the bottom, never to a discard pile.
        if deck == "wildlings" and (dropped or (listed is not None and rest)):
            r.fault(f"decks.{deck}", "the wildling deck always holds its 9 cards")
        if listed is None:
            piles[deck], gone[deck] = rng.shuffled(rest), dropped or []
        elif dropped is None:
            piles[deck], gone[deck] = listed, rest
        else:
            if rest:
                r.fault(f"discards.{deck}", f"cards in neither pile: {', '.join(rest)}")
            piles[deck], gone[deck] = listed, dropped
    return piles, {d: cards for d, cards in gone.items() if d != "wildlings" or cards}


def _deck_cards(r: _Reader, path: str, value: Any, deck: str) -> list[str] | None:
    from adjudicator.rulesets.westeros.westeros_cards import deck_card_index

    if value is None:
        return None
    if not isinstance(value, list):
        r.fault(path, "expected a list of card names, top card first")
        return []
    cards = []
    for i, name in enumerate(value):
        try:
            cards.append(deck_card_index(deck).find(str(name)))
        except Exception as error:  # LineError: unknown or ambiguous name
            r.fault(f"{path}[{i}]", str(error))
    return cards


def read_options(value: Any) -> Options:
    """Rule options from a scenario or `new --option`; raises `PositionError` for bad ones."""
    reader = _Reader(load_board())
    options = _options(reader, value)
    if reader.faults:
        raise PositionError(reader.faults)
    return options


def _houses(r: _Reader, value: Any) -> list[str]:
    if not isinstance(value, list) or not 3 <= len(value) <= 6:
        r.fault("houses", f"expected a list of 3 to 6 houses from {', '.join(HOUSES)}")
        return list(HOUSES)
    houses = []
    for i, name in enumerate(value):
        house = r.house(f"houses[{i}]", name, list(HOUSES))
        if house in houses:
            r.fault(f"houses[{i}]", f"{house} is listed twice")
        elif house:
            houses.append(house)
    return houses


def _options(r: _Reader, value: Any) -> Options:
    options = Options()
    if not isinstance(value, Mapping):
        r.fault("options", "expected a mapping such as {ports: second-edition}")
        return options
    for key, setting in value.items():
        if key == "ports" and setting in PORT_RULES:
            options.ports = setting
        elif key == "tides_of_battle" and isinstance(setting, bool):
            options.tides_of_battle = setting
        else:
            r.fault(
                f"options.{key}",
                f"unknown option or value {setting!r}; known: ports ({' | '.join(PORT_RULES)}),"
                " tides_of_battle (true | false)",
            )
    return options


def _tracks(r: _Reader, value: Any, houses: list[str]) -> dict[str, list[str]]:
    tracks: dict[str, list[str]] = {}
    value = value if isinstance(value, Mapping) else {}
    for track in TRACKS:
        order = [
            h
            for i, n in enumerate(value.get(track) or [])
            if (h := r.house(f"tracks.{track}[{i}]", n, houses))
        ]
        if sorted(order) != sorted(houses):
            r.fault(f"tracks.{track}", f"must list each house once: {', '.join(houses)}")
        tracks[track] = order
    return tracks


def _per_house(
    r: _Reader, path: str, value: Any, houses: list[str], low: int, high: int
) -> dict[str, int]:
    value = value if isinstance(value, Mapping) else {}
    missing = [h for h in houses if h not in value]
    if missing:
        r.fault(path, f"missing {', '.join(missing)}")
    out = {h: r.number(f"{path}.{h}", value.get(h, low), low, high) for h in houses}
    for name in value:
        r.house(f"{path}.{name}", name, houses)
    return out


def _units(r: _Reader, value: Any, houses: list[str]) -> dict[str, dict[str, list[str]]]:
    units: dict[str, dict[str, list[str]]] = {}
    for name, by_house in value.items():
        area = r.area(f"units.{name}", name)
        if area is None or not isinstance(by_house, Mapping):
            continue
        for house_name, pieces in by_house.items():
            path = f"units.{name}.{house_name}"
            house = r.house(path, house_name, houses)
            if house is None:
                continue
            listed = [
                _unit(r, f"{path}[{i}]", p, r.board.areas[area]) for i, p in enumerate(pieces or [])
            ]
            if listed:
                units.setdefault(area, {})[house] = [u for u in listed if u]
        if len(units.get(area, {})) > 1:
            r.fault(f"units.{name}", "units of two houses cannot share an area")
    return dict(sorted(units.items()))


def _unit(r: _Reader, path: str, text: Any, area: Any) -> str | None:
    words = str(text).lower().replace("-", "_").split()
    routed = words[:1] == ["routed"]
    kind = "_".join(words[1:] if routed else words).replace("siege", "siege_engine")
    kind = kind.replace("siege_engine_engine", "siege_engine")
    if kind not in UNIT_TYPES:
        r.fault(
            path, f"unknown unit {text!r}; units: {', '.join(UNIT_TYPES)} (optionally 'routed')"
        )
        return None
    at_sea = area.kind in ("sea", "port")
    if (kind == "ship") != at_sea:
        where = "a sea or port" if kind == "ship" else "land"
        r.fault(path, f"a {kind} can only stand on {where}, not in {area.name}")  # P1
        return None
    return f"routed {kind}" if routed else kind


def _power_tokens(r: _Reader, value: Any, houses: list[str]) -> dict[str, str]:
    tokens = {}
    for name, house_name in value.items():
        area = r.area(f"power_tokens.{name}", name)
        house = r.house(f"power_tokens.{name}", house_name, houses)
        if area and house:
            if not r.board.areas[area].is_land:
                r.fault(f"power_tokens.{name}", "power tokens stand only on land areas")
            tokens[area] = house
    return dict(sorted(tokens.items()))


def _garrisons(r: _Reader, value: Any) -> dict[str, int]:
    garrisons = {}
    for name, strength in value.items():
        area = r.area(f"garrisons.{name}", name)
        if area:
            garrisons[area] = r.number(f"garrisons.{name}", strength, 1, 1000)
    return dict(sorted(garrisons.items()))


def _hands(
    r: _Reader, value: Any, houses: list[str]
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Cards in hand; every card of the house not in hand is in its discard pile."""
    value = value if isinstance(value, Mapping) else {}
    index = card_index()
    hands, discards = {}, {}
    for house in houses:
        deck = house_cards(house)
        listed = value.get(house)
        if listed is None:
            hands[house], discards[house] = list(deck), []
            continue
        hand = []
        for i, name in enumerate(listed):
            try:
                card = index.find(str(name), among=deck)
            except Exception as error:
                r.fault(f"hands.{house}[{i}]", str(error))
                continue
            hand.append(card)
        hands[house] = [c for c in deck if c in hand]
        discards[house] = [c for c in deck if c not in hand]
    for name in value:
        r.house(f"hands.{name}", name, houses)
    return hands, discards


def _orders(r: _Reader, value: Any, state: State) -> dict[str, str]:
    from adjudicator.rulesets.westeros.planning import parse_token

    if not isinstance(value, Mapping):
        r.fault("orders", "phase: action needs orders: {area: token}")
        return {}
    orders = {}
    for name, token_text in value.items():
        area = r.area(f"orders.{name}", name)
        if area is None:
            continue
        if not state.occupant(area):
            r.fault(f"orders.{name}", "an order needs units in its area")
        try:
            orders[area] = parse_token(str(token_text)).name
        except Exception as error:
            r.fault(f"orders.{name}", str(error))
    return dict(sorted(orders.items()))


def export(state: State) -> dict[str, Any]:
    """The position file of `state`, deck order included: a GM command's output, secret,
    never committed (export -> new -> export is byte-identical)."""
    data: dict[str, Any] = {
        "game": "westeros",
        "options": {"ports": state.options.ports, "tides_of_battle": state.options.tides_of_battle},
        "round": state.round,
        "phase": state.phase,
        "houses": list(state.houses),
        "tracks": {t: list(state.tracks[t]) for t in TRACKS},
        "supply": {h: state.supply[h] for h in state.houses},
        "power": {h: state.power[h] for h in state.houses},
        "wildlings": state.wildlings,
        "units": {a: {h: list(u) for h, u in hs.items()} for a, hs in sorted(state.units.items())},
        "power_tokens": dict(sorted(state.power_tokens.items())),
        "garrisons": dict(sorted(state.garrisons.items())),
        "hands": {h: list(state.hands.get(h, [])) for h in state.houses},
    }
    if state.impassable:
        data["impassable"] = list(state.impassable)
    if state.restricted:
        data["restricted"] = list(state.restricted)
    if state.blade_used:
        data["blade_used"] = True
    if state.phase in ("raven", "action"):
        data["orders"] = dict(sorted(state.orders.items()))
    if state.phase == "westeros" and state.action:
        # The Westeros phase under way (cards still to resolve, bids, musters, open
        # requests): kept whole so that export -> new resumes it exactly.
        data["westeros_progress"] = copy.deepcopy(state.action)
    data["decks"] = {d: list(cards) for d, cards in sorted(state.decks.items())}
    data["discards"] = {d: list(c) for d, c in sorted(state.deck_discards.items()) if c}
    if state.winner:
        from adjudicator.rulesets.westeros.victory import standings_table

        data["winner"] = state.winner
        data["standings"] = standings_table(state)
    return data
