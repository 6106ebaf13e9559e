"""A whole round by mail-style standing instructions, through the real engine and CLI."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.conftest import cli_raising as cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "westeros"


def demo_game(tmp_path: Path, drop: str | None = None) -> Path:
    game = tmp_path / "g"
    cli(
        "new",
        game,
        "--game",
        "westeros",
        "--players",
        "6",
        "--passwords",
        EXAMPLES / "passwords.yaml",
        "--now",
        "2027-01-01T12:00Z",
    )
    for order in sorted((EXAMPLES / "orders").glob("*.txt")):
        text = order.read_text()
        if drop:
            text = "\n".join(line for line in text.splitlines() if not line.startswith(drop))
        (game / "inbox" / order.name).write_text(text)
    return game


def position(game: Path) -> dict:
    return yaml.safe_load((game / "game.yaml").read_text())["position"]


def awaited(game: Path) -> list[tuple[str, str]]:
    """Who game.yaml says the game waits for, and for what (in English)."""
    waiting = yaml.safe_load((game / "game.yaml").read_text())["waiting"]
    return [(entry["player"], entry["summary"]) for entry in waiting]


def test_standing_instructions_resolve_the_whole_round_in_one_run(tmp_path: Path) -> None:
    game = demo_game(tmp_path)
    out = cli("run", game, "--now", "2027-01-01T13:00Z").output
    assert "resolved 16 steps" in out  # the round, then the Westeros phase of round 2 begins
    view = position(game)
    # The Westeros cards come from the game's GM secret (the tests' fixed one): Mustering
    # is drawn, and round 2's Westeros phase waits for the recruits.
    assert view["round"] == 2 and view["phase"] == "westeros"
    assert awaited(game) == [
        ("baratheon", "Mustering: recruit in Crackclaw Point"),
        ("baratheon", "Mustering: recruit in Dragonstone"),
        ("baratheon", "Mustering: recruit in Storm's End"),
        ("lannister", "Mustering: recruit in Lannisport"),
        ("lannister", "Mustering: recruit in Riverrun"),
    ]
    assert view["orders"] == {}
    units = view["units"]
    assert units["moat_cailin"] == {"stark": ["knight"]}
    assert units["castle_black"] == {"stark": ["footman"]}
    assert units["seagard"] == {"greyjoy": ["footman", "knight"]}
    assert units["crackclaw_point"] == {"baratheon": ["footman", "knight"]}
    assert units["riverrun"] == {"lannister": ["footman", "knight"]}
    assert units["the_golden_sound"] == {"lannister": ["ship"]}  # beaten, it sailed home
    assert units["ironmans_bay"] == {"greyjoy": ["ship"]}
    assert "winterfell" not in units and "pyke" not in units
    report = (game / "reports" / "0001.md").read_text()
    assert "**Battle for Ironman's Bay**" in report
    assert "Greyjoy (Port of Pyke) supports Greyjoy in Ironman's Bay." in report  # P5
    assert "Lannister 4 against Greyjoy 5: **Greyjoy** wins." in report
    assert "**Lannister** consolidates power in Port of Lannisport: +1." in report  # P7


def test_a_missing_instruction_stops_at_exactly_that_request(tmp_path: Path) -> None:
    game = demo_game(tmp_path, drop="march Pyke")
    out = cli("run", game, "--now", "2027-01-01T13:00Z").output
    lines = [line for line in out.splitlines() if line.startswith("waiting for")]
    assert len(lines) == 1 and lines[0].startswith("waiting for greyjoy: ")
    assert "march" in lines[0].lower()
    assert position(game)["phase"] == "action"


def test_past_every_deadline_the_round_finishes_with_defaults(tmp_path: Path) -> None:
    game = demo_game(tmp_path, drop="march")
    hour = 13
    for _ in range(40):
        cli("run", game, "--now", f"2027-01-{1 + hour // 24:02d}T{hour % 24:02d}:00Z")
        if position(game)["round"] == 2:
            break
        hour += 49
    view = position(game)
    # Round 2 begins with its Westeros phase: Mustering is drawn (from the tests' fixed GM
    # secret), and every house with a castle of its own is asked for its recruits.
    assert view["round"] == 2 and view["phase"] == "westeros"
    assert {house for house, _ in awaited(game)} == {
        "baratheon",
        "greyjoy",
        "lannister",
        "martell",
        "stark",
        "tyrell",
    }
    assert all(what.startswith("Mustering: recruit in ") for _, what in awaited(game))
    assert "NMR" in "".join(p.read_text() for p in (game / "reports").glob("*.md"))


def test_status_says_why_a_standing_instruction_was_not_used(tmp_path: Path) -> None:
    game = demo_game(tmp_path, drop="raven")
    (game / "inbox" / "zz-raven.txt").write_text(
        "house: lannister\npassword: demo-lannister\nraven: Stoney Sept -> march +0\n"
    )
    cli("run", game, "--now", "2027-01-01T13:00Z")  # fine when sent: orders were unknown
    out = cli("status", game, "--now", "2027-01-01T13:00Z").output
    assert "lannister Messenger Raven" in out and "MISSING" in out
    assert (
        "not used: line 3 (raven: Stoney Sept -> march +0): you have no unused March +0 token"
        in out
    )


def test_export_then_new_reproduces_a_played_position(tmp_path: Path) -> None:
    game = demo_game(tmp_path)
    cli("run", game, "--now", "2027-01-01T13:00Z")
    exported = cli("export", game).output
    position = tmp_path / "position.yaml"
    position.write_text(exported)
    cli("new", tmp_path / "again", "--game", "westeros", "--position", position)
    assert cli("export", tmp_path / "again").output == exported
    data = yaml.safe_load(exported)
    assert "the-hound" not in data["hands"]["lannister"]  # played in round 1: discarded
