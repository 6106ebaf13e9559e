"""The words of the baltic order language (13.3, 13.4) in every language players write.

English is the grammar's own; ``games/baltic/names.yaml`` (section ``orders``) adds the
Russian and Portuguese words, the seeds' words among them (`погрузка`, `высадка`, `осада`,
`перемирие`, `уступить`; `embarcar`, `cerco`, `trégua`), so that a GM corrects a word in one
place. `pattern(ident)` is a regex alternation of every spelling (case, Latin accents and
`ё` optional), used inside the line patterns of `instructions`; `verb(word)` reads the first
word of an action line back to its English verb.
"""

from __future__ import annotations

import functools
import re

from adjudicator.orders.names import normalize
from adjudicator.text import Name
from adjudicator.vocabulary import spellings

GAME = "baltic"
SECTION = "orders"

ENGLISH: dict[str, tuple[str, ...]] = {
    # action verbs (13.3)
    "move": ("move",),
    "embark": ("embark",),
    "sail": ("sail",),
    "disembark": ("disembark",),
    "siege": ("siege",),
    "reinforce": ("reinforce",),
    "recon": ("recon",),
    "politics": ("politics",),
    "pass": ("pass",),
    "cede": ("cede",),
    "politics_at_home": ("politics at home",),
    # words inside action lines
    "on": ("on",),
    "toward": ("toward", "on"),
    "fleet": ("fleet",),
    "at": ("at",),
    "steps": ("steps", "step"),
    "build": ("build",),
    "all": ("all",),
    # standing lines (13.4)
    "battle_order": ("battle order",),
    "battle": ("battle",),
    "any_battle": ("any battle",),
    "battle_instructions": ("battle instructions", "battle instruction"),
    "any_battle_instruction": ("any battle instruction",),
    "forage_instructions": ("forage instructions", "forage instruction"),
    "any": ("any",),
    "for": ("for",),
    "fight": ("fight",),
    "retreat_round": ("retreat round",),
    "retreat_weaker": ("retreat when weaker",),
    "hit_order": ("hit order",),
    "retreat_priority": ("retreat priority",),
    "sea": ("sea",),
    "with": ("with",),
    "and": ("and",),
    "regroup": ("regroup",),
    "withdraw_fleets": ("withdraw fleets",),
    "keep_fleets": ("keep fleets",),
    "fleet_retreat_priority": ("fleet retreat priority",),
    "forage_losses": ("forage losses",),
    "displace_priority": ("displace priority",),
    "build_priority": ("build priority",),
    "reform": ("reform",),
    "none": ("none",),
    "no_reform": ("no reform",),
    "in": ("in",),
    "year": ("year",),
    "offer_truce": ("offer truce",),
    "accept_truce": ("accept truce",),
    "decline_truce": ("decline truce",),
    "at_entry": ("at entry",),
    "if": ("if",),
    "activates": ("activates",),
    "clear": ("clear",),
}
"""Keyword id -> its English spellings (the first is the one messages show)."""

ACTION_VERBS = (
    "move",
    "embark",
    "sail",
    "disembark",
    "siege",
    "reinforce",
    "recon",
    "politics",
    "pass",
    "cede",
)
MOVE_VERBS = ("move", "embark", "sail", "disembark")

CONNECTORS = ("в", "во", "на", "у", "no", "na", "nos", "nas")
"""The prepositions of the Russian prepositional of a place (grammar.yaml: «в Лифляндии»,
«во Пскове», «на Зеландии») and the Portuguese `em` contracted with a place's article («na
Esmolândia»). An echo says `at <place>` with the place's own, so each is read as `at`
(13.3: «погрузка Ревентлов на Зеландии», «embarcar Stenbock na Esmolândia»), though «на»,
«no» and «na» are `on` too; names.yaml keeps them apart, each under one keyword."""

PREPOSITIONS = (
    frozenset(CONNECTORS)
    | {"из", "с", "со"}
    | {"em", "de", "do", "da", "dos", "das"}
    | {"a", "à", "ao", "aos", "às"}
)
"""The words a sentence may put before a place or a nation, read away with it (`words`): the
Russian prepositions of its cases («в Карелии», «из Бергенхуса», «с Зеландии») and the
Portuguese prepositions with the article contracted in («na Carélia», «da Rússia», «à
Dinamarca-Noruega», «ao Império Otomano»), as an echo writes them and as a player would."""

ANY = "any"
"""The location of a standing line for any location (13.4), as keys and values keep it:
the id of the keyword `any`."""

CLEAR_PHRASES = {
    "battle_order": "battle_order",
    "battle": "battle",
    "hit_order": "hit_order",
    "retreat_priority": "retreat",
    "regroup": "regroup",
    "withdraw_fleets": "fleets",
    "keep_fleets": "fleets",
    "fleet_retreat_priority": "fleet_retreat",
    "forage_losses": "forage",
    "displace_priority": "displace",
    "build_priority": "build",
    "reform": "reform",
    "offer_truce": "offer",
    "accept_truce": "truce",
    "decline_truce": "truce",
    "cede": "cede",
    "all": "all",
}
"""A standing line's head keyword (any language) -> what `clear` clears."""

CLEAR_NOUNS = {"battle_instructions": "battle", "forage_instructions": "forage"}
"""A noun for a kind's lines, as a clear echoes it, -> the kind: «отменить все указания о
сражениях», «limpar a instrução de batalha em Pskov» («отменить сражение» reads as calling a
battle off, «отменить потери от фуража» as sparing the losses)."""

CLEAR_ANY = {"any_battle_instruction": "battle"}
"""A head that clears a kind's line for any location by itself («отменить указание о любом
сражении», «limpar a instrução de qualquer batalha»)."""


def words_of(ident: str) -> list[str]:
    """Every spelling of keyword `ident`: English first, then Russian and Portuguese."""
    return [*ENGLISH[ident], *spellings(GAME, SECTION, ident)]


def _variants(word: str) -> set[str]:
    """`word` as typed with or without Latin accents and 'ё'."""
    plain = normalize(word)
    return {word.lower(), word.lower().replace("ё", "е"), plain}


@functools.cache
def pattern(ident: str) -> str:
    """A non-capturing regex group matching any spelling of `ident` as whole words; a comma
    may stand between its words, as a writer puts one before «если» or "when"."""
    found: set[str] = set(CONNECTORS) if ident == "at" else set()
    for word in words_of(ident):
        found |= _variants(word)
    alternatives = sorted(found, key=lambda w: (-len(w), w))
    body = "|".join(r",?\s+".join(map(re.escape, w.split())) for w in alternatives)
    return rf"(?:{body})(?!\w)"


def matches(ident: str, text: str) -> bool:
    """Whether `text` is exactly a spelling of keyword `ident`."""
    return re.fullmatch(pattern(ident), text.strip(), re.IGNORECASE) is not None


@functools.cache
def _verbs() -> dict[str, str]:
    words: dict[str, str] = {}
    for ident in ACTION_VERBS:
        for word in words_of(ident):
            words.setdefault(normalize(word), ident)
    return words


def verb(word: str) -> str:
    """The English action verb for the first word of a line ('' when it is none)."""
    return _verbs().get(normalize(word), "")


def name(ident: str) -> Name:
    """Keyword `ident` as a game word, said in the reader's language (error hints)."""
    return Name(ident, ENGLISH[ident][0], SECTION)
