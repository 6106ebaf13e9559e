"""Choice requests: one decision among listed options, answered by a preference list.

Most decisions of a battle (house card, blade, Tyrion, Doran's track, retreat area, ...)
pick one option from a list the rules allow now. The request context carries that list as
``choices`` and whether the decision may be declined (``optional``). An instruction gives
preferences (``{"prefs": [...]}``, None meaning "no"); the first legal one is the answer.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.decks import card_name
from adjudicator.rulesets.westeros.flow import Skip
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import CONTEXTS, choice_of
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import N_, Text, _l


def ask(
    state: State,
    house: str,
    kind: str,
    battle: Battle,
    choices: list[Any],
    optional: bool,
    summary: str | Text,
    secret: bool = False,
    **extra: Any,
) -> str:
    """Open a choice request about the battle under way; `extra` are the fields the kind's
    record (`request_contexts.CONTEXTS`) adds to a `BattleChoice`."""
    record = CONTEXTS[kind]  # the kind's record: a field it lacks is a TypeError here
    context = record(battle=battle.n, area=battle.area, choices=choices, optional=optional, **extra)
    return flow.open_request(state, house, kind, [battle.area], context, summary, secret)


def display(state: State, item: Any) -> Any:
    """An option in the players' words, for messages (a `Name` or `Text`)."""
    if item is None:
        return _l("no")
    if isinstance(item, str):
        if item in state.board.areas:
            return said.area(state, item)
        if item in said.TRACK_NAMES:
            return said.track(item)
        if card_name(item) != item:
            return said.card(item)
        if item in CHOICE_WORDS:
            return _l(CHOICE_WORDS[item])
        return said.unit(item) if item.removeprefix("routed ") in UNIT_KINDS else item
    return str(item)


CHOICE_WORDS = {"use": N_("use"), "redraw": N_("redraw")}
"""Options of a choice that are neither names nor units, as players read them."""
UNIT_KINDS = ("footman", "knight", "ship", "siege_engine")


def answer_choice(state: State, req: OpenRequest, value: Any) -> Any:
    """The first preference that is legal now; raises Skip listing what is possible."""
    context = choice_of(req)
    choices, optional = context.choices, context.optional
    prefs = value["prefs"] if isinstance(value, dict) else [value]
    for pref in prefs:
        if pref is None:
            if optional:
                return None
            continue
        if pref in choices:
            return pref
    wanted = tuple(display(state, p) for p in prefs)
    legal = tuple(display(state, c) for c in choices)
    if prefs == [None]:
        raise Skip(_l("this decision cannot be declined; possible now: %(legal)s", legal=legal))
    raise Skip(_l("%(wanted)s: not possible now; possible: %(legal)s", wanted=wanted, legal=legal))


def default_choice(state: State, req: OpenRequest, rng: Dice) -> Any:
    """Brief: optional abilities are not used; mandatory ones get a seeded random choice."""
    context = choice_of(req)
    if context.optional:
        return None
    return rng.choice(context.choices)
