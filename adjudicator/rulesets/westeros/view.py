"""What a house (or the public) may see, built by whitelisting fields.

House cards in hand are open information in this game (every played card lies face up), so
hands are public; deck order, the raven's look and unrevealed orders are not. Unrevealed
orders never reach the state at all: they wait in the engine's staging area.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.westeros.state import State


def view(state: State, player: str | None) -> dict[str, Any]:
    """The view for `player` (None: the public report and the committed game file)."""
    public: dict[str, Any] = {
        "game": "westeros",
        "viewer": player,
        "round": state.round,
        "phase": state.phase,
        "houses": list(state.houses),
        "options": {"ports": state.options.ports, "tides_of_battle": state.options.tides_of_battle},
        "tracks": {t: list(order) for t, order in state.tracks.items()},
        "supply": dict(state.supply),
        "power": dict(state.power),
        "wildlings": state.wildlings,
        "units": {a: {h: list(u) for h, u in hs.items()} for a, hs in sorted(state.units.items())},
        "orders": dict(sorted(state.orders.items())),
        "power_tokens": dict(sorted(state.power_tokens.items())),
        "garrisons": dict(sorted(state.garrisons.items())),
        "impassable": list(state.impassable),
        "restricted": list(state.restricted),
        "hands": {h: list(state.hands.get(h, [])) for h in state.houses},
        "discards": {h: list(state.discards.get(h, [])) for h in state.houses},
        "blade_used": state.blade_used,
        "castles": {h: state.castles_held(h) for h in state.houses},
        "deck_sizes": {name: len(cards) for name, cards in sorted(state.decks.items())},
        "deck_discards": {d: list(c) for d, c in sorted(state.deck_discards.items())},
        "winner": state.winner,
    }
    if player is not None and player == state.holder("kings_court") and state.raven.get("looked"):
        public["raven_look"] = state.raven["looked"]
    return public
