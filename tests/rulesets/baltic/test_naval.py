"""Section 9, step by step: sea transport, sailing, naval retreats, fleets in harbor.

Each test names the clause it checks; WE-n are the worked examples of section 16. Battles
themselves are fought by the battle rules; here their naval exceptions are driven directly.
"""

from __future__ import annotations

from adjudicator.rulesets.baltic import naval
from adjudicator.rulesets.baltic.naval import Why
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice


def we1_state():
    """WE-1: Summer 1701; in the Kattegat, Wachtmeister carries Karl XII, Anckarstierna carries
    Livgardet and Rehnskiöld; Ingermanland is Swedish and holds three Russian blocks."""
    return blank_state(
        year=1701,
        blocks={
            "swe_wachtmeister": ("kattegat", 4),
            "swe_anckarstierna": ("kattegat", 3),
            "swe_karl": ("aboard:swe_wachtmeister", 4),
            "swe_livgardet": ("aboard:swe_anckarstierna", 3),
            "swe_rehnskiold": ("aboard:swe_anckarstierna", 3),
            "rus_sheremetev_h": ("ingermanland", 4),
            "rus_golitsyn": ("ingermanland", 4),
            "rus_streltsy": ("ingermanland", 3),
        },
    )


FLEETS = ["swe_wachtmeister", "swe_anckarstierna"]
CARGO = ["swe_karl", "swe_livgardet", "swe_rehnskiold"]
PATH = ["kattegat", "western_baltic", "central_baltic", "gulf_of_finland"]


def test_9_2g_we1_fleet_carries_cargo_then_lands_at_narva() -> None:
    """9.1a-c, 9.2a, c, g, j: 3 sea steps with cargo, then a landing "from the sea"."""
    state = we1_state()
    events: list = []
    plan = naval.plan_sail(state, "sweden", FLEETS, PATH)
    assert plan == PATH[1:]
    naval.sail(state, "sweden", FLEETS, PATH, events)
    assert [state.blocks[f].at for f in FLEETS] == ["gulf_of_finland"] * 2
    assert state.location("swe_karl") == "gulf_of_finland"
    assert events[-1]["count"] == 2 and events[-1]["cargo"] == 3
    assert "swe_karl" not in state.turn.moved  # being carried is not a move (4.1b)
    assert naval.plan_disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland") is None
    naval.disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland", events)
    assert [state.blocks[b].at for b in CARGO] == ["ingermanland"] * 3
    assert state.cargo("swe_wachtmeister") == [] and state.cargo("swe_anckarstierna") == []
    assert ["ingermanland", "sea", "swe_karl"] in state.turn.entries
    assert events[-1]["kind"] == "disembark" and events[-1]["count"] == 3


def test_9_1a_sail_limited_to_three_sea_steps() -> None:
    state = we1_state()
    path = [*PATH, "gulf_of_bothnia"]
    assert naval.plan_sail(state, "sweden", FLEETS, path) == Why.TOO_FAR
    assert naval.plan_sail(state, "sweden", FLEETS, ["kattegat", "central_baltic"]) == (
        Why.NOT_ADJACENT
    )


def test_9_1c_loaded_fleet_may_not_enter_harbor() -> None:
    """WE-1 rejected: line 1 ending `-> Reval`."""
    state = we1_state()
    short = ["western_baltic", "central_baltic", "gulf_of_finland", "estland"]
    state.blocks["swe_wachtmeister"].at = "western_baltic"
    state.blocks["swe_anckarstierna"].at = "western_baltic"
    assert naval.plan_sail(state, "sweden", FLEETS, short) == Why.LOADED
    for block in CARGO:
        state.blocks[block].at = "pool"
    assert naval.plan_sail(state, "sweden", FLEETS, short) == short[1:]


def test_9_1b_fleet_stops_in_zone_with_enemy_fleets() -> None:
    state = we1_state()
    state.blocks["rus_cruys"].at = "central_baltic"
    state.blocks["rus_cruys"].strength = 4
    assert naval.plan_sail(state, "sweden", FLEETS, PATH) == Why.STOPPED
    assert naval.plan_sail(state, "sweden", FLEETS, PATH[:3]) == PATH[1:3]
    state.blocks["rus_cruys"].at = "H:nyen"  # fleets in a harbor never stop it
    state.converted.append("nyen")
    state.markers["nyen"] = "RUS"
    assert naval.plan_sail(state, "sweden", FLEETS, PATH) == PATH[1:]


def test_9_1d_harbor_entry_needs_friendly_harbor_with_room() -> None:
    state = blank_state(blocks={"swe_sjoblad": ("gulf_of_finland", 2)})
    assert naval.plan_sail(state, "sweden", ["swe_sjoblad"], ["gulf_of_finland", "estland"]) == [
        "estland"
    ]
    state.markers["estland"] = "RUS"
    assert naval.plan_sail(state, "sweden", ["swe_sjoblad"], ["gulf_of_finland", "estland"]) == (
        Why.HARBOR
    )
    del state.markers["estland"]
    state.blocks["swe_anckarstierna"].at = "H:estland"
    state.blocks["swe_wachtmeister"].at = "H:estland"
    assert naval.plan_sail(state, "sweden", ["swe_sjoblad"], ["gulf_of_finland", "estland"]) == (
        Why.HARBOR
    )


def test_9_2e_block_cannot_embark_after_moving() -> None:
    """WE-1 rejected: `embark Karl XII on Wachtmeister at Narva` after the landing."""
    state = we1_state()
    events: list = []
    naval.sail(state, "sweden", FLEETS, PATH, events)
    naval.disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland", events)
    plan = naval.plan_embark(state, "sweden", ["swe_karl"], "ingermanland", "swe_wachtmeister")
    assert plan == Why.MOVED


def test_9_2e_embarked_block_cannot_disembark_same_season() -> None:
    state = blank_state(
        blocks={"swe_stenbock": ("gotaland", 3), "swe_wachtmeister": ("kattegat", 4)}
    )
    events: list = []
    plan = naval.plan_embark(state, "sweden", ["swe_stenbock"], "gotaland")
    assert plan == {"swe_stenbock": "swe_wachtmeister"}
    naval.embark(state, "sweden", plan, "gotaland", events)
    assert state.carrier("swe_stenbock") == "swe_wachtmeister"
    why = naval.plan_disembark(state, "sweden", ["swe_stenbock"], "kattegat", "skane")
    assert why == Why.MOVED


def test_9_2f_no_landing_with_enemy_fleet_in_zone() -> None:
    """WE-1 rejected: with a Russian fleet at sea in the Gulf, line 2 is illegal."""
    state = we1_state()
    events: list = []
    naval.sail(state, "sweden", FLEETS, PATH, events)
    state.blocks["rus_cruys"].at = "gulf_of_finland"
    why = naval.plan_disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland")
    assert why == Why.ENEMY_FLEET
    state.blocks["swe_schlippenbach"].at = "estland"
    assert naval.plan_embark(state, "sweden", ["swe_schlippenbach"], "estland") == Why.ENEMY_FLEET


def test_9_2d_h_army_and_regiment_never_share_a_fleet() -> None:
    """WE-1 rejected: `embark Stenbock, Upplands on Sjöblad at Stockholm`."""
    state = blank_state(
        blocks={
            "swe_stenbock": ("svealand", 3),
            "swe_upplands": ("svealand", 3),
            "swe_livgardet": ("svealand", 3),
            "swe_rehnskiold": ("svealand", 3),
            "swe_sjoblad": ("central_baltic", 3),
        }
    )
    both = ["swe_stenbock", "swe_upplands"]
    assert naval.plan_embark(state, "sweden", both, "svealand", "swe_sjoblad") == Why.NO_ROOM
    two = ["swe_upplands", "swe_livgardet"]
    assert naval.plan_embark(state, "sweden", two, "svealand", "swe_sjoblad") == {
        "swe_upplands": "swe_sjoblad",
        "swe_livgardet": "swe_sjoblad",
    }
    three = [*two, "swe_rehnskiold"]
    assert naval.plan_embark(state, "sweden", three, "svealand", "swe_sjoblad") == Why.NO_ROOM


def test_9_2b_loading_only_into_the_ports_own_zone() -> None:
    """WE-1 rejected: from Nyen, no embarking onto a fleet in the Central Baltic."""
    state = blank_state(blocks={"swe_krassow": ("nyen", 3), "swe_sjoblad": ("central_baltic", 3)})
    assert naval.plan_embark(state, "sweden", ["swe_krassow"], "nyen") == Why.NOT_FLEET
    state.blocks["swe_sjoblad"].at = "gulf_of_finland"
    assert naval.plan_embark(state, "sweden", ["swe_krassow"], "nyen") == {
        "swe_krassow": "swe_sjoblad"
    }


def test_9_2b_no_embarking_from_a_port_that_is_not_friendly() -> None:
    """WE-1 rejected: from Courland, while Poland is inactive, blocks cannot embark."""
    state = blank_state(
        blocks={"swe_lewenhaupt": ("courland", 4), "swe_sjoblad": ("central_baltic", 3)}
    )
    assert naval.plan_embark(state, "sweden", ["swe_lewenhaupt"], "courland") == (
        Why.PORT_NOT_FRIENDLY
    )
    state.nations["POL"].status = "active"
    assert naval.plan_embark(state, "sweden", ["swe_lewenhaupt"], "courland") == {
        "swe_lewenhaupt": "swe_sjoblad"
    }


def test_9_2c_we2_landing_in_an_enemy_port_is_legal() -> None:
    """WE-2: `disembark Västgöta, Smålands: Kattegat -> København` into Danish Sjælland."""
    state = blank_state(
        year=1710,
        season="autumn",
        active=("SWE", "RUS", "DEN"),
        blocks={
            "swe_anckarstierna": ("kattegat", 3),
            "swe_vastgota": ("aboard:swe_anckarstierna", 3),
            "swe_smalands": ("aboard:swe_anckarstierna", 3),
            "den_guards": ("sjaelland", 2),
        },
    )
    blocks = ["swe_vastgota", "swe_smalands"]
    assert naval.plan_disembark(state, "sweden", blocks, "kattegat", "sjaelland") is None
    naval.disembark(state, "sweden", blocks, "kattegat", "sjaelland", [])
    # 9.5b, d: Sjælland's port is not friendly, so no retreat to sea is possible.
    assert naval.sea_retreat_fleets(state, "swe_vastgota", "sjaelland") == []


def test_9_2j_no_landing_in_a_closed_or_forbidden_territory() -> None:
    state = blank_state(
        blocks={"swe_sjoblad": ("kattegat", 3), "swe_upplands": ("aboard:swe_sjoblad", 3)}
    )
    why = naval.plan_disembark(state, "sweden", ["swe_upplands"], "kattegat", "sjaelland")
    assert why == Why.FORBIDDEN  # Denmark inactive: Sjælland closed (1.2d, 4.4)


def test_3_6a_no_naval_movement_in_winter() -> None:
    state = we1_state()
    state.season = "winter"
    assert naval.plan_sail(state, "sweden", FLEETS, PATH) == Why.WINTER
    assert naval.plan_disembark(state, "sweden", CARGO, "kattegat", "gotaland") == Why.WINTER


def test_9_2k_embark_and_disembark_ignore_border_limits() -> None:
    blocks = {f"swe_{b}": ("svealand", 2) for b in ("livgardet", "rehnskiold", "upplands")}
    blocks |= {"swe_sjoblad": ("central_baltic", 3), "swe_anckarstierna": ("central_baltic", 3)}
    state = blank_state(blocks=blocks)
    plan = naval.plan_embark(state, "sweden", list(blocks)[:3], "svealand")
    assert isinstance(plan, dict) and len(plan) == 3
    naval.embark(state, "sweden", plan, "svealand", [])
    assert state.turn.crossings == {}


def test_9_2i_d6_default_carriers() -> None:
    """D6: armies onto the first empty fleet; regiments onto a fleet holding one regiment."""
    state = blank_state(
        blocks={
            "swe_stenbock": ("skane", 3),
            "swe_smalands": ("skane", 2),
            "swe_vastgota": ("skane", 2),
            "swe_wachtmeister": ("kattegat", 4),
            "swe_anckarstierna": ("kattegat", 3),
        }
    )
    plan = naval.plan_embark(
        state, "sweden", ["swe_smalands", "swe_stenbock", "swe_vastgota"], "skane"
    )
    assert plan == {
        "swe_smalands": "swe_wachtmeister",
        "swe_stenbock": "swe_anckarstierna",
        "swe_vastgota": "swe_wachtmeister",
    }


# -- naval battle exceptions (9.3) ----------------------------------------------------------
def test_9_3b_we3_retreating_fleet_goes_to_nearest_friendly_harbor() -> None:
    """WE-3: Cruys retreats from the Gulf of Finland to Sankt-Peterburg (0 sea steps)."""
    state = blank_state(
        year=1705,
        season="spring",
        markers={"nyen": "RUS"},
        blocks={"rus_cruys": ("gulf_of_finland", 2), "swe_wachtmeister": ("gulf_of_finland", 3)},
    )
    state.converted.append("nyen")
    events: list = []
    assert naval.has_naval_battle(state, "gulf_of_finland")
    assert naval.retreat_fleet(state, "rus_cruys", "gulf_of_finland", events) == "nyen"
    assert state.blocks["rus_cruys"].at == "H:nyen" and state.blocks["rus_cruys"].strength == 2
    assert not naval.has_naval_battle(state, "gulf_of_finland")


def test_9_3b_fleet_lost_without_harbour() -> None:
    """WE-3 variant: no friendly harbor for the Coalition: Cruys is set aside, not pooled."""
    state = blank_state(
        year=1705, blocks={"rus_cruys": ("gulf_of_finland", 2)}, markers={"nyen": "SWE"}
    )
    state.converted.append("nyen")
    events: list = []
    assert naval.retreat_fleet(state, "rus_cruys", "gulf_of_finland", events) is None
    assert state.blocks["rus_cruys"].at == "set_aside"
    assert events[-1]["kind"] == "fleet_set_aside"


def test_9_3f_we3_set_aside_fleet_returns_when_side_controls_a_harbor() -> None:
    """WE-3 variant: Denmark activates; København is friendly: Cruys returns to the pool."""
    state = blank_state(year=1713, blocks={"rus_cruys": ("set_aside", 2)})
    events: list = []
    naval.return_set_aside(state, events)
    assert state.blocks["rus_cruys"].at == "set_aside"
    state.nations["DEN"].status = "active"
    naval.return_set_aside(state, events)
    assert state.blocks["rus_cruys"].at == "pool"
    assert events[-1] == {
        "kind": "set_aside_returned",
        "side": "coalition",
        "blocks": ["rus_cruys"],
    }


def test_9_3f_seed_full_harbor_is_enough_to_return_set_aside_fleets() -> None:
    """NOTE: the seed asks only that the player controls a harbor again, not that it has room."""
    state = blank_state(
        active=("SWE", "RUS", "DEN"),
        blocks={
            "rus_cruys": ("set_aside", 2),
            "den_gyldenlove": ("H:akershus", 3),
            "den_tordenskjold": ("H:bergenhus", 3),
            "den_reventlow": ("pool", 1),
        },
        markers={"sjaelland": "SWE"},
    )
    naval.return_set_aside(state, [])
    assert state.blocks["rus_cruys"].at == "pool"


def test_9_3c_we4_cargo_of_retreating_fleet_lands_in_its_harbor() -> None:
    """WE-4 round 2: Tordenskjold retreats from the Kattegat to København (0 steps, before
    Akershus 1 and Bergenhus 2); the Guards and the Dragoner land in Sjælland."""
    state = blank_state(
        year=1710,
        season="autumn",
        active=("SWE", "RUS", "DEN"),
        blocks={
            "den_tordenskjold": ("kattegat", 1),
            "den_guards": ("aboard:den_tordenskjold", 2),
            "den_jyske": ("aboard:den_tordenskjold", 2),
            "swe_wachtmeister": ("kattegat", 3),
        },
    )
    events: list = []
    assert naval.retreat_fleet(state, "den_tordenskjold", "kattegat", events) == "sjaelland"
    assert state.blocks["den_tordenskjold"].at == "H:sjaelland"
    assert state.blocks["den_guards"].at == "sjaelland"
    assert state.blocks["den_jyske"].at == "sjaelland"
    assert state.blocks["den_guards"].strength == 2  # cargo never takes hits (9.3d)
    assert state.turn.entries == []  # no enemy there: no land battle


def test_9_3e_cargo_landing_among_enemies_makes_a_land_battle() -> None:
    """9.3e (seed): any friendly harbor; enemy land blocks there mean a land battle."""
    state = blank_state(
        active=("SWE", "RUS", "DEN"),
        blocks={
            "den_tordenskjold": ("kattegat", 1),
            "den_reventlow": ("aboard:den_tordenskjold", 2),
            "swe_stenbock": ("sjaelland", 3),
            "swe_wachtmeister": ("kattegat", 3),
        },
        first_player="coalition",  # the Coalition is active: its landed cargo attacks
    )
    naval.retreat_fleet(state, "den_tordenskjold", "kattegat", [])
    assert state.blocks["den_reventlow"].at == "sjaelland"
    assert ["sjaelland", "sea", "den_reventlow"] in state.turn.entries


def test_9_3e_fleet_retreat_priority_line_is_used_when_legal() -> None:
    state = blank_state(
        active=("SWE", "RUS", "DEN"),
        blocks={"den_gyldenlove": ("kattegat", 2), "den_scholten": ("pool", 1)},
    )
    state.standing["coalition"] = {
        "fleet_retreat": {"text": "", "value": {"harbors": ["estland", "bergenhus"]}}
    }
    assert naval.retreat_fleet(state, "den_gyldenlove", "kattegat", []) == "bergenhus"


def test_9_3c_cargo_lost_with_set_aside_fleet_goes_to_pool() -> None:
    state = blank_state(
        blocks={"rus_cruys": ("central_baltic", 1), "rus_golitsyn": ("aboard:rus_cruys", 3)},
        markers={"nyen": "SWE"},
    )
    events: list = []
    naval.retreat_fleet(state, "rus_cruys", "central_baltic", events)
    assert state.blocks["rus_cruys"].at == "set_aside"
    assert state.blocks["rus_golitsyn"].at == "pool"
    assert any(e["kind"] == "destroyed" and e["block"] == "rus_golitsyn" for e in events)


# -- fleets in harbor (9.4) ------------------------------------------------------------------
def we5_state():
    """WE-5: Summer 1710; Swedish Estland with Sjöblad (3) in its harbor, no Swedish land."""
    return blank_state(
        year=1710,
        blocks={
            "swe_sjoblad": ("H:estland", 3),
            "rus_sheremetev_b": ("ingermanland", 4),
            "rus_bauer": ("ingermanland", 3),
        },
        markers={"ingermanland": "RUS"},
    )


def test_9_4c_we5_only_fleets_in_harbor_are_announced_and_kept() -> None:
    state = we5_state()
    for block in ("rus_sheremetev_b", "rus_bauer"):
        state.blocks[block].at = "estland"
    events: list = []
    naval.announce_entry(state, "estland", "coalition", events)
    assert events == [
        {"kind": "harbor_fleets", "side": "sweden", "territory": "estland", "count": 1}
    ]
    assert state.blocks["swe_sjoblad"].at == "H:estland"  # D8 default: keep


def test_9_4e_we5_withdraw_fleets_line_moves_them_out_without_loss() -> None:
    state = we5_state()
    state.standing["sweden"] = {"fleets|estland": {"text": "", "value": {"withdraw": True}}}
    events: list = []
    naval.announce_entry(state, "estland", "coalition", events)
    assert state.blocks["swe_sjoblad"].at == "gulf_of_finland"
    assert state.blocks["swe_sjoblad"].strength == 3
    assert "swe_sjoblad" not in state.turn.moved  # not a move (4.1b)
    state.blocks["swe_sjoblad"].at = "H:estland"
    state.season = "winter"
    naval.announce_entry(state, "estland", "coalition", [])
    assert state.blocks["swe_sjoblad"].at == "H:estland"  # 3.6a: never in Winter


def test_9_4b_fleets_in_harbor_are_not_announced_with_land_blocks_there() -> None:
    state = we5_state()
    state.blocks["swe_estlandska"].at = "estland"
    events: list = []
    naval.announce_entry(state, "estland", "coalition", events)
    assert events == []  # a land battle is fought instead; the fleets never fight (9.4b)


def test_9_4d_we5_captured_harbor_expels_fleets_with_a_step_loss() -> None:
    """WE-5: Estland falls to Russia: Sjöblad goes to the Gulf of Finland at 2."""
    state = we5_state()
    state.markers["estland"] = "RUS"
    events: list = []
    assert naval.expel_fleets(state, "estland", events) is None
    assert state.blocks["swe_sjoblad"].at == "gulf_of_finland"
    assert state.blocks["swe_sjoblad"].strength == 2


def test_9_4f_fleet_at_one_is_destroyed_and_battle_is_due_at_once() -> None:
    state = we5_state()
    state.blocks["swe_wachtmeister"].at = "H:estland"
    state.blocks["swe_wachtmeister"].strength = 1
    state.blocks["rus_cruys"].at = "gulf_of_finland"
    state.markers["estland"] = "RUS"
    events: list = []
    zone = naval.expel_fleets(state, "estland", events)
    assert state.blocks["swe_wachtmeister"].at == "pool"
    assert state.blocks["swe_sjoblad"].at == "gulf_of_finland"
    assert zone == "gulf_of_finland"  # WE-5 variant: fought at once, Coalition attacking


def test_9_4d_we16_sankt_peterburg_taken_expels_russian_fleets() -> None:
    """WE-16, 1712: Sweden takes Sankt-Peterburg; the Russian fleets go to the Gulf at -1."""
    state = blank_state(
        year=1712,
        blocks={"rus_cruys": ("H:nyen", 4), "rus_zmaevich": ("H:nyen", 3)},
        markers={"nyen": "RUS"},
    )
    state.converted.append("nyen")
    del state.markers["nyen"]  # the capture: Swedish again (liberation, 6.4a)
    naval.expel_fleets(state, "nyen", [])
    assert [state.blocks[f].at for f in ("rus_cruys", "rus_zmaevich")] == ["gulf_of_finland"] * 2
    assert [state.blocks[f].strength for f in ("rus_cruys", "rus_zmaevich")] == [3, 2]


def test_9_4g_harbor_lost_otherwise_sends_fleets_to_nearest_friendly_harbor() -> None:
    state = blank_state(blocks={"swe_sjoblad": ("H:pommern", 2)})
    state.cessions.append({"territory": "pommern", "to": "PRU"})
    events: list = []
    naval.relocate_fleets(state, events)
    # from Stralsund (Western Baltic): Karlskrona 0 steps
    assert state.blocks["swe_sjoblad"].at == "H:smaland"
    assert state.blocks["swe_sjoblad"].strength == 2


def test_9_4g_fleets_set_aside_when_no_friendly_harbor() -> None:
    state = blank_state(active=("SWE", "RUS", "DEN"), blocks={"den_gyldenlove": ("H:sjaelland", 3)})
    state.nations["DEN"].status = "truce"
    naval.relocate_fleets(state, [])
    assert state.blocks["den_gyldenlove"].at == "set_aside"


# -- retreat to sea (9.5) --------------------------------------------------------------------
def test_9_5e_we6_failed_attack_retreats_to_sea() -> None:
    """WE-6 round 2: Karl aboard Wachtmeister; Livgardet, Rehnskiöld aboard Anckarstierna."""
    state = we1_state()
    naval.sail(state, "sweden", FLEETS, PATH, [])
    naval.disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland", [])
    events: list = []
    for block in CARGO:  # landed this turn: retreat is not a move (9.5f)
        naval.retreat_to_sea(state, block, "ingermanland", [], events)
    assert state.carrier("swe_karl") == "swe_wachtmeister"
    assert state.carrier("swe_livgardet") == "swe_anckarstierna"
    assert state.carrier("swe_rehnskiold") == "swe_anckarstierna"


def test_9_5d_no_sea_retreat_from_a_port_you_do_not_control() -> None:
    """WE-6 variant: Ingermanland Russian: no retreat is legal."""
    state = we1_state()
    state.markers["ingermanland"] = "RUS"
    naval.sail(state, "sweden", FLEETS, PATH, [])
    naval.disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland", [])
    assert naval.sea_retreat_fleets(state, "swe_karl", "ingermanland") == []
    assert naval.retreat_to_sea(state, "swe_karl", "ingermanland", [], []) is None


def test_9_5c_no_retreat_onto_a_fleet_in_harbor() -> None:
    """WE-6 variant: fleets in a harbor, not at sea: no sea retreat."""
    state = blank_state(blocks={"swe_krassow": ("pommern", 3), "swe_sjoblad": ("H:pommern", 3)})
    assert naval.sea_retreat_fleets(state, "swe_krassow", "pommern") == []
    state.blocks["swe_sjoblad"].at = "western_baltic"
    assert naval.sea_retreat_fleets(state, "swe_krassow", "pommern") == ["swe_sjoblad"]


def test_9_5a_sea_retreat_within_transport_limits() -> None:
    state = blank_state(
        blocks={
            "swe_krassow": ("pommern", 3),
            "swe_pommerska": ("pommern", 2),
            "swe_sjoblad": ("western_baltic", 3),
            "swe_stenbock": ("aboard:swe_sjoblad", 3),
        }
    )
    assert naval.sea_retreat_fleets(state, "swe_krassow", "pommern") == []  # full (9.2d)
    assert naval.sea_retreat_fleets(state, "swe_pommerska", "pommern") == []  # no mixing
    state.blocks["swe_stenbock"].at = "pool"
    state.blocks["rus_cruys"].at = "western_baltic"
    assert naval.sea_retreat_fleets(state, "swe_krassow", "pommern") == []  # enemy fleet
    state.blocks["rus_cruys"].at = "pool"
    state.season = "winter"
    assert naval.sea_retreat_fleets(state, "swe_krassow", "pommern") == []  # 9.5f


def test_9_5f_sea_retreat_follows_named_fleets_then_d6() -> None:
    state = blank_state(
        blocks={
            "swe_pommerska": ("pommern", 2),
            "swe_sjoblad": ("western_baltic", 3),
            "swe_anckarstierna": ("western_baltic", 3),
        }
    )
    fleet = naval.retreat_to_sea(state, "swe_pommerska", "pommern", ["swe_sjoblad"], [])
    assert fleet == "swe_sjoblad"


# -- naval battles fought whole (9.3a-f with section 5) --------------------------------------
def retreat_round_2(state, side: str, zone: str) -> None:
    state.standing[side] = {
        f"battle|{zone}|": {
            "text": "",
            "value": {"mode": "retreat_round", "round": 2, "blocks": []},
        }
    }


def test_9_3a_we3_naval_battle_then_retreat_to_sankt_peterburg() -> None:
    """WE-3: Wachtmeister and Sjöblad sail from Reval into the Gulf, where Cruys (4) waits."""
    state = blank_state(
        year=1705,
        season="spring",
        markers={"nyen": "RUS"},
        blocks={
            "rus_cruys": ("gulf_of_finland", 4),
            "swe_wachtmeister": ("H:estland", 4),
            "swe_sjoblad": ("H:estland", 3),
        },
    )
    state.converted.append("nyen")
    retreat_round_2(state, "coalition", "gulf_of_finland")
    fleets = ["swe_wachtmeister", "swe_sjoblad"]
    path = ["estland", "gulf_of_finland"]
    assert naval.plan_sail(state, "sweden", fleets, path) == ["gulf_of_finland"]
    naval.sail(state, "sweden", fleets, path, [])
    assert naval.has_naval_battle(state, "gulf_of_finland")
    dice = LoadedDice([2, 5, 1, 6, 2, 3, 4, 4, 6, 3, 6, 5])
    events = naval.naval_battle(state, "gulf_of_finland", "sweden", dice).fight()
    assert dice.used_up()
    assert state.blocks["rus_cruys"].at == "H:nyen" and state.blocks["rus_cruys"].strength == 2
    assert state.blocks["swe_wachtmeister"].strength == 3
    assert state.blocks["swe_sjoblad"].strength == 3
    assert events[-1] == {"kind": "battle_end", "at": "gulf_of_finland", "winner": "sweden"}


def test_9_3b_we3_variant_no_friendly_harbor_sets_cruys_aside() -> None:
    state = blank_state(
        year=1705,
        season="spring",
        markers={"nyen": "SWE"},
        blocks={
            "rus_cruys": ("gulf_of_finland", 4),
            "swe_wachtmeister": ("gulf_of_finland", 4),
            "swe_sjoblad": ("gulf_of_finland", 3),
        },
    )
    state.converted.append("nyen")
    retreat_round_2(state, "coalition", "gulf_of_finland")
    dice = LoadedDice([2, 5, 1, 6, 2, 3, 4, 4, 6, 3, 6, 5])
    naval.naval_battle(state, "gulf_of_finland", "sweden", dice).fight()
    assert state.blocks["rus_cruys"].at == "set_aside"
    naval.return_set_aside(state, [])
    assert state.blocks["rus_cruys"].at == "set_aside"
    state.nations["DEN"].status = "active"  # Denmark activates: København is friendly
    naval.return_set_aside(state, [])
    assert state.blocks["rus_cruys"].at == "pool"


def test_9_3c_we4_cargo_destroyed_with_its_fleet_and_landed_by_the_retreating_one() -> None:
    state = blank_state(
        year=1710,
        season="autumn",
        active=("SWE", "RUS", "DEN"),
        blocks={
            "den_gyldenlove": ("kattegat", 3),
            "den_reventlow": ("aboard:den_gyldenlove", 3),
            "den_tordenskjold": ("kattegat", 1),
            "den_guards": ("aboard:den_tordenskjold", 2),
            "den_jyske": ("aboard:den_tordenskjold", 2),
            "swe_wachtmeister": ("H:gotaland", 4),
        },
    )
    retreat_round_2(state, "coalition", "kattegat")
    naval.sail(state, "sweden", ["swe_wachtmeister"], ["gotaland", "kattegat"], [])
    # R1 class B, defender first: Gyldenløve [3,4,5], Tordenskjold [2], Wachtmeister [1,2,1];
    # R2: Tordenskjold retreats, Wachtmeister would fire but the battle is over.
    dice = LoadedDice([3, 4, 5, 2, 1, 2, 1])
    naval.naval_battle(state, "kattegat", "sweden", dice).fight()
    assert dice.used_up()
    assert state.blocks["swe_wachtmeister"].strength == 3
    assert state.blocks["den_gyldenlove"].at == "pool"
    assert state.blocks["den_reventlow"].at == "pool"
    assert state.blocks["den_tordenskjold"].at == "H:sjaelland"
    assert state.blocks["den_guards"].at == "sjaelland"
    assert state.blocks["den_jyske"].at == "sjaelland"
    assert state.blocks["den_guards"].strength == 2
    assert state.attrition == 0


def test_9_3d_cargo_neither_fires_nor_takes_hits() -> None:
    state = blank_state(
        blocks={
            "swe_sjoblad": ("central_baltic", 1),
            "swe_stenbock": ("aboard:swe_sjoblad", 4),
            "rus_cruys": ("central_baltic", 4),
        },
        markers={"nyen": "RUS"},
    )
    # Class C, defender first: Sjöblad [6]; Cruys [1, 6, 6, 6] sinks it; Stenbock never rolls.
    dice = LoadedDice([6, 1, 6, 6, 6])
    naval.naval_battle(state, "central_baltic", "coalition", dice).fight()
    assert dice.used_up()
    assert state.blocks["swe_sjoblad"].at == "pool"
    assert state.blocks["swe_stenbock"].at == "pool"
    assert state.attrition == 1  # 11.1d: a Swedish army destroyed, by any cause


def test_11_2b_russian_army_sunk_with_its_fleet_makes_reform_eligible() -> None:
    """NOTE (seed 11.2b): destroyed in battle, including in retreat: cargo sunk counts."""
    state = blank_state(
        blocks={
            "rus_cruys": ("central_baltic", 1),
            "rus_golitsyn": ("aboard:rus_cruys", 3),
            "swe_wachtmeister": ("central_baltic", 4),
        },
        markers={"nyen": "RUS"},
    )
    state.blocks["rus_sheremetev_b"].at = "out"
    dice = LoadedDice([2, 6, 6, 6])  # class B before C: Wachtmeister sinks Cruys at once
    naval.naval_battle(state, "central_baltic", "sweden", dice).fight()
    assert state.blocks["rus_golitsyn"].at == "pool"
    assert state.reform_eligible
    assert state.blocks["rus_sheremetev_b"].at == "reform_box"


def test_9_2a_loading_is_the_blocks_move_like_ordinary_movement() -> None:
    state = blank_state(blocks={"swe_stenbock": ("gotaland", 3), "swe_sjoblad": ("kattegat", 3)})
    plan = naval.plan_embark(state, "sweden", ["swe_stenbock"], "gotaland")
    naval.embark(state, "sweden", plan, "gotaland", [])
    assert state.turn.moved == ["swe_stenbock"]  # 4.1b: it moves no more this season
    state.blocks["swe_stenbock"].at = "gotaland"
    assert naval.plan_embark(state, "sweden", ["swe_stenbock"], "gotaland") == Why.MOVED


def test_9_4a_fleets_in_harbor_are_at_anchor_inside_the_territory() -> None:
    from adjudicator.rulesets.baltic import control

    state = blank_state(blocks={"swe_sjoblad": ("H:estland", 3), "rus_bauer": ("estland", 3)})
    assert control.harbor_fleets(state, "estland") == ["swe_sjoblad"]
    assert control.land_blocks(state, "estland") == ["rus_bauer"]  # 9.4b: no occupation
    assert control.sea_fleets(state, "gulf_of_finland") == []
    assert not naval.has_naval_battle(state, "gulf_of_finland")


def test_9_5b_retreat_to_sea_only_from_a_friendly_port() -> None:
    """Courland's port while Poland is inactive is neutral, not friendly."""
    state = blank_state(
        blocks={"swe_lewenhaupt": ("courland", 4), "swe_sjoblad": ("central_baltic", 3)}
    )
    assert naval.sea_retreat_fleets(state, "swe_lewenhaupt", "courland") == []
    state.nations["POL"].status = "active"
    assert naval.sea_retreat_fleets(state, "swe_lewenhaupt", "courland") == ["swe_sjoblad"]


def test_9_4f_we5_variant_capture_fights_the_naval_battle_at_once() -> None:
    """WE-5 variant: with Cruys at sea in the Gulf, the naval battle is fought at once, the
    Coalition attacking: Sjöblad (2 after the step loss) against Cruys."""
    from adjudicator.rulesets.baltic import siege

    state = we5_state()
    for block in ("rus_sheremetev_b", "rus_bauer"):
        state.blocks[block].at = "estland"
    state.blocks["rus_cruys"].at = "gulf_of_finland"
    state.blocks["rus_cruys"].strength = 4
    state.markers["nyen"] = "RUS"
    events: list = []
    # Class C: Sjöblad (defender) [6, 6], then Cruys [1, 1, 6, 6]: Sjöblad sunk in round 1.
    siege.capture(state, "estland", "coalition", LoadedDice([6, 6, 1, 1, 6, 6]), events)
    assert state.markers["estland"] == "RUS"
    assert state.blocks["swe_sjoblad"].at == "pool"
    assert [e["kind"] for e in events if e["kind"] in ("battle", "battle_end")] == [
        "battle",
        "battle_end",
    ]


def test_9_3e_defenders_cargo_landing_defends_rather_than_attacks() -> None:
    """The active side attacks everywhere (5.1): a defending fleet's cargo that lands among
    the attacker's blocks defends there; it is not an attacking entry."""
    state = blank_state(
        active=("SWE", "RUS", "DEN"),
        blocks={
            "den_tordenskjold": ("kattegat", 1),
            "den_reventlow": ("aboard:den_tordenskjold", 2),
            "swe_stenbock": ("sjaelland", 3),
        },
    )
    state.first_player = "sweden"
    state.phase = "action_1"
    naval.retreat_fleet(state, "den_tordenskjold", "kattegat", [])
    assert state.blocks["den_reventlow"].at == "sjaelland"
    assert state.turn.entries == []


# -- battles on land with the naval rules (9.2, 9.5 with section 5) --------------------------
def standing_line(state, side: str, text: str) -> None:
    from adjudicator.rulesets.baltic import standing
    from adjudicator.rulesets.baltic.instructions import parse_standing

    found = parse_standing(side, text)
    assert found is not None, text
    key, value = found
    standing.merge(state, side, [{"key": key, "text": text, "value": value}])


WE6_CLASS_A = [5, 6, 4, 6, 3, 5, 6, 2, 4, 6]
"""WE-6 round 1, class A: Karl XII, Livgardet and Rehnskiöld all miss."""
WE6_CLASS_C = [1, 1, 3, 5, 1, 2, 6, 4, 1, 3, 4]
"""WE-6 round 1, class C: Sheremetev, Golitsyn, Streltsy."""


def test_9_5e_we6_the_attack_fails_and_the_swedes_retreat_to_sea() -> None:
    """WE-6: the battle of WE-1 with `battle Ingermanland: retreat round 2`."""
    from adjudicator.rulesets.baltic.battle import Battle

    state = we1_state()
    naval.sail(state, "sweden", FLEETS, PATH, [])
    naval.disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland", [])
    standing_line(state, "sweden", "battle Ingermanland: retreat round 2")
    dice = LoadedDice([*WE6_CLASS_A, *WE6_CLASS_C])
    Battle(state, "ingermanland", "sweden", dice).fight()
    assert dice.used_up()
    assert state.carrier("swe_karl") == "swe_wachtmeister"
    assert state.carrier("swe_livgardet") == "swe_anckarstierna"
    assert state.carrier("swe_rehnskiold") == "swe_anckarstierna"
    assert [state.blocks[b].strength for b in CARGO] == [2, 2, 2]
    assert state.turn.truces_due == []


def test_9_5d_we6_variant_russian_narva_means_no_retreat_and_karls_loss() -> None:
    """WE-6 variant: Ingermanland Russian: the Swedes keep firing; after round 3 all are
    destroyed; Karl XII's loss makes Sweden's truce due (10.2a1, 10.2d)."""
    from adjudicator.rulesets.baltic.battle import Battle

    state = we1_state()
    state.markers["ingermanland"] = "RUS"
    naval.sail(state, "sweden", FLEETS, PATH, [])
    naval.disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland", [])
    standing_line(state, "sweden", "battle Ingermanland: retreat round 2")
    misses = [6] * 40  # nobody hits in rounds 2 and 3
    dice = LoadedDice([*WE6_CLASS_A, *WE6_CLASS_C, *misses])
    Battle(state, "ingermanland", "sweden", dice).fight()
    assert [state.blocks[b].at for b in CARGO] == ["pool"] * 3
    assert "SWE" in state.turn.truces_due


def test_9_5d_we2_landed_attackers_without_a_friendly_port_are_destroyed() -> None:
    """WE-2: three rounds at Sjælland; the landed regiments may retreat only to sea, and
    Sjælland's port is not friendly: both are destroyed; the Attrition Track does not move."""
    from adjudicator.rulesets.baltic.battle import Battle

    state = blank_state(
        year=1710,
        season="autumn",
        active=("SWE", "RUS", "DEN"),
        blocks={
            "swe_anckarstierna": ("kattegat", 3),
            "swe_vastgota": ("aboard:swe_anckarstierna", 3),
            "swe_smalands": ("aboard:swe_anckarstierna", 3),
            "den_guards": ("sjaelland", 2),
        },
    )
    blocks = ["swe_vastgota", "swe_smalands"]
    naval.disembark(state, "sweden", blocks, "kattegat", "sjaelland", [])
    round_1 = [6, 5, 5, 6, 2, 2, 3, 4]  # Guards; Smålands, Västgöta (roster breaks the tie)
    round_2 = [3, 4, 2, 2, 3, 6, 6, 5]
    round_3 = [1, 6, 4, 5, 6, 3, 4]  # Guards hit Smålands 3->2; Västgöta, then Smålands
    dice = LoadedDice([*round_1, *round_2, *round_3])
    Battle(state, "sjaelland", "sweden", dice).fight()
    assert dice.used_up()
    assert state.blocks["swe_vastgota"].at == "pool" and state.blocks["swe_smalands"].at == "pool"
    assert state.blocks["den_guards"].at == "sjaelland"
    assert state.attrition == 0


def test_9_3e_full_friendly_harbors_give_no_shelter() -> None:
    """NOTE: capacity is kept: Nyen (harbor 1, Russian) holds Zmaevich: Cruys is set aside."""
    state = blank_state(
        markers={"nyen": "RUS"},
        blocks={"rus_zmaevich": ("H:nyen", 3), "rus_cruys": ("gulf_of_finland", 2)},
    )
    assert naval.retreat_fleet(state, "rus_cruys", "gulf_of_finland", []) is None
    assert state.blocks["rus_cruys"].at == "set_aside"
    naval.return_set_aside(state, [])  # 9.3f (seed): Russia controls a harbor, full or not
    assert state.blocks["rus_cruys"].at == "pool"


def test_9_2g_we1_public_report_shows_counts_and_paths_only() -> None:
    """WE-1, 13.6: the Coalition's view before the move, and the public report after it."""
    from adjudicator.render import render
    from adjudicator.rulesets.baltic.ruleset import to_events
    from tests.rulesets.baltic.test_reports import context

    state = we1_state()
    before = render("baltic", "report", "md", context(state, "coalition", []))
    assert "| Kattegat | at sea | Sweden | 2 fleets, 3 aboard |" in before
    raw: list = []
    naval.sail(state, "sweden", FLEETS, PATH, raw)
    naval.disembark(state, "sweden", CARGO, "gulf_of_finland", "ingermanland", raw)
    public = [e for e in to_events(state, raw) if e.public]
    text = render("baltic", "report", "md", context(state, None, public))
    assert (
        "Sweden: 2 fleets (3 aboard) Kattegat → Western Baltic → Central Baltic → Gulf of Finland."
        in text
    )
    assert "Sweden: 3 blocks Gulf of Finland → Ingermanland." in text
    for hidden in ("Karl XII", "Livgardet", "Rehnskiöld", "Wachtmeister", "Anckarstierna"):
        assert hidden not in text


def test_9_4e_we5_announcement_is_a_public_report_line() -> None:
    from adjudicator.render import render
    from adjudicator.rulesets.baltic.ruleset import to_events
    from tests.rulesets.baltic.test_reports import context

    state = we5_state()
    for block in ("rus_sheremetev_b", "rus_bauer"):
        state.blocks[block].at = "estland"
    raw: list = []
    naval.announce_entry(state, "estland", "coalition", raw)
    public = [e for e in to_events(state, raw) if e.public]
    text = render("baltic", "report", "md", context(state, None, public))
    assert "Estland: only fleets in harbor: 1 fleet of Sweden; no battle." in text
    assert "Sjöblad" not in text
