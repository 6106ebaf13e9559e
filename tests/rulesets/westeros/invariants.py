"""What must hold after every step of any westeros game, and whole bot games that check it.

`play_bot_game` plays a game to the end in memory with bots for every house
(`adjudicator.bots.play`) and calls `check_invariants` after every step, so a broken rule
shows at the step that broke it, with the events of that step.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from adjudicator.bots import PlayStats, bot_source, play
from adjudicator.dice import Dice
from adjudicator.requests import Event
from adjudicator.rulesets.westeros.decks import house_cards
from adjudicator.rulesets.westeros.rules.supply import fits_supply, unit_counts
from adjudicator.rulesets.westeros.ruleset import RULESET
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import unit_type

SUPPLY_PENDING = ("reduce", "reconcile", "supply")
"""Request kinds during which a house may still be over its supply (it is choosing losses)."""


def check_invariants(state: State) -> None:
    """Raise AssertionError naming the first broken invariant."""
    _check_areas(state)
    _check_pieces(state)
    _check_tokens_and_tracks(state)
    _check_cards(state)


def _battle_units(state: State) -> tuple[str | None, list[str]]:
    battle = state.action.get("battle") if state.phase == "action" else None
    if not battle:
        return None, []
    return battle.attacker, list(battle.units)


def _check_areas(state: State) -> None:
    board = state.board
    capturing = set(state.action.get("ports", [])) if state.phase == "action" else set()
    for area, houses in state.units.items():
        info = board.areas[area]
        assert area not in state.impassable, f"units in {area}, out of play"
        assert len(houses) == 1 or area in capturing, f"{area} holds {sorted(houses)}"
        for house, units in houses.items():
            assert units, f"an empty entry for {house} in {area}"
            kinds = {unit_type(u) for u in units}
            if info.is_land:
                assert "ship" not in kinds, f"a ship on land in {area}: {units}"
            else:
                assert kinds == {"ship"}, f"land units at sea or in a port, {area}: {units}"
        if info.is_port:
            ships = sum(len(u) for u in houses.values())
            assert ships <= board.game["port_capacity"], f"{area}: {ships} ships (P1)"
    # Errata (FAQ v2.0): orders in areas left without units go at the combat's clean-up.
    if not (state.phase == "action" and state.action.get("battle")):
        for area in state.orders:
            assert state.units.get(area), f"an order without units in {area}"


def _check_pieces(state: State) -> None:
    limits = state.board.game["unit_limits"]
    attacker, moving = _battle_units(state)
    over = _supply_pending(state)
    for house in state.houses:
        count: Counter[str] = Counter(
            unit_type(u) for houses in state.units.values() for u in houses.get(house, [])
        )
        if house == attacker:
            count.update(unit_type(u) for u in moving)
        for kind, n in count.items():
            assert n <= limits[kind], f"{house} has {n} {kind}s, the limit is {limits[kind]}"
        if house not in over and house != attacker:
            assert fits_supply(state, house, unit_counts(state, house)), (
                f"{house}: armies {sorted(unit_counts(state, house).values())} over supply "
                f"{state.supply[house]}"
            )


def _supply_pending(state: State) -> set[str]:
    return {r.player for r in RULESET.requests(state) if r.kind in SUPPLY_PENDING}


def _check_tokens_and_tracks(state: State) -> None:
    cap = state.board.game["power_tokens_max"]
    for house in state.houses:
        placed = sum(1 for h in state.power_tokens.values() if h == house)
        pool = state.power.get(house, 0)
        assert pool >= 0, f"{house} has {pool} power"
        assert pool + placed <= cap, f"{house}: {pool} power + {placed} on the board > {cap}"
        assert 0 <= state.supply[house] <= state.board.tracks["supply_max"], state.supply
    for area, house in state.power_tokens.items():
        assert state.board.areas[area].is_land, f"a power token at sea: {area}"
        assert house in state.houses
    for track, order in state.tracks.items():
        assert sorted(order) == sorted(state.houses), f"{track} is {order}"
    assert 0 <= state.wildlings <= 12 and state.wildlings % 2 == 0, state.wildlings


def _check_cards(state: State) -> None:
    for house in state.houses:
        hand, discard = state.hands.get(house, []), state.discards.get(house, [])
        assert not set(hand) & set(discard), f"{house}: a card in hand and discards"
        assert len(hand) + len(discard) == len(set(hand) | set(discard)), f"{house}: a copy"
        assert sorted([*hand, *discard]) == sorted(house_cards(house)), (
            f"{house}: hand {hand} + discards {discard} are not its 7 cards"
        )


@dataclass
class GameResult:
    state: State
    stats: PlayStats
    events: list[Event]


def scenario(seed: int) -> dict[str, Any]:
    """The seed's game: 3-6 players, both port options, Tides of Battle on and off."""
    return {
        "players": 3 + seed % 4,
        "options": {
            "ports": ("second-edition", "clash-of-kings")[seed // 4 % 2],
            "tides_of_battle": seed // 8 % 2 == 1,
        },
    }


def play_bot_game(seed: int, *, ahead: bool = False, check: bool = True) -> GameResult:
    """A whole seeded bot game in memory, the invariants checked after every step."""
    secret = f"whole-game-{seed}".encode()
    state = RULESET.new_game(scenario(seed), Dice(secret, "bots", 0))
    check_invariants(state)
    rejected: list[Event] = []

    def after(state: State, events: list[Event]) -> None:
        rejected.extend(e for e in events if e.kind == "answer_rejected")
        if check:
            check_invariants(state)

    stats = play(
        RULESET,
        state,
        source=bot_source(RULESET, seed=seed, ahead=ahead),
        secret=secret,
        check=after,
    )
    return GameResult(state, stats, rejected)
