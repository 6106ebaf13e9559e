"""The README's sections for Russian and Portuguese players tell the truth (issue 12, item 6):
their order file is accepted, the receipt and the error shown are the ones players get, and
the baltic line they quote reads as the English one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.rulesets.baltic.instructions import parse_submission
from tests.rulesets.baltic.test_orders import we1_state

README = Path(__file__).resolve().parents[1] / "README.md"
HEADINGS = {
    "ru": "## Как отправлять приказы (для игроков)",
    "pt_BR": "## Como enviar ordens (para os jogadores)",
}
NOW = "2026-12-01T12:00Z"


def section(lang: str) -> str:
    return README.read_text(encoding="utf-8").split(HEADINGS[lang], 1)[1].split("\n## ", 1)[0]


def blocks(lang: str) -> list[str]:
    """The section's code blocks: the order file, the receipt, the error."""
    return [b.strip("\n") + "\n" for b in section(lang).split("```")[1::2]]


def run_game(tmp_path: Path, orders: str) -> Path:
    """A new 6-player westeros game, the file dropped into its inbox, one run."""
    house = re.search(r"^house:\s*(\S+)", orders, re.M).group(1)
    secret = re.search(r"^password:\s*(\S+)", orders, re.M).group(1)
    passwords = tmp_path / "passwords.yaml"
    passwords.write_text(f"{house}: {secret}\n", encoding="utf-8")
    game = tmp_path / "g"
    runner = CliRunner()
    args = ["new", str(game), "--game", "westeros", "--players", "6", "--now", NOW]
    result = runner.invoke(main, [*args, "--passwords", str(passwords)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    (game / "inbox" / f"{house}.txt").write_text(orders, encoding="utf-8")
    result = runner.invoke(main, ["run", str(game), "--now", NOW], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return game


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_the_sections_order_file_gets_the_receipt_it_shows(lang: str, tmp_path: Path) -> None:
    orders, receipt, _ = blocks(lang)[:3]
    game = run_game(tmp_path, orders)
    (got,) = (game / ".adjudicator" / "receipts").iterdir()
    shown = re.sub(r"accepted as \d+", "accepted as 0001", receipt)
    assert got.read_text(encoding="utf-8") == shown


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_the_sections_error_is_the_one_players_get(lang: str, tmp_path: Path) -> None:
    orders, _, error = blocks(lang)[:3]
    number, bad = re.match(r"line (\d+): \w+\n  '(.*)'", error).groups()
    lines = orders.splitlines()
    lines[int(number) - 1] = bad
    game = run_game(tmp_path, "\n".join(lines) + "\n")
    (got,) = (game / ".adjudicator" / "rejected").glob("*.errors.txt")
    assert got.read_text(encoding="utf-8").strip() == error.strip()


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_the_sections_baltic_line_reads_as_the_english_one(lang: str) -> None:
    quoted = re.search(r"`(disembark [^`]+)`", section(lang)).group(1)
    line = " ".join(quoted.split())

    def meaning(text: str) -> list:
        state = we1_state()  # WE-1 a season later: Karl XII aboard in the Gulf of Finland
        state.blocks["swe_wachtmeister"].at = "gulf_of_finland"
        state.phase = "action_1" if state.first_player == "sweden" else "action_2"
        (orders,) = parse_submission(state, "sweden", text)
        return [{k: v for k, v in x.items() if k != "text"} for x in orders.value["lines"]]

    assert meaning(line) == meaning("disembark Karl XII: Gulf of Finland -> Narva")


FORMS = {"ru": "stark", "pt_BR": "lannister"}


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_the_sections_order_form_is_the_one_players_get(lang: str) -> None:
    """Issue 17: the form shown is the form a private report gives at the 6-player start."""
    from adjudicator.dice import Dice
    from adjudicator.form import say_form
    from adjudicator.rulesets.westeros.ruleset import RULESET
    from adjudicator.text import Name

    house = FORMS[lang]
    state = RULESET.new_game({"players": 6}, Dice(b"t", "t", 0))
    form = say_form(RULESET.form(state, house, []), Name(house, house.title()), lang, "westeros")
    assert blocks(lang)[3] == form
