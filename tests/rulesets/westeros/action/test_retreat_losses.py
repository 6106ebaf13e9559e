"""Issue 8, supply on retreat: the units a retreat loses to supply are their owner's choice."""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import RULESET
from tests.rulesets.westeros.action.helpers import run

CASE = Path(__file__).parent / "cases" / "retreat_supply_losses_default_order.yaml"


def _waiting():
    case = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    return run(case["position"], case["submissions"], defaults=False)


def test_retreat_losses_request_lists_the_retreating_units() -> None:
    played = _waiting()
    (request,) = played.waiting
    assert (request.kind, request.player) == ("retreat-losses", "stark")
    assert request.context["choices"] == ["footman", "knight"]
    assert (request.context["pick"], request.context["to"]) == (1, "the_fingers")
    assert RULESET.default(played.state, request, Dice(b"x", "x", 1)) == ["footman"]


def test_retreat_losses_line_round_trips_for_bots() -> None:
    played = _waiting()
    (request,) = played.waiting
    text = RULESET.bot(played.state, "stark", Dice(b"x", "x", 1), False)
    choice = RULESET.answer(played.state, request, RULESET.parse(played.state, "stark", text))
    assert choice.instruction is not None and len(choice.value) == 1


def test_retreat_losses_not_listed_follow_the_default_order() -> None:
    # A line naming a unit that is not retreating still answers: the default completes it.
    played = _waiting()
    (request,) = played.waiting
    parsed = RULESET.parse(played.state, "stark", "retreat losses: siege engine")
    assert RULESET.answer(played.state, request, parsed).value == ["footman"]
