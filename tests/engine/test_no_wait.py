"""Requests never waited for (`Request.wait=False`) and answers that take in several
instructions (`Choice.uses`): the engine machinery baltic's standing lines use (13.1)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adjudicator import engine
from adjudicator.create import create_game
from adjudicator.rulesets import RULESETS
from tests.conftest import START

PASSWORDS = {"a": "pw-a-long", "b": "pw-b-long"}


@pytest.fixture
def fake(tmp_path, monkeypatch):
    monkeypatch.setitem(RULESETS, "fake", "tests.engine.fake_game")
    path = tmp_path / "g"
    create_game(path, "fake", now=START, passwords=PASSWORDS)
    return path


def submit(path, player: str, body: str, minutes: int) -> None:
    with engine.open_game(path) as game:
        game.submit(
            f"player: {player}\npassword: {PASSWORDS[player]}\n{body}",
            source=f"test:{player}:{minutes}",
            received=START + timedelta(minutes=minutes),
        )
        game.save_private()


def advance(path, minutes: int) -> tuple[list, dict]:
    with engine.open_game(path) as game:
        resolved = game.advance(START + timedelta(minutes=minutes))
        game.save_private()
        return resolved, game.requests


def test_a_no_wait_request_is_answered_by_default_at_once_without_nmr(fake) -> None:
    _, requests = advance(fake, 1)
    assert sorted(requests) == ["s0/orders/a"]  # b is never waited for, has no deadline
    submit(fake, "a", "go", 2)
    resolved, _ = advance(fake, 3)
    with engine.open_game(fake) as game:
        log = game.state["log"]
    assert log[:2] == [
        ["s0/orders/a", ["go"], "instruction"],
        ["s0/standing/b", ["default"], "default"],
    ]
    assert not [e for _, events in resolved for e in events if e.kind == "nmr"]


def test_uses_marks_every_instruction_taken_in(fake) -> None:
    submit(fake, "b", "one\ntwo\nthree", 1)
    submit(fake, "a", "go", 2)
    advance(fake, 3)
    with engine.open_game(fake) as game:
        log = game.state["log"]
        used = set(game.used)
    assert ["s0/standing/b", ["one", "two", "three"], "instruction"] in log
    assert {f"0001-b:{n}" for n in (1, 2, 3)} <= used
    submit(fake, "a", "again", 4)
    advance(fake, 5)
    with engine.open_game(fake) as game:
        log = game.state["log"]
    # taken in once: the next step's standing request for b falls back to its default
    assert ["s1/standing/b", ["default"], "default"] in log


def test_secret_submissions_stay_private_until_the_game_ends(fake, monkeypatch) -> None:
    from tests.engine.fake_game import RULESET

    monkeypatch.setattr(RULESET, "secret_submissions", True, raising=False)
    submit(fake, "a", "go", 1)
    advance(fake, 2)
    with engine.open_game(fake) as game:
        assert game.revealed_submissions() == []  # used, but the game goes on
    submit(fake, "a", "again", 3)
    advance(fake, 4)
    with engine.open_game(fake) as game:
        assert not RULESET.requests(game.state)
        assert [s.id for s in game.revealed_submissions()] == ["0001-a", "0002-a"]
