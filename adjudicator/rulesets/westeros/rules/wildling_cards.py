"""The 9 wildling cards: the highest bidder's reward, the lowest bidder's and everyone else's
penalty (games/westeros/cards.yaml, wildling_cards).

A card resolves as a queue of steps (wildlings.py builds it: the highest bidder, or the
lowest bidder then everyone else in turn order). One function per card and role runs a step:
it returns True when done, or opens one "wildling-card" request (wildling_choices.py) and
returns False; the answer is stored in the step (``answers[what]``) and the function runs
again to apply it. So every change to the board happens in one place per effect, and a
saved state resumes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.decks import house_card_facts
from adjudicator.rulesets.westeros.flow import Events, emit
from adjudicator.rulesets.westeros.rules import ports, reconcile, recruiting
from adjudicator.rulesets.westeros.rules.wildling_choices import (
    MANY,
    Step,
    Unit,
    ask,
    is_real_choice,
    units_of,
)
from adjudicator.rulesets.westeros.state import TRACKS, State
from adjudicator.rulesets.westeros.units import add_units, pieces_left, take_units, unit_type
from adjudicator.rulesets.westeros.wildling_attack import AttackStep, WildlingAttack

SECOND_ATTACK_STRENGTH = 6
"""Preemptive Raid: "the wildlings at once attack again with strength 6"."""

__all__ = ["EFFECTS", "MANY", "extend_queue", "run"]


def destroy(state: State, house: str, units: list[Unit], card: str, events: Events) -> None:
    """Destroy the units; a land left without a controller loses its port's ships (P9)."""
    for unit, area in units:
        victim = next(u for u in state.house_units(area, house) if unit_type(u) == unit)
        take_units(state, area, house, [victim])
    emit(events, "wildling_units_destroyed", card=card, house=house, units=sorted(units))
    if units:
        # Brief, port edge cases: "a wildling loss that empties a captured home area
        # triggers P9 too".
        ports.queue_port_captures(state, events)


def destroy_some(
    state: State, attack: WildlingAttack, step: Step, count: int, events: Events, areas: Any = None
) -> bool:
    """`count` units of the house's choice (all when it has no more)."""
    house, card = step.house, attack.card
    units = units_of(state, house, areas=areas)
    if "destroy" not in step.answers:
        if is_real_choice(units, count):
            return ask(state, attack, step, "destroy", units, pick=count)
        step.answers["destroy"] = units[:count]
    destroy(state, house, step.answers["destroy"], card, events)
    return True


def move_on_track(state: State, house: str, track: str, place: int) -> list[int]:
    """Put `house` at 0-based `place` of `track` (clamped); returns [old, new] positions."""
    order = state.tracks[track]
    old = order.index(house)
    order.remove(house)
    new = max(0, min(place, len(order)))
    order.insert(new, house)
    return [old + 1, new + 1]


def track_moved(
    state: State, attack: WildlingAttack, house: str, track: str, place: int, events: Events
) -> None:
    old, new = move_on_track(state, house, track, place)
    emit(
        events,
        "wildling_track_moved",
        card=attack.card,
        house=house,
        track=track,
        positions=[old, new],
    )


def nothing(attack: WildlingAttack, step: Step, events: Events) -> bool:
    emit(events, "wildling_nothing", card=attack.card, house=step.house, role=step.role)
    return True


# -- Silence at the Wall ----------------------------------------------------------------------
def silence(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """silence-at-the-wall: nothing happens, whoever wins."""
    return nothing(attack, step, events)


# -- Preemptive Raid --------------------------------------------------------------------------
def preemptive_highest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """The threat goes to 0 and the wildlings attack again with strength 6; the highest
    bidder sits the second attack out (no bid, no reward, no penalty)."""

    state.wildlings = 0
    attack.then = {"strength": SECOND_ATTACK_STRENGTH, "excluded": [step.house]}
    emit(
        events,
        "wildling_attack_again",
        card=attack.card,
        house=step.house,
        strength=SECOND_ATTACK_STRENGTH,
    )
    return True


def preemptive_lowest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Destroy 2 of his units, or move down 2 places on the track where he stands highest
    (the Iron Throne holder picks among equally high tracks)."""
    house, answers = step.house, step.answers
    if "penalty" not in answers:
        # The units to destroy may come with the same line ('preemptive raid: units,
        # footman in Winterfell, ...'): one instruction answers one request.
        mine = units_of(state, house)
        return ask(
            state,
            attack,
            step,
            "penalty",
            ["influence", "units"],
            units=mine,
            destroy=min(2, len(mine)),
        )
    if answers["penalty"] == "units":
        return destroy_some(state, attack, step, 2, events)
    best = min(state.position(t, house) for t in TRACKS)
    tracks = [t for t in TRACKS if state.position(t, house) == best]
    if "track" not in answers:
        if len(tracks) > 1:
            return ask(state, attack, step, "track", tracks, house=state.holder("iron_throne"))
        answers["track"] = tracks[0]
    track = answers["track"]
    track_moved(state, attack, house, track, state.position(track, house) + 1, events)
    return True


# -- Crow Killers -----------------------------------------------------------------------------
def crow_highest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """May replace up to 2 of his footmen anywhere by knights from his reserve."""
    house = step.house
    footmen = units_of(state, house, ("footman",))
    most = min(2, len(footmen), pieces_left(state, house, "knight"))
    if most == 0:
        return nothing(attack, step, events)
    if "upgrade" not in step.answers:
        return ask(state, attack, step, "upgrade", footmen, pick=most, optional=True)
    chosen = step.answers["upgrade"] or []
    for _, area in chosen:
        take_units(state, area, house, ["footman"])
        add_units(state, area, house, ["knight"])
    emit(events, "wildling_units_upgraded", card=attack.card, house=house, units=sorted(chosen))
    return True


def crow_penalty(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Lowest: every knight becomes a footman; everyone else: 2 knights of his choice.
    A knight that cannot be replaced for lack of footmen is destroyed."""
    house = step.house
    knights = units_of(state, house, ("knight",))
    count = len(knights) if step.role == "lowest" else min(2, len(knights))
    footmen = pieces_left(state, house, "footman")
    if not knights:
        return nothing(attack, step, events)
    hit = count
    swapped = min(hit, footmen)
    kinds = len({tuple(k) for k in knights})
    if step.role == "lowest":
        # The choice: which knights become footmen; the others are destroyed.
        pick, needed = swapped, 0 < swapped < hit and is_real_choice(knights, swapped)
    else:
        # The choice: which knights are hit, in order: the first are replaced while footmen
        # last, the rest destroyed.
        pick, needed = hit, is_real_choice(knights, hit) or (swapped < hit and kinds > 1)
    if "swap" not in step.answers:
        if needed:
            return ask(state, attack, step, "swap", knights, pick=pick)
        step.answers["swap"] = knights[:pick]
    chosen = [list(u) for u in step.answers["swap"]]
    if step.role == "lowest":
        rest = Counter(map(tuple, knights)) - Counter(map(tuple, chosen))
        chosen += [list(u) for u in sorted(rest.elements())]
    replaced, lost = chosen[:swapped], chosen[swapped:hit]
    for _, area in replaced:
        take_units(state, area, house, ["knight"])
        add_units(state, area, house, ["footman"])
    emit(
        events,
        "wildling_knights_replaced",
        card=attack.card,
        house=house,
        units=sorted(replaced),
    )
    if lost:
        destroy(state, house, lost, attack.card, events)
    return True


# -- Rattleshirt's Raiders --------------------------------------------------------------------
def supply_moved(
    state: State, attack: WildlingAttack, house: str, delta: int, events: Events
) -> bool:
    top = state.board.tracks["supply_max"]
    old = state.supply.get(house, 0)
    state.supply[house] = max(0, min(top, old + delta))
    emit(
        events,
        "wildling_supply",
        card=attack.card,
        house=house,
        supply=[old, state.supply[house]],
    )
    return True


def rattleshirt_highest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    return supply_moved(state, attack, step.house, 1, events)


def rattleshirt_lowest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    return supply_moved(state, attack, step.house, -2, events)


def rattleshirt_other(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    return supply_moved(state, attack, step.house, -1, events)


def reduce_armies(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """After the supply moved: every house over its limits reconciles (reconcile.py).

    NOTE: the card has the houses reconcile "in turn order"; their choices do not depend
    on each other, so all of them are asked at once (in turn order), as the Supply card does.
    """
    if not step.started:
        step.started = True
        for house in state.tracks["iron_throne"]:
            reconcile.start_reduce(state, house, events)
        if state.action.get("open"):
            return False
    ports.queue_port_captures(state, events)
    return True


# -- Massing on the Milkwater -----------------------------------------------------------------
def massing_highest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Takes every card of his discard pile back into his hand."""
    house = step.house
    cards = list(state.discards.get(house, []))
    state.hands.setdefault(house, []).extend(cards)
    state.discards[house] = []
    emit(events, "wildling_cards_returned", card=attack.card, house=house, cards=cards)
    return True


def massing_lowest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """With 2 or more cards in hand, discards every card of the highest strength.

    NOTE: cards.yaml (after the S&R implementation): "if all cards in hand share that
    strength, none is discarded" (a hand is never emptied by this card).
    """
    house = step.house
    hand = state.hands.get(house, [])
    strengths = {c: house_card_facts()[c]["strength"] for c in hand}
    top = max(strengths.values(), default=0)
    lost = [c for c in hand if strengths[c] == top]
    if len(hand) < 2 or len(lost) == len(hand):
        return nothing(attack, step, events)
    discard(state, attack, house, lost, events)
    return True


def discard(
    state: State, attack: WildlingAttack, house: str, cards: list[str], events: Events
) -> None:
    for card in cards:
        state.hands[house].remove(card)
        state.discards.setdefault(house, []).append(card)
    emit(events, "wildling_cards_discarded", card=attack.card, house=house, cards=cards)


def massing_other(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Each house with 2 or more cards in hand discards one of its choice."""
    house = step.house
    hand = state.hands.get(house, [])
    if len(hand) < 2:
        return nothing(attack, step, events)
    if "discard" not in step.answers:
        return ask(state, attack, step, "discard", list(hand))
    discard(state, attack, house, [step.answers["discard"]], events)
    return True


# -- A King Beyond the Wall -------------------------------------------------------------------
def king_highest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Moves to the top of one influence track of his choice (with its dominance token)."""
    house = step.house
    tracks = [t for t in TRACKS if state.position(t, house) > 1]
    if not tracks:
        return nothing(attack, step, events)
    if "track" not in step.answers:
        return ask(state, attack, step, "track", list(TRACKS))
    track_moved(state, attack, house, step.answers["track"], 0, events)
    return True


def king_lowest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Moves to the last place of all three influence tracks."""
    for track in TRACKS:
        track_moved(state, attack, step.house, track, len(state.houses), events)
    return True


def king_other(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Chooses Fiefdoms or King's Court and moves to its last place (never the Iron Throne)."""
    house = step.house
    tracks = ["fiefdoms", "kings_court"]
    last = len(state.houses)
    if all(state.position(t, house) == last for t in tracks):
        return nothing(attack, step, events)
    if "track" not in step.answers:
        return ask(state, attack, step, "track", tracks)
    track_moved(state, attack, house, step.answers["track"], last, events)
    return True


# -- Mammoth Riders ---------------------------------------------------------------------------
def mammoth_highest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """May take one card of his choice from his discard pile back into his hand."""
    house = step.house
    pile = list(state.discards.get(house, []))
    if not pile:
        return nothing(attack, step, events)
    if "take" not in step.answers:
        return ask(state, attack, step, "take", pile, optional=True)
    card = step.answers["take"]
    if card is None:
        return nothing(attack, step, events)
    state.discards[house].remove(card)
    state.hands.setdefault(house, []).append(card)
    emit(events, "wildling_cards_returned", card=attack.card, house=house, cards=[card])
    return True


def mammoth_lowest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    return destroy_some(state, attack, step, 3, events)


def mammoth_other(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    return destroy_some(state, attack, step, 2, events)


# -- The Horde Descends -----------------------------------------------------------------------
def muster_options(state: State, house: str) -> list[dict[str, Any]]:
    """Every legal muster of one area (its castle's points, normal costs and limits)."""
    options = []
    for area in sorted(state.board.areas):
        if area in state.impassable or not recruiting.can_muster(state, house, area):
            continue
        singles = [{"unit": k, "area": area, "from": None} for k in recruiting.LAND_UNITS]
        singles += [
            {"unit": "ship", "area": s, "from": None}
            for s in recruiting.ship_areas(state, house, area)
        ]
        singles += [{"unit": k, "area": area, "from": "footman"} for k in recruiting.UPGRADES]
        sets = [[s] for s in singles]
        sets += [list(p) for p in itertools.combinations_with_replacement(singles, 2)]
        for items in sets:
            if recruiting.muster_problem(state, house, area, items) is None:
                options.append({"area": area, "items": items})
    return options


def horde_highest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """May muster in one castle or stronghold he controls, with the normal costs and limits."""
    house = step.house
    options = muster_options(state, house)
    if not options:
        return nothing(attack, step, events)
    if "muster" not in step.answers:
        return ask(state, attack, step, "muster", options, optional=True)
    chosen = step.answers["muster"]
    if chosen is None:
        return nothing(attack, step, events)
    recruiting.apply_muster(state, house, chosen["area"], chosen["items"], events)
    return True


def horde_lowest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Destroys 2 of his units standing together in one of his castles or strongholds;
    if no such area holds 2 of them, 2 units anywhere."""
    house = step.house
    castles = [
        a
        for a in sorted(state.units)
        if state.board.areas[a].has_castle and len(state.house_units(a, house)) >= 2
    ]
    if not castles:
        return destroy_some(state, attack, step, 2, events)
    units = units_of(state, house, areas=castles)
    if "destroy" not in step.answers:
        if len(castles) > 1 or is_real_choice(units, 2):
            return ask(state, attack, step, "destroy", units, pick=2, same_area=True)
        step.answers["destroy"] = units[:2]
    destroy(state, house, step.answers["destroy"], attack.card, events)
    return True


def horde_other(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    return destroy_some(state, attack, step, 1, events)


# -- Skinchanger Scout ------------------------------------------------------------------------
def skinchanger_highest(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """The Power tokens he bid come back to his available tokens."""
    house = step.house
    back = flow.gain_power(state, house, attack.bids.get(house, 0))
    emit(events, "wildling_power", card=attack.card, house=house, power=back)
    return True


def skinchanger_penalty(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Lowest: loses all available Power; everyone else: 2 (all he has if fewer)."""
    house = step.house
    amount = state.power.get(house, 0) if step.role == "lowest" else 2
    lost = flow.lose_power(state, house, amount)
    emit(events, "wildling_power", card=attack.card, house=house, power=-lost)
    return True


EFFECTS: dict[str, dict[str, Any]] = {
    "silence-at-the-wall": {"highest": silence, "lowest": silence},
    "preemptive-raid": {"highest": preemptive_highest, "lowest": preemptive_lowest},
    "crow-killers": {"highest": crow_highest, "lowest": crow_penalty, "other": crow_penalty},
    "rattleshirts-raiders": {
        "highest": rattleshirt_highest,
        "lowest": rattleshirt_lowest,
        "other": rattleshirt_other,
        "reduce": reduce_armies,
    },
    "massing-on-the-milkwater": {
        "highest": massing_highest,
        "lowest": massing_lowest,
        "other": massing_other,
    },
    "a-king-beyond-the-wall": {"highest": king_highest, "lowest": king_lowest, "other": king_other},
    "mammoth-riders": {
        "highest": mammoth_highest,
        "lowest": mammoth_lowest,
        "other": mammoth_other,
    },
    "the-horde-descends": {"highest": horde_highest, "lowest": horde_lowest, "other": horde_other},
    "skinchanger-scout": {
        "highest": skinchanger_highest,
        "lowest": skinchanger_penalty,
        "other": skinchanger_penalty,
    },
}
"""Card -> role -> its step. A role missing means "nothing happens" for those houses."""


def extend_queue(state: State, attack: WildlingAttack) -> None:
    """Drop the steps the card has no effect for; Rattleshirt's Raiders then reconciles
    every house in turn order ("then, in turn order, every house over its new supply
    limits destroys units until it complies")."""
    effects = EFFECTS[attack.card]
    attack.queue = [s for s in attack.queue if s.role in effects]
    if attack.card == "rattleshirts-raiders" and attack.outcome == "defeat":
        attack.queue.append(AttackStep(None, "reduce"))


def run(state: State, attack: WildlingAttack, step: Step, events: Events) -> bool:
    """Run the step at the head of the queue; True when it is done."""
    return EFFECTS[attack.card][step.role](state, attack, step, events)
