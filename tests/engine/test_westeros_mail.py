"""One mail a round through the real engine: instructions sent with the orders of round 1
answer the Westeros phase that opens round 2 (the epoch), and a late mail after the end is
refused with a clear answer."""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import RULESET
from tests.conftest import cli_raising as cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "westeros"


def new_game(tmp_path: Path, **overrides) -> Path:
    position = RULESET.export(RULESET.new_game({"players": 6}, Dice(b"t", "t", 0)))
    position.update(overrides)
    path = tmp_path / "position.yaml"
    path.write_text(yaml.safe_dump(position, sort_keys=False))
    game = tmp_path / "g"
    cli("new", game, "--game", "westeros", "--position", path, "--passwords",
        EXAMPLES / "passwords.yaml", "--now", "2027-01-01T12:00Z")  # fmt: skip
    return game


def test_round_one_mail_answers_the_westeros_phase_of_round_two(tmp_path: Path) -> None:
    decks = {
        "westeros_1": ["a-throne-of-blades"],
        "westeros_2": ["dark-wings-dark-words"],
        "westeros_3": ["put-to-the-sword"],
    }
    game = new_game(tmp_path, decks=decks)
    extra = {
        "baratheon": "a throne of blades: supply\n",
        "lannister": "dark wings dark words: game of thrones\n",
        "greyjoy": "put to the sword: no defense\n",
    }
    for order in sorted((EXAMPLES / "orders").glob("*.txt")):
        text = order.read_text() + "\n" + extra.get(order.stem, "")
        (game / "inbox" / order.name).write_text(text)
    out = cli("run", game, "--now", "2027-01-01T13:00Z").output
    assert "rejected" not in out, out
    view = yaml.safe_load((game / "game.yaml").read_text())["position"]
    assert (view["round"], view["phase"]) == (2, "planning"), out
    assert view["restricted"] == ["defense"]
    reports = "".join(p.read_text() for p in sorted((game / "reports").glob("*.md")))
    assert "**Baratheon** chooses for *A Throne of Blades*: Supply." in reports
    assert "**Lannister** chooses for *Dark Wings, Dark Words*: Game of Thrones." in reports
    assert "**Greyjoy** chooses for *Put to the Sword*: no Defense orders." in reports
    assert "NMR" not in reports


def test_a_mail_after_the_end_is_told_the_game_has_ended(tmp_path: Path) -> None:
    game = new_game(tmp_path, round=10, phase="action", orders={})
    cli("run", game, "--now", "2027-01-01T13:00Z")
    view = yaml.safe_load((game / "game.yaml").read_text())["position"]
    assert view["phase"] == "ended" and view["winner"]
    exported = yaml.safe_load(cli("export", game).output)
    assert exported["winner"] == view["winner"]
    assert exported["standings"][0]["house"] == view["winner"]
    assert set(exported["standings"][0]) == {"house", "castles", "land", "supply", "iron_throne"}
    (game / "inbox" / "late.txt").write_text(
        "house: stark\npassword: demo-stark\nWinterfell: march\n"
    )
    out = cli("run", game, "--now", "2027-01-01T14:00Z").output
    assert "the game has ended" in out and "no more orders are taken" in out, out
    assert cli("status", game).exit_code == 0
