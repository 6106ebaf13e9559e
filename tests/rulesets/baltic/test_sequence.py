"""The sequence of play (3.2-3.4, 3.7), the Event Table (C.1) and victory (12)."""

from __future__ import annotations

from adjudicator.rulesets.baltic import events, sequence, victory
from adjudicator.rulesets.baltic.ruleset import RULESET
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds


def roll_season(state, faces: list[int]) -> list[dict]:
    out: list[dict] = []
    dice = LoadedDice(faces)
    sequence.action_roll_phase(state, dice, out)
    assert dice.used_up()
    return out


def test_3_3_more_ap_goes_first_and_a_tie_goes_to_last_seasons_second() -> None:
    state = blank_state(phase="action_roll", first_player="sweden")
    roll_season(state, [2, 5])  # Sweden 2 AP, Coalition 4
    assert state.ap == {"sweden": 2, "coalition": 4} and state.first_player == "coalition"
    roll_season(state, [4, 4])  # tie: last season's second player (Sweden) goes first
    assert state.first_player == "sweden"


def test_3_3_scenario_first_season_tie_goes_to_sweden() -> None:
    state = blank_state(phase="action_roll")
    state.first_player = None
    roll_season(state, [3, 2])
    assert state.first_player == "sweden"


def test_3_3_event_gives_0_ap_and_3_4_restriction_next_season() -> None:
    """A 6 rolls 2d6 on C.1 (0 AP); next season that side's 6 counts as 3 AP."""
    state = blank_state(phase="action_roll")
    out = roll_season(state, [6, 3, 4, 1])  # Sweden 6 -> event 7 (quiet); Coalition 1 AP
    assert state.ap["sweden"] == 0 and state.event["sweden"] == "quiet"
    assert kinds(out, "event")[0]["roll"] == 7
    roll_season(state, [6, 2])
    assert state.ap["sweden"] == 3 and state.event["sweden"] is None


def test_3_3_forced_marches_add_one_and_attrition_takes_one() -> None:
    state = blank_state(phase="action_roll")
    roll_season(state, [6, 5, 6, 1])  # Sweden: event 11, Forced marches
    assert state.event["sweden"] == "forced_marches"
    roll_season(state, [2, 1])
    assert state.ap["sweden"] == 3  # 2 + 1
    state.attrition = 5  # top row box 5: Swedish AP -1 (min 1)
    roll_season(state, [1, 1])
    assert state.ap["sweden"] == 1


def test_c1_plague_storms_desertion_never_below_1() -> None:
    state = blank_state(
        blocks={
            "swe_karl": ("svealand", 4),  # port territory: plague
            "swe_savolax": ("savolax", 3),  # no port
            "rus_golitsyn": ("pskov", 1),
            "swe_wachtmeister": ("kattegat", 3),
            "swe_upplands": ("aboard:swe_wachtmeister", 1),
        }
    )
    out: list[dict] = []
    events.resolve_event(state, "sweden", 2, LoadedDice([]), out)  # plague
    assert state.blocks["swe_karl"].strength == 3 and state.blocks["swe_savolax"].strength == 3
    events.resolve_event(state, "sweden", 3, LoadedDice([]), out)  # storms
    assert state.blocks["swe_wachtmeister"].strength == 2
    assert state.blocks["swe_upplands"].strength == 1  # never below 1


def test_c1_recruiting_intrigue_and_separate_peace() -> None:
    state = blank_state(active=("SWE", "RUS", "DEN", "PRU"))
    state.nations["SWE"].rp_available = 1
    state.nations["RUS"].rp_available = 9
    state.nations["DEN"].rp_available = 9
    out: list[dict] = []
    events.resolve_event(state, "sweden", 8, LoadedDice([]), out)
    assert state.nations["SWE"].rp_available == 3
    events.resolve_event(state, "sweden", 9, LoadedDice([]), out)  # tie 9/9: nation order
    assert state.nations["RUS"].rp_available == 7 and state.nations["DEN"].rp_available == 9
    state.markers.update({"sjaelland": "SWE"})  # Denmark's level 10 - 3 = 7: too high
    events.resolve_event(state, "sweden", 12, LoadedDice([]), out)
    assert state.turn.truces_due == []
    state.markers.update({"jylland": "SWE"})  # 5 <= 6, and below Prussia's 8
    events.resolve_event(state, "sweden", 12, LoadedDice([]), out)
    assert state.turn.truces_due == ["DEN"]


def test_3_7_rp_level_zero_makes_a_truce_due() -> None:
    """10.2a4 through 3.7: an active nation at level 0 or less is truced at the phase end."""
    state = blank_state(active=("SWE", "RUS", "HAN"))
    state.nations["HAN"].rp_base = -6
    out: list[dict] = []
    sequence.end_of_phase(state, LoadedDice([]), out)
    assert state.nations["HAN"].status == "truce"


def test_12_2c_poltava_victory_points() -> None:
    """12.2c: destructions counted, 2 per Russian territory and 1 per Ukrainian one held."""
    state = RULESET.new_game({"scenario": "poltava"}, LoadedDice([6] * 20))
    state.vp = {"sweden": 2, "coalition": 3}
    state.markers["smolensk"] = "SWE"
    assert victory.vp_total(state, "sweden") == 4
    assert victory.vp_total(state, "coalition") == 3
    out: list[dict] = []
    victory.final_victory(state, out)
    assert state.winner == "sweden" and kinds(out, "vp_count")[0]["vp"]["sweden"] == 4


def test_12_1c_objectives_and_sudden_death() -> None:
    state = RULESET.new_game({"scenario": "grand_campaign"}, LoadedDice([5] * 20))
    out: list[dict] = []
    victory.final_victory(state, out)
    assert state.winner == "sweden"  # the Coalition holds none of the 7 objectives
    state = RULESET.new_game({"scenario": "grand_campaign"}, LoadedDice([5] * 20))
    for territory in ("ingermanland", "nyen", "karelen", "estland"):
        state.markers[territory] = "RUS"
    victory.final_victory(state, out)
    assert state.winner == "coalition"
    state = RULESET.new_game({"scenario": "grand_campaign"}, LoadedDice([5] * 20))
    state.nations["RUS"].status = "truce"
    state.nations["SAX"].status = "truce"
    victory.sudden_death(state, out)
    assert state.winner == "sweden" and state.end_reason == "coalition_out"


def test_3_2_first_entry_phase_resolved_at_creation() -> None:
    """3.1, 8.2: a new game has its RP allotted and waits for the action rolls."""
    state = RULESET.new_game({"scenario": "poltava"}, LoadedDice([5] * 20))
    assert state.phase == "action_roll"
    assert state.nations["SWE"].rp_available == 24
    assert state.nations["RUS"].rp_available == 27 - 0
    assert state.nations["POL"].rp_available == 13


def test_c1_desertion_takes_a_step_from_your_blocks_without_loc() -> None:
    state = blank_state(
        blocks={
            "swe_lybecker": ("novgorod", 3),
            "swe_stenbock": ("skane", 3),
            "rus_golitsyn": ("pskov", 3),
            "rus_weyde": ("ingermanland", 3),
            "rus_bauer": ("ladoga", 3),
        }
    )
    events.resolve_event(state, "sweden", 4, LoadedDice([]), [])
    assert state.blocks["swe_lybecker"].strength == 2  # cut off
    assert state.blocks["swe_stenbock"].strength == 3  # at home
    assert state.blocks["rus_golitsyn"].strength == 3  # not the rolling side's


def test_12_scenario_chosen_by_option_and_unknown_options_refused() -> None:
    import pytest

    from adjudicator.rulesets.baltic.position import PositionError

    state = RULESET.new_game({"options": {"scenario": "Poltava"}}, LoadedDice([5] * 20))
    assert (state.year, state.last_year) == (1708, 1709)
    with pytest.raises(PositionError, match="ports"):
        RULESET.new_game({"options": {"ports": "x"}}, LoadedDice([5] * 20))
    with pytest.raises(PositionError, match="scenario"):
        RULESET.new_game({"options": {"scenario": "narva"}}, LoadedDice([5] * 20))
