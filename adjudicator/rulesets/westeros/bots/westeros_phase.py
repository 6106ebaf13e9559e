"""Bot answers for the Westeros phase and the wildlings: bids, ties, supply, musters, the
choices of Westeros and wildling cards — now, and sent ahead with the orders of the round
before (the Westeros phase belongs to that round's mail, `Westeros.epoch`).

Lines are written by the phase's own text forms (westeros_words, wildling_words); bot.py
checks each by the round trip through the parser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import Request
from adjudicator.rulesets.westeros.bots.action_phase import random_muster
from adjudicator.rulesets.westeros.bots.ahead import near
from adjudicator.rulesets.westeros.language import westeros_phase_lines as ww
from adjudicator.rulesets.westeros.language import wildling_lines as wl
from adjudicator.rulesets.westeros.request_contexts import (
    BidChoice,
    MusterChoice,
    ReduceChoice,
    TieChoice,
    WesterosCardChoice,
    WildlingBid,
    WildlingCardChoice,
    WildlingTie,
    context_of,
)
from adjudicator.rulesets.westeros.rules.mustering import muster_options
from adjudicator.rulesets.westeros.rules.recruiting import muster_points
from adjudicator.rulesets.westeros.rules.wildling_cards import MANY
from adjudicator.rulesets.westeros.state import TRACKS, State
from adjudicator.rulesets.westeros.units import unit_type
from adjudicator.rulesets.westeros.words import wildling_options

Lines = list[str]
CARD_CHOICES = {
    "throne_of_blades": ["mustering", "supply", "nothing"],
    "dark_wings": ["clash-of-kings", "game-of-thrones", "nothing"],
    "put_to_the_sword": ["no-march-plus-one", "no-defense", "nothing"],
}
"""The Westeros cards whose holder chooses, and the choices (westeros_phase.CHOICE_CARDS)."""


# -- answers to what is asked now -----------------------------------------------------------
def bid(state: State, request: Request, rng: Dice) -> Lines:
    context = context_of(request, BidChoice)
    return [str(ww.format_bid(context.track, _random_bid(context.most, rng)))]


def _random_bid(most: int, rng: Dice) -> int:
    """Mostly small bids, sometimes everything."""
    if most <= 0:
        return 0
    return most if rng.below(5) == 0 else rng.below(most // 2 + 2) if most > 1 else rng.below(2)


def tie(state: State, request: Request, rng: Dice) -> Lines:
    track = context_of(request, TieChoice).track
    return [str(ww.format_tie(track, rng.shuffled(state.houses)))]


def reduce(state: State, request: Request, rng: Dice) -> Lines:
    choices = context_of(request, ReduceChoice).choices
    return [str(ww.format_reduce(state, rng.shuffled(choices)))]


def muster(state: State, request: Request, rng: Dice) -> Lines:
    """A random legal muster at the request's castle in `state` (which already holds the
    house's musters at its other castles asked at the same time)."""

    area = context_of(request, MusterChoice).area
    items = rng.choice([*muster_options(state, request.player, area), None])
    value = {"mode": "muster", "items": items} if items else {"mode": "none"}
    return [str(ww.format_muster(state, area, value))]


def card_choice(state: State, request: Request, rng: Dice) -> Lines:
    choices = context_of(request, WesterosCardChoice).choices
    return [str(ww.format_card_choice(request.kind, rng.choice(choices)))]


def wildling_bid(state: State, request: Request, rng: Dice) -> Lines:
    return wl.render(state, request, _random_bid(context_of(request, WildlingBid).power, rng))


def wildling_tie(state: State, request: Request, rng: Dice) -> Lines:
    return wl.render(state, request, rng.choice(context_of(request, WildlingTie).choices))


def wildling_card(state: State, request: Request, rng: Dice) -> Lines:
    """One legal-looking answer: `pick` units (from one area when so asked), or one choice."""

    context = context_of(request, WildlingCardChoice)
    choices = context.choices
    if context.what in MANY:
        if context.optional and rng.below(3) == 0:
            return wl.render(state, request, [])
        pool = choices
        if context.same_area:
            areas = sorted({a for _, a in choices})
            area = rng.choice(areas)
            pool = [c for c in choices if c[1] == area]
        return wl.render(state, request, [list(c) for c in rng.shuffled(pool)[: context.pick]])
    if context.what == "penalty":
        option = rng.choice(choices)
        if option == "units" and context.units and context.destroy:
            units = [list(u) for u in rng.shuffled(context.units)[: context.destroy]]
            return wl.render(state, request, {"option": "units", "units": units})
        return wl.render(state, request, option)
    options = [*choices, *([None] if context.optional else [])]
    return wl.render(state, request, rng.choice(options))


PROPOSERS: dict[str, Callable[[State, Request, Dice], Lines]] = {
    "bid": bid,
    "tie": tie,
    "reduce": reduce,
    "muster": muster,
    **dict.fromkeys(CARD_CHOICES, card_choice),
    "wildling-bid": wildling_bid,
    "wildling-tie": wildling_tie,
    "wildling-card": wildling_card,
}
"""Westeros-phase request kind -> its random proposal ("port" is the action phase's)."""


def render(state: State, request: Request, value: Any) -> Lines:
    """The rules' default for a Westeros-phase request, as the line that says it."""
    kind = request.kind
    if kind == "bid":
        return [str(ww.format_bid(context_of(request, BidChoice).track, value))]
    if kind == "tie":
        return [str(ww.format_tie(context_of(request, TieChoice).track, list(value)))]
    if kind == "reduce":
        return [str(ww.format_reduce(state, [list(v) for v in value]))]
    if kind == "muster":
        mode = {"mode": "muster", "items": value} if value else {"mode": "none"}
        return [str(ww.format_muster(state, context_of(request, MusterChoice).area, mode))]
    if kind in CARD_CHOICES:
        return [str(ww.format_card_choice(kind, value))]
    if kind.startswith("wildling-"):
        return wl.render(state, request, value)
    return []


# -- standing instructions for the next Westeros phase ------------------------------------
def ahead_lines(state: State, house: str, rng: Dice) -> Lines:
    """Everything the next Westeros phase may ask of the house, with a fallback each."""
    power = state.power.get(house, 0)
    lines: Lines = []
    budget = power
    for track in rng.shuffled(list(TRACKS)):
        amount = _random_bid(budget, rng)
        budget -= amount
        lines += [str(ww.format_bid(track, a)) for a in dict.fromkeys((amount, 0))]
        # Ties are the Iron Throne's, and its holder may change with the first bids.
        lines.append(str(ww.format_tie(track, rng.shuffled(state.houses))))
    for kind, choices in CARD_CHOICES.items():  # a Clash of Kings may move the tokens
        lines.append(str(ww.format_card_choice(kind, rng.choice(choices))))
    lines += _reduce(state, house, rng)
    lines += _musters(state, house, rng)
    for again, most in ((False, power), (True, power // 2)):
        amount = _random_bid(most, rng)
        lines += [str(wl.bid_line(a, again)) for a in dict.fromkeys((amount, 0))]
    lines.append(str(wl.tie_line(rng.shuffled(state.houses))))
    lines += _wildling_cards(state, house, rng)
    return lines


def _my_units(state: State, house: str) -> list[list[str]]:

    return [
        [unit_type(u), area]
        for area, by_house in sorted(state.units.items())
        for u in by_house.get(house, [])
    ]


def _unit_groups(state: State, house: str, rng: Dice) -> list[str]:
    """The house's units as '2 footman in Winterfell', in a random order: short lines that
    list every unit (each line is parsed whenever the house sends it)."""
    from collections import Counter

    counts = Counter((unit, area) for unit, area in _my_units(state, house))
    groups = [
        f"{n} {unit.replace('_', ' ')} in {state.board.name(area)}"
        for (unit, area), n in sorted(counts.items())
    ]
    return rng.shuffled(groups)


def _reduce(state: State, house: str, rng: Dice) -> Lines:
    groups = _unit_groups(state, house, rng)
    return ["reduce: " + ", ".join(groups)] if groups else []


def _musters(state: State, house: str, rng: Dice) -> Lines:

    lines = []
    for area in near(state, house):
        if not muster_points(state, area):
            continue
        # A castle taken this round is asked too: the line for it waits ("used only if").
        mine = state.controller(area) == house
        items = random_muster(state, house, area, rng) if mine and rng.below(4) else []
        value = {"mode": "muster", "items": items} if items else {"mode": "none"}
        lines.append(str(ww.format_muster(state, area, value)))
        if items:
            lines.append(str(ww.format_muster(state, area, {})))
    return lines


def _wildling_cards(state: State, house: str, rng: Dice) -> Lines:
    """A preference line per wildling card that asks a choice: whatever it asks then."""
    units = _unit_groups(state, house, rng)
    cards = [*state.hands.get(house, []), *state.discards.get(house, [])]
    names = [str(wildling_options.item_text(state, c)) for c in cards]
    tracks = [str(wildling_options.item_text(state, t)) for t in TRACKS]
    lines = []
    for card, allowed in sorted(wl.ITEMS.items()):
        prefs: list[str] = []
        if "option" in allowed:
            prefs.append(rng.choice(["influence", "units"]))
        if "no" in allowed and rng.below(3) == 0:
            prefs.append("no")
        if "card" in allowed:
            prefs += rng.shuffled(names)
        if "units" in allowed:
            prefs += rng.shuffled(units)
        if "track" in allowed:
            prefs += rng.shuffled(tracks)
        if prefs:
            lines.append(str(wl.card_line(state, card, [])).rstrip() + " " + ", ".join(prefs))
        if "muster" in allowed:
            lines += _horde_muster(state, house, card, rng)
    return lines


def _horde_muster(state: State, house: str, card: str, rng: Dice) -> Lines:

    castles = [
        a
        for a in sorted(state.board.areas)
        if muster_points(state, a) and state.controller(a) == house
    ]
    if not castles:
        return []
    area = rng.choice(castles)
    items = random_muster(state, house, area, rng)
    if not items:
        return []
    return [str(wl.card_line(state, card, [{"area": area, "items": items}]))]
