"""Benchmark: one whole action phase of a 6-player round with 10 battles (adjudication only).

    python bench/bench_action.py [runs]

The position (10 attacks on 10 disjoint pairs of neighbouring land areas, every house
attacking and defending) and the standing instructions are built and parsed once; each
run copies the state and times start_action plus the answer/step loop until the round
ends. Decisions without an instruction get the ruleset's default, as at a deadline.
Target: under 20 ms a phase.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Answer, Instruction
from adjudicator.rulesets.westeros import action
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.rulesets.westeros.decks import house_cards
from adjudicator.rulesets.westeros.state import HOUSES, Options, State

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


def build() -> tuple[State, dict[str, list[Instruction]]]:
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
    instructions = {
        h: [action.parse_action_line(state, h, text) for text in texts]
        for h, texts in lines.items()
    }
    return state, instructions


def play(state: State, instructions: dict[str, list[Instruction]]) -> int:
    """Resolve the phase; returns the number of battles fought."""
    used: set[int] = set()
    rng = Dice(b"bench", "bench", 0)
    events = action.start_action(state, rng)
    for step in range(1, 1000):
        requests = action.action_requests(state)
        if not requests:
            break
        answers: dict[str, Answer] = {}
        for request in requests:
            mine = [i for i in instructions[request.player] if id(i) not in used]
            choice = action.action_answer(state, request, mine)
            if choice.instruction is not None:
                used.add(id(choice.instruction))
                answers[request.id] = Answer(request.id, choice.value)
            else:
                answers[request.id] = Answer(request.id, action.action_default(state, request, rng))
        events += action.action_step(state, answers, Dice(b"bench", "bench", step))
    return sum(1 for e in events if e.kind == "battle_ended")


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
