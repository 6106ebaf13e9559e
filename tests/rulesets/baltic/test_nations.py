"""Section 11: the nations' special rules, by clause; WE-n are the worked examples of 16."""

from __future__ import annotations

from adjudicator.rulesets.baltic import nations, placement, politics, resources, sequence
from adjudicator.rulesets.baltic.losses import destroy
from adjudicator.rulesets.baltic.position import scenario_state
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice

STARS = ("pyotr", "sheremetev", "menshikov", "repnin")


def line(value: dict) -> dict:
    return {"text": "", "value": value}


# -- 11.0, 11.1 Sweden --------------------------------------------------------------------------
def test_11_0_every_nation_has_its_rules_as_data() -> None:
    board = nations.board()
    assert list(board.nations) == ["SWE", "RUS", "SAX", "DEN", "POL", "PRU", "HAN", "OTT", "UKR"]
    assert board.nations["SWE"].activation is None  # never inactive (10.2d)
    assert board.nations["UKR"].defection == {"block": "swe_karl", "region": "ukraine"}


def test_11_1a_swedish_blocks_placed_in_the_homeland() -> None:
    state = blank_state()
    assert placement.place_for(state, "swe_armfeldt", []) == "svealand"
    assert placement.place_for(state, "swe_armfeldt", ["estland"]) == "svealand"  # not listed
    assert placement.place_for(state, "swe_armfeldt", ["skane"]) == "skane"


def test_11_1b_we12_estlandska_goes_home_unless_estland_is_occupied() -> None:
    """WE-12: Estland is Russian; Estländska is placed in Svealand instead."""
    state = blank_state()
    assert placement.place_for(state, "swe_estlandska", []) == "estland"
    assert placement.place_for(state, "swe_pommerska", []) == "pommern"
    assert placement.place_for(state, "swe_savolax", []) == "savolax"
    state.markers["estland"] = "RUS"
    assert placement.place_for(state, "swe_estlandska", ["estland", "svealand"]) == "svealand"
    state.blocks["rus_golitsyn"].at = "savolax"
    assert placement.place_for(state, "swe_savolax", []) == "svealand"


def test_11_1d_we11_sweden_collapses_at_the_end_of_the_phase() -> None:
    """WE-11: homeland only (10), Bremen-Verden ceded while Swedish (-2), top-row box 7 (-7):
    level 1; Armfeldt, the last army, is destroyed: box 8 (-3 more), level -2: Sweden is
    truced at the end of the phase and the Coalition wins."""
    state = blank_state(
        year=1718, season="winter", phase="supply", blocks={"swe_armfeldt": ("trondhjem", 1)}
    )
    for territory in (
        "abo",
        "savolax",
        "karelen",
        "osterbotten",
        "estland",
        "livland",
        "ingermanland",
        "nyen",
        "pommern",
    ):
        state.markers[territory] = "RUS"
    state.cessions.append({"territory": "bremen_verden", "to": "HAN"})
    state.nations["SWE"].rp_adjust = -2
    state.attrition = 7
    assert resources.rp_level(state, "SWE") == 1
    destroy(state, "swe_armfeldt", "forage", [])
    assert state.attrition == 8
    assert resources.rp_level(state, "SWE") == -2
    out: list = []
    sequence.end_of_phase(state, LoadedDice([]), out)
    assert state.winner == "coalition"


def test_11_1g_attrition_marker_stops_at_8_and_counts_any_destruction() -> None:
    state = blank_state(blocks={"swe_karl": ("svealand", 4), "swe_lybecker": ("karelen", 1)})
    state.attrition = 8
    destroy(state, "swe_lybecker", "winter", [])
    assert state.attrition == 8
    state.attrition = 0
    destroy(state, "swe_upplands", "battle", [])  # a regiment: no move (11.1d)
    assert state.attrition == 0


# -- 11.2 Russia --------------------------------------------------------------------------------
def we15_state():
    state = blank_state(
        year=1700,
        season="autumn",
        blocks={
            "rus_golitsyn": ("moskva", 3),
            "rus_sheremetev_h": ("pskov", 4),
            "rus_menshikov_h": ("moskva", 3),
            "rus_repnin_h": ("smolensk", 3),
            "rus_pyotr_h": ("novgorod", 4),
            **{f"rus_{n}_b": ("out", 1) for n in STARS},
        },
        markers={"azov": "RUS"},
    )
    return state


def entry(state, year: int, reform: dict | None) -> int:
    state.year, state.season, state.phase = year, "spring", "entry"
    if reform is not None:
        state.standing["coalition"] = {"reform": line(reform)}
    nations.year_track_arrivals(state, [])
    nations.russian_reform(state, [])
    return resources.allot_rp(state, "RUS")


def test_11_2b_we15_golitsyn_destroyed_makes_reform_eligible() -> None:
    state = we15_state()
    destroy(state, "rus_golitsyn", "battle", [])
    assert state.reform_eligible
    assert [state.blocks[f"rus_{n}_b"].at for n in STARS] == ["reform_box"] * 4
    assert resources.rp_level(state, "RUS") == 27


def test_11_2c_we15_reform_sequence_and_rp_deduction() -> None:
    """WE-15: the four Entry Phases 1701-1704 and RP available 23, 19, 23, 23."""
    state = we15_state()
    destroy(state, "rus_golitsyn", "battle", [])
    assert entry(state, 1701, {"block": "rus_sheremetev_h", "year": 1703}) == 23
    assert state.blocks["rus_sheremetev_h"].at == "removed"
    assert state.blocks["rus_sheremetev_b"].at == "year:1703"
    assert entry(state, 1702, {"block": "rus_menshikov_b", "year": None}) == 19
    assert state.blocks["rus_menshikov_b"].at == "year:1704"
    assert entry(state, 1703, {"block": "rus_repnin_h", "year": 1704}) == 23
    assert state.blocks["rus_sheremetev_b"].at == "pool"
    assert state.blocks["rus_repnin_b"].at == "reform_box"  # 1704 taken: skipped
    assert entry(state, 1704, {"block": "rus_repnin_h", "year": None}) == 23
    assert state.blocks["rus_menshikov_b"].at == "pool"
    assert state.blocks["rus_repnin_b"].at == "year:1706"
    assert state.blocks["rus_repnin_h"].at == "removed"


def test_11_2d_armies_on_year_track_cost_4_rp_each_not_the_level() -> None:
    state = we15_state()
    state.blocks["rus_sheremetev_b"].at = "year:1702"
    state.blocks["rus_menshikov_b"].at = "year:1703"
    state.year = 1701
    assert resources.rp_level(state, "RUS") == 27
    assert resources.allot_rp(state, "RUS") == 19
    state.year = 1702
    nations.year_track_arrivals(state, [])
    assert state.blocks["rus_sheremetev_b"].at == "pool"
    assert resources.allot_rp(state, "RUS") == 23


def test_11_2e_we15_reform_goes_on_under_truce() -> None:
    state = we15_state()
    destroy(state, "rus_golitsyn", "battle", [])
    state.nations["RUS"].status = "truce"
    state.nations["RUS"].cube_year = 1705
    entry(state, 1701, {"block": "rus_repnin_h", "year": None})
    assert state.blocks["rus_repnin_b"].at == "year:1703"


def test_11_2k_reform_needs_eligibility_and_the_original_on_map_or_pool() -> None:
    state = we15_state()
    entry(state, 1701, {"block": "rus_sheremetev_h", "year": None})
    assert state.blocks["rus_sheremetev_b"].at == "out"  # not eligible: no reform
    state.reform_eligible = True
    for n in STARS:
        state.blocks[f"rus_{n}_b"].at = "reform_box"
    state.blocks["rus_sheremetev_h"].at = "removed"
    assert nations.can_reform(state, "rus_sheremetev_h", None) is None
    state.last_year = 1702
    assert nations.can_reform(state, "rus_repnin_h", None) is None  # no box beyond the end


def test_11_2b_capture_in_russia_makes_reform_eligible() -> None:
    from adjudicator.rulesets.baltic import siege

    state = blank_state(
        year=1701, season="winter", blocks={"swe_karl": ("pskov", 3), "swe_livgardet": ("pskov", 3)}
    )
    state.blocks["rus_sheremetev_b"].at = "out"
    siege.capture(state, "pskov", "sweden", LoadedDice([]), [])
    assert state.markers["pskov"] == "SWE"
    assert state.reform_eligible  # WE-17: a capture in Russia
    assert resources.rp_level(state, "RUS") == 26  # Russian RP -1


def test_11_2f_nyen_starts_swedish_with_garrison_1_and_fleets_out() -> None:
    state = scenario_state("grand_campaign")
    board = nations.board()
    assert board.garrison("nyen", state.converted) == 1
    assert nations.controller(state, "nyen") == "SWE"
    assert state.blocks["rus_cruys"].at == "out" and state.blocks["rus_zmaevich"].at == "out"


def test_11_2g_we16_nyen_capture_and_loss_move_the_fleets() -> None:
    """WE-16: Summer 1703 capture -> 1705 box; Sweden retakes it in Spring 1704 -> out;
    Russia retakes it in Autumn 1704 -> 1706."""
    state = blank_state(year=1703)
    for fleet in ("rus_cruys", "rus_zmaevich"):
        state.blocks[fleet].at = "out"
    state.markers["nyen"] = "RUS"
    nations.nyen_changes_hands(state, "nyen", "SWE", "RUS", [])
    assert [state.blocks[f].at for f in ("rus_cruys", "rus_zmaevich")] == ["year:1705"] * 2
    state.year = 1704
    del state.markers["nyen"]
    nations.nyen_changes_hands(state, "nyen", "RUS", "SWE", [])
    assert state.blocks["rus_cruys"].at == "out"
    state.markers["nyen"] = "RUS"
    nations.nyen_changes_hands(state, "nyen", "SWE", "RUS", [])
    assert state.blocks["rus_cruys"].at == "year:1706"


def test_11_2h_we16_fleets_arrive_and_nyen_becomes_sankt_peterburg() -> None:
    state = blank_state(year=1705, phase="entry", markers={"nyen": "RUS"})
    for fleet in ("rus_cruys", "rus_zmaevich"):
        state.blocks[fleet].at = "year:1705"
    nations.year_track_arrivals(state, [])
    assert "nyen" in state.converted
    assert state.blocks["rus_cruys"].at == "pool"
    board = nations.board()
    assert board.harbor_strength("nyen", state.converted) == 4
    assert board.garrison("nyen", state.converted) == 3
    assert board.territory_name("nyen", state.converted) == "Sankt-Peterburg"
    assert placement.place_for(state, "rus_cruys", []) == "H:nyen"  # 11.2j


def test_11_2i_we16_sankt_peterburg_stays_a_harbor_of_4_when_swedish() -> None:
    state = blank_state(year=1712, markers={"nyen": "RUS"})
    state.converted.append("nyen")
    before = resources.rp_level(state, "SWE")
    del state.markers["nyen"]  # Sweden takes Sankt-Peterburg (liberation, 6.4a)
    nations.nyen_changes_hands(state, "nyen", "RUS", "SWE", [])
    assert nations.board().harbor_strength("nyen", state.converted) == 4
    assert nations.controller(state, "nyen") == "SWE"
    assert resources.rp_level(state, "SWE") == before + 1  # WE-16: Swedish RP +1
    assert placement.place_for(state, "rus_cruys", []) is None  # only while Russia holds it


def test_11_2m_nyen_fleets_go_out_when_russia_loses_nyen_by_truce() -> None:
    state = blank_state(year=1704, markers={"nyen": "RUS"})
    for fleet in ("rus_cruys", "rus_zmaevich"):
        state.blocks[fleet].at = "year:1706"
    politics.impose_truce(state, "RUS", LoadedDice([]), [])
    assert state.blocks["rus_cruys"].at == "out"


def test_11_2a_we12_russian_placement_and_cossacks() -> None:
    """WE-12: `build 2 at Kiev, Moskva`: the Cossacks to Kiev, Weyde to Moskva."""
    state = blank_state()
    assert placement.place_for(state, "rus_weyde", ["kiev", "moskva"]) == "moskva"
    assert placement.place_for(state, "rus_cossacks", ["kiev", "moskva"]) == "kiev"
    assert placement.place_for(state, "rus_weyde", ["pskov"]) == "moskva"


def test_11_2j_cossacks_need_russian_control_or_friendly_ukraine() -> None:
    state = blank_state(markers={"kiev": "SWE"})
    assert placement.place_for(state, "rus_cossacks", ["kiev"]) == "moskva"
    state.blocks["swe_karl"].at = "moskva"
    assert placement.place_for(state, "rus_cossacks", ["moskva"]) == "tver"


# -- 11.3 Saxony, 11.4 Denmark, 11.5 Poland ---------------------------------------------------
def test_11_3a_we12_saxon_blocks_placed_in_saxony() -> None:
    """WE-12: Schulenburg goes to Saxony; Ogiński (Wettin) may go to Saxon-held Małopolska."""
    state = blank_state(active=("SWE", "RUS", "SAX"), markers={"malopolska": "SAX"})
    assert placement.place_for(state, "sax_schulenburg", ["malopolska"]) == "saxony"
    assert placement.place_for(state, "sax_oginski", ["malopolska"]) == "malopolska"


def test_11_5i_wettin_blocks_use_the_saxon_pool_rp_and_truce() -> None:
    board = nations.board()
    assert all(
        board.blocks[b].nation == "SAX" and board.blocks[b].wettin
        for b in ("sax_crown_army", "sax_oginski", "sax_sandomierz")
    )
    state = blank_state(blocks={"sax_crown_army": ("mazowsze", 2)})
    politics.impose_truce(state, "SAX", LoadedDice([]), [])
    assert state.blocks["sax_crown_army"].at == "pool"


def test_11_4b_we12_bergenhus_block_goes_to_norway_when_bergenhus_occupied() -> None:
    """WE-12: Armfeldt holds Bergenhus: the Bergenhus block goes to Akershus."""
    state = blank_state(active=("SWE", "RUS", "DEN"), blocks={"swe_armfeldt": ("bergenhus", 2)})
    assert placement.place_for(state, "den_bergenhus", []) == "akershus"
    state.blocks["swe_armfeldt"].at = "pool"
    assert placement.place_for(state, "den_bergenhus", []) == "bergenhus"


def test_11_4c_danish_blocks_placed_in_denmark_proper() -> None:
    state = blank_state(active=("SWE", "RUS", "DEN"))
    assert placement.place_for(state, "den_scholten", []) == "sjaelland"
    assert placement.place_for(state, "den_scholten", ["akershus"]) == "sjaelland"
    assert placement.place_for(state, "den_scholten", ["holstein"]) == "holstein"


def test_11_4a_denmark_starts_inactive_and_rolls_each_entry_phase() -> None:
    state = scenario_state("grand_campaign")
    assert state.nations["DEN"].status == "inactive"
    state.year, state.phase = 1701, "entry"
    assert politics.can_roll(state, "DEN") and politics.roller("DEN") == "coalition"


def test_11_5b_we12_lubomirski_placed_in_malopolska_or_a_polish_neighbour() -> None:
    """WE-12: Russians hold Małopolska; Lubomirski goes to Mazowsze (neighbours by id)."""
    state = blank_state(active=("SWE", "RUS", "POL"), blocks={"rus_golitsyn": ("malopolska", 3)})
    assert placement.place_for(state, "pol_lubomirski", []) == "mazowsze"
    state.blocks["rus_golitsyn"].at = "pool"
    assert placement.place_for(state, "pol_lubomirski", []) == "malopolska"


def test_11_5c_sobieski_placed_in_mazowsze_or_a_neighbour() -> None:
    state = blank_state(active=("SWE", "RUS", "POL"), markers={"mazowsze": "RUS"})
    assert placement.place_for(state, "pol_sobieski", []) == "danzig"


def test_11_5g_sapieha_placed_in_lithuania_or_a_neighbour() -> None:
    state = blank_state(active=("SWE", "RUS", "POL"))
    assert placement.place_for(state, "pol_sapieha", []) == "lithuania"
    state.markers["lithuania"] = "RUS"
    assert placement.place_for(state, "pol_sapieha", []) == "courland"


def test_11_5d_poland_rolls_for_sweden_when_a_swede_is_in_mazowsze() -> None:
    state = blank_state(year=1702, phase="entry")
    assert politics.roller("POL") == "sweden"
    assert not politics.can_roll(state, "POL")
    state.markers["mazowsze"] = "SWE"
    assert politics.can_roll(state, "POL")


def test_11_5f_inactive_polish_territory_may_be_besieged_by_either_side() -> None:
    from adjudicator.rulesets.baltic import siege

    state = blank_state(blocks={"swe_krassow": ("wielkopolska", 3), "rus_golitsyn": ("danzig", 3)})
    assert siege.is_target(state, "wielkopolska", "sweden")
    assert siege.is_target(state, "danzig", "coalition")


def test_11_5h_we7_polish_activation_removes_swedish_side_markers_only() -> None:
    state = blank_state(markers={"wielkopolska": "SWE", "danzig": "SAX", "courland": "SWE"})
    state.nations["POL"].status = "active"
    nations.on_activation(state, "POL", [])
    assert state.markers == {"danzig": "SAX"}


def test_11_5j_poland_never_offered_a_truce_capital_mazowsze() -> None:
    board = nations.board()
    assert not board.nations["POL"].truce_offer
    assert board.nations["POL"].capital == "mazowsze" and board.nations["POL"].royal == ()


# -- 11.6 Ottomans, 11.7 Ukraine, 11.8 Prussia and Hannover -------------------------------------
def test_11_6a_ottomans_roll_for_sweden_when_karl_is_in_an_ottoman_territory() -> None:
    state = blank_state(year=1709, phase="entry", blocks={"swe_karl": ("moldavia", 3)})
    assert politics.roller("OTT") == "sweden" and politics.can_roll(state, "OTT")
    state.blocks["swe_karl"].at = "kiev"
    assert not politics.can_roll(state, "OTT")


def test_11_6b_ottomans_have_no_capital_royal_or_fleet() -> None:
    info = nations.board().nations["OTT"]
    assert info.capital is None and info.royal == () and info.fleet_placement == "none"


def test_11_7a_inactive_ukraine_counts_for_russian_rp() -> None:
    state = blank_state()
    assert resources.rp_level(state, "RUS") == 27
    assert resources.rp_level(state, "UKR") == 0


def test_11_7c_d_we19_mazepa_defects() -> None:
    """WE-19: Autumn 1708, Poltava; Karl in Baturyn, the Cossacks in Poltava; Sweden rolls 6."""
    state = scenario_state("poltava")
    state.season, state.phase = "autumn", "action_1"
    state.blocks["swe_karl"].at = "baturyn"
    state.blocks["rus_cossacks"].at = "poltava"
    assert resources.rp_level(state, "RUS") == 27
    events: list = []
    nations.mazepa_defection(state, LoadedDice([6]), events)
    assert state.nations["UKR"].status == "active"
    assert state.markers["poltava"] == "RUS"
    assert nations.controller(state, "baturyn") == "UKR"
    assert nations.controller(state, "zaporozhye") == "UKR"
    assert resources.rp_level(state, "RUS") == 19
    assert resources.rp_level(state, "UKR") == 5
    assert state.blocks["ukr_mazepa"].at == "baturyn" and state.blocks["ukr_mazepa"].strength == 3
    assert state.blocks["ukr_zaporozhians"].at == "zaporozhye"
    assert state.nations["UKR"].rp_available == 5  # mid-year: at once (10.1c)


def test_11_7c_no_defection_roll_without_karl_in_ukraine() -> None:
    state = scenario_state("poltava")
    nations.mazepa_defection(state, LoadedDice([]), [])
    assert state.nations["UKR"].status == "inactive"


def test_11_7e_we19_ukraine_truced_reverts_to_russia_without_displacement() -> None:
    state = scenario_state("poltava")
    state.season = "autumn"
    state.blocks["swe_karl"].at = "baturyn"
    state.blocks["rus_cossacks"].at = "poltava"
    nations.mazepa_defection(state, LoadedDice([6]), [])
    destroy(state, "ukr_mazepa", "battle", [])
    assert "UKR" in state.turn.truces_due  # 10.2a1
    politics.impose_truce(state, "UKR", LoadedDice([]), [])
    assert state.blocks["swe_karl"].at == "baturyn"  # 10.2b3 does not apply
    assert nations.controller(state, "baturyn") == "RUS"
    assert nations.controller(state, "zaporozhye") == "RUS"
    assert "poltava" not in state.markers
    assert resources.rp_level(state, "RUS") == 27
    assert not politics.can_be_offered(state, "coalition", "UKR")


def test_11_8b_prussia_and_hannover_may_be_offered_a_truce_and_have_no_royal() -> None:
    board = nations.board()
    for nation in ("PRU", "HAN"):
        assert board.nations[nation].truce_offer and board.nations[nation].royal == ()
    state = blank_state(active=("SWE", "RUS", "HAN"), blocks={"han_bulow": ("hannover", 3)})
    destroy(state, "han_bulow", "battle", [])
    assert "HAN" in state.turn.truces_due  # WE-9: its only block on the map (10.2a3)


def test_11_2l_deduction_counts_the_block_placed_by_this_years_reform() -> None:
    state = we15_state()
    destroy(state, "rus_golitsyn", "battle", [])
    assert entry(state, 1701, {"block": "rus_pyotr_h", "year": 1705}) == 23
    assert state.blocks["rus_pyotr_b"].at == "year:1705"


def test_11_7b_sweden_rolls_for_ukraine_under_10_1d() -> None:
    state = blank_state(year=1708, phase="entry", blocks={"swe_lewenhaupt": ("kiev", 3)})
    assert politics.roller("UKR") == "sweden" and politics.can_roll(state, "UKR")
    state.blocks["swe_lewenhaupt"].at = "smolensk"
    state.blocks["swe_livgardet"].at = "kiev"  # a regiment is not an army
    assert not politics.can_roll(state, "UKR")


def test_11_2b_seed_garrison_hits_are_not_battle_for_the_reform() -> None:
    """NOTE (seed 11.2b): "destroyed in battle (including in retreat)": a siege is no battle."""
    state = we15_state()
    destroy(state, "rus_golitsyn", "garrison", [])
    assert not state.reform_eligible
    destroy(state, "rus_menshikov_h", "forced_retreat", [])  # 5.6b: "including in retreat"
    assert state.reform_eligible


def test_11_2b_seed_any_capture_in_russia_makes_reform_eligible() -> None:
    """NOTE (seed 11.2b): a Coalition recapture of a Swedish-held Russian territory counts."""
    from adjudicator.rulesets.baltic import siege

    state = blank_state(markers={"pskov": "SWE"}, blocks={"rus_weyde": ("pskov", 3)})
    siege.capture(state, "pskov", "coalition", LoadedDice([]), [])
    assert nations.controller(state, "pskov") == "RUS"
    assert state.reform_eligible
