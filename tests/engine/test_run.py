"""End to end through the CLI: new game, order files, run, reports, export, git."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from adjudicator.cli import main
from tests.conftest import SAMPLE_ORDERS, SIX, drop, password
from tests.conftest import cli_raising as cli

NOW = "2027-01-01T13:00Z"


def commits(game: Path) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(game), "log", "--format=%s"], capture_output=True, text=True, check=True
    )
    return out.stdout.splitlines()


def tracked(game: Path) -> list[str]:
    out = subprocess.run(
        ["git", "-C", str(game), "ls-files"], capture_output=True, text=True, check=True
    )
    return out.stdout.split()


@pytest.mark.real_hashes
def test_new_prints_each_password_once_and_stores_only_hashes(tmp_path: Path) -> None:
    result = cli(
        "new",
        tmp_path / "g",
        "--game",
        "westeros",
        "--players",
        "6",
        "--player",
        "stark=Ann <ann@example.org>",
        "--now",
        NOW,
    )
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if ": " in line]
    generated = dict(line.split(": ", 1) for line in lines)
    assert sorted(generated) == sorted(SIX)
    game_yaml = (tmp_path / "g" / "game.yaml").read_text()
    meta = yaml.safe_load(game_yaml)
    assert meta["players"]["stark"]["email"] == "ann@example.org"
    assert meta["players"]["stark"]["name"] == "Ann"
    for pw in generated.values():
        assert pw not in game_yaml
    assert "password" not in meta["players"]["stark"], "issue 18: hashes stay out of git"
    kept = yaml.safe_load((tmp_path / "g" / ".adjudicator" / "password-hashes.yaml").read_text())
    assert kept["players"]["stark"].startswith("$argon2id$v=19$m=9216,t=4,p=1$")
    assert commits(tmp_path / "g") == ["g: new game"]
    assert sorted(tracked(tmp_path / "g")) == [".gitignore", "game.yaml"]


def test_new_with_passwords_file_and_unknown_player_is_refused(tmp_path: Path) -> None:
    passwords = tmp_path / "pw.yaml"
    passwords.write_text("stark: hunter2\nvolantis: x\n")
    result = CliRunner().invoke(
        main,
        [
            "new",
            str(tmp_path / "g"),
            "--game",
            "westeros",
            "--players",
            "6",
            "--passwords",
            str(passwords),
        ],
    )
    assert result.exit_code == 1
    assert "'volantis' does not play in this game" in result.output
    assert not (tmp_path / "g").exists()


def test_unknown_game_names_the_known_ones(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["new", str(tmp_path / "g"), "--game", "westros"])
    assert result.exit_code == 1
    assert "unknown game 'westros'; known games: baltic, westeros" in result.output
    assert "Did you mean 'westeros'?" in result.output


def test_unknown_game_is_told_in_the_language_asked_for(tmp_path: Path) -> None:
    """Issue 20: `new --lang ru --game westros` answered in English."""
    args = ["new", str(tmp_path / "g"), "--game", "westros", "--lang", "ru"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert result.stderr == (
        "Ошибка: неизвестная игра «westros»; известные игры: baltic, westeros."
        " Может быть, «westeros»?\n"
    )


def test_planning_step_end_to_end(new_game) -> None:
    """Six files: one typo understood, one rejected and resent; reveal; idempotent re-run."""
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    drop(game, "stark", SAMPLE_ORDERS["stark"].replace("Winterfell", "Winterfel"))
    drop(game, "tyrell", "Highgarden: march +1\nDornish Marches: march -1\nRedwyne: raid\n")

    first = cli("run", game, "--now", NOW)
    assert first.exit_code == 0
    assert "stark: accepted as" in first.output
    assert "  Winterfell: March +1 (special)" in first.output  # the typo, understood
    assert "rejected tyrell.txt" in first.stderr
    assert "line 3: illegal" in first.stderr  # header lines count: the order is line 3
    assert "tyrell may place 0 special orders at King's Court position 5" in first.stderr
    assert "waiting for tyrell: place orders" in first.output
    assert not list((game / "inbox").iterdir())
    assert commits(game) == ["g: new game"]  # nothing revealed yet, nothing committed

    drop(game, "tyrell", SAMPLE_ORDERS["tyrell"])
    second = cli("run", game, "--now", NOW)
    assert second.exit_code == 0
    assert (
        "resolved 1 step; reports: reports/0001.md, reports/0001.bbcode, reports/0001.svg, "
        "reports/0001.png" in second.output
    )
    assert "waiting for lannister: Messenger Raven" in second.output
    report = (game / "reports" / "0001.md").read_text()
    assert "## g — round 1, Planning phase to Messenger Raven" in report
    assert "![The board after step 1](0001.png)" in report
    assert "| Stark | Winterfell | March +1 ★ |" in report
    assert "| Tyrell | Dornish Marches | March −1 |" in report
    assert "- Lannister: Messenger Raven" in report
    bbcode = (game / "reports" / "0001.bbcode").read_text()
    assert "[table]" in bbcode and "[tr][td][color=#6b7b8c]Stark[/color][/td]" in bbcode
    assert commits(game) == ["g: round 1, planning to raven (after step 1)", "g: new game"]
    archived = sorted(p.name for p in (game / "archive" / "0001").iterdir())
    assert len(archived) == 6 and all(name.endswith(".yaml") for name in archived)

    exported = yaml.safe_load(cli("export", game).output)
    assert exported["phase"] == "raven"
    assert exported["orders"]["winterfell"] == "march+1"
    assert exported["units"]["winterfell"] == {"stark": ["footman", "knight"]}

    before = (game / "game.yaml").read_bytes()
    third = cli("run", game, "--now", NOW)
    assert "nothing new" in third.output
    assert (game / "game.yaml").read_bytes() == before
    assert len(commits(game)) == 2


def test_nothing_secret_is_committed(new_game) -> None:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    cli("run", game, "--now", NOW)
    files = tracked(game)
    assert not [f for f in files if f.startswith((".adjudicator", "inbox"))]
    secret = (game / ".adjudicator" / "secret").read_text().strip()
    for relpath in files:
        text = (game / relpath).read_bytes().decode("utf-8", errors="replace")
        assert secret not in text
        for house in SIX:
            assert password(house) not in text, relpath
    archived = next((game / "archive" / "0001").glob("*-stark.yaml")).read_text()
    assert "commitment: " in archived and "password" not in archived
    whole = next((game / ".adjudicator" / "spent").glob("*-stark.yaml")).read_text()
    assert "password: (removed)" in whole


def test_unrevealed_orders_stay_out_of_git_and_reports(new_game) -> None:
    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    cli("run", game, "--now", NOW)
    assert not list((game / "reports").iterdir())
    for relpath in tracked(game):
        assert "march +1" not in (game / relpath).read_text().lower()
    assert not (game / "reports" / "0001.svg").exists()
    meta = yaml.safe_load((game / "game.yaml").read_text())
    assert meta["position"]["orders"] == {}


def test_deadline_passed_missing_houses_get_no_orders(new_game) -> None:
    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    early = cli("run", game, "--now", NOW)
    assert "resolved" not in early.output
    late = cli("run", game, "--now", "2027-01-03T12:00:01Z")  # deadline: created + 48 h
    assert "resolved 1 step" in late.output
    report = (game / "reports" / "0001.md").read_text()
    for house in ("Lannister", "Baratheon", "Greyjoy", "Tyrell", "Martell"):
        assert f'**{house}** sent nothing for "place orders" before the deadline (NMR)' in report
        assert f"| {house} | — | no orders |" in report
    assert "| Stark | Winterfell | March +1 ★ |" in report


def test_nmr_policy_wait_never_applies_defaults(new_game) -> None:
    game = new_game(settings={"nmr": "wait"})
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    late = cli("run", game, "--now", "2027-02-01T00:00Z")
    assert "resolved" not in late.output
    forced = cli("run", game, "--now", "2027-02-01T00:00Z", "--nmr")
    assert "resolved 1 step" in forced.output


def test_extend_moves_deadlines_and_pause_stops_resolution(new_game) -> None:
    game = new_game()
    out = cli("extend", game, "--hours", "24")
    assert "the next deadline is now 2027-01-04T12:00:00Z" in out.output
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    assert "resolved" not in cli("run", game, "--now", "2027-01-03T13:00Z").output
    cli("pause", game)
    assert "PAUSED" in cli("status", game).output
    assert "resolved" not in cli("run", game, "--now", "2027-01-05T00:00Z").output
    cli("resume", game)
    assert "resolved 1 step" in cli("run", game, "--now", "2027-01-05T00:00Z").output


def test_status_shows_who_is_missing(new_game) -> None:
    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    cli("run", game, "--now", NOW)
    out = cli("status", game, "--now", NOW).output
    assert "g (westeros): round 1, planning, no step resolved yet" in out
    rows = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert " in " in rows["stark"] and "MISSING" in rows["lannister"]
    assert "(47.0 h left)" in rows["stark"]


def test_run_killed_between_writing_and_committing_is_repaired(new_game, monkeypatch) -> None:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    from adjudicator.publish import git

    real_commit = git.commit

    def crash(*args, **kwargs):
        raise RuntimeError("killed")

    monkeypatch.setattr(git, "commit", crash)
    with pytest.raises(RuntimeError):
        CliRunner().invoke(main, ["run", str(game), "--now", NOW], catch_exceptions=False)
    assert commits(game) == ["g: new game"]
    assert (game / ".adjudicator" / "journal.yaml").exists()

    monkeypatch.setattr(git, "commit", real_commit)
    again = cli("run", game, "--now", NOW)
    assert again.exit_code == 0
    assert commits(game) == ["g: round 1, planning to raven (after step 1)", "g: new game"]
    assert not (game / ".adjudicator" / "journal.yaml").exists()
    assert len(list((game / "archive" / "0001").iterdir())) == 6
    assert "| Martell | Sunspear | Defense +2 ★ |" in (game / "reports" / "0001.md").read_text()
    assert "nothing new" in cli("run", game, "--now", NOW).output
    assert len(commits(game)) == 2


def test_a_file_seen_again_after_a_crash_is_a_duplicate(new_game) -> None:
    """Killed after storing a submission but before removing it from the inbox."""
    game = new_game()
    path = drop(game, "stark", SAMPLE_ORDERS["stark"])
    text = path.read_text()
    cli("run", game, "--now", NOW)
    path.write_text(text)  # as if the unlink had never happened
    out = cli("run", game, "--now", NOW).output
    assert "stark: already received as 0001-stark; nothing changed" in out
    assert len(list((game / ".adjudicator" / "submissions").iterdir())) == 1


def test_corrupt_game_file_names_the_line_and_changes_nothing(new_game) -> None:
    game = new_game()
    drop(game, "stark", SAMPLE_ORDERS["stark"])
    (game / "game.yaml").write_text("schema: 1\nplayers: [oops\n")
    result = CliRunner().invoke(main, ["run", str(game), "--now", NOW])
    assert result.exit_code == 1
    assert "game.yaml is not valid YAML at line 3" in result.output
    assert "git -C" in result.output and "checkout -- game.yaml" in result.output
    assert (game / "inbox" / "stark.txt").exists()


def test_a_second_run_while_one_holds_the_lock_is_refused(new_game) -> None:
    from adjudicator.gamedir import GameDir

    game = new_game()
    with GameDir(game).lock():
        result = CliRunner().invoke(main, ["run", str(game), "--now", NOW])
    assert result.exit_code == 1
    assert "another adjudicator run is working on" in result.output


def test_not_a_game_folder(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["run", str(tmp_path)])
    assert result.exit_code == 1
    assert "is not a game folder (no game.yaml)" in result.output


def test_bad_now_is_a_usage_error(new_game) -> None:
    result = CliRunner().invoke(main, ["run", str(new_game()), "--now", "tomorrow"])
    assert result.exit_code == 2
    assert "'tomorrow' is not a time" in result.output


def test_player_text_is_escaped_in_both_formats(new_game) -> None:
    game = new_game(roster={"stark": {"name": "Ann *[b]x[/b]*"}})
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    cli("run", game, "--now", NOW)
    assert r"Ann \*\[b\]x\[/b\]\*" in (game / "reports" / "0001.md").read_text()
    bbcode = (game / "reports" / "0001.bbcode").read_text()
    assert "[b]x[/b]" not in bbcode and "Ann *[\u200bb]x[\u200b/b]*" in bbcode


def test_early_delay_waits_after_the_last_submission(new_game) -> None:
    game = new_game(settings={"early_delay_minutes": 30})
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    assert "resolved" not in cli("run", game, "--now", "2027-01-01T13:00Z").output
    assert "resolved" not in cli("run", game, "--now", "2027-01-01T13:29Z").output
    assert "resolved 1 step" in cli("run", game, "--now", "2027-01-01T13:30Z").output


def test_reveal_waits_for_the_end_unless_forced(new_game) -> None:
    game = new_game()
    early = CliRunner().invoke(main, ["reveal", str(game)])
    assert early.exit_code == 1 and "the game is still running" in early.output
    forced = cli("reveal", game, "--force")
    secret = (game / ".adjudicator" / "secret").read_text().strip()
    assert secret in forced.output
    meta = yaml.safe_load((game / "game.yaml").read_text())
    import hashlib

    assert hashlib.sha256(meta["secret"].encode()).hexdigest() == meta["secret_sha256"]
    assert commits(game)[0] == "g: GM secret and submissions revealed"


def test_player_time_zone_is_checked_and_kept(tmp_path: Path) -> None:
    bad = CliRunner().invoke(
        main,
        [
            "new",
            str(tmp_path / "a"),
            "--game",
            "westeros",
            "--player",
            "stark=Ann <a@x.org> tz=Mars/Olympus",
        ],
    )
    assert bad.exit_code == 1 and "unknown time zone 'Mars/Olympus'" in bad.output
    cli(
        "new",
        tmp_path / "b",
        "--game",
        "westeros",
        "--player",
        "stark=Ann <a@x.org> tz=Europe/Berlin",
    )
    meta = yaml.safe_load((tmp_path / "b" / "game.yaml").read_text())
    assert meta["players"]["stark"] == {
        **meta["players"]["stark"],
        "name": "Ann",
        "email": "a@x.org",
        "tz": "Europe/Berlin",
    }


def test_a_game_started_in_the_action_phase_reports_its_first_automatic_steps(
    tmp_path: Path,
) -> None:
    from tests.rulesets.westeros.harness import six_player_position

    position = six_player_position(
        phase="action",
        orders={"shipbreaker_bay": "raid", "dragonstone": "defense+1", "kingswood": "march+0"},
    )
    path = tmp_path / "position.yaml"
    path.write_text(yaml.safe_dump(position))
    cli("new", tmp_path / "g", "--game", "westeros", "--position", path, "--now", NOW)
    out = cli("run", tmp_path / "g", "--now", NOW).output
    assert "resolved 1 step" in out
    report = (tmp_path / "g" / "reports" / "0001.md").read_text()
    assert "**Baratheon** removes its raid in Shipbreaker Bay (nothing to raid)." in report
    assert "waiting for baratheon" in out  # its march in Kingswood is the first decision
    exported = yaml.safe_load(cli("export", tmp_path / "g").output)
    assert exported["orders"] == {"dragonstone": "defense+1", "kingswood": "march+0"}


def test_going_back_to_earlier_orders_applies_them_again(new_game) -> None:
    game = new_game()
    first = SAMPLE_ORDERS["stark"]
    second = first.replace("Winterfell: march +1", "Winterfell: defense +2")
    for body in (first, second, first):
        drop(game, "stark", body)
        cli("run", game, "--now", NOW)
    out = cli("status", game, "--now", NOW).output
    assert " in " in next(line for line in out.splitlines() if line.strip().startswith("stark"))
    submissions = sorted((game / ".adjudicator" / "submissions").iterdir())
    assert len(submissions) == 3
    drop(game, "stark", first)  # the same as the latest: nothing changes
    assert "already received as 0003-stark" in cli("run", game, "--now", NOW).output
    for house, body in SAMPLE_ORDERS.items():
        if house != "stark":
            drop(game, house, body)
    cli("run", game, "--now", NOW)
    report = (game / "reports" / "0001.md").read_text()
    assert "| Stark | Winterfell | March +1 ★ |" in report


def test_bbcode_without_table_tags_for_forums_that_lack_them(new_game) -> None:
    game = new_game(settings={"bbcode_tables": False})
    for house, body in SAMPLE_ORDERS.items():
        drop(game, house, body)
    cli("run", game, "--now", NOW)
    bbcode = (game / "reports" / "0001.bbcode").read_text()
    assert "[table]" not in bbcode and "[color" not in bbcode
    assert "[code]\nHouse      Area                Order\n" in bbcode
    assert "Stark      Winterfell          March +1 ★" in bbcode


def test_rule_options_are_checked_when_a_game_starts(tmp_path: Path) -> None:
    bad = CliRunner().invoke(
        main, ["new", str(tmp_path / "a"), "--game", "westeros", "--option", "ports=third-edition"]
    )
    assert bad.exit_code == 1
    assert "options.ports: unknown option or value 'third-edition'" in bad.output
    assert not (tmp_path / "a").exists()
    cli(
        "new",
        tmp_path / "b",
        "--game",
        "westeros",
        "--option",
        "ports=clash-of-kings",
        "--option",
        "tides_of_battle=true",
    )
    position = yaml.safe_load((tmp_path / "b" / "game.yaml").read_text())["position"]
    assert position["options"] == {"ports": "clash-of-kings", "tides_of_battle": True}
