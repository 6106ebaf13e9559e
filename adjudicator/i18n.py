"""Messages in the players' languages: gettext catalogs with plural forms, lazily loaded.

Every player- and GM-facing sentence is written once, in English, in a template
(``{{ _("...") }}``) or in the code (``_("...")``), and translated in the engine's
``adjudicator/locale/<lang>/*.po`` or, when a game's own, in ``games/<game>/locale/<lang>.po``
(`catalog_files`). The catalogs are read with Babel when a language is first
used (and kept compiled in a cache), so `adjudicator --help` never pays for them. Game
vocabulary (areas, cards, units) is data, not a message: it lives in
``games/<game>/names.yaml`` (see `localized_names`).
"""

from __future__ import annotations

import difflib
import functools
import gettext
import hashlib
import io
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from adjudicator.data import (
    HOMES,
    cache_folder,
    game_folder,
    game_names,
    keep_cached,
    load_game_data,
)

LANGUAGES = ("en", "ru", "pt_BR")
"""The languages reports, replies and orders may be in; English is the source language."""
SOURCE = "en"


class UnknownLanguage(ValueError):
    """A language we have no catalog for; the message lists the known ones."""


def check_language(lang: str) -> str:
    """`lang` as we spell it ('pt-br' -> 'pt_BR'); raises `UnknownLanguage` naming the known."""
    spelled = {code.lower().replace("_", "-"): code for code in LANGUAGES}
    code = spelled.get(lang.strip().lower().replace("_", "-"))
    if code is None:
        close = difflib.get_close_matches(lang, LANGUAGES, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise UnknownLanguage(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}{hint}")
    return code


def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of `lang` (plural forms from its header); English is the identity.

    A language's catalog is every file of `catalog_files`, read as one: the engine's parts
    and every game's. Reading them with Babel and compiling them costs about 50 ms, so the
    compiled catalog is kept under ~/.cache/adjudicator/locale, named by a hash of the .po
    files (an edited or upgraded catalog gets a new one); without a writable cache folder it
    is compiled each run. Kept per process for the games known now (a game registered
    later, as the tests' example game, gets its own)."""

    return _translations(lang, tuple(sorted(HOMES.items())))


@functools.cache
def _translations(lang: str, _homes: tuple) -> gettext.NullTranslations:
    """`translations` for the games outside the package in `_homes` (the cache's key)."""
    lang = check_language(lang)
    if lang == SOURCE:
        return gettext.NullTranslations()

    sources = _po_files(lang)
    digest = hashlib.sha256(b"".join(name.encode() + text for name, text in sources))
    folder = cache_folder("locale")
    cached = folder / f"{lang}-{digest.hexdigest()[:20]}.mo" if folder else None
    if cached is not None:
        try:
            return gettext.GNUTranslations(io.BytesIO(cached.read_bytes()))
        except Exception:  # none yet, or damaged (gettext raises several kinds): compile it
            pass
    from babel.messages.mofile import write_mo

    compiled = io.BytesIO()
    write_mo(compiled, catalog(lang))
    if cached is not None:
        keep_cached(cached, compiled.getvalue())
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


# Forgetting the catalogs read (the cache tests do) is done as on any functools.cache.
translations.cache_clear = _translations.cache_clear  # type: ignore[attr-defined]


def catalog_files(lang: str) -> dict[str, Traversable]:
    """Every .po file of `lang` by a short name: the engine's ``locale/<lang>/*.po`` (one
    per part of the product: reports, orders, mail ...) as 'cli.po', by name, then each
    game's ``games/<game>/locale/<lang>.po`` as 'westeros/ru.po', games by name
    (`data.game_names`: the package's and those registered in `data.HOMES`).

    A language is one catalog: a msgid has one translation, whichever file holds it
    (tests/test_i18n.py fails on a msgid in two files). A game that needs its own
    translation of an English sentence another part already uses writes a sentence of
    its own (or a ``msgctxt``, which gettext and Babel keep apart)."""

    folder = resources.files("adjudicator").joinpath("locale", lang)
    engine = sorted((e for e in folder.iterdir() if e.name.endswith(".po")), key=lambda e: e.name)
    found = {entry.name: entry for entry in engine}
    for game in game_names():
        po = game_folder(game).joinpath("locale", f"{lang}.po")
        if po.is_file():
            found[f"{game}/{po.name}"] = po
    return found


def _po_files(lang: str) -> list[tuple[str, bytes]]:
    """(name, bytes) of every .po file of `lang`, in `catalog_files`' order."""
    return [(name, entry.read_bytes()) for name, entry in catalog_files(lang).items()]


def catalog(lang: str) -> Any:
    """Every message of `lang`'s .po files in one Babel catalog (the first file's header)."""
    from babel.messages.pofile import read_po

    merged = None
    for entry in catalog_files(lang).values():
        with entry.open("rb") as po:
            part = read_po(po, locale=lang)
        if merged is None:
            merged = part
            continue
        for message in part:
            if message.id:
                merged[message.id] = message
    return merged


@functools.cache
def localized_names(game: str, lang: str) -> Mapping[str, str]:
    """Every id -> its printed name in `lang`, from ``games/<game>/names.yaml`` if the game
    has one (sections of ``{id: {lang: name | [name, alias...]}}``); empty for English."""

    lang = check_language(lang)
    if lang == SOURCE or not game_folder(game).joinpath("names.yaml").is_file():
        return {}

    found: dict[str, str] = {}
    for section in load_game_data(game, "names.yaml").values():
        if not isinstance(section, Mapping):
            continue
        for ident, entry in section.items():
            value: Any = entry.get(lang) if isinstance(entry, Mapping) else None
            if isinstance(value, list):
                value = value[0] if value else None
            if isinstance(value, str):
                found.setdefault(ident, value)
    return found
