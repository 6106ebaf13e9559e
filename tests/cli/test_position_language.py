"""`new --position` refuses a faulty position file in the language `new --lang` asks for
(issue 12): every fault with its YAML path, game words from names.yaml, nothing created."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from click.testing import CliRunner

from adjudicator.cli import main
from tests.rulesets.westeros.harness import six_player_position

WESTEROS_FAULTS = six_player_position(
    round=11,
    houses=["stark", "lannister", "baratheon", "greyjoy", "tyrell", "stark"],
    units={
        "Blackwater Bay": {"stark": ["knight"]},
        "Winterfell": {"stark": ["ship"]},
        "Nowhere": {"stark": ["footman"]},
    },
    supply={"stark": 9},
    hands={"lannister": ["Nobody"]},
)


def refuse(tmp_path: Path, game: str, position: dict, lang: str) -> str:
    """`new` with a bad position: exit code 1, no folder; returns stderr."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(position, allow_unicode=True), encoding="utf-8")
    folder = tmp_path / "g"
    args = ["new", folder, "--game", game, "--lang", lang, "--position", bad]
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 1, result.output
    assert not folder.exists() or not any(folder.iterdir())
    return result.stderr


def test_westeros_position_faults_in_russian(tmp_path: Path) -> None:
    lines = refuse(tmp_path, "westeros", WESTEROS_FAULTS, "ru").splitlines()
    assert lines[0] == "Error: в позиции есть ошибки:"
    assert "  houses[5]: Старк указан дважды" in lines
    assert "  round: нужно целое число от 1 до 10, а не 11" in lines
    assert "  supply: не хватает: Ланнистер, Баратеон, Грейджой, Тирелл" in lines
    assert (
        "  units.Blackwater Bay.stark[0]: рыцарь может стоять только на суше, "
        "а Залив Черноводной — море или порт"
    ) in lines
    assert (
        "  units.Winterfell.stark[0]: корабль может стоять только в море или в порту, "
        "а Винтерфелл — суша"
    ) in lines
    assert "  units.Nowhere: нет области «Nowhere» (может быть, Орлиное Гнездо?)" in lines
    assert "  hands.lannister[0]: нет карты дома «Nobody»" in lines
    assert (
        "  tracks.iron_throne[3]: 'martell' — не дом этой игры "
        "(stark, lannister, baratheon, greyjoy, tyrell)" in lines
    )
    assert all(re.search("[а-я]", line) for line in lines), "an English fault is left"


def test_westeros_position_faults_in_portuguese(tmp_path: Path) -> None:
    lines = refuse(tmp_path, "westeros", WESTEROS_FAULTS, "pt_BR").splitlines()
    assert lines[0] == "Error: a posição tem erros:"
    assert "  houses[5]: Stark aparece duas vezes" in lines
    assert "  supply: faltam Lannister, Baratheon, Greyjoy, Tyrell" in lines
    assert (
        "  units.Blackwater Bay.stark[0]: a unidade Cavaleiro só pode ficar em terra, "
        "e Baía da Água Negra é mar ou porto"
    ) in lines


def test_westeros_position_faults_in_english_are_unchanged(tmp_path: Path) -> None:
    lines = refuse(tmp_path, "westeros", WESTEROS_FAULTS, "en").splitlines()
    assert lines[0] == "Error: the position has faults:"
    assert "  houses[5]: stark is listed twice" in lines
    assert "  supply: missing lannister, baratheon, greyjoy, tyrell" in lines
    assert (
        "  units.Blackwater Bay.stark[0]: a knight can only stand on land, not in Blackwater Bay"
    ) in lines
    assert "  units.Nowhere: no area called 'Nowhere' (did you mean The Eyrie?)" in lines
