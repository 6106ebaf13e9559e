"""The westeros ruleset: the sequence of play, dispatching each step to its chapter module.

Round: Westeros phase (from round 2) -> Planning (secret orders, reveal) -> Messenger Raven
-> Action (raids, marches and combat, consolidate power) -> clean-up -> next round.

The action and Westeros chapters, the order form, `clear` and the bots are imported where
first used, not at the top: every command loads the ruleset, and `status`, `check` or a run
that stops in planning need none of them (start-up, DESIGN.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors, illegal
from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.rulesets.westeros import position
from adjudicator.rulesets.westeros.board import load_board
from adjudicator.rulesets.westeros.decks import house_cards, shuffle_decks
from adjudicator.rulesets.westeros.language import reading, verbs
from adjudicator.rulesets.westeros.reported import EVENTS
from adjudicator.rulesets.westeros.rules import planning, raven
from adjudicator.rulesets.westeros.state import HOUSES, State
from adjudicator.rulesets.westeros.view import view as build_view
from adjudicator.text import _l


def _action():
    """The action-phase module, imported when first needed (it is the largest)."""
    from adjudicator.rulesets.westeros.rules import action

    return action


def _westeros():
    """The Westeros-phase module, imported when first needed."""
    from adjudicator.rulesets.westeros.rules import westeros_phase

    return westeros_phase


class Westeros:
    """A Game of Thrones: The Board Game, 2nd edition, with ports, for 3-6 players."""

    name = "westeros"
    new_help = (
        "3 to 6 players (--players, default 6)",
        "--option ports=second-edition|clash-of-kings (default second-edition)",
        "--option tides_of_battle=true|false (default false)",
    )
    """What `new --help` says of this game, a line each: its players, its options with their
    defaults."""
    whole_kinds = frozenset({"orders"})
    """A house's orders are one set: answering the orders request spends all of them."""

    # -- setting up -----------------------------------------------------------------------
    def new_game(self, scenario: Mapping[str, Any], rng: Dice) -> State:
        """The official setup for `scenario['players']` houses (3-6)."""
        count = scenario.get("players", 6)
        setups = load_board().setups
        if count not in setups:
            wrong = _l(
                "%(path)s: westeros is for 3 to 6 players, not %(value)s",
                path="players",
                value=str(count),
            )
            raise position.PositionError([wrong])
        setup = setups[count]
        houses = [h for h in HOUSES if h in setup["houses"]]
        units: dict[str, dict[str, list[str]]] = {}
        for house, placed in setup["units"].items():
            for area, pieces in placed.items():
                units.setdefault(area, {})[house] = list(pieces)
        options = position.read_options(scenario.get("options") or {})
        return State(
            round=1,
            phase="planning",
            houses=houses,
            options=options,
            tracks={t: list(order) for t, order in setup["influence"].items()},
            supply=dict(setup["supply"]),
            power=dict(setup["power_tokens"]),
            wildlings=load_board().game["wildling_threat_start"],
            units=dict(sorted(units.items())),
            garrisons=dict(sorted({**setup["home_garrisons"], **setup["neutral_forces"]}.items())),
            impassable=sorted(setup["impassable"]),
            hands={h: house_cards(h) for h in houses},
            discards={h: [] for h in houses},
            decks=shuffle_decks(rng),
        )

    def players(self, state: State) -> list[str]:
        return list(state.houses)

    def load_position(self, data: Mapping[str, Any], rng: Dice) -> State:
        # A position in the action phase starts with an automatic step (see `requests`), so
        # that what resolves before the first decision (raids with no target) is reported.
        return position.load_position(data, rng)

    def export(self, state: State) -> dict[str, Any]:
        return position.export(state)

    def form(self, state: State, player: str, standing: Sequence[Instruction]) -> list[Any]:
        """The order form of `player` now (`adjudicator.form`); [] when orders are not asked."""
        from adjudicator.rulesets.westeros.language.form import order_form

        return order_form(state, player, standing, self.parse)

    def export_public(self, state: State) -> dict[str, Any]:
        """The position as anyone may see it (`export --public`): without the order of the
        decks and the Westeros phase under way (it may hold the next cards); loaded with
        `new --position`, the decks are shuffled anew from the cards not discarded."""
        data = position.export(state)
        return {k: v for k, v in data.items() if k not in ("decks", "westeros_progress")}

    def save(self, state: State) -> dict[str, Any]:
        return state.to_data()

    def restore(self, data: Mapping[str, Any]) -> State:
        return State.from_data(dict(data))

    def view(self, state: State, player: str | None) -> dict[str, Any]:
        return build_view(state, player)

    def epoch(self, state: State) -> str:
        """Standing instructions live for one round's mail: the orders of round N, its
        action phase, and the Westeros phase that opens round N+1 (so bids, musters and
        card choices can travel with the orders of the round before).

        NOTE: issue 8, "one mail a round": the Westeros phase is counted with the round
        before it; its instructions expire when the next orders are asked.
        """
        if state.phase == "westeros":
            return f"round-{state.round - 1}"
        return f"round-{state.round}"

    # -- decisions ------------------------------------------------------------------------
    def requests(self, state: State) -> list[Request]:
        if state.phase == "planning":
            return planning.planning_requests(state)
        if state.phase == "raven":
            return raven.raven_requests(state)
        if state.phase == "action" and not state.action:
            return [
                Request(
                    f"r{state.round}/start-action",
                    "",
                    "start-action",
                    summary=_l("begin the action phase"),
                )
            ]
        if state.phase == "action":
            return _action().action_requests(state)
        if state.phase == "westeros":
            return _westeros().westeros_requests(state)
        return []  # the game has ended: nothing to ask

    def parse(self, state: State, player: str, text: str) -> list[Instruction]:
        """Read every order line; raise `OrderErrors` with all faults, or return them all."""
        if state.phase == "ended":
            from adjudicator.rulesets.westeros.words.said import house
            from adjudicator.rulesets.westeros.words.westeros_phase_messages import say

            message = say("game_ended", winner=house(str(state.winner)))
            raise OrderErrors([illegal(message).at(0, "")])
        return reading.read_text(state, player, text, verbs.read_line)

    def answer(self, state: State, request: Request, instructions: Sequence[Instruction]) -> Choice:
        instructions = self.live(instructions)
        if request.kind == "orders":
            return planning.planning_answer(state, request, instructions)
        if request.kind in ("raven", "bury"):
            return raven.raven_answer(state, request, instructions)
        if state.phase == "westeros":
            return _westeros().westeros_answer(state, request, instructions)
        return _action().action_answer(state, request, instructions)

    def live(self, instructions: Sequence[Instruction]) -> list[Instruction]:
        """A player's standing instructions without those a later `clear` line withdrew
        (clear.py), nor the `clear` lines and ignored lines themselves."""
        from adjudicator.rulesets.westeros.language.clear import live

        return [i for i in live(instructions) if i.kind != reading.IGNORED]

    def default(self, state: State, request: Request, rng: Dice) -> Any:
        if request.kind == "orders":
            return {}  # NMR: a house that sent nothing has no orders
        if request.kind in ("raven", "bury"):
            return raven.raven_default(request)
        if state.phase == "westeros":
            return _westeros().westeros_default(state, request, rng)
        return _action().action_default(state, request, rng)

    def bot(self, state: State, player: str, rng: Dice, ahead: bool) -> str | None:
        """A random legal answer to what `player` is asked now, as order text (bot.py)."""
        from adjudicator.rulesets.westeros.bots.play import bot

        return bot(self, state, player, rng, ahead)

    # -- advancing ------------------------------------------------------------------------
    def step(self, state: State, answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
        """Advance one step. Every event, also one a rule made itself (``Event(...)``), is
        checked against its declaration in `reported`: a public one carries only fields
        declared public."""
        return [EVENTS.check(e) for e in self._advance(state, answers, rng)]

    def _advance(self, state: State, answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
        if state.phase == "planning":
            events = planning.reveal_orders(state, dict(answers))
            state.phase = "raven"
            return events
        if state.phase == "raven":
            return self._step_raven(state, answers, rng)
        if state.phase == "action" and not state.action:
            return _action().start_action(state, rng)
        if state.phase == "action":
            return _action().action_step(state, answers, rng)
        if state.phase == "westeros":
            return _westeros().westeros_step(state, answers, rng)
        return []

    def _step_raven(self, state: State, answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
        (request,) = raven.raven_requests(state)
        events = raven.apply_raven(state, request, answers[request.id])
        if state.raven.get("looked"):
            return events  # the holder now decides whether to bury what it saw
        state.phase = "action"
        return events + _action().start_action(state, rng)


RULESET = Westeros()
