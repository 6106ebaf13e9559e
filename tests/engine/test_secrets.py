"""Issue 10 items 10 and 11: what the archive publishes during a game, and what `reveal` adds.

During the game the archive holds, per submission, what the game revealed (the instructions
used as answers) and an HMAC commitment under the GM secret to the whole stored submission;
unplayed cards, replaced drafts and unused plans stay private until `reveal`. Nothing public
is derived from a text that holds a password.
"""

from __future__ import annotations

import hashlib
import hmac
import subprocess
from datetime import timedelta
from pathlib import Path

import yaml

from adjudicator.clock import parse_time
from tests.conftest import cli_raising as cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "westeros"
NOW = "2027-01-01T13:00Z"
DRAFT = "Winterfell: defense\nWhite Harbor: defense\nThe Shivering Sea: support\n"


def committed(game: Path) -> str:
    """Every byte ever committed, all versions of all files."""
    out = subprocess.run(
        ["git", "-C", str(game), "log", "-p", "--all", "--format=%H %s"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout


def played_round(new_game) -> tuple[Path, dict[str, str]]:
    """Round 1 of the demo; stark first sends a draft, then its orders with a card it never
    plays (no battle of stark's happens in round 1)."""
    passwords = yaml.safe_load((EXAMPLES / "passwords.yaml").read_text())
    game = new_game(passwords=passwords)
    raws = {}
    draft = f"house: stark\npassword: {passwords['stark']}\n{DRAFT}"
    (game / "inbox" / "stark-draft.txt").write_text(draft)
    raws["stark-draft"] = draft
    assert "accepted as 0001-stark" in cli("run", game, "--now", NOW).output
    for order in sorted((EXAMPLES / "orders").glob("*.txt")):
        text = order.read_text()
        if order.stem == "stark":
            text += "card: Robb Stark\n"
        if order.stem == "greyjoy":
            text = text.replace("card: Theon Greyjoy", "card: Theon Greyjoy, Balon Greyjoy")
        (game / "inbox" / order.name).write_text(text)
        raws[order.stem] = text
    assert "resolved" in cli("run", game, "--now", NOW).output
    # Round 1's mail also answers round 2's Westeros phase; its submissions are spent when
    # round 2's orders are asked, after any choice the cards drawn need (defaults at the
    # deadline, two days each; the cards come from the tests' fixed GM secret, conftest).
    moment = parse_time(NOW)
    for _ in range(60):
        if yaml.safe_load((game / "game.yaml").read_text())["position"]["phase"] == "planning":
            break
        moment += timedelta(days=2)
        result = cli("run", game, "--now", moment.strftime("%Y-%m-%dT%H:%MZ"))
        assert result.exit_code == 0, result.output
    return game, raws


def test_unplayed_card_and_replaced_draft_stay_out_of_git(new_game) -> None:
    game, _ = played_round(new_game)
    everything = committed(game)
    assert "card: Robb Stark" not in everything
    assert "Winterfell: defense" not in everything
    archived = {p.name: yaml.safe_load(p.read_text()) for p in game.glob("archive/*/*.yaml")}
    # Round 1's submissions are spent once round 2 begins: all seven are archived.
    assert sorted(archived) == [
        "0001-stark.yaml",
        "0002-baratheon.yaml",
        "0003-greyjoy.yaml",
        "0004-lannister.yaml",
        "0005-martell.yaml",
        "0006-stark.yaml",
        "0007-tyrell.yaml",
    ]
    assert archived["0001-stark.yaml"]["revealed"] == []  # the draft: never used
    stark = archived["0006-stark.yaml"]["revealed"]
    assert stark[0]["kind"] == "orders" and "winterfell" in str(stark[0]["value"])
    assert "robb" not in str(stark).lower()
    greyjoy = archived["0003-greyjoy.yaml"]["revealed"]
    cards = [r for r in greyjoy if r["kind"] == "card"]
    assert [str(c["value"]) for c in cards] == ["theon-greyjoy"]  # played at Seagard
    assert "balon" not in str(greyjoy).lower()  # the second choice, never needed
    for record in archived.values():
        assert set(record) == {
            "id",
            "player",
            "received",
            "epoch",
            "after_step",
            "commitment",
            "revealed",
        }


def test_replay_works_for_the_gm_before_anything_is_revealed(new_game) -> None:
    game, _ = played_round(new_game)
    result = cli("replay", game)
    assert result.exit_code == 0, result.output
    assert "all identical" in result.output


def test_reveal_publishes_the_submissions_matching_their_commitments(new_game) -> None:
    game, _ = played_round(new_game)
    out = cli("reveal", game, "--force").output
    assert "7 submissions published" in out
    secret = yaml.safe_load((game / "game.yaml").read_text())["secret"].encode()
    for public in sorted(game.glob("archive/0*/*.yaml")):
        commitment = yaml.safe_load(public.read_text())["commitment"]
        whole = (game / "archive" / "submissions" / public.name).read_bytes()
        assert hmac.new(secret, whole, hashlib.sha256).hexdigest() == commitment
    whole = (game / "archive" / "submissions" / "0006-stark.yaml").read_text()
    assert "card: Robb Stark" in whole and "password: (removed)" in whole
    assert "card: Robb Stark" in committed(game)
    assert cli("replay", game).exit_code == 0


def test_nothing_public_is_derived_from_a_text_holding_a_password(new_game) -> None:
    game, raws = played_round(new_game)
    cli("reveal", game, "--force")
    everything = committed(game)
    for raw in raws.values():
        digest = hashlib.sha256(raw.encode()).hexdigest()
        assert digest[:16] not in everything
        assert digest not in everything
