"""A westeros game's reports and maps in its language (issue 12): the map's labels, the
deadlines and numbers in the locale's format (Babel), a private report's deadline in the
player's own time zone too; English as it always was.

Each game is played through the real CLI: `new --lang`, the bots' order files, `run`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import timedelta
from pathlib import Path

import pytest
import yaml

from tests.conftest import START, cli

PASSWORDS = {"stark": "Kq7-wolf-2xz", "lannister": "Lp9-lion-8uv", "baratheon": "Bs3-stag-6qw"}
SVG = "{http://www.w3.org/2000/svg}"


def play(folder: Path, lang: str) -> Path:
    """`new --lang LANG` (Lannister in Moscow's time), the bots' orders, one run: the
    orders resolve and the report awaits the action phase's first decisions."""
    game = folder / lang
    pw_file = folder / "passwords.yaml"
    pw_file.write_text(yaml.safe_dump(PASSWORDS))
    result = cli(
        "new", game, "--game", "westeros", "--players", 3, "--lang", lang,
        "--player", "lannister=Bo <bo@example.org> tz=Europe/Moscow",
        "--passwords", pw_file, "--now", "2027-01-01T12:00Z",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["settings"]["png"] = False  # the SVG holds the words; the PNG is test_mapdraw_i18n's
    (game / "game.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False))
    assert cli("bot", game, "--seed", 3, "--passwords", pw_file).exit_code == 0
    now = START + timedelta(hours=1)
    result = cli("run", game, "--now", now.strftime("%Y-%m-%dT%H:%MZ"))
    assert result.exit_code == 0, result.output
    return game


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("locale")
    return {lang: play(folder, lang) for lang in ("en", "ru", "pt_BR")}


def report(game: Path, suffix: str) -> str:
    return sorted((game / "reports").glob(f"*.{suffix}"))[-1].read_text()


def private(game: Path, house: str) -> str:
    return sorted((game / ".adjudicator" / "private" / house).glob("*.md"))[-1].read_text()


def area_titles(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    return {
        g.get("data-area"): g.find(f"{SVG}title").text
        for g in root.iter(f"{SVG}g")
        if "data-area" in g.attrib
    }


def awaited(text: str) -> list[str]:
    """The report's list of what is awaited (Markdown): its last section."""
    last = text.rsplit("\n### ", 1)[-1]
    return [line for line in last.splitlines() if line.startswith("- ")]


def test_the_russian_map_of_a_run_has_the_russian_labels(games: dict[str, Path]) -> None:
    svg = report(games["ru"], "svg")
    titles = area_titles(svg)
    assert titles["winterfell"] == "Винтерфелл"
    assert titles["kings_landing"] == "Королевская Гавань"
    assert "Influence" not in svg and "Влияние" in svg
    mine = sorted((games["ru"] / ".adjudicator" / "private" / "stark").glob("*.svg"))[-1]
    assert "Личная карта дома Старков" in mine.read_text()


def test_russian_deadlines_are_written_the_russian_way(games: dict[str, Path]) -> None:
    lines = awaited(report(games["ru"], "md"))
    assert lines, "nothing awaited: the run resolved the whole round"
    pattern = r", срок — \d{1,2} янв\. 2027\xa0г\., \d\d:\d\d UTC$"
    assert all(re.search(pattern, line) for line in lines), lines
    assert not any("2027-01" in line for line in lines)


def test_a_private_report_gives_the_deadline_in_the_players_time_too(
    games: dict[str, Path],
) -> None:
    lines = awaited(private(games["ru"], "lannister"))
    assert lines
    # 12:00 UTC is 15:00 in Moscow (MSK, UTC+3) on the same day
    pattern = r"(\d\d):00 UTC \((\d\d):00 по московскому времени\)$"
    for line in lines:
        utc, moscow = re.search(pattern, line).groups()
        assert (int(utc) + 3) % 24 == int(moscow)
    assert not any("московскому" in line for line in awaited(private(games["ru"], "stark")))


def test_portuguese_reports_and_map(games: dict[str, Path]) -> None:
    lines = awaited(report(games["pt_BR"], "md"))
    assert lines
    pattern = r"\d{1,2} de jan\. de 2027 às \d\d:\d\d UTC$"
    assert all(re.search(pattern, line) for line in lines), lines
    bbcode = report(games["pt_BR"], "bbcode")
    assert re.search(r"\[\*\].* de jan\. de 2027 às \d\d:\d\d UTC", bbcode)
    titles = area_titles(report(games["pt_BR"], "svg"))
    assert titles["kings_landing"] == "Porto Real" and titles["blackwater"] == "Água Negra"
    lines = awaited(private(games["pt_BR"], "lannister"))
    assert all(re.search(r"UTC \(\d\d:00 no horário de Moscou\)$", line) for line in lines)


def test_english_reports_keep_their_deadlines_and_names(games: dict[str, Path]) -> None:
    lines = awaited(report(games["en"], "md"))
    assert lines
    assert all(re.search(r", by 2027-01-0\d \d\d:\d\d UTC$", line) for line in lines), lines
    assert area_titles(report(games["en"], "svg"))["kings_landing"] == "King's Landing"
    moscow = awaited(private(games["en"], "lannister"))
    assert all(re.search(r"UTC \(\d\d:00 MSK in Europe/Moscow\)$", line) for line in moscow)


def test_the_map_command_draws_in_the_readers_language(games: dict[str, Path]) -> None:
    game = games["ru"]
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["players"]["stark"]["lang"] = "pt_BR"
    (game / "game.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False))
    public = cli("map", game)
    assert public.exit_code == 0, public.output
    assert area_titles(public.output)["winterfell"] == "Винтерфелл"
    mine = cli("map", game, "--house", "stark")
    assert area_titles(mine.output)["kings_landing"] == "Porto Real"
    assert "Mapa privado da Casa Stark" in mine.output


@pytest.mark.parametrize("lang", ["en", "pt_BR"])
def test_a_private_reports_heading_stands_on_its_own_line(
    games: dict[str, Path], lang: str
) -> None:
    """The heading is followed by a blank line, not glued to the next section's heading."""
    lines = private(games[lang], "stark").splitlines()
    assert lines[0].startswith("## ") and "#" not in lines[0][3:]
    assert lines[1] == ""


def test_the_portuguese_heading_spans_the_run_with_contractions(games: dict[str, Path]) -> None:
    """«da rodada 1 (Fase de Planejamento) ao Corvo Mensageiro», not «de rodada 1 … a …»
    (issue 20): the phase is named as `status` names it, with its own article."""
    heading = report(games["pt_BR"], "md").splitlines()[0]
    assert heading == "## pt\\_BR — da rodada 1 (Fase de Planejamento) ao Corvo Mensageiro"
