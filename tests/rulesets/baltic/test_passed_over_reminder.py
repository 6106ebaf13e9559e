"""13.5 with issue 17: a standing line the rules pass over inside a step (here the 5.4 hit
order) is told in the side's report of that step, and again in the reminders before its
next deadlines this season and the next, in its language."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from adjudicator import engine
from adjudicator.clock import parse_time
from adjudicator.create import create_game
from adjudicator.publish.notices import due_notices, notice_body
from adjudicator.rulesets.baltic import standing
from adjudicator.rulesets.baltic.position import export
from adjudicator.rulesets.baltic.ruleset import RULESET
from adjudicator.rulesets.baltic.state import State
from adjudicator.text import Name, _l, to_data
from tests.conftest import START
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import play, submit

PASSWORDS = {"sweden": "pw-sweden", "coalition": "pw-coalition"}
LINE = "hit order: Apraksin"
SAID = {"en": LINE, "ru": "порядок потерь: Апраксин", "pt_BR": "ordem das perdas: Apraksin"}
"""The line as its echo says it to each reader (issue 20)."""


def send(path: Path, side: str, body: str, name: str) -> None:
    text = f"side: {side}\npassword: {PASSWORDS[side]}\n{body}\n"
    (path / "inbox" / name).write_text(text, encoding="utf-8")


def battle_in_pskov(tmp_path: Path) -> Path:
    """Summer 1705: Sweden (first) attacks Pskov, where Golitsyn and Weyde stand equally
    strong; the Coalition's hit order names only Apraksin, who is in Novgorod (5.4, D4)."""
    state: State = blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 4),
            "rus_golitsyn": ("pskov", 2),
            "rus_weyde": ("pskov", 2),
            "rus_apraksin": ("novgorod", 2),
        },
    )
    path = tmp_path / "g"
    create_game(
        path,
        "baltic",
        now=START,
        roster={"sweden": {"name": "Ann"}, "coalition": {"name": "Bo", "lang": "ru"}},
        position=export(state),
        passwords=PASSWORDS,
        settings={"png": False, "maps": False},
        secret=b"passed-over",
    )
    send(path, "coalition", LINE, "1-coalition.txt")
    send(path, "sweden", "move Lewenhaupt: Livland -> Pskov", "2-sweden.txt")
    engine.run(path, START + timedelta(minutes=5))
    return path


def coalition_reminder(path: Path, lang: str) -> str:
    _, rows = engine.status(path)
    (row,) = [r for r in rows if r["player"] == "coalition"]
    soon = parse_time(str(row["deadline"])) - timedelta(hours=1)
    (notice,) = due_notices([row], soon, reminder_hours=24)
    return notice_body(notice, "g", "defaults", lang=lang, game="baltic")


def test_5_4_a_hit_order_passed_over_in_a_battle_is_in_the_next_reminder(tmp_path) -> None:
    """The heading says the lines could not be used a short while ago (issue 20: «que não
    foram usadas recentemente» read as lines left unused for some time)."""
    path = battle_in_pskov(tmp_path)
    private = (path / ".adjudicator" / "private" / "coalition" / "0001.md").read_text("utf-8")
    assert f"Ваша постоянная строка «{SAID['ru']}» не применена:" in private, private
    said = {
        "en": (
            "Standing lines of yours that were recently passed over:\n"
            f'  Your standing line "{SAID["en"]}" was not used: it names none of the equally '
            "strong blocks that could take the hit in Pskov: Golitsyn, Weyde (5.4)."
        ),
        "ru": (
            "Ваши постоянные строки, которые в последних ходах не удалось применить:\n"
            f"  Ваша постоянная строка «{SAID['ru']}» не применена: в ней не назван ни один из "
            "равных по силе блоков, которые могли получить попадание в Пскове: Голицын, "
            "Вейде (5.4)."
        ),
        "pt_BR": (
            "Suas linhas permanentes que não puderam ser usadas nos últimos turnos:\n"
            f'  Sua linha permanente "{SAID["pt_BR"]}" não foi usada: ela não nomeia nenhum dos '
            "blocos igualmente fortes que podiam sofrer o acerto em Pskov: Golitsyn, Weyde (5.4)."
        ),
    }
    for lang, told in said.items():
        body = coalition_reminder(path, lang)
        assert told in body, body
    public = (path / "reports" / "0001.md").read_text("utf-8")
    published = public + (path / "game.yaml").read_text("utf-8")
    assert not any(said in published for said in SAID.values())
    assert "Apraksin" not in published  # neither the line nor its echo's data (13.6)


def test_13_5_the_reminders_tell_them_this_season_and_the_next_only() -> None:
    """NOTE (`standing.forget_passed_over`): told again while the season and the next
    last, then forgotten."""
    state = blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 4),
            "rus_golitsyn": ("pskov", 2),
            "rus_weyde": ("pskov", 2),
        },
    )
    submit(state, "coalition", LINE)
    play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", LoadedDice([1] * 4))
    assert [str(t) for t in RULESET.passed_over(state, "coalition")] == [
        f'Your standing line "{LINE}" was not used: it names none of the equally strong '
        "blocks that could take the hit in Pskov: Golitsyn, Weyde (5.4)."
    ]
    assert RULESET.passed_over(state, "sweden") == []
    state.season = "autumn"
    standing.forget_passed_over(state)
    assert len(RULESET.passed_over(state, "coalition")) == 1
    state.season = "winter"
    assert RULESET.passed_over(state, "coalition") == []
    standing.forget_passed_over(state)
    assert state.passed_over == {}


def test_13_5_a_line_passed_over_in_an_older_game_file_is_told_as_written() -> None:
    """A game file of before issue 20 keeps the line passed over as its text: it still
    loads and is told as written; a new one is told by its echo, in the reader's words."""
    state = blank_state()
    why = to_data(_l("%(block)s is at full strength", block=Name("rus_apraksin", "Apraksin")))
    state.passed_over = {
        "coalition": [{"season": standing.season_number(state), "text": LINE, "why": why}]
    }
    loaded = RULESET.restore(RULESET.save(state))
    (told,) = RULESET.passed_over(loaded, "coalition")
    assert told.say("ru", "baltic") == (
        f"Ваша постоянная строка «{LINE}» не применена: Апраксин уже в полной силе."
    )
