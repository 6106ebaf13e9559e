"""A third game moves in: tally (tests/example_game) is played through the real engine,
from `new` to its end, by order files, a deadline and a replay, with nothing of the engine
changed for it: its three folders and its registry line are all it wrote."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
import yaml
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from adjudicator import engine, mapwords, render
from adjudicator.bots import Bots, PlayStats, bot_source, in_memory, play
from adjudicator.create import create_game
from adjudicator.dice import Dice
from adjudicator.i18n import catalog, catalog_files
from adjudicator.mapdraw import draw_svg
from adjudicator.notes import NOTES
from adjudicator.replay import replay_game
from adjudicator.rulesets import find_ruleset, known_games
from adjudicator.rulesets.audience import See, UndeclaredEvent
from adjudicator.table import advance
from tests.conftest import START
from tests.example_game import HOME, register
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


def test_tally_speaks_russian_from_its_own_catalog(tmp_path, monkeypatch) -> None:
    """Its sentences are in tests/example_game/games/tally/locale/, beside its data: the
    engine reads them with its own catalogs because tally is registered."""
    register(monkeypatch)
    game = tmp_path / "t"
    settings = {"maps": False, "lang": "ru"}
    create_game(game, "tally", now=START, passwords=PASSWORDS, settings=settings)
    send(game, "north", "pick 3", "n1.txt")
    send(game, "south", "pick 2", "s1.txt")
    engine.run(game, START + timedelta(minutes=5))
    report = (game / "reports" / "0001.md").read_text(encoding="utf-8")
    assert "Север: в раунде 1 выбрано число 3." in report
    assert "**Север** выигрывает раунд 1." in report
    assert "### Счёт" in report


@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
def test_tallys_catalog_holds_what_its_templates_say_and_nothing_else(monkeypatch, lang) -> None:
    """The catalog test of tests/test_i18n.py, for a game outside the package: every
    message tally's templates and map use is in its catalog, none is unused or in two
    files."""
    register(monkeypatch)
    files = catalog_files(lang)
    assert f"tally/{lang}.po" in files
    with files[f"tally/{lang}.po"].open("rb") as po:
        own = {m.id: m.string for m in read_po(po, locale=lang) if m.id}
    used = {
        message
        for _file, _line, message, _c, _x in extract_from_dir(
            str(HOME / "templates"),
            [("**.j2", "jinja2")],
            {"**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "false"}},
        )
    }
    used |= set(mapwords.messages("tally"))  # the map's words: drawing.yaml
    engine_ids = {m.id for m in catalog(lang) if m.id} - set(own)
    assert sorted(used - engine_ids) == sorted(own) and all(own.values())
    seen: set[str] = set()
    for name, path in files.items():
        with path.open("rb") as po:
            ids = {m.id for m in read_po(po, locale=lang) if m.id}
        assert not ids & seen, f"{name} repeats {sorted(ids & seen)}"
        seen |= ids


def test_a_game_of_the_package_needs_no_registry_line(monkeypatch) -> None:
    """Each subpackage of adjudicator.rulesets is a game; only a game kept elsewhere (tally,
    beside the tests) names its module in `RULESETS`."""
    assert list(known_games()) == ["baltic", "westeros"]
    register(monkeypatch)
    assert known_games()["tally"] == "tests.example_game.tally"
    assert find_ruleset("tally") is RULESET


def test_tallys_map_is_drawn_in_its_own_words(monkeypatch) -> None:
    """The drawer knows no tally: drawing.yaml names its sides (the view's players, said
    data-player) and its shields (points per camp, class "score"); the words are tally's."""
    register(monkeypatch)
    state = RULESET.restore({"round": 2, "scores": {"north": 1, "south": 0}})
    svg = draw_svg(RULESET.view(state, "north"), lang="ru")
    assert '<g class="score" data-strength="1" data-player="north">' in svg
    assert '<g class="score" data-strength="0" data-player="south">' in svg
    assert "Лагерь Севера" in svg and ">Очки<" in svg and ">Подсчёт<" in svg
    assert "Личная карта: Север" in svg  # the engine's own phrase, tally's name
    assert "data-house" not in svg and 'class="castle"' not in svg


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
