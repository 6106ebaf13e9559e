"""Issue 17, point 16: a late order line is told what is awaited now, and the Messenger
Raven's look is reported once."""

from __future__ import annotations

import pytest

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.westeros.ruleset import RULESET
from tests.conftest import SAMPLE_ORDERS, cli, drop

NOW = "2027-01-01T13:00Z"


def _refusal(phase: str, round_: int, lang: str) -> str:
    state = RULESET.new_game({"players": 6}, Dice(b"t", "t", 0))
    state.phase, state.round = phase, round_
    with pytest.raises(OrderErrors) as caught:
        RULESET.parse(state, "stark", "Winterfell: march +1\n")
    return caught.value.errors[0].say(lang, "westeros")


def test_an_order_line_in_the_westeros_phase_says_the_orders_are_not_asked_yet() -> None:
    said = _refusal("westeros", 3, "en")
    assert "orders for round 3 are not asked yet: its Westeros phase comes first" in said
    assert "already revealed" not in said
    assert "приказы раунда 3 ещё не запрошены" in _refusal("westeros", 3, "ru")
    assert "ordens da rodada 3 ainda não foram pedidas" in _refusal("westeros", 3, "pt_BR")


def test_an_order_line_in_the_action_phase_names_the_next_orders() -> None:
    said = _refusal("action", 3, "en")
    assert "orders for round 3 are already revealed; orders for round 4 are asked" in said
    assert "it is the last round" in _refusal("action", 10, "en")


def test_the_ravens_look_is_reported_once_in_the_private_report(new_game) -> None:
    game = new_game()
    for house, body in SAMPLE_ORDERS.items():
        extra = "raven: look\n" if house == "lannister" else ""
        drop(game, house, body + extra)
    assert cli("run", game, "--now", NOW).exit_code == 0
    report = sorted((game / ".adjudicator" / "private" / "lannister").glob("*.md"))[0].read_text()
    told = report.count("The top wildling card is") + report.count(
        "The top card of the wildling deck is"
    )
    assert told == 1, report
