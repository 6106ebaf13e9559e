"""Whole seeded bot games, in memory, to the end: no exception, no broken invariant.

Every house is a bot (`Westeros.bot`); the invariants (tests/rulesets/westeros/invariants.py)
are checked after every step. The default suite plays `QUICK_GAMES` of the 200 seeds, which
cover every combination of 3-6 players, both port options, Tides of Battle on and off, with
and without standing instructions; `ADJUDICATOR_ALL_GAMES=1` plays all 200.
"""

from __future__ import annotations

import os

import pytest

from tests.rulesets.westeros.invariants import play_bot_game, scenario

ALL_GAMES = 200
QUICK_GAMES = 16
"""Seeds 0-15: 4 player counts x 2 port options x 2 Tides options, half with --ahead."""
SEEDS = range(ALL_GAMES if os.environ.get("ADJUDICATOR_ALL_GAMES") else QUICK_GAMES)


def with_ahead(seed: int) -> bool:
    return (seed + seed // 16) % 2 == 1


@pytest.mark.parametrize("seed", SEEDS)
def test_bot_game_plays_to_the_end(seed: int) -> None:
    result = play_bot_game(seed, ahead=with_ahead(seed))
    state = result.state
    assert result.stats.ended and state.phase == "ended", (state.round, state.phase)
    assert state.winner in state.houses
    assert state.round == 10 or any(state.castles_held(h) >= 7 for h in state.houses)
    assert result.events == [], "a bot's answer was refused when applied"
    assert not result.stats.defaults, f"bots left requests to the defaults: {result.stats}"


def test_scenarios_cover_every_combination() -> None:
    def combos(seeds: range, ahead: bool) -> set[tuple]:
        return {
            (s["players"], s["options"]["ports"], s["options"]["tides_of_battle"])
            + ((with_ahead(seed),) if ahead else ())
            for seed in seeds
            for s in [scenario(seed)]
        }

    assert len(combos(range(QUICK_GAMES), False)) == 4 * 2 * 2
    assert len(combos(range(ALL_GAMES), True)) == 4 * 2 * 2 * 2


def test_bot_games_are_reproducible() -> None:
    first, second = play_bot_game(4, ahead=True), play_bot_game(4, ahead=True)
    assert first.state.to_data() == second.state.to_data()
    assert first.stats == second.stats
    other = play_bot_game(4, ahead=False)
    assert other.state.to_data() != first.state.to_data()


def test_with_standing_instructions_a_round_waits_for_players_at_most_twice_on_average() -> None:
    """Issue 8, round trips: orders (with every later decision) and the Raven at most."""
    stops = rounds = 0
    for seed in (0, 3):  # 3 and 6 players, whatever the cards drawn (bench/: 6 players)
        stats = play_bot_game(seed, ahead=True, check=False).stats
        stops += sum(stats.stops.values())
        rounds += len(stats.stops)
    assert stops / rounds <= 2, (stops, rounds)
