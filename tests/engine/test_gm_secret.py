"""The GM secret a game is created with: given (a test, a review corpus) or drawn anew.

Every die of a game comes from its secret, so a game created with a given one plays the same
dice on every run: the same orders give the same reports, byte for byte.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import yaml

from adjudicator import engine
from adjudicator.create import create_game, new_secret
from adjudicator.dice import Dice, commitment
from adjudicator.rulesets.baltic.ruleset import RULESET
from tests.conftest import START

PASSWORDS = {"sweden": "pw-sweden", "coalition": "pw-coalition"}


def poltava(path: Path, secret: bytes) -> Path:
    create_game(
        path,
        "baltic",
        now=START,
        options={"scenario": "poltava"},
        passwords=PASSWORDS,
        settings={"png": False, "maps": False},
        secret=secret,
    )
    return path


def play(path: Path, runs: int) -> list[str]:
    """`runs` runs of the seeded bots' orders; the public reports written, in order."""
    now = START
    reports: list[str] = []
    for run in range(runs):
        game, rows = engine.status(path)
        for row in rows:
            side = row["player"]
            text = RULESET.bot(game.state, side, Dice(b"same", side, run), True) or "pass"
            body = f"side: {side}\npassword: {PASSWORDS[side]}\n{text}\n"
            (path / "inbox" / f"{run:03d}-{side}.txt").write_text(body, encoding="utf-8")
        now += timedelta(hours=1)
        result = engine.run(path, now)
        reports += [(path / name).read_text(encoding="utf-8") for name in result.reports]
    return reports


def test_a_given_secret_is_the_games_secret_and_its_commitment(tmp_path: Path) -> None:
    secret = b"a0" * 32
    game = poltava(tmp_path / "g", secret)
    assert (game / ".adjudicator" / "secret").read_bytes() == secret + b"\n"
    meta = yaml.safe_load((game / "game.yaml").read_text())
    assert meta["secret_sha256"] == commitment(secret)


def test_two_games_of_one_secret_roll_the_same_dice(tmp_path: Path) -> None:
    """Same secret, same game id, same orders: the same reports (the rolls included)."""
    first = play(poltava(tmp_path / "one" / "g", b"b1" * 32), 3)
    again = play(poltava(tmp_path / "two" / "g", b"b1" * 32), 3)
    other = play(poltava(tmp_path / "three" / "g", b"c2" * 32), 3)
    assert first and first == again
    assert first != other  # another secret, other dice


def test_a_real_game_draws_a_new_secret_each_time() -> None:
    # `new_secret` as imported here is the real one (conftest replaces the module's
    # attribute, for the games the tests create).
    drawn = {new_secret() for _ in range(3)}
    assert len(drawn) == 3 and all(len(s) == 64 for s in drawn)
