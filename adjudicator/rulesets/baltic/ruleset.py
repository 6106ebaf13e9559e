"""The baltic ruleset: the engine contract, dispatching each phase to the sequence of play.

Only one request ever waits (13.1a): the active side's orders for its Action Phase. Every
other decision (D2-D16) is taken at once from the side's standing lines (13.4), else by its
default (section 14). The standing lines reach the state through the orders answer and
through a `standing` request per other side, which is never waited for (Request.wait).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from adjudicator.dice import Dice
from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.rulesets.baltic import bot, position, sequence, standing
from adjudicator.rulesets.baltic.control import board, side_of_block
from adjudicator.rulesets.baltic.form import order_form
from adjudicator.rulesets.baltic.instructions import parse_submission
from adjudicator.rulesets.baltic.reported import EVENTS
from adjudicator.rulesets.baltic.state import SIDES, State
from adjudicator.rulesets.baltic.summaries import automatic_summary, orders_summary
from adjudicator.rulesets.baltic.view import view
from adjudicator.text import N_, Text, _l, quoted

if TYPE_CHECKING:
    from adjudicator.form import FormLine


class Baltic:
    """Baltic: the Great Northern War, Sweden against the Coalition, by mail."""

    name = "baltic"
    new_help = (
        "2 players, sweden and russia (no --players)",
        "--option scenario=grand_campaign|poltava (default grand_campaign)",
    )
    """What `new --help` says of this game, a line each: its players, its options with their
    defaults."""
    form_header = N_("side: %(player)s")
    """The player line of the side's order form (`adjudicator.form`)."""
    secret_submissions = True
    """13.6: submissions and standing lines are never public until the game ends."""
    whole_kinds = frozenset({"orders"})
    """A side's action lines are one set: answering its orders request spends them all."""

    # -- setting up -----------------------------------------------------------------------
    def new_game(self, scenario: Mapping[str, Any], rng: Dice) -> State:
        """A scenario ('grand_campaign' by default, or `scenario: poltava`); its first Entry
        Phase is resolved now, every decision by default (3.1)."""

        options = dict(scenario.get("options") or {})
        unknown = sorted(set(options) - {"scenario"})
        if unknown:
            raise position.PositionError(
                [
                    _l(
                        "option %(option)s: baltic knows only scenario=grand_campaign|poltava",
                        option=quoted(unknown[0]),
                    )
                ]
            )
        name = scenario.get("scenario") or options.get("scenario") or "grand_campaign"
        state = position.scenario_state(str(name))
        state.rolls = []
        sequence.entry_phase(state, rng, state.carried)
        return state

    def players(self, state: State) -> list[str]:
        return list(SIDES)

    def load_position(self, data: Mapping[str, Any], rng: Dice) -> State:

        return position.load_position(data)

    def export(self, state: State) -> dict[str, Any]:

        return position.export(state)

    def save(self, state: State) -> dict[str, Any]:
        return state.to_data()

    def restore(self, data: Mapping[str, Any]) -> State:
        return State.from_data(dict(data))

    def view(self, state: State, player: str | None) -> dict[str, Any]:

        return view(state, player)

    def epoch(self, state: State) -> str:
        """The season: action lines are for one season (13.2); standing lines are kept in
        the state, so they outlive it (13.4)."""
        return f"{state.year}-{state.season}"

    # -- decisions ------------------------------------------------------------------------
    def form(self, state: State, player: str, standing: Sequence[Any]) -> list[FormLine]:
        """The side's order form (`adjudicator.form`, `form.order_form`)."""

        return order_form(state, player, standing)

    def requests(self, state: State) -> list[Request]:
        if state.phase == "ended":
            return []
        base = f"{state.year}/{state.season}/{state.phase}"
        active = state.active_side()
        found = []
        if active:
            found.append(
                Request(
                    f"{base}/orders/{active}",
                    active,
                    "orders",
                    {"ap": state.ap.get(active, 0), "season": state.label},
                    secret=True,
                    summary=orders_summary(state.ap.get(active, 0)),
                )
            )
        else:
            found.append(
                Request(
                    f"{base}/{state.phase}",
                    "",
                    state.phase,
                    summary=automatic_summary(state),
                )
            )
        for side in SIDES:
            if side != active:
                found.append(
                    Request(
                        f"{base}/standing/{side}",
                        side,
                        "standing",
                        secret=True,
                        summary=_l("standing lines"),
                        wait=False,
                    )
                )
        return found

    def parse(self, state: State, player: str, text: str) -> list[Instruction]:

        return parse_submission(state, player, text)

    def answer(self, state: State, request: Request, instructions: Sequence[Instruction]) -> Choice:
        lines = sorted(
            (i for i in instructions if i.kind == "standing"), key=lambda i: (i.submission, i.line)
        )
        values = [i.value for i in lines]
        if request.kind == "orders":
            orders = [i for i in instructions if i.kind == "orders"]
            if not orders:
                return Choice(None)
            actions = [i for i in orders if i.key == ""] or orders  # see instructions.py
            chosen = max(actions, key=lambda i: i.submission)
            value = {
                "side": request.player,
                "lines": chosen.value["lines"],
                "standing": values,
                "nmr": False,
            }
            return Choice(chosen, value, uses=tuple(lines))
        if request.kind == "standing" and lines:
            return Choice(
                lines[0], {"side": request.player, "standing": values}, uses=tuple(lines[1:])
            )
        return Choice(None)

    def passed_over(self, state: State, player: str) -> list[Text]:
        """`player`'s standing lines the rules passed over this season and the last, each
        with why (13.5): they are applied inside the steps, not when a request is answered,
        so the engine's reminders ask for them here (`engine.Game.waiting_status`)."""
        return standing.passed_over(state, player)

    def bot(self, state: State, player: str, rng: Dice, ahead: bool) -> str | None:
        """Order lines (no header) answering what `player` is asked now; with `ahead`, also
        standing lines for later decisions. None when nothing is asked of `player`."""

        return bot.bot(state, player, self.requests(state), rng, ahead)

    def default(self, state: State, request: Request, rng: Dice) -> Any:
        if request.kind == "orders":
            return {"side": request.player, "lines": [], "standing": [], "nmr": True}
        if request.kind == "standing":
            return {"side": request.player, "standing": []}
        return None

    # -- advancing ------------------------------------------------------------------------
    def step(self, state: State, answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
        # The first step also reports the Entry Phase resolved at creation, with its dice.
        out: list[dict[str, Any]] = state.carried
        state.carried = []
        if not out:
            state.rolls = []
        orders = None
        for answer in answers.values():
            value = answer.value
            if not isinstance(value, dict):
                continue
            standing.merge(state, value["side"], value.get("standing") or [])
            if "lines" in value:
                orders = value
        standing.forget_passed_over(state)
        phase = state.phase
        if phase == "entry":
            sequence.entry_phase(state, rng, out)
        elif phase == "action_roll":
            sequence.action_roll_phase(state, rng, out)
        elif phase in ("action_1", "action_2"):
            side = state.active_side()
            assert side is not None
            lines = orders["lines"] if orders else []
            sequence.action_phase(state, side, lines, bool(orders and orders["nmr"]), rng, out)
            if state.phase != "ended":
                state.phase = "action_2" if phase == "action_1" else "supply"
        elif phase == "supply":
            sequence.supply_phase(state, rng, out)
        return to_events(state, out)


def owner_of(data: Mapping[str, Any]) -> str | None:
    """The side a private copy of an event goes to."""
    if data.get("side") in SIDES:
        return data["side"]
    for name in ("block", "fleet"):
        if data.get(name) in board().blocks:
            return side_of_block(data[name])
    return None


def to_events(state: State, raw: list[dict[str, Any]]) -> list[Event]:
    """Rule events -> engine Events, each checked against its declaration (`reported`).

    Identities stay private (13.6): the public gets each event with its public fields only;
    when that leaves something out, the owner gets the whole event too, marked private. A
    block a battle revealed is public in the event of its destruction. An event sent to one
    side (``_to``) goes to it whole. ``_secret``, which a state saved by an older version may
    still carry (`State.carried`), is ignored: the declarations say what is secret.
    """
    out = []
    for item in raw:
        data = {k: v for k, v in item.items() if not k.startswith("_") and k != "kind"}
        kind = item["kind"]
        if "_to" in item:
            out.append(EVENTS.check(Event(kind, data, public=False, to=item["_to"])))
            continue
        shown = ("block",) if kind == "destroyed" and data.get("block") in state.revealed else ()
        _declared, seen, whole = EVENTS.split(kind, data, shown)
        out.append(Event(kind, seen))
        owner = owner_of(data) if len(seen) < len(whole) else None
        if owner:
            out.append(Event(kind, {**whole, "private": True}, public=False, to=owner))
    rolls = [r for r in state.rolls if not r.get("private")]
    if rolls:
        out.append(EVENTS.check(Event("dice", {"rolls": rolls})))
    for side in SIDES:
        draws = [r for r in state.rolls if r.get("private") and r.get("side") == side]
        if draws:
            out.append(EVENTS.check(Event("draws", {"rolls": draws}, public=False, to=side)))
    return out


RULESET = Baltic()
