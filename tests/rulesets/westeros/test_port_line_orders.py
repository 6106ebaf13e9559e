"""P9 (captured ports) and Planning orders: 'порт ланниспорт: оборона' is a misspelt
«Порт Ланниспорта: оборона», the port's order, not the captured port's answer ('replace N',
'replace all', 'destroy'). The port line steps aside for an order token; its own answers
stay its own."""

from __future__ import annotations

import pytest

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.westeros import RULESET
from tests.rulesets.westeros.verbs_round import POSITION

DICE = Dice(b"case", "case", 0)
OTHERS = {
    "en": "Lannisport: march\nStoney Sept: support\nThe Golden Sound: raid\n",
    "ru": "Ланниспорт: поход\nКаменная Септа: подмога\nЗолотой пролив: набег\n",
}


@pytest.mark.parametrize(
    ("lang", "line", "said"),
    [
        ("ru", "порт ланниспорт: оборона", "Порт Ланниспорта: Оборона +1"),
        ("ru", "Порт Ланниспорт: сбор власти", "Порт Ланниспорта: Сбор власти"),
        ("en", "port lannisport: defense", "Port of Lannisport: Defense +1"),
        ("en", "Port Lannisport: consolidate power", "Port of Lannisport: Consolidate power"),
    ],
)
def test_p9_a_port_line_with_an_order_token_is_the_ports_order(
    lang: str, line: str, said: str
) -> None:
    state = RULESET.load_position(POSITION, DICE)
    parsed = RULESET.parse(state, "lannister", OTHERS[lang] + line)
    order = parsed[-1]
    assert (order.kind, order.line, order.text) == ("orders", 4, line)
    assert order.value["area"] == "port_of_lannisport"
    assert order.understood.say(lang, "westeros") == said


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("порт ланниспорт: заменить 2", 2),
        ("port lannisport: replace all", "all"),
        ("port lannisport: destroy", 0),
    ],
)
def test_p9_the_captured_ports_own_answers_stay_port_lines(line: str, value: object) -> None:
    state = RULESET.load_position(POSITION, DICE)
    answer = RULESET.parse(state, "lannister", OTHERS["en"] + "Port of Lannisport: raid\n" + line)[
        -1
    ]
    assert (answer.kind, answer.key, answer.value) == ("port", "port_of_lannisport", value)


def test_p9_a_port_line_with_neither_says_what_a_port_line_takes() -> None:
    state = RULESET.load_position(POSITION, DICE)
    with pytest.raises(OrderErrors) as raised:
        RULESET.parse(state, "lannister", OTHERS["en"] + "port lannisport: fly")
    assert "expected 'replace <number>', 'replace all' or 'destroy'" in str(raised.value.errors[0])
