"""Issue 18, point 3: YAML alias bombs and huge values in the files a person writes for us
(game.yaml, a position, a passwords file, the mail config) are refused at once, with a
short message naming the line, and one bad game never holds up the others."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from adjudicator.cron.games import load_config
from adjudicator.gamedir import dump_yaml, load_yaml_text
from adjudicator.inbox.imap import MailSetupError
from tests.conftest import SAMPLE_ORDERS, cli, drop

NOW = "2027-01-01T13:00:00Z"


def _bomb(key: str) -> str:
    """Nine levels of nine aliases: 387 million strings once expanded, 800 bytes written."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
    return "\n".join(lines) + f"\n{key}: *a8\n"


def _timed(*args: object):
    start = time.perf_counter()
    result = cli(*args)
    return result, time.perf_counter() - start


def test_an_alias_bomb_as_position_is_refused_at_once(tmp_path: Path) -> None:
    position = tmp_path / "position.yaml"
    position.write_text(_bomb("round"))
    result, seconds = _timed("new", tmp_path / "g", "--game", "westeros", "--position", position)
    assert result.exit_code == 1
    assert seconds < 2
    assert (
        "anchors and aliases ('&name', '*name') here expand to more than 250000 values"
        in result.output
    )
    assert "line 6" in result.output, "where the expansion passes the limit"
    assert not (tmp_path / "g").exists()


def test_an_alias_bomb_as_passwords_is_refused_at_once(tmp_path: Path) -> None:
    passwords = tmp_path / "passwords.yaml"
    passwords.write_text(_bomb("stark"))
    args = ("new", tmp_path / "g", "--game", "westeros", "--players", "6")
    result, seconds = _timed(*args, "--passwords", passwords)
    assert result.exit_code == 1
    assert seconds < 2
    assert "anchors and aliases" in result.output


def test_an_alias_bomb_in_game_yaml_stops_that_game_only(new_game) -> None:
    bad, good = new_game("bad"), new_game("good")
    with (bad / "game.yaml").open("a") as handle:
        handle.write(_bomb("bomb").replace("a0:", "x0:", 1).replace("\na", "\nx"))
    for house, body in SAMPLE_ORDERS.items():
        drop(good, house, body)
    result, seconds = _timed("status", bad)
    assert result.exit_code == 1 and seconds < 2
    assert "anchors and aliases" in result.output
    result, seconds = _timed("cron", bad.parent, "--now", NOW)
    assert seconds < 5
    assert "anchors and aliases" in result.output
    assert not any((good / "inbox").iterdir()), "the good game took its orders"
    assert any((good / "reports").iterdir())


def test_an_alias_bomb_in_the_mail_config_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(_bomb("imap"))
    config.chmod(0o600)
    try:
        load_config(config, [])
    except MailSetupError as error:
        assert "anchors and aliases" in str(error)
    else:
        raise AssertionError("an alias in the config was read")


def test_a_huge_value_is_quoted_short(new_game) -> None:
    game = new_game()
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("nmr: defaults", f"nmr: {'x' * 100_000}"))
    result = cli("status", game)
    assert result.exit_code == 1
    assert "settings.nmr: 'xxxx" in result.output
    assert len(result.output) < 1000


def test_a_file_larger_than_any_we_write_is_refused(tmp_path: Path) -> None:
    position = tmp_path / "position.yaml"
    position.write_text("round: 1\n" + "# padding\n" * 500_000)
    result = cli("new", tmp_path / "g", "--game", "westeros", "--position", position)
    assert result.exit_code == 1
    assert "is larger than 4 MB" in result.output


def test_a_small_alias_is_read_and_one_inside_itself_is_refused() -> None:
    assert load_yaml_text("a: &x [1, 2]\nb: *x\n") == {"a": [1, 2], "b": [1, 2]}
    with pytest.raises(yaml.YAMLError, match="expand to more than"):
        load_yaml_text("a: &x [1, *x]\n")


def test_we_write_a_shared_value_out_in_full() -> None:
    shared = [1, 2]
    assert "&" not in dump_yaml({"a": shared, "b": shared})
