"""click's own messages (a usage error, «Error:», «Usage:») reach a Russian or Portuguese GM
in their language (issue 20): the GM's language is read from the command line (`new`'s
--lang, else the game folder's settings.lang), English stays click's own, and help pages
stay English."""

from __future__ import annotations

import gettext
import sys
from pathlib import Path

import click
import pytest

from adjudicator.click_messages import MESSAGES, speaking
from tests.conftest import cli


def test_a_value_out_of_range_for_new_in_russian(tmp_path: Path) -> None:
    result = cli("new", tmp_path / "w", "--game", "westeros", "--lang", "ru", "--players", "9")
    assert result.exit_code == 2
    assert result.stderr == (
        "Использование: main new [OPTIONS] DIR\n"
        "Справка: «main new --help».\n"
        "\n"
        "Ошибка: неверное значение '--players': 9 — вне допустимых пределов (2<=x<=6).\n"
    )


def test_the_same_in_portuguese_and_unchanged_in_english(tmp_path: Path) -> None:
    args = ("new", tmp_path / "w", "--game", "westeros", "--players", "9")
    portuguese = cli(*args, "--lang=pt_BR").stderr
    assert portuguese.splitlines()[0] == "Uso: main new [OPTIONS] DIR"
    assert portuguese.splitlines()[1] == 'Para ver a ajuda: "main new --help".'
    assert portuguese.splitlines()[-1] == (
        "Erro: valor inválido para '--players': 9 está fora do intervalo permitido (2<=x<=6)."
    )
    assert cli(*args).stderr.splitlines()[-1] == (
        "Error: Invalid value for '--players': 9 is not in the range 2<=x<=6."
    )


@pytest.mark.parametrize(
    ("lang", "args", "expected"),
    [
        ("ru", ["run", "{game}", "--bogus"], "Ошибка: неизвестный параметр «--bogus»."),
        ("ru", ["extend", "{game}"], "Ошибка: не указан параметр '--hours'."),
        ("ru", ["run", "{game}", "--now"], "Ошибка: параметру «--now» нужно значение."),
        ("ru", ["status", "{game}", "extra"], "Ошибка: лишний аргумент «extra»"),
        ("ru", ["stauts", "{game}"], "Ошибка: неизвестная команда «stauts». Может быть, 'status'?"),
        ("pt_BR", ["run", "{game}", "--bogus"], 'Erro: opção desconhecida: "--bogus".'),
        ("pt_BR", ["extend", "{game}"], "Erro: falta a opção '--hours'."),
        ("pt_BR", ["map", "{game}", "--width", "x"], "Erro: valor inválido para '--width': "
         '"x" não é um número válido.'),
        # one click message for an integer and a decimal: it says neither
        ("ru", ["new", "{game}2", "--game", "westeros", "--lang", "ru", "--players", "2.5"],
         "Ошибка: неверное значение '--players': «2.5» — недопустимое число."),
        ("pt_BR", ["export", "{game}", "--public=yes"],
         'Erro: a opção "--public" não leva valor.'),
    ],
)  # fmt: skip
def test_usage_errors_on_a_game_speak_its_language(
    new_game, lang: str, args: list[str], expected: str
) -> None:
    game = new_game(settings={"lang": lang})
    result = cli(*[a.format(game=game) for a in args])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == expected
    assert "Usage" not in result.stderr and "Error" not in result.stderr


def test_a_missing_file_and_a_wrong_choice_in_russian(tmp_path: Path) -> None:
    base = ("new", tmp_path / "w", "--game", "westeros", "--lang", "ru")
    missing = cli(*base, "--position", tmp_path / "nowhere.yaml").stderr.splitlines()[-1]
    assert (
        missing == f"Ошибка: неверное значение '--position': «{tmp_path / 'nowhere.yaml'}» "
        "не существует."
    )
    folder = cli(*base, "--position", tmp_path).stderr.splitlines()[-1]
    assert (
        folder == f"Ошибка: неверное значение '--position': «{tmp_path}» — это папка, а нужен файл."
    )
    choice = cli(*base, "--nmr", "never").stderr.splitlines()[-1]
    assert choice == (
        "Ошибка: неверное значение '--nmr': «never» не подходит; можно: 'defaults', 'wait', "
        "'wait-then-defaults'."
    )


def test_our_own_errors_are_headed_in_the_gms_language(new_game) -> None:
    """A GameError or a BadParameter of ours was already translated; its «Error:» head and
    the option it names now are too."""
    game = new_game(settings={"lang": "ru"})
    result = cli("run", game, "--now", "yesterday")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Ошибка: неверное значение --now: «yesterday» — не время; пишите, например, "
        "2027-01-05T12:00Z"
    )


def test_help_stays_english_in_a_russian_game(new_game) -> None:
    game = new_game(settings={"lang": "ru"})
    result = cli("run", game, "--help")
    assert result.exit_code == 0
    assert result.output.startswith("Usage: main run [OPTIONS] DIR")
    assert "Options:" in result.output


def test_click_speaks_english_again_after_a_command(tmp_path: Path) -> None:
    cli("new", tmp_path / "w", "--game", "westeros", "--lang", "ru", "--players", "9")
    assert click.exceptions._ is gettext.gettext
    assert click.types.ngettext is gettext.ngettext
    with speaking("ru"):
        assert click.exceptions._("Error: {message}") == "Ошибка: {message}"
    assert click.exceptions._ is gettext.gettext


def test_every_message_we_translate_is_clicks_own() -> None:
    """An upgrade of click that rewords one of them fails here (the GM would read English)."""
    source = "".join(
        Path(module.__file__).read_text(encoding="utf-8")
        for name, module in sorted(sys.modules.items())
        if name.startswith("click.") and getattr(module, "__file__", None)
    )
    for message in MESSAGES:
        for text in (message,) if isinstance(message, str) else message:
            assert f'"{text}"' in source, text
