"""Fog of war through the whole engine (13.6, issue 11 "Tests"): a Poltava game played by
bots through order files, runs, reports, maps and git; every committed file and every public
report is searched for the identity of every block never revealed in a battle (nor in a
public box: the Reform box, the Year Track, set aside, removed, out of play, 1.7)."""

from __future__ import annotations

import subprocess
from datetime import timedelta
from pathlib import Path

import yaml

from adjudicator import engine
from adjudicator.create import create_game
from adjudicator.dice import Dice
from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.ruleset import RULESET
from tests.conftest import START

PASSWORDS = {"sweden": "pw-sweden", "coalition": "pw-coalition"}
PUBLIC_PLACES = ("reform_box", "removed", "out", "set_aside")


def spellings() -> dict[str, list[str]]:
    """Block -> how it could be written: its id, and its name unless a territory or its
    reform twin (11.2b) has it: Savolax, Bergenhus; Repnin in the Reform box."""
    board = load_board()
    places = {t.name.lower() for t in board.territories.values()}
    return {
        b: [b] + ([info.name] if info.name.lower() not in places and not info.twin else [])
        for b, info in board.blocks.items()
    }


def shown_now(path: Path) -> set[str]:
    """Blocks whose identity is public by now: revealed in battle, or in a public box."""
    private = yaml.safe_load((path / ".adjudicator" / "state.yaml").read_text())["state"]
    shown = set(private["revealed"])
    for block, info in private["blocks"].items():
        if info["at"] in PUBLIC_PLACES or info["at"].startswith("year:"):
            shown.add(block)
    return shown


def committed_texts(path: Path) -> dict[str, str]:
    """Every file of the last commit (the archive is only published when the game ends)."""
    names = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", "HEAD"],
        cwd=path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    texts = {}
    for name in names:
        if name.endswith(".png"):
            continue
        texts[name] = subprocess.run(
            ["git", "show", f"HEAD:{name}"],
            cwd=path,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return texts


def private_leaks(
    path: Path, written: list[str], shown: set[str], names: dict[str, list[str]], turn: int
) -> list[str]:
    """13.6: a side's private report and map name the enemy's blocks only once revealed or
    seen by its own recon."""
    board = load_board()
    private = yaml.safe_load((path / ".adjudicator" / "state.yaml").read_text())["state"]
    leaks = []
    for side in ("sweden", "coalition"):
        known = set(shown) | {b for b in board.blocks if board.block_side(b) == side}
        for result in private["recon"].get(side, []):
            known |= {seen["block"] for seen in result["blocks"]}
        for name in written:
            if not name.startswith(f".adjudicator/private/{side}/"):
                continue
            text = (path / name).read_text(encoding="utf-8")
            for block, words in names.items():
                if block not in known:
                    leaks += [f"run {turn}: {name} names {block} ({w})" for w in words if w in text]
    return leaks


def test_13_6_no_hidden_identity_in_any_committed_file_of_a_bot_game(tmp_path):
    path = tmp_path / "poltava"
    # The SVG maps are searched; their PNG copies (binary, slow to draw) are left out.
    create_game(
        path,
        "baltic",
        now=START,
        options={"scenario": "poltava"},
        passwords=PASSWORDS,
        settings={"png": False},
    )
    now = START
    shown: set[str] = set()
    leaks: list[str] = []
    names = spellings()
    for turn in range(60):
        game, rows = engine.status(path)
        if not RULESET.requests(game.state):
            break
        for row in rows:
            player = row["player"]
            text = RULESET.bot(game.state, player, Dice(b"fog", player, turn), True)
            body = f"side: {player}\npassword: {PASSWORDS[player]}\n{text or 'pass'}"
            (path / "inbox" / f"{turn:03d}-{player}.txt").write_text(body, encoding="utf-8")
        now += timedelta(hours=1)
        result = engine.run(path, now)
        assert not result.rejected, result.rejected
        shown |= shown_now(path)
        ended = not RULESET.requests(engine.status(path)[0].state)
        leaks += private_leaks(path, result.reports, shown, names, turn)
        for name, text in committed_texts(path).items():
            if ended and name.startswith("archive/"):
                continue  # 13.6: submissions are public once the game has ended
            for block, words in names.items():
                if block in shown:
                    continue
                leaks += [f"run {turn}: {name} names {block} ({w})" for w in words if w in text]
    else:
        raise AssertionError("the game did not end in 60 runs")
    assert sorted({leak.split(": ", 1)[1] for leak in leaks})[:20] == []
    state = RULESET.restore(
        yaml.safe_load((path / ".adjudicator" / "state.yaml").read_text())["state"]
    )
    assert state.phase == "ended"
    hidden = [b for b in names if b not in shown]
    assert len(hidden) > 10  # the search was for something: many blocks stayed hidden
    private = path / ".adjudicator" / "private" / "sweden"
    assert any("Karl XII" in p.read_text() for p in private.glob("*.md"))


def test_13_6_a_game_started_from_a_position_keeps_it_private_and_replays(tmp_path):
    from adjudicator.replay import replay_game
    from adjudicator.rulesets.baltic.position import export, scenario_state

    position = export(scenario_state("poltava"))
    path = tmp_path / "moved"
    create_game(path, "baltic", now=START, position=position, passwords=PASSWORDS)
    meta = yaml.safe_load((path / "game.yaml").read_text())
    assert set(meta["start"]) == {"private_position"}
    committed = "\n".join(committed_texts(path).values())
    assert "swe_karl" not in committed and "Karl XII" not in committed
    assert "swe_karl" in (path / ".adjudicator" / "start.yaml").read_text()
    game, rows = engine.status(path)
    for row in rows:
        text = RULESET.bot(game.state, row["player"], Dice(b"moved", row["player"], 0), True)
        body = f"side: {row['player']}\npassword: {PASSWORDS[row['player']]}\n{text}"
        (path / "inbox" / f"{row['player']}.txt").write_text(body, encoding="utf-8")
    engine.run(path, START + timedelta(hours=1))
    ok, summary = replay_game(path)
    assert ok, summary
    from adjudicator.settings import reveal_secret

    reveal_secret(path, force=True)
    assert (
        "swe_karl"
        in subprocess.run(
            ["git", "show", "HEAD:start.yaml"], cwd=path, capture_output=True, text=True, check=True
        ).stdout
    )
    (path / ".adjudicator" / "start.yaml").unlink()  # as in a public clone
    ok, summary = replay_game(path)
    assert ok, summary
