"""House card abilities with a timing: cancel, immediately, after winner, after combat.

One small function per card, dispatched by card id. When both cards act in the same step
they resolve in Iron Throne order (cards.yaml ability_resolution_order). A function returns
True when done, False when it opened a request; the request's effect finishes it.
Static abilities are in cards.py, Robb Stark in retreat.py, Arianne Martell in combat.py,
The Blackfish in casualties.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.battle import AbilityUsed, Battle
from adjudicator.rulesets.westeros.flow import Events, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import AbilityChoice, SideChoice
from adjudicator.rulesets.westeros.rules.choices import ask
from adjudicator.rulesets.westeros.rules.house_cards import card_of, prevents_casualties
from adjudicator.rulesets.westeros.rules.marches import NEUTRAL
from adjudicator.rulesets.westeros.rules.strength import combat_army, other
from adjudicator.rulesets.westeros.rules.support import declared
from adjudicator.rulesets.westeros.state import TRACKS, State
from adjudicator.rulesets.westeros.units import (
    add_units,
    pieces_left,
    take_units,
    unit_type,
)
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Text, _l

Ability = Callable[[State, Battle, str, Events], bool]


def ordered_sides(state: State, battle: Battle) -> list[str]:
    """The two sides in Iron Throne order (ties between abilities resolve so)."""
    throne = state.tracks["iron_throne"]
    sides = [s for s in ("attacker", "defender") if battle.house_of(s) in throne]
    return sorted(sides, key=lambda s: throne.index(battle.house_of(s)))


def side_of(battle: Battle, house: str) -> str:
    return "attacker" if battle.attacker == house else "defender"


def fired(events: Events, battle: Battle, card: str, house: str, **data: Any) -> None:
    """An ability took effect: an event now, and a line in the battle's table later."""
    if battle.abilities is None:
        battle.abilities = []
    battle.abilities.append(AbilityUsed(card, house, dict(data)))
    emit(events, "ability", card=card, house=house, area=battle.area, **data)


def _run(state: State, battle: Battle, table: dict[str, Ability], tag: str, events: Events) -> bool:
    """Run each side's ability of this step once; False while a request is open."""
    for side in ordered_sides(state, battle):
        card = card_of(battle, side)
        key = f"{tag}:{side}:{card}"
        if card in table and key not in battle.did:
            if not table[card](state, battle, side, events):
                return False
            battle.did.append(key)
    return True


def _ask(
    state: State,
    battle: Battle,
    side: str,
    kind: str,
    choices: list[Any],
    optional: bool,
    summary: Text,
    tag: str,
    house: str | None = None,
) -> bool:
    """Open the ability's request; its effect marks the step done. Always False."""
    card = card_of(battle, side)
    ask(
        state,
        house or battle.house_of(side),
        kind,
        battle,
        choices,
        optional,
        summary,
        side=side,
        card=card,
        did=f"{tag}:{side}:{card}",
    )
    return False


def _done(state: State, req: OpenRequest) -> Battle:
    battle = state.action["battle"]
    battle.did.append(AbilityChoice.of(req).did)
    return battle


# -- cancel: Tyrion -----------------------------------------------------------------------
def stage_cancel(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    if battle.replacing:
        _replacement(state, battle, events)
        return
    if _run(state, battle, {"tyrion-lannister": tyrion}, "cancel", events):
        battle.stage = "immediately"


def tyrion(state: State, battle: Battle, side: str, events: Events) -> bool:
    """tyrion-lannister: may cancel the opponent's card; he must choose another."""
    if card_of(battle, other(side)) is None:
        return True
    return _ask(
        state, battle, side, "tyrion", ["use"], True, _l("Tyrion: cancel the card?"), "cancel"
    )


def effect_tyrion(state: State, req: OpenRequest, use: Any, rng: Dice, events: Events) -> None:
    battle = _done(state, req)
    if use is None:
        return
    rival = other(AbilityChoice.of(req).side)
    cancelled = battle.cards[rival]
    battle.cards[rival] = None
    battle.barred = [cancelled]
    battle.replacing = rival
    fired(events, battle, "tyrion-lannister", req.house, cancelled=cancelled)


def _replacement(state: State, battle: Battle, events: Events) -> None:
    side = battle.replacing
    house = battle.house_of(side)
    choices = [c for c in state.hands.get(house, []) if c not in battle.barred]
    if len(choices) > 1:
        ask(
            state,
            house,
            "replace",
            battle,
            choices,
            False,
            _l(
                "choose another house card for the battle in %(area)s: %(cards)s",
                area=said.area(state, battle.area),
                cards=tuple(said.card(c) for c in choices),
            ),
            side=side,
        )
        return
    _replaced(battle, side, choices[0] if choices else None, events)


def _replaced(battle: Battle, side: str, card: str | None, events: Events) -> None:
    battle.cards[side] = card
    battle.replacing = None
    emit(events, "card_replaced", house=battle.house_of(side), area=battle.area, card=card)


def effect_replace(state: State, req: OpenRequest, card: Any, rng: Dice, events: Events) -> None:
    _replaced(state.action["battle"], SideChoice.of(req).side, card, events)


# -- immediately: Aeron, Mace, Queen of Thorns, Doran ---------------------------------------
def stage_immediately(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    if _run(state, battle, IMMEDIATELY, "now", events):
        battle.stage = "tides"


def aeron(state: State, battle: Battle, side: str, events: Events) -> bool:
    """aeron-damphair: may pay 2 power to swap for another card of the hand."""
    house = battle.house_of(side)
    others = [
        c for c in state.hands[house] if c != "aeron-damphair" and c not in (battle.barred or [])
    ]
    if state.power.get(house, 0) < 2 or not others:
        return True
    return _ask(
        state, battle, side, "aeron", others, True, _l("Aeron: pay 2 power to swap?"), "now"
    )


def effect_aeron(state: State, req: OpenRequest, card: Any, rng: Dice, events: Events) -> None:
    battle = _done(state, req)
    if card is None:
        return
    house, side = req.house, AbilityChoice.of(req).side
    flow.lose_power(state, house, 2)
    state.hands[house].remove("aeron-damphair")
    state.discards.setdefault(house, []).append("aeron-damphair")
    battle.cards[side] = card
    fired(events, battle, "aeron-damphair", house, replacement=card, power=2)


def mace(state: State, battle: Battle, side: str, events: Events) -> bool:
    """mace-tyrell: destroy one footman of the opponent's combat army (not with Blackfish)."""
    rival = other(side)
    footmen = sorted({u for u in combat_army(state, battle, rival) if unit_type(u) == "footman"})
    if not footmen or prevents_casualties(battle, rival):
        return True
    if len(footmen) > 1:
        return _ask(state, battle, side, "mace", footmen, False, _l("Mace: which footman?"), "now")
    _kill_footman(state, battle, rival, footmen[0], events)
    return True


def _kill_footman(state: State, battle: Battle, rival: str, unit: str, events: Events) -> None:
    if rival == "attacker":
        battle.units.remove(unit)
    else:
        take_units(state, battle.area, battle.house_of(rival), [unit])
    fired(
        events,
        battle,
        "mace-tyrell",
        battle.house_of(other(rival)),
        killed=unit,
        victim=battle.house_of(rival),
    )


def effect_mace(state: State, req: OpenRequest, unit: Any, rng: Dice, events: Events) -> None:
    battle = _done(state, req)
    _kill_footman(state, battle, other(AbilityChoice.of(req).side), unit, events)


def queen(state: State, battle: Battle, side: str, events: Events) -> bool:
    """queen-of-thorns: remove an opponent's order next to the embattled area."""
    rival = battle.house_of(other(side))
    areas = [
        a
        for a in sorted(state.board.links[battle.area])
        if a in state.orders and state.occupant(a) == rival
    ]
    if len(areas) > 1:
        return _ask(
            state, battle, side, "queen", areas, False, _l("Queen of Thorns: which order?"), "now"
        )
    if areas:
        _remove_order(state, battle, "queen-of-thorns", battle.house_of(side), areas[0], events)
    return True


def _remove_order(
    state: State, battle: Battle, card: str, house: str, area: str, events: Events
) -> None:
    token = state.orders.pop(area)
    fired(events, battle, card, house, removed=area, token=token)


def effect_queen(state: State, req: OpenRequest, area: Any, rng: Dice, events: Events) -> None:
    battle = _done(state, req)
    _remove_order(state, battle, "queen-of-thorns", req.house, area, events)


def doran(state: State, battle: Battle, side: str, events: Events) -> bool:
    """doran-martell: the opponent goes to the bottom of a track Martell chooses."""
    return _ask(state, battle, side, "doran", list(TRACKS), False, _l("Doran: which track?"), "now")


def effect_doran(state: State, req: OpenRequest, track: Any, rng: Dice, events: Events) -> None:
    battle = _done(state, req)
    rival = battle.house_of(other(AbilityChoice.of(req).side))
    state.tracks[track].remove(rival)
    state.tracks[track].append(rival)
    fired(events, battle, "doran-martell", req.house, track=track, victim=rival)


IMMEDIATELY: dict[str, Ability] = {
    "aeron-damphair": aeron,
    "mace-tyrell": mace,
    "queen-of-thorns": queen,
    "doran-martell": doran,
}


# -- after winner determination: Tywin, Roose, Renly, Cersei --------------------------------
def stage_after_winner(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    if battle.defender == NEUTRAL or _run(state, battle, AFTER_WINNER, "won", events):
        battle.stage = "casualties"


def tywin(state: State, battle: Battle, side: str, events: Events) -> bool:
    """tywin-lannister: the winner takes 2 power tokens (20 cap)."""
    if battle.winner == side:
        gained = flow.gain_power(state, battle.house_of(side), 2)
        fired(events, battle, "tywin-lannister", battle.house_of(side), power=gained)
    return True


def roose(state: State, battle: Battle, side: str, events: Events) -> bool:
    """roose-bolton: losing, Stark takes back every discarded card, Roose included."""
    if battle.loser == side:
        house = battle.house_of(side)
        back = state.discards.get(house, [])
        state.hands[house] = state.hands.get(house, []) + back
        state.discards[house] = []
        fired(events, battle, "roose-bolton", house, cards=back)
    return True


def renly(state: State, battle: Battle, side: str, events: Events) -> bool:
    """renly-baratheon: winning, may upgrade one fighting or supporting footman to a knight."""
    house = battle.house_of(side)
    in_transit = battle.units if side == "attacker" else []
    if battle.winner != side or pieces_left(state, house, "knight", in_transit) < 1:
        return True
    areas = [battle.area] if "footman" in combat_army(state, battle, side) else []
    areas += [
        a
        for a in declared(state, battle, side)
        if flow.order_owner(state, a) == house and "footman" in state.house_units(a, house)
    ]
    if not areas:
        return True
    return _ask(state, battle, side, "renly", areas, True, _l("Renly: upgrade a footman?"), "won")


def effect_renly(state: State, req: OpenRequest, area: Any, rng: Dice, events: Events) -> None:
    battle = _done(state, req)
    if area is None:
        return
    house, side = req.house, AbilityChoice.of(req).side
    if area == battle.area and side == "attacker":
        battle.units.remove("footman")
        battle.units.append("knight")
    else:
        take_units(state, area, house, ["footman"])
        add_units(state, area, house, ["knight"])
    fired(events, battle, "renly-baratheon", house, upgraded=area)


def cersei(state: State, battle: Battle, side: str, events: Events) -> bool:
    """cersei-lannister: winning, may remove one of the opponent's orders anywhere."""
    rival = battle.house_of(other(side))
    if battle.winner != side:
        return True
    areas = [a for a in state.orders if state.occupant(a) == rival and a != battle.area]
    if not areas:
        return True
    return _ask(
        state, battle, side, "cersei", sorted(areas), True, _l("Cersei: remove an order?"), "won"
    )


def effect_cersei(state: State, req: OpenRequest, area: Any, rng: Dice, events: Events) -> None:
    battle = _done(state, req)
    if area is not None:
        _remove_order(state, battle, "cersei-lannister", req.house, area, events)


AFTER_WINNER: dict[str, Ability] = {
    "tywin-lannister": tywin,
    "roose-bolton": roose,
    "renly-baratheon": renly,
    "cersei-lannister": cersei,
}


# -- after combat: hand refresh, Patchface, Ser Loras ---------------------------------------
def refresh_hands(state: State, battle: Battle, events: Events) -> None:
    """A house that played its last card takes back its discards, except that card."""
    for side in ("attacker", "defender"):
        house = battle.house_of(side)
        if house == NEUTRAL or state.hands.get(house):
            continue
        played = card_of(battle, side)
        back = [c for c in state.discards.get(house, []) if c != played]
        state.hands[house] = back
        state.discards[house] = [played] if played else []
        emit(events, "hand_refreshed", house=house, cards=back)


def stage_after_combat(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    if "refresh" not in battle.did:
        refresh_hands(state, battle, events)
        battle.did.append("refresh")
    if battle.defender == NEUTRAL or _run(state, battle, AFTER_COMBAT, "after", events):
        battle.stage = "end"


def patchface(state: State, battle: Battle, side: str, events: Events) -> bool:
    """patchface: may discard one card of the opponent's (refreshed) hand."""
    hand = state.hands.get(battle.house_of(other(side)), [])
    if not hand:
        return True
    return _ask(
        state,
        battle,
        side,
        "patchface",
        sorted(hand),
        True,
        _l("Patchface: discard a card?"),
        "after",
    )


def effect_patchface(state: State, req: OpenRequest, card: Any, rng: Dice, events: Events) -> None:
    battle = _done(state, req)
    if card is None:
        return
    rival = battle.house_of(other(AbilityChoice.of(req).side))
    state.hands[rival].remove(card)
    state.discards.setdefault(rival, []).append(card)
    if not state.hands[rival]:
        state.hands[rival] = [c for c in state.discards[rival] if c != card]
        state.discards[rival] = [card]
    fired(events, battle, "patchface", req.house, discarded=card, victim=rival)


def loras(state: State, battle: Battle, side: str, events: Events) -> bool:
    """ser-loras-tyrell: a winning attacker that moved in keeps its march order there."""
    if side == "attacker" and battle.winner == side and battle.moved_in:
        state.orders[battle.area] = battle.march
        done = state.action.setdefault("done", [])
        if f"march:{battle.area}" in done:
            done.remove(f"march:{battle.area}")
        fired(events, battle, "ser-loras-tyrell", battle.house_of(side), token=battle.march)
    return True


AFTER_COMBAT: dict[str, Ability] = {"patchface": patchface, "ser-loras-tyrell": loras}

EFFECTS = {
    "tyrion": effect_tyrion,
    "replace": effect_replace,
    "aeron": effect_aeron,
    "mace": effect_mace,
    "queen": effect_queen,
    "doran": effect_doran,
    "renly": effect_renly,
    "cersei": effect_cersei,
    "patchface": effect_patchface,
}
"""Request kind -> what its answer does."""
