"""Every wildling event has prose in both formats; bids stay secret until the reveal."""

from __future__ import annotations

import pytest

from adjudicator import render
from tests.rulesets.westeros.test_wildling_cards import CARDS_PLAYED
from tests.rulesets.westeros.wildling_helpers import attack, attack_state

POWER = {"stark": 3, "lannister": 2, "baratheon": 0, "greyjoy": 0, "tyrell": 1, "martell": 0}


def _texts(events, fmt: str = "md") -> list[str]:
    env = render.environment("westeros", fmt)
    return [env.globals["event"](e) for e in events]


@pytest.mark.parametrize("card", CARDS_PLAYED)
@pytest.mark.parametrize("threat", [2, 12])
def test_every_wildling_event_has_prose(card: str, threat: int) -> None:
    played = attack(attack_state(card, threat=threat, power=POWER))
    kinds = {e.kind for e in played.events if e.kind.startswith("wildling")}
    assert kinds
    assert [k for k in kinds if not render.has_event_macro("westeros", k)] == []
    for fmt in ("md", "bbcode"):
        assert all(_texts(played.events, fmt))


def test_wildling_report_lines() -> None:
    state = attack_state("skinchanger-scout", threat=6, power=POWER)
    played = attack(state, {"stark": "bid wildlings: 3", "lannister": "bid wildlings: 2"})
    text = "\n".join(_texts(played.events))
    assert "**The wildlings attack** with strength 6" in text
    assert "Bids for the Night's Watch: Baratheon 0, Lannister 2, Stark 3, Martell 0, " in text
    assert "5 against 6: **the wildlings win**" in text
    assert "the wildling threat goes from 6 to 2" in text
    assert "The wildling card is **Skinchanger Scout**; the lowest bidder" in text
    assert "*Skinchanger Scout*: Tyrell loses 1 Power token." in text


def test_bids_are_not_public_before_the_reveal() -> None:
    state = attack_state("skinchanger-scout", threat=6, power=POWER)
    played = attack(state, {"stark": "bid wildlings: 3"}, defaults=False)
    assert played.waiting and all(e.public for e in played.events)
    text = "\n".join(_texts(played.events))
    assert "Bids for" not in text and "Skinchanger" not in text
