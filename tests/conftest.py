"""Shared fixtures: real game folders with real git, fixed passwords, a fixed clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from adjudicator.create import create_game

if TYPE_CHECKING:
    from click.testing import Result

START = datetime(2027, 1, 1, 12, 0, tzinfo=UTC)
SIX = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")

SAMPLE_ORDERS = {
    "stark": "Winterfell: march +1\nWhite Harbor: defense\nThe Shivering Sea: support\n",
    "lannister": "Lannisport: march\nStoney Sept: raid\nThe Golden Sound: support\n"
    "Port of Lannisport: consolidate power\n",
    "baratheon": "Dragonstone: march +1\nKingswood: march\nShipbreaker Bay: raid\n",
    "greyjoy": "Pyke: march\nPort of Pyke: raid\nIronman's Bay: support\n"
    "Greywater Watch: defense\n",
    "tyrell": "Highgarden: march\nDornish Marches: march -1\nRedwyne Straits: raid\n",
    "martell": "Sunspear: defense +2\nSalt Shore: march\nSea of Dorne: consolidate power\n",
}


GM_SECRET = ("5e" * 32).encode()
"""The GM secret of every game a test creates (in this process), so that its dice are the
same on every run; pass `secret=` to `create_game` for another."""


@pytest.fixture(scope="session", autouse=True)
def fixed_gm_secret() -> Iterator[bytes]:
    """Every game created in the tests draws `GM_SECRET`, not a random one: a bot game's
    dice, and so what its reports say, must not change from run to run. Session-wide, so
    that module-scoped games (played once for a file) are seeded too."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("adjudicator.create.new_secret", lambda: GM_SECRET)
        yield GM_SECRET


def password(house: str) -> str:
    return f"pw-{house}"


def order_file(house: str, body: str, pw: str | None = None) -> str:
    return f"house: {house}\npassword: {pw or password(house)}\n{body}"


@pytest.fixture
def new_game(tmp_path: Path):
    """Create a game folder; returns its path. Keyword arguments go to `create_game`."""

    def make(name: str = "g", players: int = 6, **kwargs) -> Path:
        from adjudicator.rulesets.westeros.board import load_board

        path = tmp_path / name
        houses = load_board().setups[players]["houses"]
        kwargs.setdefault("passwords", {h: password(h) for h in houses})
        create_game(path, "westeros", now=START, players=players, **kwargs)
        return path

    return make


def drop(game: Path, house: str, body: str, name: str | None = None, pw: str | None = None) -> Path:
    """Put an order file into the game's inbox, as a player would."""
    path = game / "inbox" / (name or f"{house}.txt")
    path.write_text(order_file(house, body, pw), encoding="utf-8")
    return path


def cli(*args: object) -> Result:
    """The real CLI, run in-process; arguments as text (paths welcome). An exception the CLI
    does not handle becomes the result's exit code and `exception`."""
    from click.testing import CliRunner

    from adjudicator.cli import main

    return CliRunner().invoke(main, [str(a) for a in args])


def cli_raising(*args: object) -> Result:
    """`cli`, but an exception the CLI does not handle is raised in the test."""
    from click.testing import CliRunner

    from adjudicator.cli import main

    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(autouse=True)
def cheap_password_hashes(request, monkeypatch):
    """argon2id at its smallest cost in tests (as Django tests use a fast hasher): a real
    check takes ~40 ms and the suite makes thousands. Tests marked `real_hashes` (and every
    CLI run in a subprocess) use the real parameters."""
    if request.node.get_closest_marker("real_hashes") is None:
        from adjudicator import auth

        monkeypatch.setattr(auth, "ARGON2", {"time_cost": 1, "memory_cost": 8, "parallelism": 1})
