"""A game's words in the players' languages (games/<game>/names.yaml).

English names live beside the facts (each game's own data files); names.yaml adds the
Russian and Brazilian Portuguese ones so that a ruleset's `NameIndex` understands an order
written in any of the game's languages, even mixed in one file. Every game's names.yaml has
the same shape: sections of ``{id: {ru: NAME or [NAME, alias...], pt_BR: ...}}``.
"""

from __future__ import annotations

import functools

from adjudicator.data import game_folder, load_game_data
from adjudicator.grammar import grammar_of

LANGUAGES = ("ru", "pt_BR")
"""The languages names.yaml carries besides English."""

Entry = dict[str, str | list[str]]


@functools.cache
def sections(game: str) -> dict[str, dict[str, Entry]]:
    """Section -> id -> entry, as the game's names.yaml holds them (`ours:` left out); none
    for a game without one (a test's stand-in)."""
    if not game_folder(game).joinpath("names.yaml").is_file():
        return {}
    data = load_game_data(game, "names.yaml")
    return {section: entries for section, entries in data.items() if isinstance(entries, dict)}


def names_of(entry: Entry, lang: str) -> list[str]:
    """An entry's names in `lang`: the printed one first, then the aliases."""
    value = entry.get(lang, [])
    return [value] if isinstance(value, str) else list(value)


def spellings(game: str, section: str, ident: str, genitive: bool = False) -> list[str]:
    """Every name `ident` has in the other languages: printed names first, then aliases,
    then its Russian prepositional (and genitive, for a game whose echoes use it).

    >>> spellings("westeros", "areas", "kings_landing")[:2]
    ['Королевская Гавань', 'КГ']
    """
    entry = sections(game).get(section, {}).get(ident, {})
    names = [name for lang in LANGUAGES for name in names_of(entry, lang)]
    forms = _russian_forms(game, section, ident, genitive)
    return names + [form for form in forms if form not in names]


def _russian_forms(game: str, section: str, ident: str, genitive: bool) -> list[str]:
    """The Russian prepositional and genitive of a name (grammar.yaml: «в Винтерфелле»
    gives «Винтерфелле»), so that an echo in natural Russian («рыцарь в Винтерфелле»,
    «осада Курляндии», «политика Польши»), pasted back, reads as it was printed: the
    connector («в», «на», «во») is a word of its own."""

    grammar = grammar_of(game, section, ident, "ru")
    if not grammar:
        return []
    where = grammar.forms.get("loc", "")
    forms = [where.partition(" ")[2]] if " " in where else []
    return [*forms, grammar.forms["gen"]] if genitive and "gen" in grammar.forms else forms


def name_in(game: str, section: str, ident: str, lang: str) -> str | None:
    """The printed name of `ident` in `lang` (None for English or when unknown)."""
    found = names_of(sections(game).get(section, {}).get(ident, {}), lang)
    return found[0] if found else None
