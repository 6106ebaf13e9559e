"""Issue 17, point 11: requests say what they ask (the battle and the support order, a
card's choices), and `status` lists each player's rejected files, its columns aligned."""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros.rules.westeros_phase import resolve_card
from adjudicator.rulesets.westeros.ruleset import RULESET
from tests.conftest import SIX, cli, drop, password
from tests.rulesets.westeros.harness import six_player_position

NOW = "2027-01-01T13:00Z"


def _battle_game(tmp_path: Path, hands: dict | None = None) -> Path:
    """Rulebook, support: Tyrell marches on Stark in The Twins; the Baratheon ship in The
    Narrow Sea and the Greyjoy footman in Moat Cailin hold support orders next to it."""
    position = six_player_position(
        phase="action",
        blade_used=True,
        units={
            "seagard": {"tyrell": ["knight"]},
            "the_twins": {"stark": ["knight"]},
            "the_narrow_sea": {"baratheon": ["ship"]},
            "moat_cailin": {"greyjoy": ["footman"]},
            "sunspear": {"martell": ["footman"]},
            "lannisport": {"lannister": ["footman"]},
        },
        orders={
            "seagard": "march+0",
            "the_narrow_sea": "support+1",
            "moat_cailin": "support+0",
            "sunspear": "defense+1",
            "lannisport": "defense+1",
        },
        hands=hands or {"tyrell": ["margaery-tyrell"], "stark": ["ser-rodrick-cassel"]},
    )
    file = tmp_path / "position.yaml"
    file.write_text(yaml.safe_dump(position))
    passwords = tmp_path / "pw.yaml"
    passwords.write_text(yaml.safe_dump({h: password(h) for h in SIX}))
    game = tmp_path / "g"
    made = cli("new", game, "--game", "westeros", "--position", file, "--passwords", passwords)
    assert made.exit_code == 0, made.output
    drop(game, "tyrell", "march Seagard -> The Twins\n")
    assert cli("run", game, "--now", NOW).exit_code == 0
    return game


def test_declare_support_names_the_battle_and_the_support_order(tmp_path: Path) -> None:
    game = _battle_game(tmp_path)
    out = cli("status", game, "--now", NOW).output
    assert (
        "declare support in the battle for The Twins (Tyrell against Stark) with your "
        "support order in The Narrow Sea"
    ) in out, out


def test_status_lists_each_players_rejected_files(tmp_path: Path) -> None:
    game = _battle_game(tmp_path)
    drop(game, "baratheon", "support The Twins: Lannister\nThe Narrow Sea: fly\n")
    drop(game, "stark", "marsh everywhere\n", name="stark-orders.txt")
    assert cli("run", game, "--now", NOW).exit_code == 0
    lines = cli("status", game, "--now", NOW).output.splitlines()
    rejected = [line for line in lines if "rejected: " in line]
    assert any(line.split()[0] == "stark" and "stark-orders.txt" in line for line in rejected)
    (row,) = [n for n, line in enumerate(lines) if line.startswith("  baratheon ")]
    assert "rejected: baratheon.txt at 2027-01-01T13:00:00Z" in lines[row + 1], lines
    (errors,) = [w for w in rejected if "stark-orders" in w]
    assert "(the errors: .adjudicator/rejected/" in errors
    # A later step forgets them: only files since the open decisions were asked.
    drop(game, "baratheon", "support The Twins: Stark\n")
    cli("run", game, "--now", "2027-01-01T14:00Z")
    later = cli("status", game, "--now", "2027-01-01T14:00Z").output
    assert "baratheon.txt" not in later and "stark-orders.txt" not in later, later


def test_status_columns_are_as_wide_as_their_widest_cell() -> None:
    from adjudicator.cli import aligned

    rows = [
        [
            "baratheon",
            "declare support in the battle for The Twins (Tyrell against Stark) "
            "with your support order in The Narrow Sea",
            "MISSING",
            "by 2027-01-03",
        ],
        ["stark", "place orders", "in", "by 2027-01-03"],
    ]
    lines = aligned(rows)
    assert lines[0].index("MISSING") == lines[1].index("in ")
    assert lines[0].index("by 2027") == lines[1].index("by 2027")


def test_a_westeros_card_choice_lists_its_options() -> None:
    state = RULESET.new_game({"players": 6}, Dice(b"t", "t", 0))
    state.phase = "westeros"
    resolve_card(state, "put-to-the-sword", [])
    (request,) = [r for r in RULESET.requests(state) if r.kind == "put_to_the_sword"]
    assert request.summary.say("en", "westeros") == (
        "Put to the Sword: choose its effect: no march +1, no defense, nothing"
    )
    ru = request.summary.say("ru", "westeros")
    assert ru.startswith("Преданы мечу: выбрать действие карты (")


def test_a_house_card_request_names_the_battle_and_lists_the_hand(tmp_path: Path) -> None:
    hands = {
        "tyrell": ["margaery-tyrell", "ser-loras-tyrell"],
        "stark": ["ser-rodrick-cassel", "eddard-stark"],
    }
    game = _battle_game(tmp_path, hands)
    drop(game, "baratheon", "support The Twins: none\n")
    drop(game, "greyjoy", "support: none\n")
    cli("run", game, "--now", NOW)
    out = cli("status", game, "--now", NOW).output
    assert (
        "choose a house card for the battle in The Twins against Stark: Ser Loras Tyrell, "
        "Margaery Tyrell"
    ) in out, out
    assert "in The Twins against Tyrell: " in out
    rows = [line for line in out.splitlines() if "MISSING" in line]
    assert len(rows) == 2 and len({row.index("MISSING") for row in rows}) == 1, rows
