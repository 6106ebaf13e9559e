"""A whole action phase from the 6-player start: with standing instructions for every
decision it resolves in one go; with one house silent it stops at exactly its request."""

from __future__ import annotations

from tests.rulesets.westeros.action.helpers import describe, find_events, run, sorted_units
from tests.rulesets.westeros.harness import six_player_position

ORDERS = {
    "winterfell": "march+1",
    "white_harbor": "defense+1",
    "the_shivering_sea": "support+0",
    "lannisport": "march+0",
    "stoney_sept": "raid",
    "the_golden_sound": "support+0",
    "port_of_lannisport": "consolidate-power",
    "dragonstone": "march+1",
    "kingswood": "march+0",
    "shipbreaker_bay": "raid",
    "pyke": "march+0",
    "port_of_pyke": "raid",
    "ironmans_bay": "support+0",
    "greywater_watch": "defense+1",
    "highgarden": "march+0",
    "dornish_marches": "march-1",
    "redwyne_straights": "raid",
    "sunspear": "defense+2",
    "salt_shore": "march+0",
    "sea_of_dorne": "consolidate-power",
}

INSTRUCTIONS = {
    "baratheon": """
        march Dragonstone -> Storm's End: knight, footman
        march Kingswood -> The Reach
        card: Brienne of Tarth
        support: Baratheon
    """,
    "lannister": """
        march Lannisport -> Riverrun: knight
        support Riverrun: Lannister
        card Riverrun: The Hound
        retreat Riverrun: Lannisport
    """,
    "stark": "march Winterfell -> Moat Cailin: knight, footman\n",
    "martell": "march Salt Shore -> Yronwood: footman\n",
    "greyjoy": """
        march Pyke -> Riverrun: knight, footman
        support Riverrun: attacker
        card: Euron Crow's Eye
        blade: no
    """,
    "tyrell": """
        march Highgarden -> The Reach: knight, footman
        march Dornish Marches -> The Boneway
        card The Reach: Margaery Tyrell
    """,
}

FINAL_UNITS = {
    "storms_end": {"baratheon": ["footman", "knight"]},
    "kingswood": {"baratheon": ["footman"]},
    "shipbreaker_bay": {"baratheon": ["ship", "ship"]},
    "lannisport": {"lannister": ["footman", "knight"]},
    "stoney_sept": {"lannister": ["footman"]},
    "the_golden_sound": {"lannister": ["ship"]},
    "port_of_lannisport": {"lannister": ["ship"]},
    "moat_cailin": {"stark": ["footman", "knight"]},
    "white_harbor": {"stark": ["footman"]},
    "the_shivering_sea": {"stark": ["ship"]},
    "yronwood": {"martell": ["footman"]},
    "sunspear": {"martell": ["footman", "knight"]},
    "sea_of_dorne": {"martell": ["ship"]},
    "riverrun": {"greyjoy": ["footman", "knight"]},
    "port_of_pyke": {"greyjoy": ["ship"]},
    "ironmans_bay": {"greyjoy": ["ship"]},
    "greywater_watch": {"greyjoy": ["footman"]},
    "the_reach": {"tyrell": ["footman", "knight"]},
    "the_boneway": {"tyrell": ["footman"]},
    "redwyne_straights": {"tyrell": ["ship"]},
}


def position() -> dict:
    start = six_player_position()
    return {"units": start["units"], "orders": ORDERS}


def test_full_phase_resolves_in_one_go() -> None:
    played = run(position(), INSTRUCTIONS)
    shown = describe(played)
    assert played.rejected == {}, shown
    assert played.waiting == [], shown
    assert played.state.phase == "westeros" and played.state.round == 2, shown
    assert sorted_units(played.state.units) == sorted_units(FINAL_UNITS), shown
    assert played.state.orders == {}
    winners = [e.data["winner"] for e in find_events(played, "battle_resolved")]
    assert winners == ["greyjoy", "tyrell"], shown
    assert played.state.power["lannister"] == 6  # Port of Lannisport consolidates (P7)


def test_missing_instructions_stop_at_the_first_request() -> None:
    silent = {h: t for h, t in INSTRUCTIONS.items() if h != "baratheon"}
    played = run(position(), silent)
    assert [(r.kind, r.player) for r in played.waiting] == [("march", "baratheon")]
    start = six_player_position()["units"]
    assert sorted_units(played.state.units) == sorted_units(start)
    assert not find_events(played, "march")


def test_a_late_house_stops_the_phase_at_its_own_decision() -> None:
    silent = {h: t for h, t in INSTRUCTIONS.items() if h != "greyjoy"}
    played = run(position(), silent)
    assert [(r.kind, r.player) for r in played.waiting] == [("march", "greyjoy")]
    assert sorted(played.state.units["moat_cailin"]["stark"]) == ["footman", "knight"]
