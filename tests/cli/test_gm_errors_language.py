"""The errors and warnings that reach the GM from deeper down (the lock, game.yaml's checks,
an unwritable folder, extend and reveal) are said in the game's language (issue 12, item 2);
English games read exactly what they read before, and commit messages stay English."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

import pytest
import yaml

from adjudicator.gamedir import GameDir, GameError
from adjudicator.text import _l
from tests.conftest import SAMPLE_ORDERS, SIX, cli, drop, order_file
from tests.engine.test_stuck_games import _as_nobody, needs_nobody

NOW = "2027-01-01T13:00Z"


def _edit(game: Path, old: str, new: str) -> None:
    path = game / "game.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def _last_commit(game: Path) -> str:
    log = ["git", "-C", str(game), "log", "-1", "--format=%s"]
    return subprocess.run(log, capture_output=True, text=True, check=True).stdout.strip()


BUSY = {
    "en": "Error: another adjudicator run is working on {game}; try again when it ends\n",
    "ru": "Ошибка: с игрой {game} сейчас работает другой запуск adjudicator; повторите, когда "
    "он закончит\n",
    "pt_BR": "Erro: outra execução do adjudicator está trabalhando em {game}; tente de novo "
    "quando ela terminar\n",
}


@pytest.mark.parametrize("lang", ["en", "ru", "pt_BR"])
def test_a_second_run_while_the_lock_is_held_is_refused_in_the_gms_language(
    new_game, lang: str
) -> None:
    game = new_game(settings={"lang": lang})
    with GameDir(game).lock():
        result = cli("run", game, "--now", NOW)
        paused = cli("pause", game)  # `status` reads without the lock (issue 18, point 14)
    assert result.exit_code == 1 and paused.exit_code == 1
    assert result.stderr == BUSY[lang].format(game=game)
    assert paused.stderr == BUSY[lang].format(game=game)


def test_a_misspelled_settings_key_is_named_with_the_closest_one_in_russian(new_game) -> None:
    game = new_game(settings={"lang": "ru"})
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    _edit(game, "deadline_hours: 48", "deadlin_hours: 1")
    _edit(game, "nmr: defaults", "nmr: wiat")
    for command in (["run", game, "--now", NOW], ["status", game]):
        result = cli(*command)
        assert result.exit_code == 1
        assert result.stderr == (
            f"Ошибка: {game / 'game.yaml'} нужно исправить вручную; ничего не изменено:\n"
            "  settings.deadlin_hours: неизвестный ключ; может быть, «deadline_hours»?\n"
            "  settings.nmr: значение 'wiat' недопустимо; ожидается одно из: defaults, wait, "
            "wait-then-defaults\n"
        )
    assert (game / "inbox" / "stark.txt").exists()


def test_a_wrong_settings_value_in_portuguese_and_unchanged_in_english(new_game) -> None:
    game = new_game(settings={"lang": "pt_BR"})
    _edit(game, "deadline_hours: 48", "deadline_hours: -5")
    assert cli("status", game).stderr == (
        f"Erro: {game / 'game.yaml'} precisa ser corrigido à mão; nada foi alterado:\n"
        "  settings.deadline_hours: o valor -5 não é permitido; use um número de horas acima "
        "de 0\n"
    )
    english = new_game("e")
    _edit(english, "deadline_hours: 48", "deadlin_hours: 1")
    assert cli("status", english).stderr == (
        f"Error: {english / 'game.yaml'} needs fixing by hand; nothing was changed:\n"
        "  settings.deadlin_hours: unknown key; did you mean 'deadline_hours'?\n"
    )


def test_a_game_yaml_that_is_not_yaml_is_reported_in_english(new_game) -> None:
    """Its language cannot be read, so the GM gets the English message."""
    game = new_game(settings={"lang": "ru"})
    (game / "game.yaml").write_text("schema: 1\nsettings: {lang: ru\n")
    result = cli("status", game)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {game / 'game.yaml'} is not valid YAML at line 3")


def test_a_key_written_twice_is_named_in_russian(new_game) -> None:
    game = new_game(settings={"lang": "ru"})
    _edit(game, "deadline_hours: 48", "deadline_hours: 48\n  nmr: wait")
    result = cli("status", game)
    assert result.stderr == (
        f"Ошибка: {game / 'game.yaml'} — некорректный YAML в строке 9, столбце 3: ключ «nmr» "
        f"встречается дважды. Исправьте файл вручную или восстановите его командой «git -C "
        f"{game} checkout -- game.yaml»; ничего не изменено.\n"
    )


def _read_only(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Make `folder` read-only (0555); as root, who writes through any mode bits, also
    have os.access answer for it as the kernel answers an ordinary user."""
    folder.chmod(0o555)
    if os.geteuid() == 0:
        real = os.access

        def access(path: object, mode: int, *args: object, **kwargs: object) -> bool:
            if Path(str(path)) == folder and mode & os.W_OK:
                return bool(folder.stat().st_mode & stat.S_IWUSR)
            return real(path, mode, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "access", access)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "ru",
            "Ошибка: Этот пользователь не может писать в {folder}, а туда пишутся отчёты. "
            "Исправьте права (например, chmod u+w {folder}) или запустите от имени владельца; "
            "ничего не изменено.\n",
        ),
        (
            "pt_BR",
            "Erro: Este usuário não pode escrever em {folder}, e os relatórios são gravados "
            "lá. Corrija as permissões (por exemplo, chmod u+w {folder}) ou rode como o dono da "
            "pasta; nada foi alterado.\n",
        ),
        (
            "en",
            "Error: {folder} is not writable by this user, and reports are written there. Fix "
            "its permissions (e.g. chmod u+w {folder}) or run as its owner; nothing was "
            "changed.\n",
        ),
    ],
)
def test_a_read_only_reports_folder_is_named_in_the_gms_language(
    new_game, monkeypatch: pytest.MonkeyPatch, lang: str, expected: str
) -> None:
    game = new_game(settings={"lang": lang})
    for house in SIX:
        drop(game, house, SAMPLE_ORDERS[house])
    _read_only(monkeypatch, game / "reports")
    try:
        result = cli("run", game, "--now", NOW)
    finally:
        (game / "reports").chmod(0o755)
    assert result.exit_code == 1
    assert result.stderr == expected.format(folder=game / "reports")
    assert len(list((game / "inbox").iterdir())) == 6


def test_extend_in_russian_and_portuguese_commits_in_english(new_game) -> None:
    game = new_game(settings={"lang": "ru"})
    out = cli("extend", game, "--hours", "24")
    # The deadline as the reports write it, the hours with the reader's decimal mark (issue 20).
    assert out.output == (
        "сроки сдвинуты на +24 ч; ближайший срок теперь 4 янв. 2027\u00a0г., 12:00 UTC\n"
    )
    assert _last_commit(game) == "g: deadlines moved by +24 h"
    game = new_game("p", settings={"lang": "pt_BR"})
    out = cli("extend", game, "--hours", "-1.5")
    assert out.output == (
        "prazos deslocados em -1,5 h; o próximo prazo agora é 3 de jan. de 2027 às 10:30 UTC\n"
    )
    english = new_game("e")
    out = cli("extend", english, "--hours", "24")
    assert out.output == "deadlines moved by +24 h; the next deadline is now 2027-01-04T12:00:00Z\n"


def _played(new_game, name: str, lang: str) -> tuple[Path, str]:
    game = new_game(name, settings={"lang": lang})
    for house in SIX:
        drop(game, house, SAMPLE_ORDERS[house])
    assert cli("run", game, "--now", NOW).exit_code == 0
    return game, (game / ".adjudicator" / "secret").read_text().strip()


def test_reveal_refused_and_done_in_russian_with_plural_forms(new_game) -> None:
    game, secret = _played(new_game, "r", "ru")
    early = cli("reveal", game)
    assert early.exit_code == 1
    assert early.stderr == (
        "Ошибка: игра ещё идёт: если раскрыть секрет сейчас, любой сможет предсказать все "
        "дальнейшие броски и перетасовки. Раскройте его, когда игра закончится (или укажите "
        "--force).\n"
    )
    done = cli("reveal", game, "--force")
    assert done.output == (
        f"секрет опубликован в game.yaml: {secret}; в archive/submissions/ опубликовано 6 "
        "отправок (сверьте каждую с её обязательством в archive/<шаг>/)\n"
    )
    assert _last_commit(game) == "r: GM secret and submissions revealed"


def test_reveal_in_portuguese_and_unchanged_in_english(new_game) -> None:
    game, secret = _played(new_game, "p", "pt_BR")
    assert cli("reveal", game, "--force").output == (
        f"segredo publicado no game.yaml: {secret}; 6 envios publicados em "
        "archive/submissions/ (confira cada um com seu compromisso em archive/<etapa>/)\n"
    )
    game, secret = _played(new_game, "e", "en")
    assert "the game is still running: revealing" in cli("reveal", game).stderr
    assert cli("reveal", game, "--force").output == (
        f"secret published in game.yaml: {secret}; 6 submissions published in "
        "archive/submissions/ (check each against its commitment in archive/<step>/)\n"
    )


def _warned_game(new_game, name: str, lang: str) -> Path:
    """A game whose position was edited by hand, with a dotfile in its inbox."""
    game = new_game(name, settings={"lang": lang})
    _edit(game, "lannister: 5\n    stark: 5", "lannister: 5\n    stark: 25")
    (game / "inbox" / ".stark.txt").write_text(order_file("stark", SAMPLE_ORDERS["stark"]))
    return game


def test_status_warns_in_russian_about_a_hand_edit_and_a_dotfile(new_game) -> None:
    game = _warned_game(new_game, "g", "ru")
    out = cli("status", game, "--now", NOW).output.splitlines()
    assert out[1] == (
        "предупреждение: inbox/.stark.txt пропущен: файлы, имя которых начинается с «.», не "
        "читаются; уберите точку из имени, чтобы файл прочитали"
    )
    assert out[2] == (
        "предупреждение: game.yaml: позиция изменена вручную, и следующий коммит её "
        "перезапишет: adjudicator пишет её из своего состояния. Чтобы изменить позицию, "
        f"выполните «adjudicator export {game} > position.yaml», исправьте этот файл и начните "
        "с него новую игру: «adjudicator new NEWDIR --game westeros --position position.yaml»"
    )
    run = cli("run", game, "--now", NOW)
    assert "предупреждение: game.yaml: позиция изменена вручную" in run.stderr


def test_status_warns_in_portuguese_and_in_english(new_game) -> None:
    game = _warned_game(new_game, "p", "pt_BR")
    out = cli("status", game, "--now", NOW).output.splitlines()
    assert out[1] == (
        'aviso: inbox/.stark.txt foi ignorado: arquivos cujo nome começa com "." nunca são '
        "lidos; renomeie-o sem o ponto para que seja lido"
    )
    assert out[2].startswith("aviso: game.yaml: a posição foi editada à mão")
    english = _warned_game(new_game, "e", "en")
    out = cli("status", english, "--now", NOW).output.splitlines()
    assert out[1] == (
        "warning: inbox/.stark.txt is ignored: files whose names start with '.' are never "
        "read; rename it without the dot to have it read"
    )
    assert out[2] == (
        "warning: game.yaml: the position was edited by hand, and the next commit will "
        "overwrite it: adjudicator writes it from its own state. To change the position, run "
        f"'adjudicator export {english} > position.yaml', edit that file and start a new game "
        "from it with 'adjudicator new NEWDIR --game westeros --position position.yaml'"
    )


def test_not_a_game_folder_is_english_and_a_game_error_is_english_outside_the_cli(
    tmp_path: Path,
) -> None:
    result = cli("run", tmp_path)
    assert result.stderr == (
        f"Error: {tmp_path} is not a game folder (no game.yaml). Create one with "
        f"'adjudicator new {tmp_path} --game westeros --players 6'.\n"
    )
    error = GameError(_l("the game file"), [_l("text")])
    assert str(error) == error.format_message() == "the game file\n  text"
    assert GameError(_l("the game file"), lang="ru").format_message() == "файл игры"


def test_bot_errors_in_russian(new_game, tmp_path: Path) -> None:
    game = new_game(settings={"lang": "ru"})
    wrong = cli("bot", game, "--house", "bolton")
    assert wrong.stderr == (
        "Ошибка: «bolton» не участвует в игре; игроки: stark, lannister, baratheon, greyjoy, "
        "tyrell, martell\n"
    )
    passwords = tmp_path / "pw.yaml"
    passwords.write_text(yaml.safe_dump({"stark": "nope"}))
    bad = cli("bot", game, "--passwords", passwords)
    assert bad.stderr == f"Ошибка: {passwords}: пароль игрока «stark» не совпадает с game.yaml\n"


def test_new_says_a_broken_passwords_file_in_its_lang(tmp_path: Path) -> None:
    passwords = tmp_path / "pw.yaml"
    passwords.write_text("stark: [x\n")
    args = ["new", tmp_path / "w", "--game", "westeros", "--players", "3", "--lang", "pt_BR"]
    result = cli(*args, "--passwords", passwords)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Erro: {passwords} não é um YAML válido (linha 2, coluna 1): ")
    # Issue 18, point 13: the GM's own file, which no `git checkout` restores.
    assert result.stderr.endswith(
        "Corrija o arquivo e rode o comando de novo; nada foi alterado.\n"
    )
    assert not (tmp_path / "w").exists()


@needs_nobody
def test_a_read_only_reports_folder_in_russian_as_an_ordinary_user(tmp_path: Path) -> None:
    """The same, with the kernel's own check: the real command run as 'nobody'."""
    home = Path(tempfile.mkdtemp(prefix="adjudicator-nobody-", dir="/tmp"))
    home.chmod(0o755)
    os.chown(home, 65534, 65534)
    try:
        made = _as_nobody(home, "new", "g", "--game", "westeros", "--players", "6", "--lang", "ru")
        assert made.returncode == 0, made.stderr
        (home / "g" / "reports").chmod(0o555)
        done = _as_nobody(home, "run", "g", "--now", NOW)
        assert done.returncode == 1
        assert done.stderr == (
            "Ошибка: Этот пользователь не может писать в g/reports, а туда пишутся отчёты. "
            "Исправьте права (например, chmod u+w g/reports) или запустите от имени владельца; "
            "ничего не изменено.\n"
        )
    finally:
        shutil.rmtree(home)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "«tomorrow» — не время; пишите, например, 2027-01-05T12:00Z"),
        ("pt_BR", '"tomorrow" não é um horário; escreva, por exemplo, 2027-01-05T12:00Z'),
    ],
)
@pytest.mark.parametrize("command", ["run", "status", "bot", "extend"])
def test_a_wrong_now_is_told_in_the_gms_language(new_game, lang, expected, command) -> None:
    """Issue 20: `--now tomorrow` was answered in English in every game."""
    from click.testing import CliRunner

    from adjudicator.cli import main

    game = new_game(settings={"lang": lang})
    args = [command, str(game), "--now", "tomorrow"] + (["--hours", "1"] * (command == "extend"))
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert expected in result.stderr


@pytest.mark.parametrize(
    ("lang", "head"),
    [
        ("ru", "Ошибка: нет пароля для Старка: выполните «adjudicator bot "),
        ("pt_BR", 'Erro: não há senha para Stark: rode "adjudicator bot '),
        ("en", "Error: no password for stark: run 'adjudicator bot "),
    ],
)
def test_bot_names_a_player_without_a_password_as_the_reports_do(
    new_game, lang: str, head: str
) -> None:
    """Issue 20: «нет пароля игрока stark» showed the id; the player is named, declined."""
    game = new_game(settings={"lang": lang})
    result = cli("bot", game)
    assert result.exit_code == 1
    assert result.stderr.startswith(head)
