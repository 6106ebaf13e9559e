"""Every event kind the action phase emits has prose; a battle renders as a table."""

from __future__ import annotations

import pytest

from adjudicator import render
from tests.rulesets.westeros.action.helpers import run, sorted_units
from tests.rulesets.westeros.action.test_full_phase import INSTRUCTIONS, position
from tests.rulesets.westeros.harness import Played

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


def _texts(played: Played, fmt: str = "md") -> list[str]:
    env = render.environment("westeros", fmt)
    f = env.get_template("common/markdown.j2").module
    return [env.globals["event"](e, f) for e in played.events]


def test_neutral_force_holding_reads_as_the_neutral_force() -> None:
    # Rulebook, Neutral Force tokens: a march short of the token's strength fails; the
    # report must name the neutral force, not a house called "Neutral".
    played = run(
        {
            "blade_used": True,
            "units": {"the_mountains_of_the_moon": {"stark": ["knight", "footman"]}},
            "orders": {"the_mountains_of_the_moon": "march+0"},
        },
        {"stark": "march Mountains of the Moon -> The Eyrie\n"},
    )
    assert sorted_units(played.state.units) == {
        "the_mountains_of_the_moon": {"stark": ["footman", "knight"]}
    }
    texts = _texts(played)
    assert "Stark 3 against the neutral force 6: **the neutral force** holds." in texts
    assert not any("**Neutral** wins" in t for t in texts)


def test_battle_table_names_each_strength_term() -> None:
    # The table has one row for the cards played and one for their strength: distinct labels.
    played = run(
        {
            "blade_used": True,
            "units": {"seagard": {"lannister": ["knight"]}, "the_twins": {"stark": ["footman"]}},
            "orders": {"seagard": "march+0"},
            "hands": {"lannister": ["ser-jaime-lannister"], "stark": ["greatjon-umber"]},
        },
        {"lannister": "march Seagard -> The Twins\n"},
    )
    # Jaime's sword against no tower: the footman is the casualty, nothing retreats.
    assert sorted_units(played.state.units) == {"the_twins": {"lannister": ["knight"]}}
    texts = _texts(played)
    battle = next(t for e, t in zip(played.events, texts, strict=True) if e.kind == "battle_ended")
    assert "| Card | Ser Jaime Lannister | Greatjon Umber |" in battle
    assert "| Card strength | 2 | 2 |" in battle
