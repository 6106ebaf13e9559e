"""Fog of war in the views (13.6): the public sees counts, a side its own identities."""

from __future__ import annotations

import yaml

from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.view import view

PUBLIC_BOXES = ("reform_box", "removed", "out", "set_aside")
"""1.7: the Reform box, out-of-play, set-aside and removed blocks are public."""


def hidden_blocks(state, viewer=None):
    """Blocks whose identity the viewer may not know: on the map or in a pool, not its own."""
    board = load_board()
    return [
        b
        for b, info in state.blocks.items()
        if info.at not in PUBLIC_BOXES
        and not info.at.startswith("year:")
        and board.block_side(b) != viewer
    ]


def text_of(v) -> str:
    return yaml.safe_dump(v, allow_unicode=True, sort_keys=True)


def mentions(text: str, block: str) -> bool:
    board = load_board()
    name = board.blocks[block].name
    # Savolax and Bergenhus are blocks named like their territories: look for the id only.
    named_like_a_place = name.lower() in {t.name.lower() for t in board.territories.values()}
    return block in text or (not named_like_a_place and name in text)


def landing_state():
    """WE-1: Karl XII and two regiments aboard two fleets in the Kattegat, and a draw."""
    state = scenario_state("poltava")
    state.phase = "action_1"
    state.blocks["swe_wachtmeister"].at = "kattegat"
    state.blocks["swe_anckarstierna"].at = "kattegat"
    state.blocks["swe_karl"].at = "aboard:swe_wachtmeister"
    state.blocks["swe_livgardet"].at = "aboard:swe_anckarstierna"
    state.blocks["swe_rehnskiold"].at = "aboard:swe_anckarstierna"
    state.rolls = [
        {"label": "1708 Spring / action roll / sweden", "dice": [4], "private": False},
        {
            "label": "1708 Spring / reinforce Russia / draw 1",
            "drawn": "rus_weyde",
            "private": True,
            "side": "coalition",
        },
    ]
    state.recon = {"sweden": [{"location": "pskov", "blocks": [{"block": "rus_bauer"}]}]}
    state.revealed = ["rus_bauer"]
    return state


def test_13_6_public_view_holds_counts_not_identities():
    state = landing_state()
    public = view(state, None)
    text = text_of(public)
    for block in hidden_blocks(state):
        assert not mentions(text, block), block
    kattegat = [r for r in public["forces"] if r["location"] == "kattegat"]
    assert kattegat == [
        {
            "location": "kattegat",
            "nation": "SWE",
            "side": "sweden",
            "where": "sea",
            "count": 2,
            "aboard": 3,
        }
    ]
    assert public["units"]["kattegat"] == {"SWE": ["fleet", "fleet", "hidden", "hidden", "hidden"]}
    assert public["pools"]["SWE"] == {"count": 1}
    assert "recon" not in public
    assert public["rolls"] == [{"label": "1708 Spring / action roll / sweden", "dice": [4]}]
    # 1.7: the Reform box and the removed blocks are public.
    assert public["reform"]["box"] == ["rus_repnin_b"]
    assert public["removed"] == ["rus_pyotr_h", "rus_sheremetev_h", "rus_menshikov_h"]


def test_13_6_a_side_sees_its_own_identities_and_only_the_enemys_counts():
    state = landing_state()
    sweden = view(state, "sweden")
    text = text_of(sweden)
    for block in hidden_blocks(state, "sweden"):
        assert not mentions(text, block) or block == "rus_bauer", block
    (row,) = [r for r in sweden["forces"] if r["location"] == "kattegat"]
    assert row["blocks"] == [
        {
            "block": "swe_wachtmeister",
            "strength": 3,
            "cargo": [{"block": "swe_karl", "strength": 4}],
        },
        {
            "block": "swe_anckarstierna",
            "strength": 3,
            "cargo": [
                {"block": "swe_livgardet", "strength": 3},
                {"block": "swe_rehnskiold", "strength": 3},
            ],
        },
    ]
    assert sweden["pools"]["SWE"] == {"count": 1, "blocks": ["swe_armfeldt"]}
    assert "blocks" not in sweden["pools"]["RUS"]
    assert sweden["recon"] == [{"location": "pskov", "blocks": [{"block": "rus_bauer"}]}]
    assert all("drawn" not in r for r in sweden["rolls"])
    coalition = view(state, "coalition")
    assert coalition["rolls"][1] == {
        "label": "1708 Spring / reinforce Russia / draw 1",
        "drawn": "rus_weyde",
    }
    assert "recon" in coalition and coalition["recon"] == []
    karl = coalition["units"]["kattegat"]["SWE"]
    assert karl == ["fleet", "fleet", "hidden", "hidden", "hidden"]


def test_13_6_revealed_battle_blocks_are_shown_again_only_as_counts():
    state = landing_state()
    public = text_of(view(state, None))
    assert "rus_bauer" not in public and "Bauer" not in public


def test_view_does_not_change_the_state():
    state = landing_state()
    before = state.to_data()
    view(state, None)
    view(state, "sweden")
    assert state.to_data() == before
