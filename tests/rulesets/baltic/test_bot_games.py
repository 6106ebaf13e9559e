"""Whole games by bots (issue 11 "Tests"): 100 seeded Poltava games and 5 Grand Campaigns
(their first three years) run without an exception, keep the invariants after every step,
never show a hidden identity in public, and replay byte for byte."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
import yaml

from adjudicator.requests import Event
from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.state import State
from adjudicator.rulesets.baltic.view import view
from tests.rulesets.baltic import invariants
from tests.rulesets.baltic.driver import play

PUBLIC_PLACES = ("reform_box", "removed", "out", "set_aside")
"""1.7: blocks there are public, so their identity may be printed."""


class Watcher:
    """Checks every step, keeps a digest of the whole game for the replay comparison."""

    def __init__(self) -> None:
        self.faults: list[str] = []
        self.shown: set[str] = set()
        """Blocks whose identity has become public: revealed in a battle or in a public box."""
        self.hash = hashlib.sha256()
        self.steps = 0
        board = load_board()
        places = {t.name.lower() for t in board.territories.values()}
        self.spellings = {
            b: [b] + ([info.name] if info.name.lower() not in places else [])
            for b, info in board.blocks.items()
        }

    def __call__(self, before: State | None, state: State, events: list[Event]) -> None:
        self.steps += 1
        where = f"{state.label} {state.phase} (step {self.steps})"
        faults = invariants.place_faults(state) + invariants.capacity_faults(state)
        faults += invariants.contact_faults(state)
        if before is not None:
            losses = {
                (e.data["side"], e.data["at"]): e.data["steps"]
                for e in events
                if e.kind == "forage_losses" and e.public
            }
            faults += invariants.forage_faults(before, state, losses)
        self.faults += [f"{where}: {f}" for f in faults]
        self._fog(state, events, where)
        self.hash.update(repr(state).encode())
        self.hash.update(repr([(e.kind, e.data, e.public, e.to) for e in events]).encode())

    def _fog(self, state: State, events: list[Event], where: str) -> None:
        """13.6: nothing public names a block never revealed in a battle (or a public box)."""
        self.shown |= set(state.revealed)
        self.shown |= {
            b
            for b, info in state.blocks.items()
            if info.at in PUBLIC_PLACES or info.at.startswith("year:")
        }
        public: Any = [view(state, None), [(e.kind, e.data) for e in events if e.public]]
        text = json.dumps(public, ensure_ascii=False, default=str)
        for block, spellings in self.spellings.items():
            if block in self.shown:
                continue
            for spelling in spellings:
                if spelling in text:
                    self.faults.append(f"{where}: hidden {block} shows in public as {spelling!r}")


def run(scenario: str, seed: int, until_year: int | None = None) -> Watcher:
    watcher = Watcher()
    play(scenario, seed, until_year=until_year, check=watcher, keep=False)
    return watcher


def replayed(scenario: str, seed: int, until_year: int | None = None) -> str:
    """The same game again, hashed the same way (without the checks)."""
    digest = hashlib.sha256()

    def record(before: State | None, state: State, events: list[Event]) -> None:
        digest.update(repr(state).encode())
        digest.update(repr([(e.kind, e.data, e.public, e.to) for e in events]).encode())

    play(scenario, seed, until_year=until_year, check=record, keep=False)
    return digest.hexdigest()


@pytest.mark.parametrize("seed", range(100))
def test_poltava_bot_game(seed):
    watcher = run("poltava", seed)
    assert watcher.faults == []
    assert replayed("poltava", seed) == watcher.hash.hexdigest()


@pytest.mark.parametrize("seed", range(5))
def test_grand_campaign_first_three_years_by_bots(seed):
    watcher = run("grand_campaign", seed, until_year=1703)
    assert watcher.faults == []
    assert watcher.steps >= 3  # at least the first season, unless the war ends at once
    assert replayed("grand_campaign", seed, until_year=1703) == watcher.hash.hexdigest()


def test_bot_game_ends_with_a_winner():
    game = play("poltava", 3, keep=False)
    assert game.state.phase == "ended"
    assert game.state.winner in ("sweden", "coalition")


@pytest.mark.parametrize("scenario, seed", [("poltava", 7), ("grand_campaign", 1)])
def test_15_every_state_of_a_bot_game_exports_and_loads_byte_identical(scenario, seed):
    from adjudicator.gamedir import dump_yaml
    from adjudicator.rulesets.baltic.position import export, load_position

    faults = []

    def round_trip(before: State | None, state: State, events: list[Event]) -> None:
        text = dump_yaml(export(state))
        again = load_position(yaml.safe_load(text))
        if dump_yaml(export(again)) != text:
            faults.append(f"{state.label} {state.phase}")
        if again.to_data() != state.to_data():
            faults.append(f"{state.label} {state.phase}: the loaded state differs")

    play(scenario, seed, until_year=1701, check=round_trip, keep=False)
    assert faults == []


def test_every_event_kind_of_bot_games_has_prose():
    from adjudicator.render import has_event_macro

    kinds: set[str] = set()

    def collect(before: State | None, state: State, events: list[Event]) -> None:
        kinds.update(e.kind for e in events)

    for seed in range(6):
        play("poltava", seed, check=collect, keep=False)
    play("grand_campaign", 0, until_year=1702, check=collect, keep=False)
    assert [k for k in sorted(kinds) if not has_event_macro("baltic", k)] == []
