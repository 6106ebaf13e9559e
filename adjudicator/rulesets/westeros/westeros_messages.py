"""Every player-facing sentence of the Westeros phase, written once (to be translated).

Request summaries, reasons an instruction is not used (Skip) and parse errors; events are
written by templates/westeros/events/westeros.j2. Fill the fields with `say(key, **fields)`.
"""

from __future__ import annotations

from typing import Any

MESSAGES: dict[str, str] = {
    # request summaries
    "bid": "bid power for the {track} track (secret)",
    "tie": "order the tied houses on the {track} track",
    "reduce": "reduce your armies to your supply",
    "muster": "Mustering: recruit in {area}",
    "card_choice": "{card}: choose its effect",
    "start": "begin the Westeros phase",
    # why an instruction is not used now
    "bid_number": "a bid is a number of power tokens, 0 or more",
    "bid_too_high": "you bid {bid} but have only {most} power token(s)",
    "tie_houses": "expected houses in order, e.g. 'tie iron throne: baratheon, lannister'",
    "reduce_units": "expected units to destroy, e.g. 'reduce: footman in Riverrun'",
    # parse errors
    "line_form": "expected '{verb} ...: ...', e.g. '{example}'",
    "bid_amount": "a bid is a number of power tokens or 'all', not '{text}'",
    "unit_in_area": "expected '<unit> in <area>', not '{text}'",
    "no_castle": "{area} has no castle or stronghold to muster in",
    "not_a_choice": "'{text}' is not a choice of this card",
    # receipts
    "conditional": " (used only if you hold {what} when asked)",
    "game_ended": "the game has ended ({winner} won); no more orders are taken",
}


def say(key: str, **fields: Any) -> str:
    return MESSAGES[key].format(**fields)
