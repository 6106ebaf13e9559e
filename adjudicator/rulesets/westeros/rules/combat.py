"""Combat: the sequence of one battle, each step resumable from `state.action["battle"]`.

cards.yaml combat_sequence: support -> house cards -> cancel (Tyrion) -> immediately
abilities -> Tides of Battle -> Valyrian Steel Blade -> totals and winner -> after-winner
abilities -> casualties -> retreat -> the attacker moves in -> after-combat abilities.

The battle is a `battle.Battle` (its fields say which step sets them); the saved state
holds it as plain data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.flow import Events, emit, emit_private
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import CardChoice, SideChoice
from adjudicator.rulesets.westeros.rules import abilities, casualties, retreat, strength
from adjudicator.rulesets.westeros.rules.choices import ask
from adjudicator.rulesets.westeros.rules.house_cards import card_of, tides_deck
from adjudicator.rulesets.westeros.rules.marches import NEUTRAL, defender_of, end_march, enter_area
from adjudicator.rulesets.westeros.rules.support import start_support
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.units import add_units, sweep_orders
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Text, _l


def _card_summary(state: State, battle: Battle, house: str, other: str) -> Text:
    """What a house card request asks (issue 17): the battle, the opponent, the cards."""
    cards = tuple(said.card(c) for c in state.hands[house])
    opponent = battle.house_of(other)
    if opponent == NEUTRAL:
        return _l(
            "choose a house card for the battle in %(area)s: %(cards)s",
            area=said.area(state, battle.area),
            cards=cards,
        )
    return _l(
        "choose a house card for the battle in %(area)s against %(opponent)s: %(cards)s",
        area=said.area(state, battle.area),
        opponent=said.house(opponent),
        cards=cards,
    )


def begin_battle(
    state: State, house: str, origin: str, area: str, units: list[str], token: str, events: Events
) -> None:
    """The marching units leave `origin` and fight for `area`."""
    act = state.action
    act["battles"] = act.get("battles", 0) + 1
    defender = defender_of(state, house, area)
    act["battle"] = Battle(act["battles"], area, origin, house, defender, list(units), token)
    emit(
        events,
        "battle_started",
        n=act["battles"],
        area=area,
        origin=origin,
        attacker=house,
        defender=defender,
        units=sorted(units),
    )


def advance_battle(state: State, rng: Dice, events: Events) -> None:
    """Run the current stage: it either moves the battle on or opens requests."""
    battle = state.action["battle"]
    STAGES[battle.stage](state, battle, rng, events)


def stage_support(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    if start_support(state, battle, events):
        battle.stage = "cards" if battle.defender != NEUTRAL else "resolve"


def stage_cards(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    """Both sides choose a house card in secret; one card in hand is no choice."""
    missing = []
    for side in ("attacker", "defender"):
        if side in battle.cards:
            continue
        hand = state.hands.get(battle.house_of(side), [])
        if len(hand) <= 1:
            battle.cards[side] = hand[0] if hand else None
        else:
            missing.append(side)
    if missing:
        for side in missing:
            house = battle.house_of(side)
            ask(
                state,
                house,
                "card",
                battle,
                list(state.hands[house]),
                False,
                _card_summary(state, battle, house, strength.other(side)),
                secret=True,
                side=side,
                opponent=battle.house_of(strength.other(side)),
            )
        return
    emit(
        events,
        "cards_revealed",
        area=battle.area,
        attacker=battle.attacker,
        defender=battle.defender,
        cards=dict(battle.cards),
    )
    battle.stage = "cancel"


def apply_card(state: State, req: OpenRequest, card: str, rng: Dice, events: Events) -> None:
    state.action["battle"].cards[CardChoice.of(req).side] = card


def stage_tides(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    """Optional rule: each side draws a Tides of Battle card from a fresh deck."""
    if state.options.tides_of_battle:
        deck = rng.shuffled(tides_deck())
        battle.tides = {"attacker": deck[0], "defender": deck[1]}
        battle.tides_deck = deck[2:]
        # Each side sees only its own card until the totals are compared (battle_resolved).
        for side in ("attacker", "defender"):
            emit_private(
                events,
                battle.house_of(side),
                "tides_drawn",
                area=battle.area,
                card=battle.tides[side],
            )
    battle.stage = "blade"


def stage_blade(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    """The Fiefdoms holder may use the Valyrian Steel Blade once per round (+1)."""
    battle.stage = "resolve"
    holder = state.holder("fiefdoms")
    for side in ("attacker", "defender"):
        if battle.house_of(side) == holder and not state.blade_used:
            battle.stage = "blade"
            # Errata (FAQ v2.0), Tides of Battle: the blade may redraw its holder's Tides
            # card, or, if not used so, add +1 (once a round either way).
            choices = ["use", "redraw"] if state.options.tides_of_battle else ["use"]
            ask(
                state,
                holder,
                "blade",
                battle,
                choices,
                True,
                _l("use the Valyrian Steel Blade?"),
                side=side,
            )
            return


def apply_blade(state: State, req: OpenRequest, use: Any, rng: Dice, events: Events) -> None:
    battle = state.action["battle"]
    battle.stage = "resolve"
    if use is None:
        return
    side = SideChoice.of(req).side
    state.blade_used = True
    if use == "redraw":
        # NOTE: the holder decides after seeing its own Tides card (errata: "discard its
        # holder's Tides card and draw a new one"); the blade then gives no +1.
        battle.tides[side] = battle.tides_deck.pop(0)
    else:
        battle.blade = side
    emit(
        events,
        "blade_used",
        house=req.house,
        area=battle.area,
        tides=battle.tides[side] if use == "redraw" else None,
    )


def stage_resolve(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    """Total both sides term by term; the winner is known; both cards are discarded."""
    battle.strength = {
        s: strength.strength_terms(state, battle, s) for s in ("attacker", "defender")
    }
    winner = strength.decide_winner(state, battle)
    battle.winner, battle.loser = winner, strength.other(winner)
    totals = {s: sum(t.values()) for s, t in battle.strength.items()}
    emit(
        events,
        "battle_resolved",
        n=battle.n,
        area=battle.area,
        attacker=battle.attacker,
        defender=battle.defender,
        cards=dict(battle.cards),
        strength=battle.strength,
        totals=totals,
        winner=battle.house_of(winner),
        tie=totals["attacker"] == totals["defender"],
        supports=dict(battle.supports),
        tides=dict(battle.tides or {}),
    )
    for side in ("attacker", "defender"):
        card, house = card_of(battle, side), battle.house_of(side)
        if card and card in state.hands.get(house, []):
            state.hands[house].remove(card)
            state.discards.setdefault(house, []).append(card)
    battle.stage = "after_winner"


def stage_move_in(state: State, battle: Battle, rng: Dice, events: Events) -> None:
    """A winning attacker moves in, unless Arianne Martell keeps it out."""
    battle.stage = "after_combat"
    units, house = battle.units, battle.attacker
    battle.units = []
    if battle.winner != "attacker" or not units:
        return
    if card_of(battle, "defender") == "arianne-martell":
        # arianne-martell: the winning attacker stays in the area it marched from.
        add_units(state, battle.origin, house, units)
        abilities.fired(events, battle, "arianne-martell", battle.defender, origin=battle.origin)
        return
    # The beaten defender's order goes as the attacker moves in (its units are gone).
    state.orders.pop(battle.area, None)
    add_units(state, battle.area, house, units)
    enter_area(state, house, battle.area, events)
    battle.moved_in = True
    emit(events, "moved_in", house=house, area=battle.area, units=sorted(units))


def finish_battle(state: State, events: Events) -> None:
    battle = state.action.pop("battle")
    sweep_orders(state)  # errata: orders in areas without units go at combat clean-up
    saved = battle.to_data()  # plain data, the report's records (retreat, losses) as dicts
    summary = {k: saved.get(k) for k in SUMMARY}
    emit(events, "battle_ended", **summary)
    end_march(state, events)


SUMMARY = (
    "n",
    "area",
    "origin",
    "attacker",
    "defender",
    "cards",
    "strength",
    "supports",
    "winner",
    "abilities",
    "losses",
    "retreat",
    "moved_in",
    "blade",
    "tides",
)
"""What the battle table in the report shows (battle_ended)."""

STAGES: dict[str, Callable[[State, Battle, Dice, Events], None]] = {
    "support": stage_support,
    "cards": stage_cards,
    "cancel": abilities.stage_cancel,
    "immediately": abilities.stage_immediately,
    "tides": stage_tides,
    "blade": stage_blade,
    "resolve": stage_resolve,
    "after_winner": abilities.stage_after_winner,
    "casualties": casualties.stage_casualties,
    "retreat": retreat.stage_retreat,
    "move_in": stage_move_in,
    "after_combat": abilities.stage_after_combat,
    "end": lambda state, battle, rng, events: finish_battle(state, events),
}
