"""Issue 18, point 16: a player's address must be one that mail can come from, whether
given to `new --player` or edited into game.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.conftest import cli

NOW = "2027-01-01T13:00:00Z"


@pytest.mark.parametrize("address", ["ann@", "ann at example.org", "ann@example..org", "a@b@c"])
def test_new_refuses_a_player_address_mail_cannot_come_from(tmp_path: Path, address: str) -> None:
    result = cli(
        "new", tmp_path / "g", "--game", "westeros", "--players", "6",
        "--player", f"stark=Ann <{address}>",
    )  # fmt: skip
    assert result.exit_code == 1
    assert f"'{address}' is not an e-mail address; write it as name@domain" in result.output
    assert not (tmp_path / "g").exists()


def test_new_takes_a_plain_address(tmp_path: Path) -> None:
    entry = "stark=Ann <ann.b+w1@mail.example.org>"
    result = cli("new", tmp_path / "g", "--game", "westeros", "--players", "6", "--player", entry)
    assert result.exit_code == 0, result.output


def _edit_stark(game: Path, **changes: str) -> None:
    meta = yaml.safe_load((game / "game.yaml").read_text())
    meta["players"]["stark"].update(changes)
    (game / "game.yaml").write_text(yaml.safe_dump(meta, sort_keys=False, allow_unicode=True))


def test_a_hand_edited_address_that_is_not_one_is_refused(new_game) -> None:
    game = new_game()
    _edit_stark(game, email="ann example.org")
    result = cli("status", game)
    assert result.exit_code == 1
    assert "players.stark.email: 'ann example.org' is not allowed" in result.output


def test_new_refuses_an_address_outside_angle_brackets(tmp_path: Path) -> None:
    entry = "stark=Ann ann@example.org"
    result = cli("new", tmp_path / "g", "--game", "westeros", "--players", "6", "--player", entry)
    assert result.exit_code == 1
    assert "put the e-mail address in angle brackets" in result.output
