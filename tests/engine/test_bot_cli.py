"""`adjudicator bot`: order files from bots; whole bot games through the real CLI and git.

A whole game goes `bot` -> `run` -> `bot` -> `run` ... until nothing is awaited, with real
git commits, then `replay` must reproduce every commit byte for byte, and no commit of the
game may hold a secret (passwords, deck order before the draw, private files).
"""

from __future__ import annotations

import itertools
import os
import stat
import subprocess
from datetime import timedelta
from pathlib import Path

import pytest
import yaml

from adjudicator.create import create_game
from adjudicator.rulesets.westeros.board import load_board
from tests.conftest import START, cli

PASSWORDS = {
    "stark": "Kq7-wolf-2xz",
    "lannister": "Lp9-lion-8uv",
    "baratheon": "Bs3-stag-6qw",
    "greyjoy": "Gk5-kraken-1mn",
    "tyrell": "Tr8-rose-4hj",
    "martell": "Ms2-sun-7bc",
}
MAX_RUNS = 400


def make_game(tmp_path: Path, players: int = 3, **options: object) -> tuple[Path, Path]:
    """A new game with known passwords and no maps (they cost time, not correctness)."""
    houses = load_board().setups[players]["houses"]
    passwords = {h: PASSWORDS[h] for h in houses}
    game = tmp_path / f"game{players}"
    create_game(
        game,
        "westeros",
        now=START,
        players=players,
        passwords=passwords,
        settings={"maps": False},
        options=options,
    )
    pw_file = tmp_path / "passwords.yaml"
    pw_file.write_text(yaml.safe_dump(passwords))
    return game, pw_file


def play_through_cli(game: Path, pw_file: Path, seed: int, ahead: bool = True) -> list[dict]:
    """bot + run until nothing is awaited; returns the private state after each run."""
    states = []
    now = START
    first = True
    for _ in range(MAX_RUNS):
        args = ["bot", game, "--seed", seed] + (["--ahead"] if ahead else [])
        result = cli(*args, *(["--passwords", pw_file] if first else []))
        assert result.exit_code == 0, result.output
        first = False
        now += timedelta(hours=1)
        result = cli("run", game, "--now", now.strftime("%Y-%m-%dT%H:%MZ"))
        assert result.exit_code == 0, result.output
        assert "rejected" not in result.output, result.output
        states.append(yaml.safe_load((game / ".adjudicator" / "state.yaml").read_text()))
        if not yaml.safe_load((game / "game.yaml").read_text())["waiting"]:
            return states
    raise AssertionError("the game did not end")


def git(game: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(game), *args], check=True, capture_output=True, text=True
    ).stdout


def test_bot_writes_one_legal_file_per_waiting_house_with_its_header(tmp_path: Path) -> None:
    game, pw_file = make_game(tmp_path, 3)
    result = cli("bot", game, "--passwords", pw_file, "--seed", 3)
    assert result.exit_code == 0, result.output
    files = sorted((game / "inbox").iterdir())
    assert [f.name for f in files] == [
        "bot-0001-baratheon.txt",
        "bot-0001-lannister.txt",
        "bot-0001-stark.txt",
    ]
    text = files[2].read_text()
    assert text.startswith(f"house: stark\npassword: {PASSWORDS['stark']}\n")
    assert "Winterfell: " in text
    kept = game / ".adjudicator" / "bot-passwords.yaml"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    result = cli("run", game, "--now", "2027-01-01T13:00Z")
    assert "rejected" not in result.output and "resolved" in result.output, result.output


def test_bot_is_reproducible_and_the_seed_changes_it(tmp_path: Path) -> None:
    game, pw_file = make_game(tmp_path, 3)
    texts = []
    for seed in (5, 5, 6):
        cli("bot", game, "--passwords", pw_file, "--seed", seed, "--house", "stark")
        path = game / "inbox" / "bot-0001-stark.txt"
        texts.append(path.read_text())
        path.unlink()
    assert texts[0] == texts[1] != texts[2]


def test_bot_without_passwords_or_with_a_wrong_one_says_what_to_do(tmp_path: Path) -> None:
    game, pw_file = make_game(tmp_path, 3)
    result = cli("bot", game)
    assert result.exit_code == 1
    assert "--passwords FILE" in result.output
    pw_file.write_text(yaml.safe_dump({"stark": "wrong"}))
    result = cli("bot", game, "--passwords", pw_file)
    assert result.exit_code == 1
    assert "password of 'stark' does not match" in result.output
    assert not list((game / "inbox").iterdir())


def test_bot_skips_houses_whose_instructions_already_answer(tmp_path: Path) -> None:
    game, pw_file = make_game(tmp_path, 3)
    cli("bot", game, "--passwords", pw_file, "--house", "stark")
    cli("run", game, "--now", "2027-01-01T13:00Z")
    result = cli("bot", game)
    names = sorted(p.name for p in (game / "inbox").iterdir())
    assert names == ["bot-0001-baratheon.txt", "bot-0001-lannister.txt"], result.output


@pytest.mark.skipif(
    not os.environ.get("ADJUDICATOR_ALL_GAMES"), reason="slow: set ADJUDICATOR_ALL_GAMES=1"
)
@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(4, 2, {"ports": "clash-of-kings"}), (6, 3, {"tides_of_battle": True})],
)
def test_more_whole_bot_games_through_the_cli_replay_byte_for_byte(
    tmp_path: Path, players: int, seed: int, options: dict
) -> None:
    game, pw_file = make_game(tmp_path, players, **options)
    play_through_cli(game, pw_file, seed)
    result = cli("replay", game)
    assert result.exit_code == 0, result.output
    assert "all identical" in result.output


def test_a_whole_bot_game_through_the_cli_replays_and_commits_no_secret(
    tmp_path: Path,
) -> None:
    """A 3-player game from `new` to the final standings: bot --ahead, run, ... (about 12
    runs, each a commit), then replay; every commit and report is searched for secrets."""
    game, pw_file = make_game(tmp_path, 3)
    states = play_through_cli(game, pw_file, seed=11)
    final = yaml.safe_load((game / "game.yaml").read_text())["position"]
    assert final["phase"] == "ended" and final["winner"]
    result = cli("run", game, "--now", "2028-01-01T00:00Z")
    assert "nothing new" in result.output
    result = cli("replay", game)
    assert result.exit_code == 0 and "all identical" in result.output, result.output
    assert_no_secret(game, states)


def assert_no_secret(game: Path, states: list[dict]) -> None:
    """Passwords, private files and the order of any deck before its draw are never
    committed. (House cards in hand are open information in this game.)"""
    history = git(game, "log", "-p", "--all", "--format=commit %H")
    published = history + "".join(
        p.read_text(errors="replace") for p in sorted((game / "reports").iterdir())
    )
    for house, password in PASSWORDS.items():
        assert password not in published, f"{house}'s password was committed"
    committed = git(game, "log", "--all", "--name-only", "--format=")
    assert ".adjudicator/" not in committed and "inbox/" not in committed
    assert "decks:" not in published
    flat = " ".join(committed_texts(game).split())
    for state in states:
        for deck, cards in state["state"]["decks"].items():
            for a, b in itertools.pairwise(cards):
                # The order of what is still in a deck, written in any list form.
                for form in (f"- {a} - {b}", f"{a}, {b}", f"[{a}, {b}"):
                    assert form not in flat, f"{deck} order published: {a}, {b}"
    assert_bids_published_only_after_their_westeros_phase(game)


def committed_texts(game: Path) -> str:
    """Every file of every commit, but the public discard piles (the cards already drawn,
    oldest first, whose order may repeat one still in a deck: copies of a card)."""
    texts = []
    for commit in git(game, "rev-list", "HEAD").split():
        for path in git(game, "ls-tree", "-r", "--name-only", commit).split():
            if path.endswith((".png", ".svg")):
                continue
            text = git(game, "show", f"{commit}:{path}")
            if path == "game.yaml":
                data = yaml.safe_load(text)
                data.get("position", {}).pop("deck_discards", None)
                text = yaml.safe_dump(data)
            texts.append(text)
    return "\n".join(texts)


def assert_bids_published_only_after_their_westeros_phase(game: Path) -> None:
    """A submission with bids (sent ahead with the orders of round N for the Westeros phase
    of round N+1) reaches the archive only once its bids are revealed: that phase is over,
    or no secret bidding is open any more (a tie to break may still be); the archive shows
    only the answers the game took (bids never used are not published)."""
    seen = 0
    for commit in git(game, "rev-list", "--reverse", "HEAD").split():
        added = git(game, "show", "--name-only", "--diff-filter=A", "--format=", commit)
        meta = yaml.safe_load(git(game, "show", f"{commit}:game.yaml"))
        position = meta["position"]
        bidding = any("(secret)" in w["summary"] for w in meta.get("waiting") or [])
        for path in (p for p in added.split() if p.startswith("archive/")):
            submission = yaml.safe_load(git(game, "show", f"{commit}:{path}"))
            assert "text" not in submission  # only what the game revealed, and a commitment
            if not any(r["kind"] in ("bid", "wildling-bid") for r in submission["revealed"]):
                continue
            seen += 1
            sent_in = int(submission["epoch"].removeprefix("round-"))
            later = position["round"] > sent_in + 1 or position["phase"] != "westeros"
            later = later or not bidding
            assert position["phase"] == "ended" or later, (commit, path, position["phase"])
    assert seen, "no bids were sent: the check checked nothing"
