"""Instruction lines for the Westeros phase: bids, tie orders, supply, mustering, card choices.

    bid iron throne: 3            bid fiefdoms: all
    tie iron throne: baratheon, lannister
    reduce: footman in Riverrun, knight in Winterfell
    muster Winterfell: knight; ship in Bay of Ice        muster Winterfell: none
    a throne of blades: supply    dark wings dark words: game of thrones
    put to the sword: no defense

These are standing instructions, usually sent with the orders of the round before (the
Westeros phase belongs to the previous round's mail, see `Westeros.epoch`). A line may name
an area or a dominance token the house does not hold yet: it is accepted and the receipt
says it is "used only if you hold ... when asked". Each kind's text form round-trips with
`format_*` (the bots write them).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from adjudicator.orders.errors import LineError, invalid
from adjudicator.orders.names import NameIndex, normalize
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.language.consolidate_lines import parse_items
from adjudicator.rulesets.westeros.language.names import area_named, is_no, unit_count
from adjudicator.rulesets.westeros.state import HOUSES, TRACKS, State
from adjudicator.rulesets.westeros.vocabulary import spellings
from adjudicator.rulesets.westeros.words import said
from adjudicator.rulesets.westeros.words.said import TRACK_NAMES
from adjudicator.rulesets.westeros.words.westeros_phase_messages import CHOICE_WORDS, say
from adjudicator.text import Name, Text, _l

CARD_LINES: dict[str, tuple[str, str, dict[str, str]]] = {
    "a throne of blades": (
        "throne_of_blades",
        "iron_throne",
        {"mustering": "mustering", "muster": "mustering", "supply": "supply"},
    ),
    "throne of blades": (
        "throne_of_blades",
        "iron_throne",
        {"mustering": "mustering", "muster": "mustering", "supply": "supply"},
    ),
    "dark wings dark words": (
        "dark_wings",
        "kings_court",
        {
            "clash of kings": "clash-of-kings",
            "clash": "clash-of-kings",
            "game of thrones": "game-of-thrones",
            "game": "game-of-thrones",
        },
    ),
    "put to the sword": (
        "put_to_the_sword",
        "fiefdoms",
        {
            "no march 1": "no-march-plus-one",
            "no march": "no-march-plus-one",
            "march 1": "no-march-plus-one",
            "no defense": "no-defense",
            "no defence": "no-defense",
            "defense": "no-defense",
        },
    ),
}
"""Line head -> (request kind, the track whose holder decides, words -> choice)."""
_NUMBER = re.compile(r"^(\d+)$")
_COUNT = re.compile(r"^(\d+)\s+(.*)$")


@functools.cache
def track_names() -> NameIndex:
    english = {
        "iron_throne": ["Iron Throne", "throne", "it"],
        "fiefdoms": ["Fiefdoms", "fiefdom", "blade"],
        "kings_court": ["King's Court", "kings court", "court", "raven", "kc"],
    }
    # Issue 12: the tracks' names in ru and pt_BR too (a Russian 'bid' line names them so).
    return NameIndex({t: [*n, *spellings("tracks", t)] for t, n in english.items()}, "track")


@functools.cache
def house_names() -> NameIndex:
    return NameIndex({h: [h.title(), *spellings("houses", h)] for h in HOUSES}, "house")


def is_westeros_line(line: str) -> bool:
    """Whether a line is one of this module's (checked before the action-phase verbs)."""
    head = normalize(line.partition(":")[0])
    # The first word as written: normalize drops a leading article ('a muster: ...').
    first = line.partition(":")[0].strip().split(" ", 1)[0].lower()
    return first in ("bid", "tie", "reduce", "muster") or head in CARD_LINES


def parse_westeros_line(state: State, house: str, line: str) -> Instruction:
    """One Westeros-phase instruction. Raises LineError (invalid / illegal / ambiguous)."""
    head_text, sep, tail = line.partition(":")
    head = normalize(head_text)
    if head in CARD_LINES:
        return _parse_card_choice(state, house, head, tail)
    verb, _, rest = head_text.strip().partition(" ")
    verb = verb.lower()
    if not sep and verb == "bid":
        track, _, amount = rest.rpartition(" ")  # 'lance pelo Trono de Ferro 2'
        if track and (_NUMBER.match(amount) or normalize(amount) == "all"):
            rest, sep, tail = track, ":", amount
    if not sep:
        raise invalid(say("line_form", example=_example(state, verb)))
    return {"bid": _parse_bid, "tie": _parse_tie, "reduce": _parse_reduce, "muster": _parse_muster}[
        verb
    ](state, house, rest.strip(), tail.strip())


def _example(state: State, verb: str) -> Text:
    """A line of this kind, said in the reader's words, for an error to show its form."""
    if verb == "bid":
        return format_bid("iron_throne", 3)
    if verb == "tie":
        return format_tie("iron_throne", ["baratheon", "lannister"])
    if verb == "reduce":
        return format_reduce(state, [["footman", "riverrun"]])
    return format_muster(state, "winterfell", {"mode": "muster", "items": [{"unit": "knight"}]})


def _parse_bid(state: State, house: str, rest: str, tail: str) -> Instruction:
    """bid <track>: <n> | all ('bid wildlings' lines are wildling_words.py's)."""
    amount: Any
    word = normalize(tail)
    if word == "all":
        amount = "all"
    elif _NUMBER.match(word):
        amount = int(word)
    else:
        raise invalid(say("bid_amount", text=tail.strip()), ["0", _l("all")])
    track = track_names().find(rest)
    return Instruction("bid", track, {"bid": amount}, understood=format_bid(track, amount))


def _track_word(track: str) -> Name:
    """A track as the lines write it ('iron throne'), said in the reader's language."""
    return Name(track, TRACK_NAMES[track].lower(), "tracks")


def format_bid(track: str, amount: int | str) -> Text:
    """The line for a bid (str() is the English line the bots send)."""
    if amount == "all":
        return _l("bid %(track)s: all", track=_track_word(track))
    return _l("bid %(track)s: %(n)d", track=_track_word(track), n=int(amount))


def _parse_tie(state: State, house: str, rest: str, tail: str) -> Instruction:
    """tie <track>: <house>, <house>, ... (the Iron Throne holder's order of tied bids)."""
    order = [house_names().find(p, among=state.houses) for p in tail.split(",") if p.strip()]
    if not order:
        raise invalid(say("tie_houses"))
    held = state.holder("iron_throne") == house
    track = track_names().find(rest)
    understood = said.if_held(format_tie(track, order), held, said.dominance_token("iron_throne"))
    return Instruction("tie", track, {"order": order}, understood=understood)


def format_tie(track: str, order: list[str]) -> Text:
    houses = tuple(Name(h, h, "houses") for h in order)
    return _l("tie %(track)s: %(houses)s", track=_track_word(track), houses=houses)


def _parse_reduce(state: State, house: str, rest: str, tail: str) -> Instruction:
    """reduce: footman in Riverrun, 2 footmen in Winterfell (the units to lose first)."""
    units: list[list[str]] = []
    for part in (p.strip() for p in re.split(r"[,;]", tail) if p.strip()):
        what, sep, where = part.rpartition(" in ")
        if not sep:
            example = _unit_in(state, "footman", "riverrun")
            raise invalid(say("unit_in_area", text=part, example=example))
        count, kind = unit_count(normalize(what))
        area = area_named(state, where)
        units += [[kind, area]] * count
    if not units:
        raise invalid(say("reduce_units"))
    understood = format_reduce(state, units)
    missing = sorted({a for _, a in units if not state.house_units(a, house)})
    what = said.areas(state, missing)
    return Instruction(
        "reduce", "", {"units": units}, understood=said.if_held(understood, not missing, what)
    )


def format_reduce(state: State, units: list[list[str]]) -> Text:
    shown = tuple(_unit_in(state, u, a) for u, a in units)
    return _l("reduce: %(units)s", units=shown)


def _unit_in(state: State, unit: str, area: str) -> Text:
    """'footman in Riverrun', one part of a reduce line, in the reader's words."""
    return _l("%(unit)s in %(area)s", unit=said.unit(unit), area=said.area(state, area))


def _parse_muster(state: State, house: str, rest: str, tail: str) -> Instruction:
    """muster <castle>: <items> | none (the Westeros card Mustering, or a starred
    Consolidate Power there)."""
    castles = [a for a, info in state.board.areas.items() if info.castle != "none"]
    try:
        area = area_named(state, rest)
    except LineError:
        area = area_named(state, rest, among=castles)  # raises, listing the castles only
    name = said.area(state, area)
    if area not in castles:
        mine = [a for a in castles if state.controller(a) == house] or castles
        raise invalid(say("no_castle", area=name), said.areas(state, sorted(mine)))
    held = state.controller(area) == house
    if is_no(tail) or not tail.strip():
        value: dict[str, Any] = {"mode": "none"}
    else:
        parts = [t for t in re.split(r"[;,]", tail) if t.strip()]
        items = [item for t in parts for item in parse_items(state, area, t)]
        value = {"mode": "muster", "items": items}
    return Instruction(
        "muster",
        area,
        value,
        understood=said.if_held(format_muster(state, area, value), held, name),
    )


def format_muster(state: State, area: str, value: dict[str, Any]) -> Text:
    """The line for a muster value: round-trips through `_parse_muster` (its str())."""
    name = said.area(state, area)
    if value.get("mode") != "muster" or not value.get("items"):
        return _l("muster %(area)s: none", area=name)
    parts: list[Any] = []
    for item in value["items"]:
        unit = said.unit(item["unit"])
        if item.get("from"):
            parts.append(_l("%(unit)s from %(old)s", unit=unit, old=said.unit(item["from"])))
        elif item["unit"] == "ship":
            parts.append(_unit_in(state, item["unit"], item["area"]))
        else:
            parts.append(unit)
    return _l("muster %(area)s: %(items)s", area=name, items=said.joined(parts))


def _parse_card_choice(state: State, house: str, head: str, tail: str) -> Instruction:
    kind, track, words = CARD_LINES[head]
    word = normalize(tail)
    if is_no(tail) or word in ("nothing", "no restriction", "none"):
        choice = "nothing"
    elif word in words:
        choice = words[word]
    else:
        # The choices as the receipt echoes them, in the player's words (issue 17: no ids).
        options = [_l(CHOICE_WORDS[c]) for c in sorted({*words.values(), "nothing"})]
        raise invalid(say("not_a_choice", text=tail.strip()), options)
    understood = format_card_choice(kind, choice)
    held = state.holder(track) == house
    return Instruction(
        kind,
        "",
        {"prefs": [choice]},
        understood=said.if_held(understood, held, said.dominance_token(track)),
    )


CARD_HEADS = {
    "throne_of_blades": ("a-throne-of-blades", "a throne of blades"),
    "dark_wings": ("dark-wings-dark-words", "dark wings dark words"),
    "put_to_the_sword": ("put-to-the-sword", "put to the sword"),
}
"""Request kind -> (the Westeros card, its line head)."""


def format_card_choice(kind: str, choice: str) -> Text:
    card, head = CARD_HEADS[kind]
    return _l(
        "%(card)s: %(choice)s",
        card=Name(card, head, "westeros_cards"),
        choice=_l(CHOICE_WORDS[choice]),
    )


__all__ = ["TRACKS", "is_westeros_line", "parse_westeros_line"]
