"""A third game moves in: tally (tests/example_game) is played through the real engine,
from `new` to its end, by order files, a deadline and a replay, with nothing of the engine
changed for it: its three folders and its registry line are all it wrote."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
import yaml

from adjudicator import engine, render
from adjudicator.bots import Bots, PlayStats, bot_source, in_memory, play
from adjudicator.create import create_game
from adjudicator.dice import Dice
from adjudicator.notes import NOTES
from adjudicator.replay import replay_game
from adjudicator.rulesets.audience import See, UndeclaredEvent
from adjudicator.table import advance
from tests.conftest import START
from tests.example_game import register
from tests.example_game.reported import EVENTS
from tests.example_game.tally import RULESET, emit

PASSWORDS = {"north": "pw-north", "south": "pw-south"}


def send(game, player: str, body: str, name: str) -> None:
    text = f"player: {player}\npassword: {PASSWORDS[player]}\n{body}"
    (game / "inbox" / name).write_text(text, encoding="utf-8")


def test_t1_t4_tally_is_played_to_its_end_through_the_engine(tmp_path, monkeypatch) -> None:
    register(monkeypatch)
    game = tmp_path / "t"
    create_game(game, "tally", now=START, passwords=PASSWORDS, settings={"maps": False})
    # T1, with a standing instruction for round 2 sent ahead
    send(game, "north", "pick 3\nround 2: pick 1", "n1.txt")
    send(game, "south", "pick 2", "s1.txt")
    first = engine.run(game, START + timedelta(minutes=5))
    assert [r.player for r in first.receipts] == ["north", "south"]
    assert first.steps == 1  # round 2 waits for south; north's pick is in
    report = (game / "reports" / "0001.md").read_text(encoding="utf-8")
    assert "North picked 3 in round 1." in report
    assert "South picked 2 in round 1." in report
    assert "**North** scores round 1." in report  # T2
    assert "South: pick a number, by 2027-01-03 12:05 UTC" in report
    # T3: south sends nothing for round 2; at the deadline the default (1) applies
    late = engine.run(game, START + timedelta(hours=49))
    assert late.steps == 1
    report = (game / "reports" / "0002.md").read_text(encoding="utf-8")
    assert '**South** sent nothing for "pick a number" before the deadline (NMR)' in report
    assert "North picked 1 in round 2." in report and "South picked 1 in round 2." in report
    assert "scores round 2" not in report  # equal picks score nothing
    # a bad line is rejected whole, with its line number
    send(game, "north", "pick 7", "n2.txt")
    bad = engine.run(game, START + timedelta(hours=50))
    [(name, rejection)] = bad.rejected
    assert name == "n2.txt" and "line 3" in str(rejection) and "pick 1" in str(rejection)
    send(game, "north", "pick 1", "n3.txt")
    send(game, "south", "pick 3", "s3.txt")
    engine.run(game, START + timedelta(hours=51))
    report = (game / "reports" / "0003.md").read_text(encoding="utf-8")
    assert "**South** scores round 3." in report
    assert "The game is over: North 1, South 1." in report  # T4
    meta = yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))
    assert meta["position"]["scores"] == {"north": 1, "south": 1}
    assert meta["waiting"] == []
    private = (game / ".adjudicator" / "private" / "north" / "0001.md").read_text("utf-8")
    assert "Used: round 1: pick 3" in private
    ok, summary = replay_game(game)
    assert ok, summary


def test_tally_in_memory_by_bots_on_the_same_loop() -> None:
    state = RULESET.new_game({}, Dice(b"t", "t", 0))
    stats = play(RULESET, state, source=bot_source(RULESET, seed=3))
    assert stats.ended and stats.steps == 3 and state.round == 4
    assert sum(state.scores.values()) <= 3


def test_tally_declares_its_events_and_the_loop_its_notes(monkeypatch) -> None:
    """A new game declares its events (`reported.py`): every event and note of a bot game
    played on the reporting loop is declared, of its declared types, and public only in
    fields declared public."""
    register(monkeypatch)
    state = RULESET.new_game({}, Dice(b"t", "t", 0))
    table = replace(in_memory(RULESET, state, b"t", "t"), reported=True)
    resolution = advance(table, Bots(bot_source(RULESET, seed=3), PlayStats(), None))
    told = [(e, EVENTS) for r in resolution.steps for e in r.events]
    told += [(e, NOTES) for r in resolution.steps for e in r.notes]
    assert {e.kind for e, _ in told} == {"picked", "scored", "ended", "instruction_used"}
    for event, declared in told:
        declaration = declared.declaration(event.kind, event.data)
        assert declaration.mistyped(event.data) == [], event
        assert render.has_event_macro("tally", event.kind, event.shape), event
        if event.public:
            assert all(declaration.see[k] is See.PUBLIC for k in event.data), event
        else:
            assert event.to in ("north", "south"), event


def test_an_event_tally_did_not_declare_is_refused() -> None:
    events: list = []
    with pytest.raises(UndeclaredEvent, match=r"'picked' with fields .*'guess'"):
        emit(events, "picked", player="north", pick=2, round=1, guess=3)
    assert events == []
