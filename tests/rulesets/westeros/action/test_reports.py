"""Every event kind the action phase emits has prose; a battle renders as a table."""

from __future__ import annotations

import pytest

from adjudicator import render
from tests.rulesets.westeros.action.helpers import run
from tests.rulesets.westeros.action.test_full_phase import INSTRUCTIONS, position

KINDS = [
    "step_started",
    "raid",
    "raid_removed",
    "march",
    "power_token_placed",
    "power_token_removed",
    "garrison_removed",
    "ships_destroyed",
    "port_captured",
    "battle_started",
    "support_declared",
    "cards_revealed",
    "card_replaced",
    "ability",
    "tides_drawn",
    "blade_used",
    "battle_resolved",
    "casualties",
    "retreat",
    "moved_in",
    "neutral_held",
    "hand_refreshed",
    "battle_ended",
    "consolidated",
    "mustered",
    "answer_rejected",
    "round_ended",
    "game_ended",
]


@pytest.mark.parametrize("kind", KINDS)
def test_every_event_kind_has_a_macro(kind: str) -> None:
    assert render.has_event_macro("westeros", kind)


@pytest.mark.parametrize("fmt", ["md", "bbcode"])
def test_full_phase_renders(fmt: str) -> None:
    played = run(position(), INSTRUCTIONS)
    env = render.environment("westeros", fmt)
    texts = [env.globals["event"](e) for e in played.events]
    battle = next(t for e, t in zip(played.events, texts, strict=True) if e.kind == "battle_ended")
    assert "Riverrun" in battle and "Euron Crow's Eye" in battle and "Total" in battle
    assert all(":" not in t.split()[0] or t for t in texts)
    unknown = [e.kind for e in played.events if not render.has_event_macro("westeros", e.kind)]
    assert unknown == []
