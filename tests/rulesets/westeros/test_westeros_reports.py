"""Every event of the Westeros phase has prose; the public report shows drawn cards and
revealed bids, never the order of a deck or a bid before the reveal."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator import render
from tests.rulesets.westeros.test_westeros_cases import run_case

CASES = Path(__file__).parent / "westeros_cases"


def _case(name: str) -> dict:
    return yaml.safe_load((CASES / f"{name}.yaml").read_text(encoding="utf-8"))


def _texts(events, fmt: str = "md") -> list[str]:
    env = render.environment("westeros", fmt)
    return [env.globals["event"](e) for e in events]


@pytest.mark.parametrize("path", sorted(CASES.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_westeros_event_has_prose(path: Path) -> None:
    played = run_case(yaml.safe_load(path.read_text(encoding="utf-8")))
    unknown = [e.kind for e in played.events if not render.has_event_macro("westeros", e.kind)]
    assert unknown == []


@pytest.mark.parametrize("fmt", ["md", "bbcode"])
def test_clash_of_kings_report(fmt: str) -> None:
    played = run_case(_case("clash_of_kings_bids_and_tie_orders"))
    text = "\n".join(_texts(played.events, fmt))
    assert "Clash of Kings" in text
    assert "Bids for the Iron Throne track: Stark 3, Lannister 3, Baratheon 1" in text
    assert "The Iron Throne track is now: 1. Stark, 2. Lannister, 3. Martell" in text
    assert "Baratheon (Iron Throne) orders the tied houses on the Iron Throne track." in text


def test_supply_and_restriction_report() -> None:
    played = run_case(_case("supply_reduce_chosen_and_default"))
    text = "\n".join(_texts(played.events))
    assert "the cards drawn are **Supply** (I), **Last Days of Summer** (II)" in text
    assert "the wildling threat rises from 2 to 6" in text
    assert "Stark 1, Lannister 3 (was 2), Baratheon 1 (was 2)" in text
    assert "Stark is over its supply and destroys footman in White Harbor." in text
    assert "No Raid order may be placed this round (*Sea of Storms*)." in text


def test_secret_bids_are_not_in_the_public_events_before_the_reveal() -> None:
    played = run_case(_case("clash_of_kings_waits_for_secret_bids"))
    assert played.waiting and all(e.public for e in played.events)
    text = "\n".join(_texts(played.events))
    assert "Bids for" not in text
    # the deck's next cards are not named anywhere (only the three drawn ones)
    assert "Mustering" not in text and "A Throne of Blades" not in text
