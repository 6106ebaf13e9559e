"""Tally, the example game: two players, three rounds, one secret number each round.

Rules (the whole rulebook):

- T1. Each round, `north` and `south` each pick a number from 1 to 3, in secret.
- T2. The picks are revealed together; the higher pick scores one point, equal picks none.
- T3. A player who picks nothing before the deadline picks 1 (the default).
- T4. After round 3 the game ends; the higher score wins, equal scores draw.

It uses every part of the contract (`rulesets.Ruleset`): secret requests, parsing with
errors by line, standing instructions for later rounds ("round 2: pick 3"), defaults,
events declared with their audiences (`reported.py`), a whitelisted view, positions that
round-trip, and a bot.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors, invalid
from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.rulesets import PositionError
from tests.example_game.reported import EVENTS

PLAYERS = ("north", "south")
ROUNDS = 3
LINE = re.compile(r"^(?:round\s+(\d+)\s*:\s*)?pick\s+(\S+)$", re.I)
"""'pick 2', or 'round 3: pick 1' (a standing instruction for a later round)."""


@dataclass
class State:
    """A game of tally: the round, the scores, and the picks of the round so far."""

    round: int = 1
    """1 to 3; 4 once the game has ended (T4)."""
    scores: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 0))
    """Points per player (T2)."""

    def to_data(self) -> dict[str, Any]:
        return {"round": self.round, "scores": dict(self.scores)}


class Tally:
    name = "tally"

    def new_game(self, scenario: Mapping[str, Any], rng: Dice) -> State:
        return State()

    def players(self, state: State) -> list[str]:
        return list(PLAYERS)

    def requests(self, state: State) -> list[Request]:
        if state.round > ROUNDS:
            return []
        return [
            Request(f"r{state.round}/pick/{p}", p, "pick", secret=True, summary="pick a number")
            for p in PLAYERS
        ]

    def parse(self, state: State, player: str, text: str) -> list[Instruction]:
        found, errors = [], []
        for n, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            match = LINE.match(line)
            if not match or match.group(2) not in ("1", "2", "3"):
                errors.append(invalid("write 'pick 1', 'pick 2' or 'pick 3'").at(n, raw))
                continue
            key = match.group(1) or str(state.round)
            found.append(
                Instruction(
                    "pick", key, int(match.group(2)), n, raw, f"round {key}: pick {match.group(2)}"
                )
            )
        if errors:
            raise OrderErrors(errors)
        return found

    def answer(self, state: State, request: Request, instructions: Sequence[Instruction]) -> Choice:
        mine = [i for i in instructions if i.kind == "pick" and i.key == str(state.round)]
        return Choice(mine[-1], mine[-1].value) if mine else Choice(None)

    def default(self, state: State, request: Request, rng: Dice) -> Any:
        return 1  # T3

    def step(self, state: State, answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
        picks = {p: answers[f"r{state.round}/pick/{p}"].value for p in PLAYERS}
        events: list[Event] = []
        for p in PLAYERS:
            emit(events, "picked", player=p, pick=picks[p], round=state.round)
        north, south = picks["north"], picks["south"]
        if north != south:  # T2
            winner = "north" if north > south else "south"
            state.scores[winner] += 1
            emit(events, "scored", player=winner, round=state.round)
        state.round += 1
        if state.round > ROUNDS:  # T4
            emit(events, "ended", scores=dict(state.scores))
        return events

    def epoch(self, state: State) -> str:
        return "game"  # standing instructions for later rounds live the whole game

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        """Whitelisted: the round and the scores are all there is to see (picks are
        revealed by the events of the step that applies them)."""
        return {
            "game": "tally",
            "round": state.round,
            "scores": dict(state.scores),
            "viewer": player,
            "players": list(PLAYERS),
            "points": {f"{p}_camp": state.scores[p] for p in PLAYERS},  # the map's shields
        }

    def load_position(self, data: Mapping[str, Any], rng: Dice) -> State:
        faults = [f"scores: no score for {p}" for p in PLAYERS if p not in data.get("scores", {})]
        if faults:
            raise PositionError(faults)
        return State(int(data.get("round", 1)), {p: int(data["scores"][p]) for p in PLAYERS})

    def export(self, state: State) -> dict[str, Any]:
        return state.to_data()

    def save(self, state: State) -> dict[str, Any]:
        return state.to_data()

    def restore(self, data: Mapping[str, Any]) -> State:
        return State(data["round"], dict(data["scores"]))

    def bot(self, state: State, player: str, rng: Dice, ahead: bool) -> str | None:
        if state.round > ROUNDS:
            return None
        return f"pick {rng.below(3) + 1}\n"


def emit(events: list[Event], kind: str, /, **data: Any) -> None:
    """An event as declared in `reported` (else `UndeclaredEvent`): the public gets its
    public fields; the player it names gets the whole event when some field is theirs only."""
    declared, seen, whole = EVENTS.split(kind, data)
    events.append(Event(kind, seen, shape=declared.shape))
    if len(seen) < len(whole) and "player" in data:
        events.append(Event(kind, whole, public=False, to=data["player"], shape=declared.shape))


RULESET = Tally()
