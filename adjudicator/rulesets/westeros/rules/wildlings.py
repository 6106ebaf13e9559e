"""Wildling attacks: secret power bids, the Night's Watch against the threat, the card.

Rulebook, Wildlings Attack: every house secretly bids any number of its available Power
tokens; the bids are revealed together and every bid token is discarded. If the total is at
least the attack's strength the Night's Watch wins: the threat goes to 0 and the highest
bidder gets the card's reward. Otherwise the wildlings win: the threat drops 2 spaces, the
lowest bidder suffers the card's lowest-bidder penalty and everyone else the other one.
Ties for highest / lowest are broken by the holder of the Iron Throne. The top wildling card
is revealed, resolved, and put at the bottom of the deck.
Errata (FAQ v2.0): "the lowest bidder resolves its penalty first, then everyone else in turn
order".

The attack is a `wildling_attack.WildlingAttack` in ``state.action["wildling_attack"]``
(the phase's progress holder, see flow.py; saved as plain data) and its requests are opened
with `flow.open_request`, so that it runs inside the Westeros phase (or any phase) and
resumes exactly from a saved state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.flow import Events, Skip, emit
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.request_contexts import WildlingBid, WildlingTie
from adjudicator.rulesets.westeros.rules import wildling_cards, wildling_choices
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.wildling_attack import ATTACK, AttackStep, WildlingAttack
from adjudicator.text import N_, Name, _l, _ln

TRACK_DROP = 4
"""Rulebook: after a wildling victory the threat token moves 2 spaces (4 points) down."""
SUMMARIES = {
    "wildling-bid": N_("bid power against the wildlings (secret)"),
    "wildling-tie": N_("break the tie between the wildling bidders"),
}
"""The one-line summaries of this module's requests (a message table)."""


def is_attack_under_way(state: State) -> bool:
    """Whether a wildling attack is under way (its requests come first)."""
    return bool(state.action.get(ATTACK))


def start_wildling_attack(
    state: State,
    events: Events,
    strength: int | None = None,
    excluded: Sequence[str] = (),
) -> None:
    """The wildlings attack now with `strength` (default: the threat track).

    Called by the Westeros phase when the track reaches 12 and by "Wildlings Attack". The
    bids are open requests now; the phase's loop then calls `advance_wildling_attack` while
    `is_attack_under_way` and no request is open.
    """
    threat = state.wildlings if strength is None else strength
    houses = [h for h in state.tracks["iron_throne"] if h not in excluded]
    attack = WildlingAttack(threat, houses, again=bool(excluded))
    state.action[ATTACK] = attack
    emit(events, "wildling_attack", strength=threat, houses=houses, again=attack.again)
    for house in houses:
        power = state.power.get(house, 0)
        if power == 0:
            attack.bids[house] = 0  # nothing to bid: no choice, no request
            continue
        flow.open_request(
            state,
            house,
            "wildling-bid",
            ["again" if attack.again else "first"],
            WildlingBid(list(range(power + 1)), strength=threat, power=power),
            _l(SUMMARIES["wildling-bid"]),
            secret=True,
        )


def advance_wildling_attack(state: State, rng: Dice, events: Events) -> None:
    """One automatic step of the attack under way; the Westeros phase's loop calls it again
    until a request opens (its requests are applied by westeros_phase.py through `KINDS`)."""
    attack = state.action[ATTACK]
    STAGES[attack.stage](state, attack, events)


def _reveal_bids(state: State, attack: WildlingAttack, events: Events) -> None:
    """All bids are in: reveal them, discard every bid token, compare with the threat."""
    bids = {h: attack.bids.get(h, 0) for h in attack.houses}
    for house, bid in bids.items():
        flow.lose_power(state, house, bid)  # rulebook: all bid Power tokens are discarded
    total = sum(bids.values())
    victory = total >= attack.strength
    attack.bids, attack.stage = bids, "bidder"
    attack.outcome = "victory" if victory else "defeat"
    old = state.wildlings
    state.wildlings = 0 if victory else max(0, old - TRACK_DROP)
    emit(
        events,
        "wildling_bids",
        bids=bids,
        total=total,
        strength=attack.strength,
        outcome=attack.outcome,
        track=[old, state.wildlings],
    )


def _find_bidder(state: State, attack: WildlingAttack, events: Events) -> None:
    """The highest bidder (victory) or the lowest (defeat); a tie asks the Iron Throne."""
    which = "highest" if attack.outcome == "victory" else "lowest"
    bids = attack.bids
    target = max(bids.values()) if which == "highest" else min(bids.values())
    tied = [h for h in attack.houses if bids[h] == target]
    attack.stage = "card"
    if len(tied) == 1:
        attack.bidder = tied[0]
        return
    holder = state.holder("iron_throne")
    flow.open_request(
        state,
        holder,
        "wildling-tie",
        [""],
        WildlingTie(tied, which=which, bid=target),
        _l(SUMMARIES["wildling-tie"]),
    )


def _draw_card(state: State, attack: WildlingAttack, events: Events) -> None:
    """Reveal the top wildling card; queue its steps (errata: the lowest bidder first)."""
    card = state.decks["wildlings"].pop(0)
    bidder, houses = attack.bidder, attack.houses
    attack.card, attack.stage = card, "effects"
    if attack.outcome == "victory":
        queue = [AttackStep(bidder, "highest")]
    else:
        order = [h for h in state.tracks["iron_throne"] if h in houses and h != bidder]
        queue = [AttackStep(bidder, "lowest")]
        queue += [AttackStep(h, "other") for h in order]
    attack.queue = queue
    wildling_cards.extend_queue(state, attack)
    emit(
        events,
        "wildling_card",
        card=card,
        outcome=attack.outcome,
        bidder=bidder,
        which="highest" if attack.outcome == "victory" else "lowest",
    )


def _run_effects(state: State, attack: WildlingAttack, events: Events) -> None:
    """Resolve the card step by step; a step that opens a request resumes after it."""
    queue = attack.queue
    if not queue:
        attack.stage = "end"
        return
    if wildling_cards.run(state, attack, queue[0], events):
        queue.pop(0)


def _end_attack(state: State, attack: WildlingAttack, events: Events) -> None:
    """The card goes to the bottom of the deck; Preemptive Raid may start a second attack.

    NOTE: the second attack of Preemptive Raid is a new attack (cards.yaml: "the wildlings
    at once attack again with strength 6"): Preemptive Raid goes to the bottom first and the
    second attack reveals the next top card.
    """
    state.decks["wildlings"].append(attack.card)
    del state.action[ATTACK]
    emit(events, "wildling_attack_ended", card=attack.card, outcome=attack.outcome)
    again = attack.then
    if again:
        start_wildling_attack(state, events, again["strength"], again["excluded"])


STAGES: dict[str, Callable[[State, WildlingAttack, Events], None]] = {
    "bids": _reveal_bids,
    "bidder": _find_bidder,
    "card": _draw_card,
    "effects": _run_effects,
    "end": _end_attack,
}


# -- the requests ---------------------------------------------------------------------------
def check_bid(state: State, req: OpenRequest, value: Any) -> int:
    """A bid of at most the Power the house has ('all' bids everything)."""
    power = WildlingBid.of(req).power
    bid = power if value == "all" else value
    if not isinstance(bid, int) or bid < 0:
        raise Skip(_l("a bid is a number of Power tokens, 0 or more"))
    if bid > power:
        raise Skip(
            _ln(
                "you have only %(n)d Power token to bid",
                "you have only %(n)d Power tokens to bid",
                power,
            )
        )
    return bid


def apply_bid(state: State, req: OpenRequest, bid: int, rng: Dice, events: Events) -> None:
    state.action[ATTACK].bids[req.house] = bid


def default_bid(state: State, req: OpenRequest, rng: Dice) -> int:
    """Brief, decision table: bids default to 0."""
    return 0


def check_tie(state: State, req: OpenRequest, value: Any) -> str:
    """The chosen bidder; a list is a tie order, highest first (the lowest is its last)."""
    context = WildlingTie.of(req)
    tied = context.choices
    if isinstance(value, str):
        if value not in tied:
            raise Skip(
                _l(
                    "%(house)s is not among the tied houses (%(tied)s)",
                    house=Name(value, value, "houses"),
                    tied=tuple(Name(h, h, "houses") for h in tied),
                )
            )
        return value
    order = [h for h in value if h in tied] + [h for h in tied if h not in value]
    return order[0] if context.which == "highest" else order[-1]


def apply_tie(state: State, req: OpenRequest, house: str, rng: Dice, events: Events) -> None:
    attack = state.action[ATTACK]
    attack.bidder = house
    emit(events, "wildling_tie", house=req.house, chosen=house, which=WildlingTie.of(req).which)


def default_tie(state: State, req: OpenRequest, rng: Dice) -> str:
    """Brief: ties keep the previous relative order, here the Iron Throne track's.

    NOTE: a wildling bid has no earlier order of its own; the tied houses keep their Iron
    Throne order, so the highest bidder is the tied house highest on the Iron Throne and the
    lowest bidder the tied house lowest on it (brief, decision table: "previous relative
    order").
    """
    context = WildlingTie.of(req)
    tied = context.choices
    return tied[0] if context.which == "highest" else tied[-1]


Check = Callable[[State, OpenRequest, Any], Any]
Apply = Callable[[State, OpenRequest, Any, Dice, Events], None]
Default = Callable[[State, OpenRequest, Dice], Any]

KINDS: dict[str, tuple[Check, Apply, Default]] = {
    "wildling-bid": (check_bid, apply_bid, default_bid),
    "wildling-tie": (check_tie, apply_tie, default_tie),
    "wildling-card": (
        wildling_choices.check_choice,
        wildling_choices.apply_choice,
        wildling_choices.default_choice,
    ),
}
"""Request kind -> (check an answer, apply it, its default); westeros_phase.py applies them."""
