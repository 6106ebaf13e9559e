"""The game's words in the players' languages (games/westeros/names.yaml).

English names live beside the facts (board.yaml, cards.yaml); this module adds the Russian
and Brazilian Portuguese ones so that `NameIndex` understands an order written in any of the
game's languages, even mixed in one file.
"""

from __future__ import annotations

import functools

from adjudicator.data import load_game_data

LANGUAGES = ("ru", "pt_BR")
"""The languages names.yaml carries besides English."""


@functools.cache
def _names() -> dict[str, dict[str, dict[str, str | list[str]]]]:
    data = load_game_data("westeros", "names.yaml")
    return {section: entries for section, entries in data.items() if isinstance(entries, dict)}


def spellings(section: str, ident: str) -> list[str]:
    """Every name `ident` has in the other languages: printed names first, then aliases.

    >>> spellings("areas", "kings_landing")[:2]
    ['Королевская Гавань', 'КГ']
    """
    entry = _names().get(section, {}).get(ident, {})
    out: list[str] = []
    for lang in LANGUAGES:
        value = entry.get(lang, [])
        out += [value] if isinstance(value, str) else list(value)
    return out


def name_in(section: str, ident: str, lang: str) -> str | None:
    """The printed name of `ident` in `lang` (None for English or when unknown)."""
    value = _names().get(section, {}).get(ident, {}).get(lang)
    if isinstance(value, list):
        return value[0] if value else None
    return value
