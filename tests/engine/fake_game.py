"""A two-player game of nothing, for engine tests of requests that are never waited for.

Each step asks player `a` for orders (waited for) and player `b` for its standing
instructions (``Request.wait=False``): answered at once from what `b` sent, else from the
default, never with a deadline or an NMR.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Answer, Choice, Event, Instruction, Request


class Fake:
    name = "fake"

    def new_game(self, scenario: Mapping[str, Any], rng: Dice) -> dict[str, Any]:
        return {"step": 0, "log": []}

    def players(self, state: dict[str, Any]) -> list[str]:
        return ["a", "b"]

    def requests(self, state: dict[str, Any]) -> list[Request]:
        if state["step"] >= 2:
            return []
        n = state["step"]
        return [
            Request(f"s{n}/orders/a", "a", "orders", summary="orders"),
            Request(f"s{n}/standing/b", "b", "standing", summary="standing", wait=False),
        ]

    def parse(self, state: dict[str, Any], player: str, text: str) -> list[Instruction]:
        lines = [x.strip() for x in text.splitlines() if x.strip()]
        return [Instruction("note", x, x, n, x, x) for n, x in enumerate(lines, start=1)]

    def answer(
        self, state: dict[str, Any], request: Request, instructions: Sequence[Instruction]
    ) -> Choice:
        if not instructions:
            return Choice(None)
        return Choice(
            instructions[0], [i.value for i in instructions], uses=tuple(instructions[1:])
        )

    def default(self, state: dict[str, Any], request: Request, rng: Dice) -> Any:
        return ["default"]

    def step(self, state: dict[str, Any], answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
        for request_id in sorted(answers):
            answer = answers[request_id]
            state["log"].append([request_id, answer.value, str(answer.source)])
        state["step"] += 1
        return [Event("stepped", {"step": state["step"]})]

    def epoch(self, state: dict[str, Any]) -> str:
        return "all"

    def view(self, state: dict[str, Any], player: str | None) -> dict[str, Any]:
        return {"step": state["step"]}

    def load_position(self, data: Mapping[str, Any], rng: Dice) -> dict[str, Any]:
        return dict(data)

    def export(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(state)

    def save(self, state: dict[str, Any]) -> dict[str, Any]:
        return dict(state)

    def restore(self, data: Mapping[str, Any]) -> dict[str, Any]:
        return dict(data)


RULESET = Fake()
