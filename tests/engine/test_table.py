"""The one loop (`adjudicator.table`) on its own, with tally (tests/example_game): what an
answer spends, and how a policy decides about a request nobody answered."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.requests import Request
from adjudicator.table import Ledger, Policy, Table, Verdict, advance, submit
from tests.example_game.tally import RULESET


def table() -> Table:
    def dice(purpose: str, step: int) -> Dice:
        return Dice(b"t", "t" + purpose, step)

    return Table(RULESET, RULESET.new_game({}, dice("", 0)), Ledger(), dice)


def test_an_answer_spends_its_line_and_a_whole_kind_its_whole_set(monkeypatch) -> None:
    game = table()
    submit(game, "north", "pick 3\nround 2: pick 1")
    submit(game, "south", "pick 2")
    first = advance(game)
    assert [r.step for r in first.steps] == [1]  # round 2 waits for south only
    assert [r.player for r in first.waiting] == ["south"]
    assert "0001-north:2" not in game.ledger.used  # the line for round 2 still stands

    monkeypatch.setattr(RULESET, "whole_kinds", frozenset({"pick"}), raising=False)
    game = table()
    submit(game, "north", "pick 3\nround 2: pick 1")
    submit(game, "south", "pick 2")
    first = advance(game)
    assert {"0001-north:1", "0001-north:2"} <= game.ledger.used  # spent as one set
    assert sorted(r.player for r in first.waiting) == ["north", "south"]


class Once(Policy):
    """Sends one text when asked (a bot), then lets the defaults answer."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, list[str]]] = []

    def missing(self, table: Table, missing: list[Request], attempt: int) -> Verdict:
        self.asked.append((attempt, [r.player for r in missing]))
        if attempt == 0:
            submit(table, "north", "pick 2")
            return Verdict.AGAIN
        return Verdict.DEFAULTS


def test_t3_a_policy_may_send_then_default_what_is_still_open() -> None:
    steps = 3
    game = table()
    policy = Once()
    resolution = advance(game, policy)
    assert [r.step for r in resolution.steps] == list(range(1, steps + 1))
    assert policy.asked[:2] == [(0, ["north", "south"]), (1, ["south"])]
    nmr = [e.data["player"] for r in resolution.steps for e in r.notes if e.kind == "nmr"]
    assert nmr == ["south"] * steps  # north sent each round, south never
    assert game.state.round == 4
