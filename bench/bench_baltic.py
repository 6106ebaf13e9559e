"""Benchmark: baltic adjudication with bot orders (issue 11, "Performance").

    python bench/bench_baltic.py [runs]

Bots play a Grand Campaign (its first three years) and a Poltava game once, seeded, on the
engine's loop (`table.advance`); every answer is recorded. Each run then replays the
recorded answers from a copy of the first state, timing only the ruleset's `step`
(adjudication: the bots' thinking, parsing and the engine's files are not counted).
Reported: a Grand Campaign season (median and worst of its 12 seasons) and a whole Poltava
scenario. Targets: under 20 ms a season, under 0.3 s a Poltava game.
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from typing import Any

from adjudicator.bots import Bots, PlayStats, in_memory
from adjudicator.dice import Dice
from adjudicator.requests import Answer
from adjudicator.rulesets.baltic.ruleset import RULESET
from adjudicator.rulesets.baltic.state import State
from adjudicator.table import Resolved, Table, advance

SECRET = b"bench-baltic"


class Recorder(Bots):
    """The bots' policy, keeping each step's answers under the season it resolved in, and
    stopping at the Entry Phase of `until_year`."""

    def __init__(self, seed: int, until_year: int | None) -> None:
        super().__init__(self.bot, PlayStats(), None)
        self.until_year = until_year
        self.steps: list[tuple[str, dict[str, Answer]]] = []
        self.label = ""

    @staticmethod
    def bot(state: State, player: str, step: int) -> str | None:
        return RULESET.bot(state, player, Dice(SECRET, player, step), True)

    def stop(self, table: Table) -> bool:
        state = table.state
        self.label = f"{state.year} {state.season}"
        return bool(self.until_year and state.year >= self.until_year and state.phase == "entry")

    def resolved(self, table: Table, resolved: Resolved) -> None:
        self.steps.append((self.label, resolved.answers))


def record(scenario: str, seed: int, until_year: int | None) -> tuple[State, list[Any]]:
    """Play with bots on the engine's loop; return the first state and, per step, (label,
    answers)."""
    state = RULESET.new_game({"scenario": scenario}, Dice(SECRET, f"g{seed}", 0))
    first = copy.deepcopy(state)
    recorder = Recorder(seed, until_year)
    advance(in_memory(RULESET, state, SECRET, f"g{seed}"), recorder, record=False)
    return first, recorder.steps


def replay(first: State, steps: list[Any], seed: int) -> dict[str, float]:
    """Seconds of `step` per season label, replaying the recorded answers."""
    state = copy.deepcopy(first)
    per_season: dict[str, float] = {}
    for number, (label, answers) in enumerate(steps, start=1):
        started = time.perf_counter()
        RULESET.step(state, answers, Dice(SECRET, f"g{seed}", number))
        per_season[label] = per_season.get(label, 0.0) + time.perf_counter() - started
    return per_season


def main(runs: int = 5) -> None:
    first, steps = record("grand_campaign", 1, until_year=1703)
    seasons = [replay(first, steps, 1) for _ in range(runs)]
    best = {label: min(run[label] for run in seasons) for label in seasons[0]}
    values = sorted(best.values())
    print(
        f"Grand Campaign season ({len(values)} seasons, {len(steps)} steps, best of {runs}): "
        f"median {statistics.median(values) * 1000:.1f} ms, worst {values[-1] * 1000:.1f} ms"
        " (target < 20 ms)"
    )
    first, steps = record("poltava", 3, until_year=None)
    games = [sum(replay(first, steps, 3).values()) for _ in range(runs)]
    print(
        f"Poltava whole game ({len(steps)} steps): median {statistics.median(games):.3f} s, "
        f"best {min(games):.3f} s (target < 0.3 s)"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
