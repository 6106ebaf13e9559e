"""Planning phase: assign orders (secret, simultaneous), then reveal.

Rulebook, Planning Phase: each house places one order token face down in every area that
holds its units; all are revealed at once. Star (special) orders are limited by the house's
King's Court position. Ports take orders like any area (P3); with the Clash of Kings port
variant no special order may stand in a port (P12).
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from adjudicator.orders.errors import LineError, OrderError, illegal, invalid
from adjudicator.orders.names import normalize
from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.rulesets.westeros.board import OrderToken, load_board
from adjudicator.rulesets.westeros.language import said
from adjudicator.rulesets.westeros.language.vocabulary import spellings
from adjudicator.rulesets.westeros.state import State
from adjudicator.text import Name, Text, _l, _ln

_TYPE_WORDS = {
    "march": "march",
    "m": "march",
    "move": "march",
    "defense": "defense",
    "defence": "defense",
    "d": "defense",
    "def": "defense",
    "support": "support",
    "s": "support",
    "sup": "support",
    "raid": "raid",
    "r": "raid",
    "consolidate power": "consolidate-power",
    "consolidate": "consolidate-power",
    "consolidate-power": "consolidate-power",
    "cp": "consolidate-power",
    "power": "consolidate-power",
    "c": "consolidate-power",
}
_BONUS = re.compile(r"([+-])\s*(\d)")
_ORDER_WORD = re.compile(r"\borders?\b")


@functools.cache
def _star_words() -> re.Pattern[str]:
    """A star, 'special', or its Russian and Portuguese words ('особый', 'especial')."""
    words = "|".join(
        map(re.escape, ["star", "starred", "special", *spellings("modifiers", "special")])
    )
    return re.compile(rf"\b({words})\b|\*|★")  # ★: how the reports print a special token


@functools.cache
def _type_words() -> dict[str, str]:
    """Order type words players write, normalized: English, then the seeds' and the
    localizations' Russian and Portuguese words ('защита', 'suporte', 'consolidar poder')."""
    words = {normalize(word): type_ for word, type_ in _TYPE_WORDS.items()}
    for type_ in ("march", "defense", "support", "raid", "consolidate-power"):
        for spelling in spellings("orders", type_.replace("-", "_")):
            words.setdefault(normalize(spelling), type_)
    return words


@functools.cache
def _longest_close() -> int:
    """Longer words are never within difflib's 0.75 ratio of a type word (2 * n / (m + n) <
    0.75 for m > 5n/3), so they skip the typo search (every action line is tried)."""
    return max(len(word) for word in _type_words()) * 5 // 3


def token_names() -> list[str]:
    """The 11 distinct order tokens, in the board's order."""
    return list(dict.fromkeys(t.name for t in load_board().tokens))


def parse_token(text: str) -> OrderToken:
    """Read an order token as players write it: 'march +1', 'M*', 'special raid', 'cp'.

    A bare type is its plain token ('march' = march+0, 'defense' = defense+1); a star or a
    bonus picks the special one. Raises `LineError` (invalid) listing the tokens.
    """
    raw = text.strip().lower()
    star = bool(_star_words().search(raw))
    bonus_match = _BONUS.search(raw)
    # 'march order' is a march; 'orders' alone is no token (it was read as 's', support).
    words = _ORDER_WORD.sub(" ", _BONUS.sub(" ", _star_words().sub(" ", raw)))
    words = " ".join(words.replace("_", " ").split())
    known = _type_words()
    words = normalize(words)
    type_ = known.get(words)
    if type_ is None and len(words) >= 3:  # 'supp', 'подд.', 'cons': a player's short form
        types = {t for word, t in known.items() if word.startswith(words)}
        type_ = types.pop() if len(types) == 1 else None
    if type_ is None and len(words) > _longest_close():
        raise _not_a_token(text)
    if type_ is None:
        # A small typo ("marsh", "suport") is accepted when it is close to one word only.
        close = difflib.get_close_matches(words, [w for w in known if len(w) > 3], 2, 0.75)
        if len({known[w] for w in close}) != 1:
            raise _not_a_token(text)
        type_ = known[close[0]]
    bonus = int(bonus_match.group(1) + bonus_match.group(2)) if bonus_match else None
    for token in load_board().tokens:
        if token.type != type_:
            continue
        if bonus is not None and token.bonus == bonus and (token.star or not star):
            return token
        if bonus is None and token.star == star and (type_ != "march" or star or token.bonus == 0):
            return token
    raise _not_a_token(text)


def _not_a_token(text: str) -> LineError:
    return invalid(_l("'%(text)s' is not an order token", text=text.strip()), token_list())


def token_list(state: State | None = None) -> list[Name]:
    """The distinct order tokens as players write them, for the 'legal:' line of an error:
    all 11, or those a Westeros card leaves allowed in `state`."""
    tokens = [token_by_name(n) for n in token_names()]
    return [token_said(t) for t in tokens if state is None or is_allowed_type(state, t)]


def token_by_name(name: str) -> OrderToken:
    return next(t for t in load_board().tokens if t.name == name)


def describe(token: OrderToken) -> str:
    """A token in the players' words: 'March +1 (special)'."""
    words = token.type.replace("-", " ").capitalize()
    if token.type in ("march", "defense", "support"):
        words += f" {token.bonus:+d}"
    return words + (" (special)" if token.star else "")


def token_said(token: OrderToken) -> Name:
    """A token as `describe` writes it in English, in the reader's language (the token's
    face in names.yaml, 'Поход +1 ★')."""
    return Name(token.name, describe(token), "tokens")


# -- the request -----------------------------------------------------------------------------


def planning_requests(state: State) -> list[Request]:
    """One secret request per house with units: place your orders."""
    return [
        Request(
            id=f"r{state.round}/orders/{house}",
            player=house,
            kind="orders",
            secret=True,
            summary=_l("place orders"),
            context={
                "areas": areas_to_order(state, house),
                "stars": state.star_limit(house),
                "restricted": list(state.restricted),
            },
        )
        for house in state.houses
        if areas_to_order(state, house)
    ]


def areas_to_order(state: State, house: str) -> list[str]:
    """Areas holding `house`'s units, sorted by id."""
    return sorted(a for a, by_house in state.units.items() if house in by_house)


def parse_order_line(state: State, house: str, text: str) -> Instruction:
    """'Winterfell: march +1' (or 'Winterfell march+1') -> an `orders` instruction."""
    if state.phase != "planning":
        raise illegal(_not_asked_now(state))
    area_text, sep, token_text = text.partition(":")
    if not sep:
        area_text, token_text = _split_last_words(text)
    mine = areas_to_order(state, house)
    area = state.board.names.find(area_text.strip())
    if area not in mine:
        # Rulebook: an order goes only where the house has units.
        names = [said.area(state, a) for a in mine]
        raise illegal(
            _l(
                "you have no units in %(area)s; orders go only where your units are",
                area=said.area(state, area),
            ),
            names,
        )
    try:
        token = parse_token(token_text)
    except LineError as error:
        # Only the tokens the house may place this round (issue 17: never a forbidden one).
        raise invalid(error.message, token_list(state)) from None
    understood = _l("%(area)s: %(token)s", area=said.area(state, area), token=token_said(token))
    return Instruction(
        "orders", "", {"area": area, "token": token.name}, text=text, understood=understood
    )


def _not_asked_now(state: State) -> Text:
    """Why an order line is refused outside the Planning Phase, saying which orders are
    awaited next: a round's Westeros phase comes before its orders are asked (issue 17)."""
    if state.phase == "westeros":
        return _l(
            "orders for round %(round)d are not asked yet: its Westeros phase comes first; "
            "order lines are taken once the planning phase opens",
            round=state.round,
        )
    if state.round >= state.board.game["rounds"]:
        return _l(
            "orders for round %(round)d are already revealed, and it is the last round",
            round=state.round,
        )
    return _l(
        "orders for round %(round)d are already revealed; orders for round %(next)d are "
        "asked after its Westeros phase",
        round=state.round,
        next=state.round + 1,
    )


def is_order_line(state: State, text: str) -> bool:
    """Whether a line reads 'Area: order token' ('Port of Pyke: raid', not 'port Pyke: ...')."""
    area_text, sep, token_text = text.partition(":")
    if not sep:
        return False
    try:
        parse_token(token_text)  # cheap, and fails first for instruction lines
        state.board.names.find(area_text.strip())
    except LineError:
        return False
    return True


def ends_with_order_token(text: str) -> bool:
    """Whether a line reads '<something>: order token': an order for an area, known or
    not ('Atlantis: march' is answered 'no area called ...', not 'unknown instruction')."""
    _, sep, token_text = text.partition(":")
    try:
        parse_token(token_text)
    except LineError:
        return False
    return bool(sep)


def ends_with_token(text: str) -> bool:
    """Whether a line without a colon ends with an order token ('Winterfel march +1')."""
    try:
        _split_last_words(text)
    except LineError:
        return False
    return True


def _split_last_words(text: str) -> tuple[str, str]:
    """Split 'Moat Cailin march +1' where the token starts: at its type word."""
    words = text.split()
    for i in range(len(words) - 1, 0, -1):
        tail = " ".join(words[i:])
        try:
            parse_token(tail)
        except LineError:
            continue
        return " ".join(words[:i]), tail
    raise invalid(_l("expected 'Area: order', e.g. 'Winterfell: march +1'"), token_list())


def check_orders(
    state: State,
    house: str,
    lines: Sequence[Instruction],
    pending: Mapping[int, str | None] | None = None,
) -> list[OrderError]:
    """Every fault of a whole set of order lines for one house (empty: legal).

    `pending`: the lines of the same text that failed (line -> the area it orders, when it
    names one). An area a failed line orders is not missing; while a failed line names no
    area, the missing areas are listed "checked again once line N is fixed".
    """
    errors: list[OrderError] = []
    first: dict[str, Instruction] = {}
    for ins in lines:
        area = ins.value["area"]
        if area in first:
            errors.append(
                illegal(
                    _l(
                        "a second order for %(area)s (first on line %(line)d)",
                        area=said.area(state, area),
                        line=first[area].line,
                    )
                ).at(ins.line, ins.text)
            )
        first.setdefault(area, ins)
    errors += _token_faults(state, house, lines)
    pending = pending or {}
    covered = {*first, *(a for a in pending.values() if a)}
    wanted = areas_to_order(state, house)
    missing = [a for a in wanted if a not in covered]
    if missing and len(covered & set(wanted)) < min(len(wanted), count_placeable(state, house)):
        errors.append(_missing(state, missing, sorted(n for n, a in pending.items() if not a)))
    return errors


def _missing(state: State, missing: list[str], unread: list[int]) -> OrderError:
    """Areas left without an order; when lines that failed may still order them, it says
    which lines it waits for."""
    names = said.areas(state, missing)
    if not unread:
        message = _l("every area with your units needs an order; missing: %(areas)s", areas=names)
    else:
        message = _ln(
            "every area with your units needs an order; missing: %(areas)s (checked again once"
            " line %(lines)s is fixed)",
            "every area with your units needs an order; missing: %(areas)s (checked again once"
            " lines %(lines)s are fixed)",
            len(unread),
            areas=names,
            lines=", ".join(map(str, unread)),
        )
    return illegal(message, names).at(0, "")


def count_placeable(state: State, house: str) -> int:
    """How many orders the house can place at most: the tokens a Westeros card allows, of
    which only as many special ones as its King's Court position permits.

    NOTE: rulebook, Planning Phase: an area stays without an order only when the house has
    no token left it may place there; special tokens beyond the star limit are not placeable,
    so a house with more areas than placeable tokens leaves the rest empty (found by bots).
    """
    tokens = [t for t in load_board().tokens if is_allowed_type(state, t)]
    stars = sum(1 for t in tokens if t.star)
    return len(tokens) - stars + min(stars, state.star_limit(house))


def _token_faults(state: State, house: str, lines: Sequence[Instruction]) -> list[OrderError]:
    errors = []
    owned = Counter(t.name for t in load_board().tokens)
    used: Counter[str] = Counter()
    stars = 0
    for ins in lines:
        token = token_by_name(ins.value["token"])
        area = state.board.areas[ins.value["area"]]
        used[token.name] += 1
        problem: Text | None = None
        if not is_allowed_type(state, token):
            problem = forbidden(state, token)
        elif used[token.name] > owned[token.name]:
            problem = _ln(
                "you have only %(n)d %(token)s token",
                "you have only %(n)d %(token)s tokens",
                owned[token.name],
                token=token_said(token),
            )
        elif token.star and area.is_port and state.options.ports == "clash-of-kings":
            # P12: "special (starred) orders may never be placed in a port".
            problem = _l("special orders may never be placed in a port (P12, Clash of Kings ports)")
        elif token.star:
            stars += 1
            if stars > state.star_limit(house):
                problem = _ln(
                    "%(house)s may place %(n)d special order at King's Court position %(position)d",
                    "%(house)s may place %(n)d special orders at King's Court position"
                    " %(position)d",
                    state.star_limit(house),
                    house=Name(house, house, "houses"),
                    position=state.position("kings_court", house),
                )
        if problem:
            # P12: in a port of the Clash of Kings variant no special order is legal at all.
            no_star = area.is_port and state.options.ports == "clash-of-kings"
            spare = [
                n
                for n in owned
                if used[n] < owned[n]
                and is_allowed_type(state, token_by_name(n))
                and not (token_by_name(n).star and (no_star or stars >= state.star_limit(house)))
            ]
            spare_names = [token_said(token_by_name(n)) for n in spare]
            errors.append(illegal(problem, spare_names).at(ins.line, ins.text))
    return errors


def forbidden(state: State, token: OrderToken) -> Text:
    """Why `token` may not be placed this round, naming the Westeros card that forbids it."""
    card = forbidding_card(state, token)
    if card is None:  # a GM's position names no card
        return _l(
            "%(token)s orders may not be placed this round (Westeros card)",
            token=token_said(token),
        )
    return _l(
        "%(token)s orders may not be placed this round (%(card)s)",
        token=token_said(token),
        card=said.card(card),
    )


def forbidding_card(state: State, token: OrderToken) -> str | None:
    """The deck III card of this round that forbids `token`: the last one drawn (only deck
    III forbids orders, and it is drawn once a round)."""
    from adjudicator.rulesets.westeros.rules.westeros_decks import RESTRICTIONS

    drawn = state.deck_discards.get("westeros_3") or []
    card = drawn[-1] if drawn else None
    if card in RESTRICTIONS or card == "put-to-the-sword":
        return card
    return None


def is_allowed_type(state: State, token: OrderToken) -> bool:
    """Westeros cards of deck III forbid a type ('raid') or one token ('march+1')."""
    return token.type not in state.restricted and token.name not in state.restricted


def planning_answer(state: State, request: Request, instructions: Sequence[Instruction]) -> Choice:
    lines = [i for i in instructions if i.kind == "orders"]
    if not lines:
        return Choice(None)
    errors = check_orders(state, request.player, lines)
    if errors:
        return Choice(None, skipped=tuple((lines[0], _skip_reason(e)) for e in errors))
    value = {i.value["area"]: i.value["token"] for i in lines}
    # The whole set answers as one: the first line stands for it, its text names them all.
    orders = said.joined(i.understood or i.text for i in lines)
    summary = replace(lines[0], understood=_l("orders: %(orders)s", orders=orders))
    return Choice(summary, dict(sorted(value.items())))


def _skip_reason(error: OrderError) -> str | Text:
    """Why a set of order lines is not used, in the player's language."""
    if error.line:
        return _l("line %(line)d: %(message)s", line=error.line, message=error.message)
    return error.message


def reveal_orders(state: State, answers: dict[str, Answer]) -> list[Event]:
    """Place every house's orders at once and reveal them."""
    placed: dict[str, dict[str, Any]] = {}
    for answer in answers.values():
        for area, token in (answer.value or {}).items():
            state.orders[area] = token
            placed.setdefault(state.occupant(area) or "", {})[area] = token
    state.orders = dict(sorted(state.orders.items()))
    by_house = {h: dict(sorted(placed.get(h, {}).items())) for h in state.houses}
    return [Event("orders_revealed", {"round": state.round, "orders": by_house})]
