"""Benchmark: whole 6-player bot games in memory, and how often a round waits for players.

    python bench/bench_bots.py [games]

1. Adjudication only: each game is first played once by bots sending standing instructions
   with their orders (`--ahead`), recording every text they sent and when; then it is
   played again from the recorded texts, timed: parse, answer, step until the end (no bot,
   no git, no files). Target: a complete 6-player 10-round game under 0.5 s.
2. Round trips: in the same games, how many times per round the game stopped to wait for
   a player (every stop: the waiting houses' bots send their files). Goal: at most 2 on
   average (the orders and the Raven), whatever the cards drawn.
3. The same games with bots that answer only what is asked (no standing instructions).
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from adjudicator.bots import PlayStats, bot_source, play
from adjudicator.dice import Dice
from adjudicator.rulesets.westeros.ruleset import RULESET


def new_state(seed: int, players: int = 6) -> Any:
    return RULESET.new_game({"players": players}, Dice(f"bench-{seed}".encode(), "bench", 0))


def recorded(seed: int, ahead: bool) -> tuple[dict[tuple[int, str], str], PlayStats, Any]:
    """Play once with bots; return what each player sent at each step."""
    texts: dict[tuple[int, str], str] = {}
    bots = bot_source(RULESET, seed=seed, ahead=ahead)

    def source(state: Any, player: str, step: int) -> str | None:
        text = bots(state, player, step)
        if text:
            texts[(step, player)] = text
        return text

    state = new_state(seed)
    stats = play(RULESET, state, source=source, secret=f"bench-{seed}".encode())
    return texts, stats, state


def timed_replay(
    seed: int, texts: dict[tuple[int, str], str], recorded: PlayStats, repeat: int = 3
) -> float:
    """The game replayed from the recorded texts: CPU time, best of `repeat` (others share
    the machine)."""
    times = []
    for _ in range(repeat):
        state = new_state(seed)
        start = time.process_time()
        stats = play(
            RULESET,
            state,
            source=lambda s, player, step: texts.get((step, player)),
            secret=f"bench-{seed}".encode(),
        )
        times.append(time.process_time() - start)
        assert stats == recorded, "the replay diverged from the recorded game"
    return min(times)


def main(games: int) -> None:
    for ahead in (True, False):
        times, stops, rounds, steps, defaults = [], 0, 0, [], 0
        for seed in range(games):
            texts, stats, state = recorded(seed, ahead)
            times.append(timed_replay(seed, texts, stats))
            defaults += sum(stats.defaults.values())
            stops += sum(stats.stops.values())
            rounds += len(stats.stops)
            steps.append(stats.steps)
        label = "with --ahead" if ahead else "answers only"
        print(
            f"{label}: {games} 6-player games to round {state.round} ({state.phase}), "
            f"{statistics.mean(steps):.0f} steps each; adjudication median "
            f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
            f"(target 500 ms); stops per round {stops / rounds:.2f}"
            + (" (goal <= 2)" if ahead else "")
            + f"; answers left to the defaults: {defaults}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
