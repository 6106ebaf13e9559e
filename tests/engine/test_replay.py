"""`adjudicator replay` reproduces every commit byte for byte, or names the first difference."""

from __future__ import annotations

import subprocess

from click.testing import CliRunner

from adjudicator.cli import main
from tests.conftest import SAMPLE_ORDERS, drop

GIT_ENV = {
    "GIT_AUTHOR_NAME": "x",
    "GIT_AUTHOR_EMAIL": "x@x",
    "GIT_COMMITTER_NAME": "x",
    "GIT_COMMITTER_EMAIL": "x@x",
    "PATH": "/usr/bin:/bin",
}


def run(*args) -> object:
    return CliRunner().invoke(main, [str(a) for a in args])


def played_game(new_game):
    game = new_game()
    for house in ("stark", "lannister", "baratheon"):
        drop(game, house, SAMPLE_ORDERS[house])
    run("run", game, "--now", "2027-01-01T13:00Z")
    run("extend", game, "--hours", "2")
    for house in ("greyjoy", "tyrell"):
        drop(game, house, SAMPLE_ORDERS[house])
    run("run", game, "--now", "2027-01-02T09:30Z")
    run("run", game, "--now", "2027-01-03T14:00:01Z")  # martell misses the deadline: NMR
    return game


def test_replay_reproduces_a_played_sequence(new_game) -> None:
    game = played_game(new_game)
    result = run("replay", game)
    assert result.exit_code == 0, result.output
    assert "replayed 1 adjudication commit of 3: all identical" in result.output


def test_replay_speaks_the_gms_language_with_plural_forms(new_game) -> None:
    """Issue 20: the replay's summary was English with «commit(s)» in every game."""
    import yaml

    game = played_game(new_game)
    meta = yaml.safe_load((game / "game.yaml").read_text())
    for lang, expected in (
        ("ru", "переигран 1 коммит с разбором хода (всего коммитов: 4): всё совпало"),
        ("pt_BR", "1 commit de resolução repetido (de 5 no total): tudo idêntico"),
    ):
        meta["settings"]["lang"] = lang
        (game / "game.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True))
        subprocess.run(["git", "-C", str(game), "commit", "-qam", lang], check=True, env=GIT_ENV)
        result = run("replay", game)
        assert result.exit_code == 0, result.output
        assert result.output == expected + "\n"


def test_replay_reports_the_first_divergence(new_game) -> None:
    game = played_game(new_game)
    report = game / "reports" / "0001.md"
    report.write_text(report.read_text().replace("March +1", "March +0"))
    subprocess.run(
        ["git", "-C", str(game), "commit", "-qam", "tampered"],
        check=True,
        env=GIT_ENV,
    )
    result = run("replay", game)
    assert result.exit_code == 1
    assert "diverged at commit" in result.output and "reports/0001.md" in result.output


def test_replay_reproduces_a_whole_round_of_battles_and_random_defaults(new_game) -> None:
    """Every house marches by its standing instructions; cards and the rest are NMR
    defaults drawn from the dice, so replay must redraw them exactly."""
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "examples" / "westeros" / "orders"
    game = new_game()
    for order in examples.glob("*.txt"):
        house = order.stem
        body = "\n".join(
            line
            for line in order.read_text().splitlines()
            if not line.startswith(("house:", "password:", "card", "blade", "raven", "bury"))
        )
        drop(game, house, body)
    hour = 13
    for _ in range(30):
        run("run", game, "--now", f"2027-01-{1 + hour // 24:02d}T{hour % 24:02d}:00Z")
        if "round: 2" in (game / "game.yaml").read_text():
            break
        hour += 49
    assert "round: 2" in (game / "game.yaml").read_text()
    result = run("replay", game)
    assert result.exit_code == 0, result.output
    assert "all identical" in result.output
    checked = int(result.output.split("replayed ")[1].split(" ")[0])
    assert checked >= 3  # the planning step and several deadlines' worth of steps
    reports = "".join(p.read_text() for p in (game / "reports").glob("*.md"))
    assert "House cards at Ironman's Bay" in reports and "(NMR)" in reports
