"""Message catalogs: complete, translated, with the right plural forms; reports use them.

Issue 12: every player- and GM-facing sentence goes through the catalogs. A catalog that
misses a message the code or a template uses, or holds an untranslated, fuzzy or unused
entry, fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from adjudicator import mapwords
from adjudicator.data import game_names
from adjudicator.i18n import (
    LANGUAGES,
    UnknownLanguage,
    catalog,
    catalog_files,
    check_language,
    translations,
)
from adjudicator.render import environment
from adjudicator.requests import Event

ROOT = Path(__file__).resolve().parents[1]


def _used_messages() -> set[str]:
    """Every msgid the code (``_()``, ``ngettext()``) and the templates use."""
    found: set[str] = set()
    method_map = [("adjudicator/**.py", "python"), ("templates/**.j2", "jinja2")]
    options = {"templates/**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "false"}}
    keywords = {**DEFAULT_KEYWORDS, "_l": None, "_ln": (1, 2), "Nn_": (1, 2)}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options, keywords
    ):
        found.add(message if isinstance(message, str) else message[0])
    for game in game_names():  # the maps' words are data: map.yaml, drawing.yaml
        found.update(mapwords.messages(game))
    return found


def _catalog(lang: str):
    return catalog(lang)


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_no_message_is_in_two_files_of_a_language(lang: str) -> None:
    """Each part of the product has its own .po file; a msgid in two would have two
    translations, and which one wins would depend on the files' order."""
    seen: dict[str, str] = {}
    for name, path in catalog_files(lang).items():
        with path.open("rb") as po:
            for message in read_po(po, locale=lang):
                key = message.id if isinstance(message.id, str) else message.id[0]
                if key:
                    assert key not in seen, f"{key!r} is in {seen.get(key)} and {name}"
                    seen[key] = name


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_catalog_translates_every_message_the_code_uses(lang: str) -> None:
    used = _used_messages()
    assert used, "no message found: the extraction is broken"
    catalog = _catalog(lang)
    ids = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    assert sorted(used - set(ids)) == [], f"{lang}.po misses these messages"
    assert sorted(set(ids) - used) == [], f"{lang}.po holds messages nothing uses"
    for message in ids.values():
        assert not message.fuzzy, f"{lang}: fuzzy {message.id!r}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{lang}: untranslated {message.id!r}"


def test_russian_has_three_plural_forms_and_portuguese_two() -> None:
    assert _catalog("ru").num_plurals == 3
    assert _catalog("pt_BR").num_plurals == 2


def test_language_names_are_checked_with_a_hint() -> None:
    assert check_language("pt-br") == "pt_BR"
    assert check_language("RU") == "ru"
    with pytest.raises(UnknownLanguage, match="did you mean 'pt_BR'"):
        check_language("pt_BF")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", '**Stark** sent nothing for "place orders" before the deadline (NMR)'),
        ("ru", "**Старк** ничего не прислал на запрос «place orders» до срока (NMR)"),
        ("pt_BR", '**Stark** não enviou nada para "place orders" antes do prazo (NMR)'),
    ],
)
def test_an_nmr_in_the_report_speaks_the_games_language(lang: str, expected: str) -> None:
    env = environment("westeros", "md", lang)
    event = Event("nmr", {"player": "stark", "summary": "place orders"})
    assert env.globals["event"](event).startswith(expected)


def test_english_needs_no_catalog() -> None:
    assert translations("en").gettext("Used: %(text)s") == "Used: %(text)s"


def test_an_nmr_agrees_with_the_side_that_missed_it() -> None:
    """«Швеция ничего не прислала»: the verb agrees with the player's name (grammar.yaml)."""
    env = environment("baltic", "md", "ru")
    event = Event("nmr", {"player": "sweden", "summary": "send your action lines"})
    assert env.globals["event"](event).startswith("**Швеция** ничего не прислала на запрос")


def test_the_russian_header_hint_names_header_words_the_reader_knows() -> None:
    """The hint for a file without its header lines uses the reader's own header words
    («дом:», «нация:», seed 003, «пароль:»), and each one is a header key intake reads."""
    from adjudicator.intake import NO_HEADER
    from adjudicator.submissions import header_keys
    from adjudicator.text import _l

    said = _l(NO_HEADER).say("ru", None)
    words = re.findall(r"«(\w+): <", said)
    assert words == ["дом", "нация", "пароль"]
    assert all(word in header_keys() for word in words)
