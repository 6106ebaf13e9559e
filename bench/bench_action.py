"""Benchmark: one whole action phase of a 6-player round with 10 battles (adjudication only).

    python bench/bench_action.py [runs]

The position (10 attacks on 10 disjoint pairs of neighbouring land areas, every house
attacking and defending) and the standing instructions are built and parsed once; each
run copies the state and times the engine's loop (`table.advance`: start_action, then
answers and steps) until the round ends. Decisions without an instruction get the
ruleset's default, as at a deadline.
Target: under 20 ms a phase.
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Request, Submission
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.rulesets.westeros.decks import house_cards
from adjudicator.rulesets.westeros.language.action_lines import parse_action_line
from adjudicator.rulesets.westeros.state import HOUSES, Options, State
from adjudicator.table import (
    Ledger,
    Policy,
    Resolved,
    Table,
    Verdict,
    advance,
    keep,
    new_submission,
)

BATTLES = 10


def battle_pairs() -> list[tuple[str, str]]:
    """Ten disjoint (attacker area, defender area) pairs of neighbouring land areas."""
    board = load_board()
    used: set[str] = set()
    pairs = []
    for area in sorted(a.id for a in board.areas.values() if a.is_land and not a.garrison):
        if area in used:
            continue
        for other in sorted(board.links[area]):
            info = board.areas[other]
            if info.is_land and not info.garrison and other not in used:
                pairs.append((area, other))
                used.update((area, other))
                break
        if len(pairs) == BATTLES:
            return pairs
    raise RuntimeError("not enough pairs")


def build() -> tuple[State, list[Submission]]:
    units: dict[str, dict[str, list[str]]] = {}
    orders: dict[str, str] = {}
    lines: dict[str, list[str]] = {h: [] for h in HOUSES}
    for i, (source, target) in enumerate(battle_pairs()):
        attacker, defender = HOUSES[i % 6], HOUSES[(i + 1) % 6]
        units[source] = {attacker: ["knight", "footman"]}
        units[target] = {defender: ["footman"]}
        orders[source], orders[target] = "march+0", "defense+1"
        lines[attacker].append(f"march {source} -> {target}")
    state = State(
        round=3,
        phase="action",
        houses=list(HOUSES),
        options=Options(),
        tracks={
            "iron_throne": ["baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell"],
            "fiefdoms": ["greyjoy", "tyrell", "martell", "stark", "baratheon", "lannister"],
            "kings_court": ["lannister", "stark", "martell", "baratheon", "tyrell", "greyjoy"],
        },
        supply={h: 3 for h in HOUSES},
        power={h: 5 for h in HOUSES},
        wildlings=2,
        units=units,
        garrisons={"kings_landing": 5, "the_eyrie": 6},
        hands={h: house_cards(h) for h in HOUSES},
        discards={h: [] for h in HOUSES},
        orders=orders,
    )
    for house in HOUSES:
        lines[house] += [f"card: {c}" for c in house_cards(house)]
        lines[house] += ["blade: no", "support: attacker"]
    table = Table(RULESET, state, Ledger(), dice)
    submissions = []
    for house, texts in lines.items():
        parsed = [parse_action_line(state, house, text) for text in texts]
        numbered = [replace(i, line=n) for n, i in enumerate(parsed, start=1)]
        submissions.append(new_submission(table, house, numbered))
        keep(table.ledger, submission=submissions[-1])
    return state, submissions


def dice(purpose: str, step: int) -> Dice:
    """The phase's dice: start_action (the loop's step 1) rolls with step 0's."""
    return Dice(b"bench", "bench" + purpose, step - 1)


class UntilTheRoundEnds(Policy):
    """Defaults for whatever no instruction answers (as at a deadline); stop when the action
    phase is over."""

    battles = 0

    def stop(self, table: Table) -> bool:
        return table.state.phase != "action"

    def resolved(self, table: Table, resolved: Resolved) -> None:
        self.battles += sum(1 for e in resolved.events if e.kind == "battle_ended")

    def missing(self, table: Table, missing: list[Request], attempt: int) -> Verdict:
        return Verdict.DEFAULTS


def play(state: State, submissions: list[Submission]) -> int:
    """Resolve the phase on the engine's loop; returns the number of battles fought."""
    ledger = Ledger(submissions=list(submissions), next_submission=len(submissions) + 1)
    table = Table(RULESET, state, ledger, dice, reported=False)
    policy = UntilTheRoundEnds()
    advance(table, policy, record=False)
    return policy.battles


def main(argv: list[str]) -> None:
    runs = int(argv[1]) if len(argv) > 1 else 50
    state, instructions = build()
    saved: dict[str, Any] = state.to_data()
    copies = [State.from_data(saved) for _ in range(runs + 1)]
    battles = play(copies[0], instructions)  # warm-up: imports and caches
    times = []
    for copy in copies[1:]:
        start = time.perf_counter()
        play(copy, instructions)
        times.append((time.perf_counter() - start) * 1000)
    print(
        f"action phase, 6 houses, {battles} battles, {runs} runs: "
        f"median {statistics.median(times):.2f} ms, min {min(times):.2f} ms, "
        f"max {max(times):.2f} ms (target < 20 ms)"
    )


if __name__ == "__main__":
    main(sys.argv)
