"""Helpers for wildling tests: a 6-player position whose wildlings attack now."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.rules import westeros_phase
from adjudicator.rulesets.westeros.state import State
from tests.rulesets.westeros.harness import Played, play, six_player_position

KINDS = ("wildling-bid", "wildling-tie", "wildling-card", "reduce", "port")
"""The requests an attack may open (defaulted when a test says so)."""
NO_POWER = {h: 0 for h in ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")}


def attack_state(top: str, threat: int = 12, **overrides: Any) -> State:
    """The 6-player start with `overrides`, in the Westeros phase of round 2, `top` on top
    of the wildling deck, the threat at `threat`, and the wildlings about to attack."""
    state = RULESET.load_position(six_player_position(**overrides), Dice(b"case", "case", 0))
    state.phase, state.round, state.wildlings = "westeros", 2, threat
    deck = state.decks["wildlings"]
    deck.remove(top)
    deck.insert(0, top)
    state.action = {"step": "westeros", "open": [], "n": 0, "cards": [["test", "wildlings-attack"]]}
    return state


def attack(
    state: State,
    submissions: Mapping[str, str | list[str]] | None = None,
    defaults: bool | Collection[str] = KINDS,
) -> Played:
    """Start the attack and play it (and the rest of the Westeros phase) until blocked."""
    events: list = []
    westeros_phase.advance(state, Dice(b"case", "case", 0), events)
    played = play(state, submissions or {}, defaults=defaults)
    played.events[:0] = events
    return played


def units(played: Played) -> dict[str, dict[str, list[str]]]:
    return {
        a: {h: sorted(u) for h, u in hs.items() if u}
        for a, hs in sorted(played.state.units.items())
        if hs
    }


def event(played: Played, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in played.events if e.kind == kind]
