"""The Westeros phase (rounds 2-10): draw decks I-III, move the wildling threat, resolve.

Rulebook, Westeros Phase: reveal the top card of each Westeros deck; the wildling threat
rises one space (+2) per wildling icon, and at 12 the wildlings attack at once, before any
card is resolved; then the three cards are resolved in deck order I, II, III. Cards of
deck III may forbid order types in this round's planning (state.restricted).

Progress lives in ``state.action`` (flow.py: open requests, captured ports), with
``cards``: the [deck, card] pairs still to resolve, and one procedure at a time under way:
``clash`` (bidding.py), ``mustering`` (mustering.py), or a wildling attack (wildlings.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, apply_answers, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import WesterosCardChoice
from adjudicator.rulesets.westeros.rules import (
    bidding,
    mustering,
    ports,
    reconcile,
    westeros_decks,
    wildlings,
)
from adjudicator.rulesets.westeros.rules.choices import answer_choice
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.rulesets.westeros.words.westeros_phase_messages import CHOICE_WORDS, say
from adjudicator.text import Text, _l

Check = Callable[[State, OpenRequest, Any], Any]
Apply = Callable[[State, OpenRequest, Any, Dice, Events], None]
Default = Callable[[State, OpenRequest, Dice], Any]

CHOICE_CARDS: dict[str, tuple[str, str, list[str]]] = {
    "a-throne-of-blades": ("throne_of_blades", "iron_throne", ["mustering", "supply", "nothing"]),
    "dark-wings-dark-words": (
        "dark_wings",
        "kings_court",
        ["clash-of-kings", "game-of-thrones", "nothing"],
    ),
    "put-to-the-sword": (
        "put_to_the_sword",
        "fiefdoms",
        ["no-march-plus-one", "no-defense", "nothing"],
    ),
}
"""Cards whose effect a dominance token's holder picks: card -> (request kind, the track
whose holder chooses, the options). Brief, decision table: the default is "nothing"."""
CHOICE_KINDS = {kind: card for card, (kind, _, _) in CHOICE_CARDS.items()}
MAX_STEPS = 10_000


def _apply_choice(state: State, req: OpenRequest, value: str, rng: Dice, ev: Events) -> None:
    card = WesterosCardChoice.of(req).card
    emit(ev, "westeros_choice", house=req.house, card=card, choice=value)
    if value in ("nothing", None):
        return
    if card == "put-to-the-sword":
        _restrict(state, card, westeros_decks.PUT_TO_THE_SWORD[value], ev)
        return
    resolve_card(state, value, ev)  # mustering, supply, clash-of-kings, game-of-thrones


def _nothing(state: State, req: OpenRequest, rng: Dice) -> str:
    return "nothing"


KINDS: dict[str, tuple[Check, Apply, Default]] = {
    "bid": (bidding.answer_bid, bidding.apply_bid, bidding.default_bid),
    "tie": (bidding.answer_tie, bidding.apply_tie, bidding.default_tie),
    "reduce": (reconcile.answer_reduce, reconcile.apply_reduce, reconcile.default_reduce),
    "muster": (mustering.answer_muster, mustering.apply_muster, mustering.default_muster),
    "port": (ports.answer_port, ports.apply_port, ports.default_port),
    **{kind: (answer_choice, _apply_choice, _nothing) for kind in CHOICE_KINDS},
    **wildlings.KINDS,
}
"""Request kind -> (check an answer, apply it, its default), as in action.py."""


# -- the phase -------------------------------------------------------------------------------
def start_westeros(state: State, rng: Dice) -> list[Event]:
    """Draw the three cards, move the wildling threat, then resolve until a decision."""
    events: Events = []
    state.restricted = []
    state.action = {"step": "westeros", "prefix": "westeros/", "open": [], "n": 0, "cards": []}
    drawn = [westeros_decks.draw(state, deck, rng, events) for deck in westeros_decks.DECKS]
    emit(events, "westeros_drawn", round=state.round, cards=drawn)
    icons = sum(1 for card in drawn if westeros_decks.has_wildling_icon(card))
    if icons:
        before = state.wildlings
        state.wildlings = min(12, before + 2 * icons)
        emit(events, "wildlings_advanced", before=before, after=state.wildlings, icons=icons)
        if state.wildlings == 12:
            # Rulebook: at 12 the wildlings attack at once, before the cards are resolved.
            state.action["cards"].append(["threat", "wildlings-attack"])
    state.action["cards"] += [[d, c] for d, c in zip(westeros_decks.DECKS, drawn, strict=True)]
    advance(state, rng, events)
    return events


def advance(state: State, rng: Dice, events: Events) -> None:
    """Resolve everything automatic; stop at open requests or the end of the phase."""
    act = state.action
    for _ in range(MAX_STEPS):
        if state.phase != "westeros" or act.get("open"):
            return
        if act.get("ports"):
            ports.next_port_capture(state, events)
        elif wildlings.is_attack_under_way(state):
            wildlings.advance_wildling_attack(state, rng, events)
        elif "clash" in act:
            bidding.advance_clash(state, events)
        elif "mustering" in act:
            mustering.advance_mustering(state, events)
        else:
            ports.queue_port_captures(state, events)  # P9: a land emptied by a loss
            if act.get("ports"):
                continue
            if not act["cards"]:
                end_westeros(state, events)
                return
            deck, card = act["cards"].pop(0)
            emit(events, "westeros_card", deck=deck, card=card)
            resolve_card(state, card, events)
    raise RuntimeError("the Westeros phase did not settle (a bug: please report the position)")


def end_westeros(state: State, events: Events) -> None:
    state.action = {}
    state.phase = "planning"
    emit(events, "westeros_ended", round=state.round, restricted=list(state.restricted))


def resolve_card(state: State, card: str, events: Events) -> None:
    """Start one card's effect (a decision, if any, opens as a request)."""
    if card in westeros_decks.RESTRICTIONS:
        _restrict(state, card, westeros_decks.RESTRICTIONS[card], events)
    elif card in CHOICE_CARDS:
        kind, track, options = CHOICE_CARDS[card]
        holder = state.holder(track)
        flow.open_request(
            state,
            holder,
            kind,
            [""],
            WesterosCardChoice(card, track, list(options), optional=False),
            say(
                "card_choice",
                card=said.card(card),
                choices=tuple(_l(CHOICE_WORDS[o]) for o in options),
            ),
        )
    elif card == "supply":
        reconcile.adjust_supply(state, events)
        reconcile.start_reduce_all(state, events)
    elif card == "mustering":
        mustering.start_mustering(state, events)
    elif card == "clash-of-kings":
        bidding.start_clash_of_kings(state, events)
    elif card == "game-of-thrones":
        game_of_thrones(state, events)
    elif card == "wildlings-attack":
        wildlings.start_wildling_attack(state, events)
    # last-days-of-summer: no effect (its wildling icon counted when drawn)


def _restrict(state: State, card: str, token: str | None, events: Events) -> None:
    if token and token not in state.restricted:
        state.restricted.append(token)
    emit(events, "orders_restricted", card=card, token=token)


def game_of_thrones(state: State, events: Events) -> None:
    """Every house gains a power token per crown in the areas it controls.

    # P10: "each house also gains 1 power token for each port it controls that holds at
    # least one of its ships, provided the port's sea holds no enemy ships."
    """
    gains = {}
    for house in state.tracks["iron_throne"]:
        crowns = sum(
            a.crowns
            for a in state.board.areas.values()
            if a.crowns and a.id not in state.impassable and state.controller(a.id) == house
        )
        harbours = sum(1 for port in ports.ports(state) if _port_gives_power(state, house, port))
        gained = flow.gain_power(state, house, crowns + harbours)
        gains[house] = {"crowns": crowns, "ports": harbours, "gained": gained}
    emit(events, "game_of_thrones", gains=gains)


def _port_gives_power(state: State, house: str, port: str) -> bool:
    sea = state.board.areas[port].port_sea
    enemy = any(h != house for h in state.units.get(sea, {}))
    return bool(state.house_units(port, house)) and not enemy


# -- requests, answers, step ------------------------------------------------------------------
def westeros_requests(state: State) -> list[Request]:
    if not state.action:
        return [
            Request(
                f"r{state.round}/start-westeros",
                "",
                "start-westeros",
                summary=say("start"),
            )
        ]
    return [req.as_request() for req in state.action.get("open", [])]


def westeros_answer(state: State, request: Request, instructions: Sequence[Instruction]) -> Choice:
    """The house's first instruction that answers `request` legally now (read-only)."""
    data = flow.find_open(state, request.id)
    if data is None:
        return Choice(None)
    if data.kind == "muster":
        state = mustering.after_earlier_castles(state, data, instructions, _first_legal)
    ins, value, skipped = _first_legal(state, data, instructions)
    return Choice(ins, value, tuple(skipped))


def _first_legal(
    state: State, data: OpenRequest, instructions: Sequence[Instruction]
) -> tuple[Instruction | None, Any, list[tuple[Instruction, str | Text]]]:
    """The first instruction that answers the open request `data` legally in `state`, its
    checked value, and the ones skipped before it with the reason."""
    check = KINDS[data.kind][0]
    skipped: list[tuple[Instruction, str | Text]] = []
    for ins in instructions:
        if ins.kind != data.kind or (ins.key and ins.key not in data.keys):
            continue
        try:
            return ins, check(state, data, ins.value), skipped
        except Skip as skip:
            skipped.append((ins, skip.why))
    return None, None, skipped


def westeros_default(state: State, request: Request, rng: Dice) -> Any:
    data = flow.find_open(state, request.id)
    return KINDS[data.kind][2](state, data, rng)


def westeros_step(state: State, answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
    """Apply the answers to every open request, then advance until new requests open."""
    if not state.action:
        return start_westeros(state, rng)
    events = apply_answers(state, answers, rng, KINDS)
    advance(state, rng, events)
    return events
