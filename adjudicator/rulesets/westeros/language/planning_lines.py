"""Order lines of the Planning Phase: 'Winterfell: march +1', and order tokens as players
write them ('March +1', 'M*', 'special raid', 'защита').

The text -> value half of the planning phase's language: a line becomes an `orders`
instruction holding the area and the token's canonical text (`OrderToken.text`); whether a
whole set of orders is legal is the rules' business (`rules.planning.check_orders`).
"""

from __future__ import annotations

import difflib
import functools
import re

from adjudicator.orders.errors import LineError, illegal, invalid
from adjudicator.orders.names import normalize
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.board import OrderToken, load_board
from adjudicator.rulesets.westeros.rules.planning import areas_to_order, is_allowed_type
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.vocabulary import spellings
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Name, Text, _l

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
    return list(dict.fromkeys(t.text() for t in load_board().tokens))


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
    tokens = [OrderToken.from_text(n) for n in token_names()]
    return [said.order_token(t) for t in tokens if state is None or is_allowed_type(state, t)]


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
    understood = _l(
        "%(area)s: %(token)s", area=said.area(state, area), token=said.order_token(token)
    )
    return Instruction(
        "orders", "", {"area": area, "token": token.text()}, text=text, understood=understood
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
    """Whether a line reads 'Area: order token' ('Port of Pyke: raid', not 'port Pyke: ...'),
    or, without its colon, a known area then a token ('Porto Branco - defesa +1': its first
    word is also a keyword, pt's 'porto', so the area must be recognised before the verbs)."""
    area_text, sep, token_text = text.partition(":")
    if not sep:
        return _area_then_token(state, text)
    try:
        parse_token(token_text)  # cheap, and fails first for instruction lines
        state.board.names.find(area_text.strip())
    except LineError:
        return False
    return True


_MOST_WORDS = 8
"""The longest colon-less line tried as 'Area token' (the longest area and token name
together): a long line is never split word by word."""


def _area_then_token(state: State, text: str) -> bool:
    """Whether a line without a colon is a known area then an order token."""
    if len(text.split()) > _MOST_WORDS:
        return False
    try:
        area_text, _ = _split_last_words(text)
    except LineError:
        return False
    return state.board.names.lookup(area_text.strip(" -–—=")) is not None


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
