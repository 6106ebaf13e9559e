"""Issue 18, point 5: a player's mail of an earlier step, sent again with a new Message-ID,
is refused with a clear reason, whether its Date is old or new; a mail written in time and
a new text are accepted."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from adjudicator import engine
from adjudicator.create import create_game
from adjudicator.rulesets import RULESETS
from adjudicator.submissions import SubmissionRejected
from tests.conftest import SAMPLE_ORDERS, START, drop, order_file

ORDERS = order_file("stark", SAMPLE_ORDERS["stark"])


@pytest.fixture
def game(new_game) -> Path:
    return new_game(roster={"stark": {"name": "Ann", "email": "a@example.org"}})


def _mail(path: Path, text: str, message_id: str, written_min: int, received_min: int):
    return engine.submit(
        path,
        text,
        source=f"mail:<{message_id}>",
        received=START + timedelta(minutes=received_min),
        sender="a@example.org",
        written=START + timedelta(minutes=written_min),
    )


def _first_step_played(path: Path) -> None:
    """Stark mails the planning orders, the others drop files; planning resolves at 13:00."""
    _mail(path, ORDERS, "first@example.org", 5, 6)
    for house, body in SAMPLE_ORDERS.items():
        if house != "stark":
            drop(path, house, body)
    result = engine.run(path, START + timedelta(minutes=60))
    assert result.steps >= 1
    with engine.open_game(path) as loaded:
        assert all(s.player != "stark" for s in loaded.submissions), "spent by the step"


@pytest.fixture
def fake(tmp_path: Path, monkeypatch) -> Path:
    """The fake game, one round a step: player a mails 'hold' (Date 12:05), and round 2
    begins at 13:00."""
    from tests.engine import fake_game

    monkeypatch.setitem(RULESETS, "fake", "tests.engine.fake_game")
    monkeypatch.setattr(fake_game.Fake, "epoch", lambda self, state: f"round {state['step']}")
    path = tmp_path / "fake"
    roster = {"a": {"name": "A", "email": "a@example.org"}}
    create_game(path, "fake", now=START, passwords={"a": "pw-a-long"}, roster=roster)
    _mail(path, FAKE, "first@example.org", 5, 6)
    with engine.open_game(path) as loaded:
        assert len(loaded.advance(START + timedelta(minutes=60))) == 1
        loaded.save_private()
    return path


FAKE = "player: a\npassword: pw-a-long\nhold\n"


def test_an_old_mail_sent_again_with_a_new_message_id_is_refused(fake: Path) -> None:
    for n, body in enumerate((FAKE, FAKE + "# changed\n")):
        with pytest.raises(SubmissionRejected) as refused:
            _mail(fake, body, f"replayed-{n}@example.org", 5, 120)
        said = refused.value.say("en", None)
        assert "this mail was written at 2027-01-01T12:05:00Z, before the game's current " in said
        assert "round began (2027-01-01T13:00:00Z)" in said
        assert "Send your orders again." in said
        assert refused.value.player == "a"


def test_the_same_text_with_a_new_date_is_refused_as_sent_before(fake: Path, game: Path) -> None:
    with pytest.raises(SubmissionRejected) as refused:
        _mail(fake, FAKE, "redated@example.org", 119, 120)
    said = refused.value.say("en", None)
    assert "this is the very text of your orders 0001-a, sent for an earlier step" in said
    _first_step_played(game)  # westeros: the planning mail spent, then mailed again
    with pytest.raises(SubmissionRejected) as refused:
        _mail(game, ORDERS, "redated@example.org", 119, 120)
    said = refused.value.say("en", None)
    assert "this is the very text of your orders 0001-stark, sent for an earlier step" in said


def test_a_new_mail_written_in_this_round_is_accepted(fake: Path) -> None:
    receipt = _mail(fake, FAKE + "# round two\n", "next@example.org", 119, 120)
    assert receipt.player == "a" and not receipt.duplicate
    clock_slow = _mail(fake, FAKE + "# again\n", "slow@example.org", 55, 120)
    assert not clock_slow.duplicate, "a clock five minutes slow is no replay"


def test_an_order_file_of_the_same_text_is_not_refused(fake: Path) -> None:
    with engine.open_game(fake) as loaded:
        receipt = loaded.submit(FAKE, source="file:a.txt", received=START + timedelta(hours=2))
    assert (receipt.submission, receipt.duplicate) == ("0001-a", True), "a copy changes nothing"
