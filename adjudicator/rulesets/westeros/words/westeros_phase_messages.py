"""Every player-facing sentence of the Westeros phase, written once (to be translated).

Request summaries, reasons an instruction is not used (Skip) and parse errors; events are
written by templates/westeros/events/westeros.j2. `say(key, **fields)` makes the `Text`,
said later in the reader's language; fields that are game words are `Name`s (`said.py`).
"""

from __future__ import annotations

from typing import Any

from adjudicator.text import N_, Text, _l, _ln

MESSAGES: dict[str, str] = {
    # request summaries
    "bid": N_("bid power for the %(track)s track (secret)"),
    "tie": N_("order the tied houses on the %(track)s track"),
    "reduce": N_("reduce your armies to your supply"),
    "muster": N_("Mustering: recruit in %(area)s"),
    "card_choice": N_("%(card)s: choose its effect: %(choices)s"),
    "start": N_("begin the Westeros phase"),
    # why an instruction is not used now
    "bid_number": N_("a bid is a number of power tokens, 0 or more"),
    "tie_houses": N_("expected houses in order, e.g. 'tie iron throne: baratheon, lannister'"),
    "reduce_units": N_("expected units to destroy, e.g. 'reduce: footman in Riverrun'"),
    # parse errors
    "line_form": N_("expected a colon before the value, e.g. '%(example)s'"),
    "bid_amount": N_("a bid is a number of power tokens or 'all', not '%(text)s'"),
    "unit_in_area": N_("expected '<unit> in <area>' (e.g. '%(example)s'), not '%(text)s'"),
    "no_castle": N_("%(area)s has no castle or stronghold to muster in"),
    "not_a_choice": N_("'%(text)s' is not a choice of this card"),
    # replies
    "game_ended": N_("the game has ended (%(winner)s won); no more orders are taken"),
}

CHOICE_WORDS = {
    "mustering": N_("mustering"),
    "supply": N_("supply"),
    "clash-of-kings": N_("clash of kings"),
    "game-of-thrones": N_("game of thrones"),
    "no-march-plus-one": N_("no march +1"),
    "no-defense": N_("no defense"),
    "nothing": N_("nothing"),
}
"""The options of a Westeros card's choice (Dark Wings, Dark Words; A Throne of Blades; Put
to the Sword) as a line and a request summary name them."""


CONDITIONAL: dict[str, str] = {
    N_("tie %(track)s: %(houses)s"): N_(
        "tie %(track)s: %(houses)s (used only if you hold %(what)s when asked)"
    ),
    N_("tie wildlings: %(houses)s"): N_(
        "tie wildlings: %(houses)s (used only if you hold %(what)s when asked)"
    ),
    N_("muster %(area)s: %(items)s"): N_(
        "muster %(area)s: %(items)s (used only if you hold %(what)s when asked)"
    ),
    N_("muster %(area)s: none"): N_(
        "muster %(area)s: none (used only if you hold %(what)s when asked)"
    ),
    N_("reduce: %(units)s"): N_("reduce: %(units)s (used only if you hold %(what)s when asked)"),
    N_("%(card)s: %(choice)s"): N_(
        "%(card)s: %(choice)s (used only if you hold %(what)s when asked)"
    ),
    N_("%(card)s: %(choices)s"): N_(
        "%(card)s: %(choices)s (used only if you hold %(what)s when asked)"
    ),
    N_("march %(moves)s"): N_("march %(moves)s (used only if you hold %(what)s when asked)"),
    N_("march %(area)s: none"): N_(
        "march %(area)s: none (used only if you hold %(what)s when asked)"
    ),
    N_("march %(moves)s; leave power"): N_(
        "march %(moves)s; leave power (used only if you hold %(what)s when asked)"
    ),
}
"""An echo -> the same echo as a receipt says it for an area or token the house does not hold
now (a whole sentence each, for the translators): used only if held when asked."""


def if_held(understood: Text, held: bool, what: Any) -> Text:
    """`understood`, or its conditional sentence when `held` is false; `what` is the area(s)
    or dominance token the instruction waits for."""
    if held:
        return understood
    return Text(CONDITIONAL[understood.msgid], (*understood.fields, ("what", what)))


def say(key: str, **fields: Any) -> Text:
    """The message `key` with its fields, to be said in the reader's language."""
    return _l(MESSAGES[key], **fields)


def bid_too_high(bid: int, most: int) -> Text:
    """Why a bid is not used: more than the power the house holds (plural forms)."""
    return _ln(
        "you bid %(bid)d but have only %(n)d power token",
        "you bid %(bid)d but have only %(n)d power tokens",
        most,
        bid=bid,
    )
