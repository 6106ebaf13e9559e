"""Instruction keywords in any of the game's languages: a line read as its English form.

A Russian or Brazilian player writes `поход Винтерфелл -> Кархолд: рыцарь; оставить жетон
власти` or `lance por Trono de Ferro: 3`; the parsers read English keywords and names in any
language. So before a line is parsed, its keywords — never its names — are put in English:

* the head: the longest keyword phrase the line starts with (`verbs` in names.yaml), e.g.
  `ставка против одичалых` -> `bid wildlings`; a Westeros card's name before the colon
  (`Трон из мечей:`) -> its English line head;
* every part of the line between `:`, `,`, `;` and `->` that is wholly a small word
  (`words`: `нет` -> `no`, `все` -> `all`), starts with one (`lead_words`: `заменить 2` ->
  `replace 2`), or is a unit, a connector and the rest (`connectors`: `рыцарь в области
  Винтерфелл` -> `рыцарь in Винтерфелл`); `пехотинец -> рыцарь` (a muster's upgrade, as the
  Russian receipt echoes it) -> `рыцарь from пехотинец`.

Names stay as written: a part is rewritten only when it is a keyword as a whole, or starts
with one followed by more words, or starts with a unit name — and no area, house, card or
track name is or starts with a keyword (the collision test of
tests/rulesets/westeros/test_westeros_verbs_i18n.py). The words live in
games/westeros/names.yaml (ours, both languages), so a GM corrects one there.
"""

from __future__ import annotations

import functools
import re

from adjudicator import vocabulary
from adjudicator.orders.names import NameIndex, normalize
from adjudicator.rulesets.westeros.language import planning_lines
from adjudicator.rulesets.westeros.language.action_lines import ACTION_VERBS, house_names
from adjudicator.rulesets.westeros.language.names import NUMBER_WORDS, card_names, unit_names
from adjudicator.rulesets.westeros.language.wildling_lines import is_wildling_line
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.vocabulary import GAME, LANGUAGES, spellings
from adjudicator.text import Name

_WORD = re.compile(r"[^\s:;,]+")
_PARTS = re.compile(r"(\s*(?::|;|,|->|→|=>)\s*)")
_NOTE = re.compile(r"\s*\(([^()]*)\)\s*$")
CARD_HEADS = {
    "a-throne-of-blades": "a throne of blades",
    "dark-wings-dark-words": "dark wings dark words",
    "put-to-the-sword": "put to the sword",
}
"""The Westeros cards whose line names the card (westeros_words.CARD_LINES)."""


def english(ident: str) -> str:
    """A keyword id as the English parsers read it ('bid_wildlings' -> 'bid wildlings')."""
    return ident.replace("_", " ")


def inner(text: str) -> str:
    """`normalize` without dropping a leading article: for words inside a part ('a partir de')."""
    return normalize("x " + text)[2:]


@functools.cache
def table(section: str) -> dict[str, str]:
    """Normalized ru/pt_BR spelling -> the English keyword, for one names.yaml section."""
    out: dict[str, str] = {}
    for ident, entry in vocabulary.sections(GAME).get(section, {}).items():
        for lang in LANGUAGES:
            for spelling in vocabulary.names_of(entry, lang):
                out.setdefault(inner(spelling), english(str(ident)))
    return out


@functools.cache
def _longest(section: str) -> int:
    return max((len(k.split()) for k in table(section)), default=0)


@functools.cache
def _card_heads() -> dict[str, str]:
    cards = vocabulary.sections(GAME).get("westeros_cards", {})
    return {
        normalize(spelling): head
        for card, head in CARD_HEADS.items()
        for lang in LANGUAGES
        for spelling in vocabulary.names_of(cards.get(card, {}), lang)
    }


@functools.cache
def _unit_words() -> frozenset[str]:
    """Every unit spelling, normalized (English and the other languages)."""

    index = unit_names()
    return frozenset(normalize(s) for ident in index.display for s in [ident, *_spelled(ident)])


def _spelled(unit: str) -> list[str]:

    english_names = {
        "footman": ["footman", "footmen"],
        "knight": ["knight", "knights"],
        "ship": ["ship", "ships"],
        "siege_engine": ["siege engine", "siege engines"],
    }
    return [*english_names.get(unit, []), *spellings("units", unit)]


@functools.cache
def _area_names(index: NameIndex) -> frozenset[str]:
    """Every area's name in `index` (a board's, kept for the process), normalized, with its
    ru/pt_BR names."""

    return frozenset(
        normalize(n)
        for a, english in index.display.items()
        for n in [english, *spellings("areas", a)]
    )


def is_area_name(state: State, text: str) -> bool:
    """Whether `text` is exactly an area's name in some language: such a line is never read
    for a keyword ('Porto Real: marcha', 'Порт Пайка: набег' start like `port`)."""
    return normalize(text) in _area_names(state.board.names)


def is_keyword_line(state: State, line: str) -> bool:
    """Whether `line` is a keyword and an area before its colon: an instruction, even where
    the whole head is also a small typo away from an area and the tail reads as an order
    token ('подмога Залив Разбитых Кораблей: Защитник' supports the defender; issue 17)."""
    head = line.partition(":")[0]
    found = split_verb(head)
    if found is None:
        word, _, rest = head.strip().partition(" ")
        found = (word.lower(), rest) if word.lower() in english_verbs() else None
    if found is None or is_area_name(state, head):
        return False
    return state.board.names.lookup(found[1].strip()) is not None


@functools.cache
def english_verbs() -> frozenset[str]:
    """The first words of English instruction lines (every other line starts with a name)."""

    return frozenset({*ACTION_VERBS, *ENGLISH_HEADS})


def verb_names() -> list[Name]:
    """Every instruction keyword, said in the reader's language (an error's alternatives)."""
    verbs = vocabulary.sections(GAME).get("verbs", {})
    return [Name(str(ident), english(str(ident)), "verbs") for ident in verbs]


def split_verb(line: str) -> tuple[str, str] | None:
    """(English keyword, the rest of the line) when `line` starts with a keyword phrase."""
    verbs = table("verbs")
    words: list[re.Match[str]] = []
    end = 0
    for match in _WORD.finditer(line):
        if line[end : match.start()].strip(" \t,") or ">" in match.group():
            break
        words.append(match)
        end = match.end()
        if len(words) > _longest("verbs"):
            break
    for count in range(min(len(words), _longest("verbs")), 0, -1):
        key = inner(line[words[0].start() : words[count - 1].end()])
        if key in verbs:
            return verbs[key], line[words[count - 1].end() :].lstrip(" \t,")
    return None


def to_english(line: str) -> str:
    """The line with its ru/pt_BR keywords in English (an English line comes back as it is).

    >>> to_english("поход Винтерфелл -> Кархолд: рыцарь; оставить жетон власти")
    'march Винтерфелл -> Кархолд: рыцарь; leave power'
    """
    line = _without_note(line)
    found = split_verb(line)
    if found:
        verb, rest = found
        joiner = "" if rest.startswith(":") or not rest else " "
        return verb + joiner + _parts(rest)
    head, sep, tail = line.partition(":")
    if not sep:
        return line
    card = _card_heads().get(normalize(head))
    return (card or head) + sep + _parts(tail)


def _without_note(line: str) -> str:
    """The line without a receipt's trailing '(used only if you hold ... when asked)'."""
    match = _NOTE.search(line)
    if match:
        note = inner(match.group(1))
        if any(note.startswith(k) for k in (*table("notes"), "used only if")):
            return line[: match.start()]
    return line


def _parts(text: str) -> str:
    pieces = _PARTS.split(text)
    for i in range(0, len(pieces), 2):
        pieces[i] = _part(pieces[i])
    for i in range(1, len(pieces) - 1, 2):  # 'пехотинец -> рыцарь': a muster's upgrade
        if "->" in pieces[i] and _is_unit(pieces[i - 1]) and _is_unit(pieces[i + 1]):
            upgrade = f"{pieces[i + 1].strip()} from {pieces[i - 1].strip()}"
            pieces[i - 1 : i + 2] = [upgrade, "", ""]
    return "".join(pieces)


def _part(text: str) -> str:
    """One part of a line: a whole small word, a lead word and its object, or 'unit in area'."""
    key = inner(text)
    if not key:
        return text
    whole = table("words").get(key)
    if whole is not None:
        return _padded(text, whole)
    words = key.split()
    for count in range(min(len(words) - 1, _longest("lead_words")), 0, -1):
        lead = table("lead_words").get(" ".join(words[:count]))
        if lead is not None:
            return _padded(text, f"{lead} {_part(' '.join(words[count:]))}")
    routed = _routed(words)
    if routed:
        return _padded(text, routed)
    return _padded(text, _connected(words)) if _connected(words) else text


def _routed(words: list[str]) -> str | None:
    """'пехотинец разбит' / 'разбит пехотинец' -> 'routed пехотинец'."""
    routed = table("words")
    for unit, word in ((words[:-1], words[-1:]), (words[1:], words[:1])):
        if unit and routed.get(" ".join(word)) == "routed" and " ".join(unit) in _unit_words():
            return "routed " + " ".join(unit)
    return None


def _connected(words: list[str]) -> str | None:
    """'[2] рыцарь в области Винтерфелл' -> '2 рыцарь in Винтерфелл' (the unit comes first)."""
    connectors = table("connectors")
    size = _longest("connectors")
    for start in range(1, len(words) - 1):
        left = words[:start]
        if left[0].isdigit() or left[0] in NUMBER_WORDS:
            left = left[1:]
        if " ".join(left) not in _unit_words():
            continue
        for count in range(min(size, len(words) - start - 1), 0, -1):
            word = connectors.get(" ".join(words[start : start + count]))
            if word is not None:
                rest = " ".join(words[start + count :])
                return f"{' '.join(words[:start])} {word} {rest}"
    return None


def _is_unit(text: str) -> bool:
    return normalize(text) in _unit_words()


def _padded(original: str, new: str) -> str:
    """`new` with the spaces `original` had around it."""
    lead = original[: len(original) - len(original.lstrip())]
    trail = original[len(original.rstrip()) :]
    return f"{lead}{new}{trail}"


ENGLISH_HEADS = frozenset(
    {"raven", "bury", "bid", "tie", "reduce", "clear", *(normalize(v) for v in CARD_HEADS.values())}
)


def is_unknown_head(state: State, line: str) -> bool:
    """Whether an English-form line starts with no keyword and no name: a mistyped keyword,
    answered with every keyword in the player's language rather than as a bad order."""

    head = line.split(":", 1)[0].split("->", 1)[0]
    first = normalize(head).split(" ", 1)[0] if normalize(head) else ""
    if not first or first in ACTION_VERBS or first in ENGLISH_HEADS:
        return False
    if normalize(head) in ENGLISH_HEADS or is_wildling_line(line):
        return False
    return state.board.names.lookup(head.strip()) is None


def is_chat(state: State, line: str) -> bool:
    """Whether a line that was not understood is a player's chat ('Oi mestre, tudo bem?',
    'Abraços,'): it holds no keyword, no name of the game and no order's shape. Such a line
    is reported as ignored; any other line not understood is an error (issue 17)."""

    if any(mark in line for mark in (":", "->", "→", "=>")) or planning_lines.ends_with_token(line):
        return False
    words = inner(line).split()
    if split_verb(line) or (words and words[0] in english_verbs()):
        return False
    return not any(
        _is_game_name(state, " ".join(words[start:end]))
        for start in range(len(words))
        for end in range(start + 1, min(start + _LONGEST_NAME, len(words)) + 1)
    )


_LONGEST_NAME = 6
"""Words in the longest name of the game ('Ser Davos Seaworth', 'Мартовские ... ')."""


def _is_game_name(state: State, text: str) -> bool:
    """Whether `text` is an area, house, house card or unit name in any language, exactly
    or (from 4 letters on) a small typo away: 'Atack Rivrrun' is a mistyped order."""

    indexes = (state.board.names, house_names(), card_names(), unit_names())
    if is_area_name(state, text) or any(index.is_spelled(text) for index in indexes):
        return True
    return len(text) >= 4 and any(index.lookup(text) is not None for index in indexes)
