"""The Messenger Raven's instruction lines: 'raven: Winterfell -> defense +1', 'raven: look',
'raven: none', 'bury: yes' / 'bury: no' / 'bury: Crow Killers, Mammoth Riders'.

Text -> value; whether a swap is legal is the rules' (`rules.raven.swap_problem`), asked
here too so that a line illegal now is refused with the legal alternatives.
"""

from __future__ import annotations

import re

from adjudicator.orders.errors import LineError, illegal, invalid
from adjudicator.orders.names import normalize
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.decks import wildling_index
from adjudicator.rulesets.westeros.language.planning_lines import parse_token
from adjudicator.rulesets.westeros.rules.raven import NOTHING, swap_options, swap_problem
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Name, _l

_ECHOED_SWAP = re.compile(r"replace the order in (.+) by (.+)$", re.IGNORECASE)


def parse_raven_line(state: State, house: str, verb: str, rest: str) -> Instruction:
    """Read a 'raven: ...' or 'bury: ...' line (verb already split off)."""
    if house != state.holder("kings_court"):
        raise illegal(
            _l(
                "only the Messenger Raven holder (%(house)s) sends raven instructions",
                house=Name(state.holder("kings_court"), state.holder("kings_court"), "houses"),
            )
        )
    if verb == "bury":
        return _parse_bury(rest)
    text = normalize(rest)
    # The receipt's own echoes read back: 'raven: do nothing', 'raven: look at the top ...'.
    if text in ("none", "nothing", "pass", "no", "do nothing"):
        return Instruction("raven", "", NOTHING, understood=_l("raven: do nothing"))
    if text in ("look", "look at wildlings", "wildlings", "peek", "look at the top wildling card"):
        understood = _l("raven: look at the top wildling card")
        return Instruction("raven", "", {"action": "look"}, understood=understood)
    area_text, sep, token_text = rest.partition("->")
    echoed = _ECHOED_SWAP.match(rest.strip())
    if echoed:  # the English receipt's 'replace the order in <area> by <token>'
        area_text, sep, token_text = echoed.group(1), "->", echoed.group(2)
    if not sep:
        raise invalid(_l("expected 'raven: AREA -> ORDER', 'raven: look' or 'raven: none'"))
    area = state.board.names.find(area_text.strip())
    token = parse_token(token_text)
    value = {"action": "swap", "area": area, "token": token.text()}
    understood = _l(
        "raven: replace the order in %(area)s by %(token)s",
        area=said.area(state, area),
        token=said.order_token(token),
    )
    if state.phase == "raven":
        problem = swap_problem(state, house, value)
        if problem:
            raise illegal(problem, swap_options(state, house, area))
    return Instruction("raven", "", value, understood=understood)


def _parse_bury(rest: str) -> Instruction:
    text = normalize(rest)
    if text in ("yes", "bury", "y"):
        return Instruction("bury", "", {"bury": "all"}, understood=_l("bury: yes"))
    if text in ("no", "keep", "n", "no keep it on top"):  # the receipt's echo reads back
        understood = _l("bury: no, keep it on top")
        return Instruction("bury", "", {"bury": []}, understood=understood)
    cards = []
    for part in rest.split(","):
        try:
            cards.append(wildling_index().find(part.strip()))
        except LineError as error:
            raise invalid(
                _l(
                    "bury: %(problem)s; write yes, no, or wildling card names",
                    problem=error.message,
                ),
                error.alternatives,
            ) from None
    understood = _l(
        "bury if the card is: %(cards)s", cards=tuple(Name(c, c, "wildling_cards") for c in cards)
    )
    return Instruction("bury", "", {"bury": sorted(cards)}, understood=understood)
