"""`status` in a Russian or Portuguese game names the players and writes the deadlines as
the reports do (issue 20, "No English left"): «Баратеон», «Suécia», '3 янв. 2027 г., 12:00
UTC'; no house or side id, no ISO time in the lines about players."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adjudicator.i18n import localized_names
from tests.conftest import cli_raising as cli
from tests.conftest import drop

START, NOW = "2027-01-01T12:00Z", "2027-01-01T13:00Z"
PLAYERS = {"westeros": ["baratheon", "lannister", "stark"], "baltic": ["sweden", "coalition"]}
NEW = {"westeros": ["--players", "3"], "baltic": ["--option", "scenario=poltava"]}
DEADLINE = {
    # The mark and the deadline as `run` says them (issue 20: «НЕТ до …» read like a form).
    "ru": re.compile(
        r"ждём ответа, +срок — \d{1,2} [а-я]+\. 20\d\d\u00a0г\., \d\d:\d\d UTC \(осталось "
    ),
    "pt_BR": re.compile(
        r"aguardando, +prazo: \d{1,2} de [a-z]+\. de 20\d\d às \d\d:\d\d UTC \(faltam "
    ),
}


def player_lines(tmp_path: Path, game: str, lang: str) -> list[str]:
    """The lines of `status` about players, once something is awaited from them."""
    folder = tmp_path / f"{game}-{lang}"
    cli("new", folder, "--game", game, *NEW[game], "--lang", lang, "--now", START)
    cli("run", folder, "--now", NOW)  # baltic rolls its action dice before asking anyone
    return cli("status", folder, "--now", NOW).output.splitlines()[1:]


@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
@pytest.mark.parametrize("game", ["westeros", "baltic"])
def test_status_names_players_and_deadlines_as_the_reports_do(
    tmp_path: Path, game: str, lang: str
) -> None:
    lines = player_lines(tmp_path, game, lang)
    rows = [line for line in lines if line.startswith("  ")]
    assert rows, lines
    names = localized_names(game, lang)
    for row in rows:
        who = row[2:].split("  ")[0].split(" ")[0]
        assert who in {names[p] for p in PLAYERS[game]}, row
        assert not set(PLAYERS[game]) & set(re.findall(r"\w+", row)), row
        assert not re.search(r"\d{4}-\d\d-\d\dT", row), row
        assert DEADLINE[lang].search(row), row
        if lang == "ru":  # a Russian GM meets no Latin letter but the time zone's
            assert re.findall(r"[A-Za-z]+", row) == ["UTC"], row


def test_status_columns_stay_aligned_with_the_names(tmp_path: Path) -> None:
    """«Баратеон» is wider than «Старк»: the summaries start in one column."""
    rows = player_lines(tmp_path, "westeros", "ru")
    assert [row[:12] for row in rows] == ["  Баратеон  ", "  Ланнистер ", "  Старк     "]
    assert len({row.index("отдать") for row in rows}) == 1


def test_a_rejected_file_is_listed_under_its_player_with_the_readers_time(new_game) -> None:
    game = new_game(settings={"lang": "ru"})
    drop(game, "stark", "Атлантида: поход\n")
    cli("run", game, "--now", NOW)
    lines = cli("status", game, "--now", NOW).output.splitlines()
    stark = next(n for n, line in enumerate(lines) if line.startswith("  Старк "))
    rejected = lines[stark + 1]
    assert "stark.txt" in rejected and "(1 янв. 2027\u00a0г., 13:00 UTC)" in rejected
    assert not re.search(r"\d{4}-\d\d-\d\dT", rejected.split(";")[0]), rejected


def test_the_wrong_passwords_warning_names_the_house(new_game) -> None:
    from adjudicator.guessing import LIMIT

    game = new_game(settings={"lang": "ru"})
    for n in range(LIMIT):
        drop(game, "stark", "# nothing\n", name=f"a{n:03d}.txt", pw=f"guess-{n}")
    cli("run", game, "--now", NOW)
    warning = cli("status", game, "--now", NOW).output.splitlines()[1]
    assert "Старк" in warning and "stark" not in warning, warning
