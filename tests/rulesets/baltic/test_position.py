"""Position files (15): scenarios load, faults are listed whole, export -> load -> export is
byte-identical."""

from __future__ import annotations

import pytest
import yaml

from adjudicator.gamedir import dump_yaml
from adjudicator.rulesets.baltic.position import (
    PositionError,
    export,
    load_position,
    scenario_state,
)
from adjudicator.rulesets.baltic.state import Turn


def round_trip(state) -> str:
    text = dump_yaml(export(state))
    again = load_position(yaml.safe_load(text))
    assert dump_yaml(export(again)) == text
    return text


@pytest.mark.parametrize("name", ["poltava", "grand_campaign"])
def test_15_scenario_export_new_export_is_byte_identical(name):
    round_trip(scenario_state(name))


def test_12_2_poltava_starts_as_the_rules_say():
    state = scenario_state("Poltava")
    assert (state.year, state.season, state.phase, state.last_year) == (
        1708,
        "spring",
        "entry",
        1709,
    )
    assert state.blocks["swe_karl"].at == "lithuania"
    assert state.blocks["swe_karl"].strength == 4
    assert state.blocks["rus_cruys"].at == "H:nyen"
    assert state.blocks["rus_repnin_b"].at == "reform_box"
    assert state.blocks["rus_pyotr_h"].at == "removed"
    assert state.nations["SAX"].status == "truce"
    assert state.nations["SAX"].cube_year == 1710
    assert state.reform_eligible
    assert state.attrition == 1
    assert state.converted == ["nyen"]
    assert state.markers == {"ingermanland": "RUS", "nyen": "RUS", "azov": "RUS"}


def test_15_a_running_game_round_trips():
    state = scenario_state("poltava")
    state.phase = "action_2"
    state.season = "autumn"
    state.first_player = "coalition"
    state.ap = {"sweden": 2, "coalition": 4}
    state.ap_spent = {"coalition": 4}
    state.event = {"sweden": "forced_marches", "coalition": None}
    state.nations["SWE"].rp_available = 7
    state.nations["SWE"].rp_adjust = -4
    state.cessions = [{"territory": "bremen_verden", "to": "HAN"}]
    state.damage = {"pskov": 2}
    state.damage_side = {"pskov": "sweden"}
    state.blocks["swe_sjoblad"].at = "gulf_of_finland"
    state.blocks["swe_estlandska"].at = "aboard:swe_sjoblad"
    state.blocks["rus_weyde"].at = "year:1709"
    state.blocks["swe_anckarstierna"].at = "set_aside"
    state.vp = {"sweden": 1, "coalition": 0}
    state.revealed = ["swe_karl", "rus_bauer"]
    state.recon = {
        "sweden": [{"year": 1708, "season": "summer", "location": "pskov", "blocks": []}]
    }
    state.turn = Turn(moved=["swe_karl"], crossings={"livland|pskov": 1})
    text = round_trip(state)
    again = load_position(yaml.safe_load(text))
    assert again.blocks["swe_estlandska"].at == "aboard:swe_sjoblad"
    assert again.blocks["rus_weyde"].at == "year:1709"
    assert again.turn.moved == ["swe_karl"]
    assert again.recon == state.recon
    assert again.damage_side == {"pskov": "sweden"}
    assert "- block: swe_estlandska\n  aboard: swe_sjoblad\n  strength: 2" in text


def test_15_position_faults_are_listed_whole_with_their_path():
    data = export(scenario_state("poltava"))
    data["season"] = {"year": 1708, "season": "monsoon", "phase": "entry"}
    data["ap"] = {"sweden": -1}
    data["damage"] = {"pskov": 3}  # Pskov has G 3: damage 3 would have captured it
    data["blocks"][0]["strength"] = 9
    data["colour"] = "blue"
    data["cessions"] = [{"territory": "livland", "to": "PRU"}]
    with pytest.raises(PositionError) as err:
        load_position(data)
    faults = [str(f) for f in err.value.faults]
    assert any(f.startswith("season:") for f in faults)
    assert any(f.startswith("ap.sweden:") for f in faults)
    assert any(f.startswith("damage.pskov:") for f in faults)
    assert any("swe_karl strength 9" in f for f in faults)
    assert "colour: not a key of a baltic position" in faults
    assert any(f.startswith("cessions[0]:") for f in faults)


def test_15_year_track_cubes_and_removed_lists_are_read():
    data = export(scenario_state("grand_campaign"))
    data["year_track"] = [
        {"year": 1703, "block": "rus_sheremetev_b"},
        {"year": 1715, "cube": "DEN"},
    ]
    data["removed"] = ["rus_sheremetev_h"]
    state = load_position(data)
    assert state.blocks["rus_sheremetev_b"].at == "year:1703"
    assert state.blocks["rus_sheremetev_h"].at == "removed"
    assert state.nations["DEN"].cube_year == 1715


def test_unknown_scenario_names_the_known_ones():
    with pytest.raises(PositionError) as err:
        scenario_state("narva")
    assert "grand_campaign, poltava" in str(err.value)


def test_8_1_a_position_giving_rp_levels_must_agree_with_its_map():
    data = export(scenario_state("poltava"))
    assert data["rp_level"]["SWE"] == 24 and data["rp_level"]["RUS"] == 27  # 12.2a
    data["rp_level"]["SWE"] = 30
    with pytest.raises(PositionError) as err:
        load_position(data)
    assert str(err.value.faults[0]).startswith("rp_level.SWE: the position gives 30")
