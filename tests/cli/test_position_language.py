"""`new --position` refuses a faulty position file in the language `new --lang` asks for
(issue 12): every fault with its YAML path, game words from names.yaml, nothing created."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
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
    assert lines[0] == "Ошибка: в позиции есть ошибки:"
    assert "  houses[5]: Старк указан дважды" in lines
    assert "  round: нужно целое число от 1 до 10, а не 11" in lines
    assert "  supply: не хватает: Ланнистер, Баратеон, Грейджой, Тирелл" in lines
    assert (
        "  units.Blackwater Bay.stark[0]: рыцарь может стоять только на суше, "
        "а не в Черноводном заливе"
    ) in lines
    assert (
        "  units.Winterfell.stark[0]: корабль может стоять только в море или в порту, "
        "а не в Винтерфелле"
    ) in lines
    assert "  units.Nowhere: неизвестная область «Nowhere» (может быть, Орлиное Гнездо?)" in lines
    assert "  hands.lannister[0]: неизвестная карта дома «Nobody»" in lines
    assert (
        "  tracks.iron_throne[3]: 'martell' — не дом этой игры "
        "(stark, lannister, baratheon, greyjoy, tyrell)" in lines
    )
    assert all(re.search("[а-я]", line) for line in lines), "an English fault is left"


def test_westeros_position_faults_in_portuguese(tmp_path: Path) -> None:
    lines = refuse(tmp_path, "westeros", WESTEROS_FAULTS, "pt_BR").splitlines()
    assert lines[0] == "Erro: a posição tem erros:"
    assert "  houses[5]: Stark aparece duas vezes" in lines
    assert "  supply: faltam Lannister, Baratheon, Greyjoy, Tyrell" in lines
    assert (
        "  units.Blackwater Bay.stark[0]: um Cavaleiro só pode ficar em terra, "
        "e a Baía da Água Negra é mar ou porto"
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


def baltic_faults() -> dict:
    """Poltava with faults of every part: blocks, cargo, markers and a running game's keys."""
    from adjudicator.rulesets.baltic.board import load_board

    data = copy.deepcopy(load_board().scenario("poltava"))
    entries = {e["block"]: e for e in data["blocks"]}
    data["blocks"][0]["strength"] = 5  # Karl XII has max 4
    data["blocks"][1]["block"] = "swe_karl"  # listed twice, Lewenhaupt missing
    data["markers"]["mecklenburg"] = "SWE"  # a transit territory takes no marker
    data["colour"] = "blue"
    entries["swe_sjoblad"].update(at="gulf_of_finland")
    for block in ("swe_livgardet", "swe_stenbock"):  # an army and a regiment: 9.2d
        entries[block].pop("at", None)
        entries[block]["aboard"] = "swe_sjoblad"
    entries["swe_armfeldt"].update(at="H:smaland", strength=1)  # not a fleet
    return data


def test_baltic_position_faults_in_russian(tmp_path: Path) -> None:
    lines = refuse(tmp_path, "baltic", baltic_faults(), "ru").splitlines()
    assert lines == [
        "Ошибка: в позиции есть ошибки:",
        "  markers.mecklenburg: на эту территорию маркер не кладётся (1.4)",
        "  blocks[0]: сила блока Карл XII (5) должна быть от 1 до 4",
        "  blocks[1]: Карл XII указан дважды (ещё в blocks[0])",
        "  blocks[6]: Армфельт (at: H:smaland): в гавани стоят только флоты",
        "  blocks: не хватает: Левенгаупт (перечислите все блоки, даже те, что в запасе)",
        "  флот Шёблад везёт Стенбок, Лейб-гвардия: больше, чем позволяет 9.2d",
        "  colour: такого ключа нет в позиции baltic",
    ]


def test_baltic_position_faults_in_portuguese_and_english(tmp_path: Path) -> None:
    lines = refuse(tmp_path, "baltic", baltic_faults(), "pt_BR").splitlines()
    assert lines[0] == "Erro: a posição tem erros:"
    assert "  blocks[0]: a força 5 de Carlos XII não está entre 1 e 4" in lines
    assert "  a frota Sjöblad leva Stenbock, Guarda Real: mais do que 9.2d permite" in lines
    english = refuse(tmp_path, "baltic", baltic_faults(), "en").splitlines()
    assert english == [
        "Error: the position has faults:",
        "  markers.mecklenburg: not a territory that takes a marker (1.4)",
        "  blocks[0]: swe_karl strength 5 is not within 1..4",
        "  blocks[1]: swe_karl is listed twice (also blocks[0])",
        "  blocks[6]: swe_armfeldt at H:smaland: only fleets lie in a harbor",
        "  blocks: missing swe_lewenhaupt (list every block, even in the pool)",
        "  fleet swe_sjoblad carries swe_stenbock, swe_livgardet: more than 9.2d allows",
        "  colour: not a key of a baltic position",
    ]


def test_baltic_harbor_over_strength_has_russian_plural_forms() -> None:
    from adjudicator.rulesets.baltic.board import load_board
    from adjudicator.rulesets.baltic.position import PositionError, load_position

    data = copy.deepcopy(load_board().scenario("poltava"))
    entries = {e["block"]: e for e in data["blocks"]}
    entries["swe_livgardet"]["at"] = "lithuania"
    for fleet in ("swe_sjoblad", "den_gyldenlove", "den_tordenskjold"):
        entries[fleet].update(at="H:estland", strength=2)
    with pytest.raises(PositionError) as caught:
        load_position(data)
    said, english = caught.value.say("ru", "baltic"), str(caught.value)
    assert "  blocks: в гавани Эстляндии 3 флота — больше, чем её сила" in said
    assert "  blocks: 3 fleets in the harbor of estland, over its strength" in english


def test_new_game_options_refused_in_the_language_asked_for(tmp_path: Path) -> None:
    def new(*args: str) -> str:
        folder = tmp_path / "g"
        result = CliRunner().invoke(main, ["new", str(folder), *args])
        assert result.exit_code == 1 and not folder.exists()
        return result.stderr

    ports = new("--game", "westeros", "--lang", "ru", "--option", "ports=bogus")
    assert "  options.ports: неизвестный параметр или значение 'bogus'; известны: ports" in ports
    # No position file was given: the heading names what was wrong, the options (issue 20).
    assert ports.startswith("Ошибка: с такими параметрами игру не начать:\n")
    players = new("--game", "westeros", "--lang", "pt_BR", "--players", "2")
    assert players == (
        "Erro: não dá para começar o jogo com estas opções:\n"
        "  players: westeros é para 3 a 6 jogadores, não 2\n"
    )
    english = new("--game", "westeros", "--option", "ports=bogus")
    assert english.startswith("Error: the game cannot be started with these options:\n")
    colour = new("--game", "baltic", "--lang", "ru", "--option", "colour=x")
    only = "  параметр 'colour': baltic поддерживает только scenario=grand_campaign|poltava"
    assert only in colour
    scenario = new("--game", "baltic", "--lang", "ru", "--option", "scenario=nowhere")
    unknown = "  scenario: неизвестный сценарий «nowhere»; сценарии: grand_campaign, poltava"
    assert unknown in scenario
    assert scenario.startswith("Ошибка: с такими параметрами игру не начать:\n")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Error: --players, --option cannot go with --position: a position file holds"),
        ("ru", "Ошибка: --players, --option нельзя указывать вместе с --position: игроки"),
        ("pt_BR", "Erro: --players, --option não combina com --position: os jogadores e"),
    ],
)
def test_players_and_options_beside_a_position_are_refused_not_dropped(
    tmp_path: Path, lang: str, said: str
) -> None:
    """The position holds its own players and options: given too, they would be dropped in
    silence, so `new` refuses them and creates nothing."""
    start = tmp_path / "start.yaml"
    start.write_text(yaml.safe_dump(six_player_position()), encoding="utf-8")
    folder = tmp_path / "g"
    args = ["new", folder, "--game", "westeros", "--lang", lang, "--position", start]
    result = CliRunner().invoke(main, [*map(str, args), "--players", "4", "--option", "ports=x"])
    assert result.exit_code == 2 and not folder.exists(), result.output
    assert result.stderr.splitlines()[-1].startswith(said)
    alone = CliRunner().invoke(main, [*map(str, args)])
    assert alone.exit_code == 0 and (folder / "game.yaml").exists(), alone.output
