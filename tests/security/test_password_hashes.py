"""Issue 18, point 4: no password hash in any committed file; argon2id with OWASP's
parameters; an older scrypt hash upgraded at the next good check; an older game's hashes
moved out of game.yaml; weak passwords refused by `new --passwords`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from adjudicator.auth import hash_password, verify_password
from tests.conftest import SAMPLE_ORDERS, cli, drop, password

NOW = "2027-01-01T13:00:00Z"
OLD_STARK = (  # 'pw-stark' as `new` hashed it before issue 18 (scrypt, N=4096)
    "scrypt$4096$8$1$c2FsdHNhbHRzYWx0c2FsdA==$kNtJd3vZqExAuV5EjLXUUPzvc9UcFhI4GrvoqnG8Yfg="
)


def _history(game: Path) -> str:
    """Every committed version of every file."""
    done = subprocess.run(
        ["git", "-C", str(game), "log", "-p", "--all", "--format=%H"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _kept(game: Path) -> dict:
    return yaml.safe_load((game / ".adjudicator" / "password-hashes.yaml").read_text())


def test_the_old_scrypt_fixture_is_what_it_says() -> None:
    assert verify_password("pw-stark", OLD_STARK)
    assert not verify_password("pw-starK", OLD_STARK)


@pytest.mark.real_hashes
def test_hashes_are_argon2id_with_owasp_parameters_and_never_committed(new_game) -> None:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    assert cli("run", game, "--now", NOW).exit_code == 0
    kept = _kept(game)
    assert sorted(kept["players"]) == sorted(SAMPLE_ORDERS)
    for stored in kept["players"].values():
        assert stored.startswith("$argon2id$v=19$m=9216,t=4,p=1$")
        assert stored not in _history(game)
    history = _history(game)
    assert "$argon2" not in history and "scrypt$" not in history
    assert "password:" not in (game / "game.yaml").read_text()


def test_an_older_game_has_its_hashes_moved_out_and_upgraded(new_game) -> None:
    game = new_game()
    (game / ".adjudicator" / "password-hashes.yaml").unlink()
    meta = yaml.safe_load((game / "game.yaml").read_text())
    for house in meta["players"]:
        meta["players"][house]["password"] = OLD_STARK if house == "stark" else "scrypt$x"
    meta["settings"]["gm_password"] = "scrypt$gm"
    (game / "game.yaml").write_text(yaml.safe_dump(meta, sort_keys=False))
    subprocess.run(["git", "-C", str(game), "commit", "-qam", "as before issue 18"], check=True)

    drop(game, "stark", SAMPLE_ORDERS["stark"])
    done = cli("run", game, "--now", NOW)
    assert done.exit_code == 0, done.output
    assert "stark: accepted" in done.output
    head = subprocess.run(
        ["git", "-C", str(game), "show", "HEAD:game.yaml"], capture_output=True, text=True
    ).stdout
    assert "scrypt$" not in head and "gm_password" not in head
    kept = _kept(game)
    assert kept["players"]["stark"].startswith("$argon2id$"), "upgraded at the good check"
    assert verify_password(password("stark"), kept["players"]["stark"])
    assert kept["players"]["lannister"] == "scrypt$x", "not checked yet: kept as it was"
    assert kept["gm"] == "scrypt$gm", "the GM's hash moved, not yet checked"
    status = cli("status", game)
    assert status.exit_code == 0, status.output


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("''", "a password needs at least 8 characters"),
        ("null", "write the password as text"),
        ("1234", "write the password as text"),
        ("abc", "a password needs at least 8 characters"),
        ("[a, b]", "write the password as text"),
    ],
)
def test_new_refuses_a_weak_password(tmp_path: Path, written: str, said: str) -> None:
    passwords = tmp_path / "pw.yaml"
    passwords.write_text(f"stark: {written}\nlannister: good-password\n")
    result = cli(
        "new", tmp_path / "g", "--game", "westeros", "--players", "6", "--passwords", passwords
    )
    assert result.exit_code == 1
    assert f"--passwords: stark: {said}" in result.output
    assert "lannister" not in result.output
    assert not (tmp_path / "g").exists()


def test_the_password_command_gives_a_house_a_new_password(new_game) -> None:
    game = new_game()
    result = cli("password", game, "Stark")
    assert result.exit_code == 0, result.output
    line = result.output.strip().splitlines()[-1]
    house, fresh = line.split(": ")
    assert house == "stark"
    drop(game, "stark", SAMPLE_ORDERS["stark"])  # the old password
    drop(game, "stark", SAMPLE_ORDERS["stark"], name="new.txt", pw=fresh)
    done = cli("run", game, "--now", NOW)
    assert "rejected stark.txt" in done.output
    assert "stark: accepted" in done.output
    assert fresh not in _history(game)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "у Старка новый пароль (он ниже и показан только сейчас); старый больше"
               " не действует"),
        ("pt_BR", "Stark tem uma nova senha (abaixo, mostrada só desta vez); a antiga não"
                  " vale mais"),
    ],
)  # fmt: skip
def test_the_new_password_names_the_house_as_the_gm_reads_it(new_game, lang, expected) -> None:
    """Issue 20: «у игрока stark новый пароль» named the house by its id; the line below,
    which the GM copies, keeps it."""
    result = cli("password", new_game(settings={"lang": lang}), "stark")
    said, line = result.output.strip().splitlines()
    assert said == expected and line.startswith("stark: ")


def test_the_gm_password_is_asked_for_and_kept_hashed(new_game) -> None:
    from click.testing import CliRunner

    from adjudicator.cli import main

    game = new_game()
    typed = "gm-secret-words\ngm-secret-words\n"
    result = CliRunner().invoke(main, ["password", str(game), "--gm"], input=typed)
    assert result.exit_code == 0, result.output
    assert verify_password("gm-secret-words", _kept(game)["gm"])
    assert "gm-secret-words" not in (game / "game.yaml").read_text()


def test_hash_password_makes_argon2id() -> None:
    assert hash_password("x" * 8).startswith("$argon2id$")
