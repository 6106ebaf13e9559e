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
from adjudicator.gamefile import unknown_keys
from adjudicator.rulesets import PositionError
from adjudicator.rulesets.westeros.board import Board, load_board
from adjudicator.rulesets.westeros.decks import card_index, house_cards
from adjudicator.rulesets.westeros.language.planning_lines import parse_token
from adjudicator.rulesets.westeros.rules.victory import standings_table
from adjudicator.rulesets.westeros.rules.westeros_decks import (
    ALL_DECKS,
    deck_card_index,
    deck_composition,
)
from adjudicator.rulesets.westeros.state import (
    HOUSES,
    PORT_RULES,
    TRACKS,
    UNIT_TYPES,
    Options,
    State,
    progress_from_data,
    progress_to_data,
)
from adjudicator.text import N_, Name, Text, _l, quoted

PHASES = ("westeros", "planning", "raven", "action")
"""Phases a position may be in; raven and action need `orders:` (the revealed ones)."""


def _house(house: str) -> Name:
    """A house as the file writes it (its id), said in the reader's words."""
    return Name(house, house, "houses")


def _problem(error: Exception) -> str | Text:
    """What a name index or token reader said, as a Text when it has one."""
    return getattr(error, "message", None) or str(error)


class _Reader:
    """Collects faults while converting names to ids."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.faults: list[str | Text] = []

    def fault(self, msgid: str, path: str, **fields: Any) -> None:
        """Records one fault: a whole sentence (`msgid`, marked N_) with its YAML `path`."""
        self.faults.append(_l(msgid, path=path, **fields))

    def area(self, path: str, name: Any) -> str | None:
        try:
            return self.board.names.find(str(name))
        except Exception as error:  # LineError: unknown or ambiguous name
            alts = tuple(getattr(error, "alternatives", ()))
            if 0 < len(alts) <= 3:
                self.fault(
                    N_("%(path)s: %(problem)s (did you mean %(names)s?)"),
                    path,
                    problem=_problem(error),
                    names=alts,
                )
            else:
                self.fault(N_("%(path)s: %(problem)s"), path, problem=_problem(error))
            return None

    def house(self, path: str, name: Any, houses: list[str]) -> str | None:
        key = str(name).strip().lower()
        if key in houses:
            return key
        # NOTE: the file names houses by id, so the hint lists the ids to type.
        self.fault(
            N_("%(path)s: %(value)s is not a house in this game (%(houses)s)"),
            path,
            value=quoted(name),
            houses=", ".join(houses),
        )
        return None

    def number(self, path: str, value: Any, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fault(
                N_("%(path)s: expected a whole number from %(low)d to %(high)d, got %(value)s"),
                path,
                low=low,
                high=high,
                value=quoted(value),
            )
            return low
        return value


KEYS = {
    *("game", "round", "phase", "winner", "houses", "options", "tracks", "supply", "power"),
    *("wildlings", "units", "power_tokens", "garrisons", "impassable", "restricted"),
    *("blade_used", "hands", "orders", "decks", "discards", "westeros_progress", "standings"),
}
"""Every key a position file may have (issue 18: an unknown one was silently ignored)."""


def load_position(data: Mapping[str, Any], rng: Dice) -> State:
    """Build a state from a position file. Decks are shuffled with `rng` (they are secret).

    Raises `PositionError` listing every fault.
    """
    r = _Reader(load_board())
    if not isinstance(data, Mapping):
        raise PositionError([_l("(top): expected a mapping of keys such as game, round, houses")])
    r.faults.extend(unknown_keys("", data, KEYS))
    if data.get("game", "westeros") != "westeros":
        wrong = quoted(data.get("game"))
        r.fault(
            N_("%(path)s: this is a westeros position reader, got %(value)s"), "game", value=wrong
        )
    houses = _houses(r, data.get("houses"))
    options = _options(r, data.get("options") or {})
    phase = data.get("phase", "planning")
    if phase not in PHASES:
        choices = ", ".join(PHASES)
        r.fault(
            N_("%(path)s: expected one of %(choices)s, got %(value)s"),
            "phase",
            choices=choices,
            value=quoted(phase),
        )
    if data.get("winner") is not None:
        r.fault(N_("%(path)s: a finished game cannot be continued from a position"), "winner")
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
        r.fault(
            N_("%(path)s: orders are only given in a position with phase: raven or action"),
            "orders",
        )
    state.decks, state.deck_discards = _decks(r, data.get("decks"), data.get("discards"), rng)
    progress = _progress(data.get("westeros_progress"), phase)
    if progress is None and data.get("westeros_progress") is not None:
        r.fault(
            N_("%(path)s: written by export in a Westeros phase under way only"),
            "westeros_progress",
        )
    elif progress is not None:
        state.action = progress
    if r.faults:
        raise PositionError(r.faults)
    return state


def _progress(progress: Any, phase: str) -> dict[str, Any] | None:
    """A Westeros phase under way as `export` wrote it, its records typed (None: absent,
    or not what `export` writes: its requests or attack not whole)."""
    if phase != "westeros" or not isinstance(progress, Mapping) or "cards" not in progress:
        return None
    try:
        return progress_from_data(copy.deepcopy(dict(progress)))
    except (KeyError, TypeError, AttributeError):
        return None


def _decks(
    r: _Reader, decks: Any, discards: Any, rng: Dice
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Draw piles (top card first) and discard piles, by deck.

    Issue 8: a deck not given is shuffled from the cards not in its discards, by the game's
    dice; a deck given without discards means every other card of it is discarded.
    """

    decks = decks if isinstance(decks, Mapping) else {}
    discards = discards if isinstance(discards, Mapping) else {}
    for key in sorted({*decks, *discards} - set(ALL_DECKS)):
        known = ", ".join(ALL_DECKS)
        r.fault(N_("%(path)s: unknown deck; decks: %(decks)s"), f"decks.{key}", decks=known)
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
                r.fault(
                    N_("%(path)s: more copies of %(card)s than the deck has"),
                    f"decks.{deck}",
                    card=_card(deck, card),
                )
        # NOTE: a resolved wildling card goes to the bottom, never to a discard pile.
        if deck == "wildlings" and (dropped or (listed is not None and rest)):
            r.fault(N_("%(path)s: the wildling deck always holds its 9 cards"), f"decks.{deck}")
        if listed is None:
            piles[deck], gone[deck] = rng.shuffled(rest), dropped or []
        elif dropped is None:
            piles[deck], gone[deck] = listed, rest
        else:
            if rest:
                r.fault(
                    N_("%(path)s: cards in neither pile: %(cards)s"),
                    f"discards.{deck}",
                    cards=tuple(_card(deck, c) for c in rest),
                )
            piles[deck], gone[deck] = listed, dropped
    return piles, {d: cards for d, cards in gone.items() if d != "wildlings" or cards}


def _card(deck: str, card: str) -> Name:
    """A Westeros or wildling card by id (as the file and today's English name it)."""
    return Name(card, card, "wildling_cards" if deck == "wildlings" else "westeros_cards")


def _deck_cards(r: _Reader, path: str, value: Any, deck: str) -> list[str] | None:

    if value is None:
        return None
    if not isinstance(value, list):
        r.fault(N_("%(path)s: expected a list of card names, top card first"), path)
        return []
    cards = []
    for i, name in enumerate(value):
        try:
            cards.append(deck_card_index(deck).find(str(name)))
        except Exception as error:  # LineError: unknown or ambiguous name
            r.fault(N_("%(path)s: %(problem)s"), f"{path}[{i}]", problem=_problem(error))
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
        every = ", ".join(HOUSES)
        r.fault(
            N_("%(path)s: expected a list of 3 to 6 houses from %(houses)s"), "houses", houses=every
        )
        return list(HOUSES)
    houses = []
    for i, name in enumerate(value):
        house = r.house(f"houses[{i}]", name, list(HOUSES))
        if house in houses:
            r.fault(N_("%(path)s: %(house)s is listed twice"), f"houses[{i}]", house=_house(house))
        elif house:
            houses.append(house)
    return houses


def _options(r: _Reader, value: Any) -> Options:
    options = Options()
    if not isinstance(value, Mapping):
        r.fault(N_("%(path)s: expected a mapping such as {ports: second-edition}"), "options")
        return options
    for key, setting in value.items():
        if key == "ports" and setting in PORT_RULES:
            options.ports = setting
        elif key == "tides_of_battle" and isinstance(setting, bool):
            options.tides_of_battle = setting
        else:
            r.fault(
                N_(
                    "%(path)s: unknown option or value %(value)s; known: ports (%(ports)s),"
                    " tides_of_battle (true | false)"
                ),
                f"options.{key}",
                value=quoted(setting),
                ports=" | ".join(PORT_RULES),
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
            r.fault(
                N_("%(path)s: must list each house once: %(houses)s"),
                f"tracks.{track}",
                houses=tuple(map(_house, houses)),
            )
        tracks[track] = order
    return tracks


def _per_house(
    r: _Reader, path: str, value: Any, houses: list[str], low: int, high: int
) -> dict[str, int]:
    value = value if isinstance(value, Mapping) else {}
    missing = [h for h in houses if h not in value]
    if missing:
        r.fault(N_("%(path)s: missing %(houses)s"), path, houses=tuple(map(_house, missing)))
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
            r.fault(N_("%(path)s: units of two houses cannot share an area"), f"units.{name}")
    return dict(sorted(units.items()))


def _unit(r: _Reader, path: str, text: Any, area: Any) -> str | None:
    words = str(text).lower().replace("-", "_").split()
    routed = words[:1] == ["routed"]
    kind = "_".join(words[1:] if routed else words).replace("siege", "siege_engine")
    kind = kind.replace("siege_engine_engine", "siege_engine")
    if kind not in UNIT_TYPES:
        r.fault(
            N_("%(path)s: unknown unit %(value)s; units: %(units)s (optionally 'routed')"),
            path,
            value=quoted(text),
            units=", ".join(UNIT_TYPES),
        )
        return None
    at_sea = area.kind in ("sea", "port")
    if (kind == "ship") != at_sea:
        place = Name(area.id, area.name, "areas")
        if kind == "ship":  # P1
            r.fault(
                N_("%(path)s: a ship can only stand on a sea or port, not in %(area)s"),
                path,
                area=place,
            )
        else:
            r.fault(
                N_("%(path)s: a %(unit)s can only stand on land, not in %(area)s"),
                path,
                unit=Name(kind, kind, "units"),
                area=place,
            )
        return None
    return f"routed {kind}" if routed else kind


def _power_tokens(r: _Reader, value: Any, houses: list[str]) -> dict[str, str]:
    tokens = {}
    for name, house_name in value.items():
        area = r.area(f"power_tokens.{name}", name)
        house = r.house(f"power_tokens.{name}", house_name, houses)
        if area and house:
            if not r.board.areas[area].is_land:
                r.fault(
                    N_("%(path)s: power tokens stand only on land areas"), f"power_tokens.{name}"
                )
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
                where = f"hands.{house}[{i}]"
                r.fault(N_("%(path)s: %(problem)s"), where, problem=_problem(error))
                continue
            hand.append(card)
        hands[house] = [c for c in deck if c in hand]
        discards[house] = [c for c in deck if c not in hand]
    for name in value:
        r.house(f"hands.{name}", name, houses)
    return hands, discards


def _orders(r: _Reader, value: Any, state: State) -> dict[str, str]:
    if not isinstance(value, Mapping):
        r.fault(N_("%(path)s: phase: action needs orders: {area: token}"), "orders")
        return {}
    orders = {}
    for name, token_text in value.items():
        area = r.area(f"orders.{name}", name)
        if area is None:
            continue
        if not state.occupant(area):
            r.fault(N_("%(path)s: an order needs units in its area"), f"orders.{name}")
        try:
            orders[area] = parse_token(str(token_text)).text()
        except Exception as error:
            r.fault(N_("%(path)s: %(problem)s"), f"orders.{name}", problem=_problem(error))
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
        data["westeros_progress"] = copy.deepcopy(progress_to_data(state.action))
    data["decks"] = {d: list(cards) for d, cards in sorted(state.decks.items())}
    data["discards"] = {d: list(c) for d, c in sorted(state.deck_discards.items()) if c}
    if state.winner:
        data["winner"] = state.winner
        data["standings"] = standings_table(state)
    return data
