"""Westeros reports in the game's language (issue 12): settings.lang, players' lang, new --lang.

Games are played through the real CLI (bots' order files, `run`, git) with the game in
Russian, then switched by the GM to Portuguese; every public report must carry the localized
names and sentences and no English sentence of the converted templates. The English reports
stay as they were: the existing report tests check them unchanged.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
import yaml
from babel.messages.extract import extract_from_dir

from adjudicator.create import parse_roster_entry
from adjudicator.gamedir import GameError
from adjudicator.gamefile import problems
from adjudicator.i18n import translations
from adjudicator.render import environment
from adjudicator.requests import Event
from tests.conftest import START, cli

ROOT = Path(__file__).resolve().parents[1]
PASSWORDS = {"stark": "Kq7-wolf-2xz", "lannister": "Lp9-lion-8uv", "baratheon": "Bs3-stag-6qw"}
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def _westeros_messages() -> list[str]:
    """Every msgid of the converted templates (westeros and common), singular forms."""
    options = {"templates/**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "false"}}
    found = []
    for folder in ("templates/westeros", "templates/common"):
        for _f, _l, message, _c, _x in extract_from_dir(
            str(ROOT / folder), [("**.j2", "jinja2")], {"**.j2": options["templates/**.j2"]}
        ):
            found.append(message if isinstance(message, str) else message[0])
    return found


def english_fragments(lang: str) -> set[str]:
    """The English words of each message between its placeholders (long enough to be
    telling), left out where the translation keeps them ('Errata and FAQ v2.0')."""
    catalog = translations(lang)
    fragments = set()
    for message in _westeros_messages():
        translated = catalog.gettext(message)
        for piece in PLACEHOLDER.split(message):
            piece = piece.strip(" .,:;()—")
            if len(piece) >= 8 and " " in piece and piece not in translated:
                fragments.add(piece)
    return fragments


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """A 3-player game: `new --lang ru` with Stark reading Portuguese, three runs of bots;
    then the GM sets settings.lang to pt_BR and two more runs follow."""
    tmp = tmp_path_factory.mktemp("i18n")
    game = tmp / "g"
    pw_file = tmp / "passwords.yaml"
    pw_file.write_text(yaml.safe_dump(PASSWORDS))
    result = cli(
        "new", game, "--game", "westeros", "--players", 3, "--lang", "ru",
        "--player", "stark=Ann <ann@example.org> lang=pt_BR",
        "--passwords", pw_file, "--now", "2027-01-01T12:00Z",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    meta = yaml.safe_load((game / "game.yaml").read_text())
    assert meta["settings"]["lang"] == "ru"
    assert meta["players"]["stark"]["lang"] == "pt_BR"
    _set(game, maps=False)
    reports: dict[str, list[str]] = {"ru": [], "pt_BR": [], "stark": []}
    now = START
    for run in range(5):
        if run == 3:
            _set(game, lang="pt_BR")  # the GM changes the game's language mid-game
        before = set((game / "reports").glob("*")) if (game / "reports").exists() else set()
        args = ["bot", game, "--seed", 3, "--ahead"] + (["--passwords", pw_file] if not run else [])
        assert cli(*args).exit_code == 0
        now += timedelta(hours=1)
        result = cli("run", game, "--now", now.strftime("%Y-%m-%dT%H:%MZ"))
        assert result.exit_code == 0, result.output
        new = sorted(set((game / "reports").glob("*")) - before)
        reports["ru" if run < 3 else "pt_BR"] += [p.read_text() for p in new]
    private = game / ".adjudicator" / "private" / "stark"
    reports["stark"] = [p.read_text() for p in sorted(private.glob("*.md"))]
    return reports


def _set(game: Path, **settings: object) -> None:
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["settings"].update(settings)
    (game / "game.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False))


def test_new_lang_gives_russian_reports_with_russian_names(played: dict[str, list[str]]) -> None:
    text = "\n".join(played["ru"])
    assert len(played["ru"]) >= 6  # Markdown and BBCode of three runs
    for word in ("Старк", "Ланнистер", "Баратеон", "Винтерфелл", "Королевская Гавань"):
        assert word in text, word
    for sentence in ("Приказы раунда 1 вскрыты:", "Игровое поле", "Треки влияния"):
        assert sentence in text, sentence
    assert "Железный Трон" in text and "Поход" in text  # tracks and order tokens


def test_the_gms_change_of_settings_lang_applies_to_the_next_report(
    played: dict[str, list[str]],
) -> None:
    text = "\n".join(played["pt_BR"])
    assert played["pt_BR"]
    for word in ("O tabuleiro", "Trilhas de Influência", "Trono de Ferro", "Porto Real"):
        assert word in text, word
    assert "Игровое поле" not in text


@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
def test_no_english_sentence_of_the_templates_remains(
    played: dict[str, list[str]], lang: str
) -> None:
    fragments = english_fragments(lang)
    assert len(fragments) > 100  # the extraction found the templates' sentences
    for report in played[lang]:
        left = sorted(f for f in fragments if f in report)
        assert left == [], left


def test_a_players_private_report_is_in_their_own_language(
    played: dict[str, list[str]],
) -> None:
    assert played["stark"]
    assert all("relatório privado da Casa Stark" in text for text in played["stark"])
    assert not any("личный отчёт" in text for text in played["stark"])


@pytest.mark.parametrize(
    ("lang", "icons", "expected"),
    [
        ("ru", 1, "1 значок одичалых"),
        ("ru", 3, "3 значка одичалых"),
        ("ru", 5, "5 значков одичалых"),
        ("ru", 21, "21 значок одичалых"),
        ("pt_BR", 1, "1 ícone de Selvagens"),
        ("pt_BR", 2, "2 ícones de Selvagens"),
        ("en", 2, "2 wildling icons: the wildling threat rises from 2 to 4."),
    ],
)
def test_plural_forms_follow_the_number(lang: str, icons: int, expected: str) -> None:
    env = environment("westeros", "md", lang)
    event = Event("wildlings_advanced", {"icons": icons, "before": 2, "after": 4})
    assert env.globals["event"](event).startswith(expected)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "**Stark** uses the Messenger Raven: the order in Winterfell becomes Raid ★"),
        ("ru", "**Старк** использует Посыльного ворона: приказ в Винтерфелле заменён"),
        ("pt_BR", "**Stark** usa o Corvo Mensageiro: a ordem em Winterfell passa a ser Invasão ★"),
    ],
)  # fmt: skip
def test_order_tokens_are_named_in_the_reports_language(lang: str, expected: str) -> None:
    env = environment("westeros", "md", lang)
    event = Event(
        "raven_swap", {"house": "stark", "area": "winterfell", "new": "raid*", "old": "march+0"}
    )
    assert env.globals["event"](event).startswith(expected)


def test_settings_lang_is_checked_and_the_old_key_is_named() -> None:
    base = {
        "schema": 1, "game": "westeros", "id": "g", "created": "x", "secret_sha256": "x",
        "start": {}, "players": {"stark": {"name": "Ann", "password": "x", "lang": "xx"}},
    }  # fmt: skip
    found = problems({**base, "settings": {"lang": "fr"}})
    allowed = "settings.lang: 'fr' is not allowed; use one of en, ru, pt_BR"
    assert any(p.startswith(allowed) for p in found)
    assert any(p.startswith("players.stark.lang: 'xx'") for p in found)
    found = problems({**base, "settings": {"language": "ru"}})
    assert any("settings.language: unknown key; did you mean 'lang'?" in p for p in found)
    ok = {**base, "players": {"stark": {"name": "Ann", "password": "x", "lang": "pt-br"}}}
    assert problems({**ok, "settings": {"lang": "ru"}}) == []


def test_roster_entry_takes_lang_and_tz_in_any_order() -> None:
    assert parse_roster_entry("stark=Ann <a@x.org> lang=ru tz=Europe/Moscow") == (
        "stark",
        {"name": "Ann", "email": "a@x.org", "tz": "Europe/Moscow", "lang": "ru"},
    )
    with pytest.raises(GameError, match="unknown language 'fr'"):
        parse_roster_entry("stark=Ann lang=fr")


def test_new_refuses_an_unknown_language(tmp_path: Path) -> None:
    result = cli("new", tmp_path / "g", "--game", "westeros", "--players", 3, "--lang", "pt_BF")
    assert result.exit_code != 0
    assert "did you mean 'pt_BR'" in result.output
    assert not (tmp_path / "g").exists()
