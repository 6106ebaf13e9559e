"""Section 10 (activation, truce, reactivation) and the cessions of 11.1c, e, f.

Each test names its clause; WE-n are the worked examples of section 16.
"""

from __future__ import annotations

from adjudicator.rulesets.baltic import politics, resources
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice


def line(value: dict) -> dict:
    return {"text": "", "value": value}


# -- activation (10.1) ----------------------------------------------------------------------
def test_10_1d_eligibility_table() -> None:
    state = blank_state(year=1702, phase="entry")
    assert politics.can_roll(state, "DEN")  # always (11.4a)
    assert not politics.can_roll(state, "PRU")  # 1713 or later
    assert not politics.can_roll(state, "HAN")  # 1714 or later
    assert not politics.can_roll(state, "POL")  # no Swede in Mazowsze
    assert not politics.can_roll(state, "OTT")  # Karl not in an Ottoman territory, before 1711
    assert not politics.can_roll(state, "UKR")  # no Swedish army in Ukraine
    assert not politics.can_roll(state, "SWE") and not politics.can_roll(state, "RUS")
    state.year = 1714
    assert politics.can_roll(state, "PRU") and politics.can_roll(state, "HAN")
    assert politics.can_roll(state, "OTT")  # 1711 or later
    state.blocks["swe_karl"].at = "poltava"
    assert politics.can_roll(state, "UKR")
    state.blocks["swe_livgardet"].at = "mazowsze"
    assert politics.can_roll(state, "POL")


def test_10_1d_permanent_or_cube_ahead_never_rolls() -> None:
    state = blank_state(year=1712, phase="entry")
    state.nations["DEN"].status = "permanent"
    assert not politics.can_roll(state, "DEN")
    state.nations["DEN"].status = "truce"
    state.nations["DEN"].cube_year = 1715
    assert not politics.can_roll(state, "DEN")


def test_10_1a_we7_poland_activates_on_a_six() -> None:
    """WE-7, Entry 1702: Sweden rolls 6 for Poland; Sweden's Wielkopolska marker goes, the
    SAX marker in Danzig stays; Lubomirski 3 in Małopolska, Sobieski 2 in Mazowsze."""
    state = blank_state(
        year=1702,
        phase="entry",
        active=("SWE", "RUS", "SAX"),
        blocks={"swe_livgardet": ("mazowsze", 3)},
        markers={"wielkopolska": "SWE", "danzig": "SAX"},
    )
    events: list = []
    dice = LoadedDice([5, 6])  # Denmark rolls first (nation order), then Poland
    politics.activation_rolls(state, dice, events)
    assert dice.used_up()
    assert state.nations["DEN"].status == "inactive"
    assert state.nations["POL"].status == "active"
    assert "wielkopolska" not in state.markers and state.markers["danzig"] == "SAX"
    assert state.blocks["pol_lubomirski"].at == "malopolska"
    assert state.blocks["pol_lubomirski"].strength == 3
    assert state.blocks["pol_sobieski"].at == "mazowsze"
    assert state.blocks["pol_sobieski"].strength == 2
    assert [r["label"] for r in state.rolls] == [
        "1702 Summer / activation Denmark-Norway",
        "1702 Summer / activation Poland",
    ]
    assert state.nations["POL"].rp_available == 0  # in the Entry Phase: step 5 (8.2)


def test_10_1b_we7_denmark_musters_and_gets_rp_in_step_5() -> None:
    """WE-7, Entry 1709: Denmark rolls 6: Reventlow 3 and the Guards 3 in Sjælland,
    Bergenhus 2 in Bergenhus, Gyldenløve 3 and Tordenskjold 2 in København; Karl in Poltava:
    Ukraine rolls 3; the Ottomans, Prussia and Hannover do not roll."""
    state = blank_state(
        year=1709,
        phase="entry",
        blocks={"swe_karl": ("poltava", 4)},
        statuses={"SAX": "truce"},
    )
    state.nations["SAX"].cube_year = 1710
    events: list = []
    dice = LoadedDice([6, 3])
    politics.activation_rolls(state, dice, events)
    assert dice.used_up()
    assert state.nations["DEN"].status == "active"
    assert state.nations["UKR"].status == "inactive"
    assert state.blocks["den_reventlow"].at == "sjaelland"
    assert state.blocks["den_guards"].at == "sjaelland"
    assert state.blocks["den_bergenhus"].at == "bergenhus"
    assert state.blocks["den_gyldenlove"].at == "H:sjaelland"
    assert state.blocks["den_tordenskjold"].at == "H:sjaelland"
    assert [state.blocks[b].strength for b in ("den_reventlow", "den_gyldenlove")] == [3, 3]
    assert resources.allot_rp(state, "DEN") == 10


def test_10_1c_we7_diplomatic_opening_activates_ottomans_with_rp_at_once() -> None:
    """WE-7, Summer 1712: Diplomatic opening; the Ottomans roll 6: Baltacı Mehmed 4 and the
    Janissaries 3 in Moldavia, Devlet Giray 3 in Crimea; RP available 12 at once."""
    state = blank_state(year=1712, phase="action_roll", markers={"azov": "RUS"})
    events: list = []
    dice = LoadedDice([6])  # POL, UKR cannot roll; OTT can (1711 or later)
    politics.diplomatic_opening(state, "sweden", dice, events)
    assert dice.used_up()
    assert state.nations["OTT"].status == "active"
    assert state.blocks["ott_baltaci"].at == "moldavia"
    assert state.blocks["ott_baltaci"].strength == 4
    assert state.blocks["ott_janissaries"].at == "moldavia"
    assert state.blocks["ott_tatars"].at == "crimea"
    assert state.nations["OTT"].rp_available == 12


def test_10_1f_inactive_nation_has_nothing_on_the_map_until_it_activates() -> None:
    state = blank_state(year=1702, phase="entry")
    assert all(state.blocks[b].at == "pool" for b in ("den_reventlow", "den_guards"))
    assert state.nations["DEN"].rp_available == 0


# -- truce (10.2) ---------------------------------------------------------------------------
def we8_state():
    """WE-8: Autumn 1706; Poland active on Sweden's side; Saxony's capital falls."""
    state = blank_state(
        year=1706,
        season="autumn",
        active=("SWE", "RUS", "SAX", "POL"),
        markers={"danzig": "SAX", "malopolska": "SAX", "saxony": "SWE"},
        blocks={
            "sax_august": ("mazowsze", 2),
            "sax_guards": ("mazowsze", 2),
            "rus_golitsyn": ("malopolska", 3),
            "swe_karl": ("saxony", 4),
            "swe_lewenhaupt": ("saxony", 3),
            "swe_schlippenbach": ("saxony", 3),
            "swe_krassow": ("saxony", 3),
            "swe_livgardet": ("saxony", 3),
            "swe_rehnskiold": ("saxony", 3),
            "swe_upplands": ("saxony", 3),
            "swe_dalregementet": ("saxony", 2),
            "swe_pommerska": ("pommern", 2),
        },
    )
    return state


def test_10_2b_we8_fall_of_dresden() -> None:
    state = we8_state()
    events: list = []
    politics.impose_truce(state, "SAX", LoadedDice([]), events)
    # b1: August II and the Guards to the Saxon pool; Saxony inactive
    assert state.blocks["sax_august"].at == "pool" and state.blocks["sax_guards"].at == "pool"
    assert state.nations["SAX"].status == "truce"
    # b2: SAX markers removed (Danzig, Małopolska back to Poland); SWE marker in Saxony removed
    assert state.markers == {}
    # b3: displacement
    for block in ("swe_karl", "swe_lewenhaupt", "swe_schlippenbach"):
        assert state.blocks[block].at == "wielkopolska"
    assert state.blocks["swe_krassow"].at == "mazowsze"
    for block in ("swe_livgardet", "swe_rehnskiold", "swe_upplands", "swe_dalregementet"):
        assert state.blocks[block].at == "wielkopolska"
    # b4: the cube four years ahead (10.2i)
    assert state.nations["SAX"].cube_year == 1710
    assert "swe_karl" not in state.turn.moved  # displacement is not a move (4.1b)


def test_10_2h_displace_priority_breaks_ties() -> None:
    state = we8_state()
    state.standing["sweden"] = {"displace": line({"territories": ["pommern"]})}
    politics.impose_truce(state, "SAX", LoadedDice([]), [])
    assert state.blocks["swe_krassow"].at == "pommern"


def test_10_2h_block_reaching_no_friendly_territory_returns_to_pool() -> None:
    """WE-13: Närke-Värmland in ceded Bremen-Verden can reach nothing friendly."""
    state = blank_state(
        year=1714,
        season="spring",
        active=("SWE", "RUS", "DEN"),
        blocks={"swe_narke_varmland": ("bremen_verden", 2)},
    )
    events: list = []
    assert politics.cede(state, "bremen_verden", LoadedDice([]), events) is None
    assert state.blocks["swe_narke_varmland"].at == "pool"
    assert state.attrition == 0
    assert not any(e["kind"] == "destroyed" for e in events)


def test_10_2a_b1_truce_sends_cargo_of_its_fleets_home() -> None:
    """10.2f: other nations' cargo aboard its fleets returns to their own pools."""
    state = blank_state(
        active=("SWE", "RUS", "DEN"),
        blocks={
            "den_gyldenlove": ("kattegat", 3),
            "rus_golitsyn": ("aboard:den_gyldenlove", 3),
            "den_tordenskjold": ("set_aside", 2),
        },
    )
    politics.impose_truce(state, "DEN", LoadedDice([]), [])
    assert state.blocks["den_gyldenlove"].at == "pool"
    assert state.blocks["rus_golitsyn"].at == "pool"
    assert state.blocks["den_tordenskjold"].at == "pool"


def test_10_2f_year_track_and_reform_box_stay_under_truce() -> None:
    state = blank_state(
        blocks={"rus_sheremetev_b": ("year:1707", 1), "rus_repnin_b": ("reform_box", 1)}
    )
    politics.impose_truce(state, "RUS", LoadedDice([]), [])
    assert state.blocks["rus_sheremetev_b"].at == "year:1707"
    assert state.blocks["rus_repnin_b"].at == "reform_box"


def test_10_2i_cube_beyond_the_scenario_keeps_nation_inactive() -> None:
    state = blank_state(year=1708, last_year=1709, active=("SWE", "RUS", "DEN"))
    politics.impose_truce(state, "DEN", LoadedDice([]), [])
    assert state.nations["DEN"].cube_year == 1712
    state.year = 1709
    assert not politics.can_roll(state, "DEN")


def test_10_2g_truce_clears_damage_and_relocates_harbor_fleets() -> None:
    state = blank_state(
        active=("SWE", "RUS", "DEN"),
        markers={"gotaland": "DEN"},
        blocks={"swe_wachtmeister": ("H:smaland", 4), "swe_sjoblad": ("H:gotaland", 2)},
    )
    state.markers["gotaland"] = "DEN"
    state.blocks["swe_sjoblad"].at = "pool"
    state.blocks["den_gyldenlove"].at = "H:gotaland"
    state.damage["skane"] = 1
    state.markers["skane"] = "DEN"
    politics.impose_truce(state, "DEN", LoadedDice([]), [])
    assert "gotaland" not in state.markers and "skane" not in state.markers
    assert "skane" not in state.damage
    assert state.blocks["den_gyldenlove"].at == "pool"


def test_10_2c_we9_accepted_offer_truces_denmark_at_once() -> None:
    """WE-9, Entry 1712: `offer truce Denmark` meets `accept truce Denmark`: cube on 1716."""
    state = blank_state(year=1712, phase="entry", active=("SWE", "RUS", "DEN"))
    state.standing["sweden"] = {"offer|DEN": line({"nation": "DEN"})}
    state.standing["coalition"] = {"truce|DEN": line({"accept": True})}
    events: list = []
    politics.truce_offers(state, LoadedDice([]), events)
    assert state.nations["DEN"].status == "truce"
    assert state.nations["DEN"].cube_year == 1716
    assert "offer|DEN" not in state.standing["sweden"]  # used up (13.4)
    assert {"kind": "truce_offer", "side": "sweden", "nation": "DEN", "accepted": True} in events


def test_10_2j_we9_offer_declined_by_default() -> None:
    state = blank_state(year=1712, phase="entry", active=("SWE", "RUS", "DEN"))
    state.standing["sweden"] = {"offer|DEN": line({"nation": "DEN"})}
    events: list = []
    politics.truce_offers(state, LoadedDice([]), events)
    assert state.nations["DEN"].status == "active"
    assert events == [{"kind": "truce_offer", "side": "sweden", "nation": "DEN", "accepted": False}]


def test_10_2c_we9_sweden_ukraine_poland_cannot_be_offered() -> None:
    state = blank_state(year=1712, active=("SWE", "RUS", "POL", "UKR", "OTT"))
    assert not politics.can_be_offered(state, "coalition", "SWE")
    assert not politics.can_be_offered(state, "coalition", "POL")  # 11.5j
    assert not politics.can_be_offered(state, "coalition", "UKR")  # 11.7e
    assert politics.can_be_offered(state, "coalition", "OTT")  # 11.6d
    assert not politics.can_be_offered(state, "sweden", "OTT")  # only by its enemy


def test_11_6d_we9_ottoman_truce_returns_azov() -> None:
    """WE-9: the Coalition offers the Ottomans a truce, Sweden accepts: Azov's RUS marker goes."""
    state = blank_state(
        year=1712, phase="entry", active=("SWE", "RUS", "OTT"), markers={"azov": "RUS"}
    )
    state.standing["coalition"] = {"offer|OTT": line({"nation": "OTT"})}
    state.standing["sweden"] = {"truce|OTT": line({"accept": True})}
    politics.truce_offers(state, LoadedDice([]), [])
    assert state.nations["OTT"].status == "truce"
    assert "azov" not in state.markers


# -- reactivation (10.3) --------------------------------------------------------------------
def test_10_3c_we10_denmark_rolls_again_from_its_cube_year() -> None:
    """WE-10: truced in Summer 1711, cube 1715; no roll 1712-1714; 1715 roll 4; 1716 roll 6."""
    from adjudicator.rulesets.baltic import nations

    state = blank_state(year=1711, season="summer", active=("SWE", "RUS", "SAX", "DEN"))
    politics.impose_truce(state, "DEN", LoadedDice([]), [])
    assert state.nations["DEN"].cube_year == 1715
    for year in (1712, 1713, 1714):
        state.year, state.phase = year, "entry"
        nations.year_track_arrivals(state, [])
        assert not politics.can_roll(state, "DEN")
    state.year = 1715
    nations.year_track_arrivals(state, [])
    assert state.nations["DEN"].cube_year is None
    state.nations["OTT"].status = "permanent"  # keep the other rolls out of the example
    politics.activation_rolls(state, LoadedDice([4, 1, 1]), [])  # Denmark, Prussia, Hannover
    assert state.nations["DEN"].status == "inactive"
    state.year = 1716
    politics.activation_rolls(state, LoadedDice([6, 1, 1]), [])
    assert state.nations["DEN"].status == "active"
    assert state.blocks["den_reventlow"].at == "sjaelland"
    assert resources.allot_rp(state, "DEN") == resources.rp_level(state, "DEN")


def test_10_3a_three_full_years_inactive() -> None:
    state = blank_state(year=1711, active=("SWE", "RUS", "DEN"))
    politics.impose_truce(state, "DEN", LoadedDice([]), [])
    state.year = 1714
    assert not politics.can_roll(state, "DEN")


# -- cessions (11.1c, e, f) -----------------------------------------------------------------
def test_11_1f_we13_cession_of_bremen_verden() -> None:
    """WE-13: Sweden's level 14 - 2 - 2 = 10; Hannover permanently inactive."""
    state = blank_state(year=1714, season="spring", active=("SWE", "RUS", "DEN"))
    before = resources.rp_level(state, "SWE")
    politics.cede(state, "bremen_verden", LoadedDice([]), [])
    assert resources.rp_level(state, "SWE") == before - 4
    assert state.nations["HAN"].status == "permanent"
    assert state.cessions == [{"territory": "bremen_verden", "to": "HAN"}]
    assert not politics.can_roll(state, "HAN")
    assert politics.cede(state, "bremen_verden", LoadedDice([]), []) == "cede"  # once


def test_11_1c_cession_of_territory_sweden_does_not_hold_still_costs_4() -> None:
    state = blank_state(active=("SWE", "RUS", "DEN"), markers={"pommern": "DEN"})
    before = resources.rp_level(state, "SWE")
    politics.cede(state, "pommern", LoadedDice([]), [])
    assert resources.rp_level(state, "SWE") == before - 4
    assert "pommern" not in state.markers
    assert state.nations["PRU"].status == "permanent"


def test_11_1e_we13_cede_if_prussia_activates_comes_before_the_muster() -> None:
    """WE-13, Entry 1715: `cede Pommern if Prussia activates`; Prussia rolls 6: Pommern is
    ceded before the muster; Prussia musters nothing; Swedes there are displaced; the fleet
    at Stralsund goes without loss to the nearest friendly harbor."""
    state = blank_state(
        year=1715,
        phase="entry",
        active=("SWE", "RUS", "SAX", "DEN"),
        blocks={"swe_pommerska": ("pommern", 2), "swe_sjoblad": ("H:pommern", 2)},
    )
    state.standing["sweden"] = {
        "cede|pommern": line({"territory": "pommern", "when": "activates", "nation": "PRU"})
    }
    before = resources.rp_level(state, "SWE")
    # Denmark is active; Prussia (1713+) rolls 6; Hannover (1714+) and the Ottomans roll 1.
    politics.activation_rolls(state, LoadedDice([6, 1, 1]), [])
    assert state.nations["PRU"].status == "permanent"
    assert state.blocks["pru_anhalt"].at == "pool"
    assert resources.rp_level(state, "SWE") == before - 4
    # 10.2h: through neutral Poland (Mecklenburg is transit, Brandenburg closed) to Livland
    assert state.blocks["swe_pommerska"].at == "livland"
    assert state.blocks["swe_sjoblad"].at == "H:smaland"
    assert state.blocks["swe_sjoblad"].strength == 2
    assert state.standing["sweden"] == {}


def test_11_1e_cede_at_entry_is_made_in_step_4() -> None:
    state = blank_state(year=1712, phase="entry")
    state.standing["sweden"] = {
        "cede|bremen_verden": line({"territory": "bremen_verden", "when": "entry"})
    }
    politics.truce_offers(state, LoadedDice([]), [])
    assert state.cessions == [{"territory": "bremen_verden", "to": "HAN"}]


def test_11_8a_active_receiver_is_truced_without_a_cube() -> None:
    state = blank_state(
        year=1714,
        active=("SWE", "RUS", "PRU"),
        blocks={"pru_anhalt": ("brandenburg", 3), "swe_krassow": ("prussia", 3)},
        markers={"prussia": "SWE"},
    )
    politics.cede(state, "pommern", LoadedDice([]), [])
    assert state.nations["PRU"].status == "permanent"
    assert state.nations["PRU"].cube_year is None
    assert state.blocks["pru_anhalt"].at == "pool"
    assert "prussia" not in state.markers  # 10.2b2: enemy markers on its home removed
    assert state.blocks["swe_krassow"].at != "prussia"  # 10.2b3


def test_10_0_a_nation_enters_by_activation_and_leaves_by_truce() -> None:
    state = blank_state(year=1702, phase="entry")
    politics.roll_for(state, "DEN", LoadedDice([6]), [], "activation")
    assert state.nations["DEN"].status == "active"
    politics.impose_truce(state, "DEN", LoadedDice([]), [])
    assert state.nations["DEN"].status == "truce"
    assert all(not state.is_on_map(b) for b in ("den_reventlow", "den_gyldenlove"))


def test_10_3b_nation_may_roll_from_the_start_of_its_cube_years_entry_phase() -> None:
    from adjudicator.rulesets.baltic import nations

    state = blank_state(year=1715, phase="entry", statuses={"DEN": "truce"})
    state.nations["DEN"].cube_year = 1715
    assert not politics.can_roll(state, "DEN")
    nations.year_track_arrivals(state, [])  # step 1
    assert politics.can_roll(state, "DEN")


def test_10_3d_reactivated_russia_musters_its_royal_and_the_cossacks() -> None:
    """10.3d, 8.7: Russia's reactivation places the royal block it has in the pool (3) and
    the Cossacks (2), on its own side."""
    from adjudicator.rulesets.baltic import nations

    state = blank_state(year=1712, phase="entry", statuses={"RUS": "truce"})
    state.nations["RUS"].cube_year = 1712
    state.blocks["rus_pyotr_h"].at = "removed"
    nations.year_track_arrivals(state, [])
    assert politics.roller("RUS") == "coalition"
    politics.roll_for(state, "RUS", LoadedDice([6]), [], "activation")
    assert state.blocks["rus_pyotr_b"].at == "moskva" and state.blocks["rus_pyotr_b"].strength == 3
    assert state.blocks["rus_cossacks"].at == "moskva"
    assert state.blocks["rus_cossacks"].strength == 2


def test_10_3d_entry_phase_calls_the_political_steps_in_order() -> None:
    """3.2 through sequence.entry_phase: step 1 removes Denmark's 1715 cube, step 3 rolls
    Denmark (6: it musters) and Prussia (6: `cede Pommern if Prussia activates` makes it
    permanently inactive before its muster), step 4 has no offers, step 5 gives RP."""
    from adjudicator.rulesets.baltic import sequence

    state = blank_state(year=1715, season="spring", phase="entry", statuses={"DEN": "truce"})
    state.nations["DEN"].cube_year = 1715
    state.nations["OTT"].status = "permanent"  # keep its roll out of the example
    state.nations["SAX"].status = "active"
    state.standing["sweden"] = {
        "cede|pommern": line({"territory": "pommern", "when": "activates", "nation": "PRU"})
    }
    out: list = []
    sequence.entry_phase(state, LoadedDice([6, 6, 1]), out)  # DEN, PRU, HAN
    kinds = [e["kind"] for e in out]
    assert kinds.index("cube_removed") < kinds.index("activation_roll") < kinds.index("cession")
    assert state.nations["DEN"].status == "active"
    assert state.blocks["den_reventlow"].at == "sjaelland"
    assert state.nations["PRU"].status == "permanent"
    assert state.blocks["pru_anhalt"].at == "pool"
    assert state.nations["DEN"].rp_available == resources.rp_level(state, "DEN")
    assert state.phase == "action_roll"


def test_10_1e_special_activations_use_the_10_1d_eligibility() -> None:
    """C.1 roll 10 and Mazepa's defection roll only for nations that may roll (10.1d)."""
    from adjudicator.rulesets.baltic import nations

    state = blank_state(year=1705, phase="action_roll")
    politics.diplomatic_opening(state, "sweden", LoadedDice([]), [])  # nobody may roll
    state.blocks["swe_karl"].at = "baturyn"
    state.nations["UKR"].status = "truce"
    state.nations["UKR"].cube_year = 1707
    nations.mazepa_defection(state, LoadedDice([]), [])  # a cube ahead: no roll
    assert state.nations["UKR"].status == "truce"
    state.nations["UKR"].status, state.nations["UKR"].cube_year = "inactive", None
    politics.diplomatic_opening(state, "sweden", LoadedDice([2]), [])  # Karl in Ukraine
    assert state.nations["UKR"].status == "inactive"


def test_10_2d_truce_imposed_on_sweden_ends_the_game() -> None:
    """WE-6 variant: Karl XII destroyed: at the end of the phase the Coalition wins."""
    from adjudicator.rulesets.baltic import sequence
    from adjudicator.rulesets.baltic.losses import destroy

    state = blank_state(blocks={"swe_karl": ("ingermanland", 1), "swe_livgardet": ("estland", 3)})
    destroy(state, "swe_karl", "battle", [])
    sequence.end_of_phase(state, LoadedDice([]), [])
    assert state.winner == "coalition"
    assert state.phase == "ended"
    assert state.nations["SWE"].status == "active"  # no truce effects: the game is over


def test_10_2a_we8_siege_of_saxony_then_truce_at_the_end_of_the_phase() -> None:
    """WE-8 whole: `siege Saxony`: the garrison (1) rolls [4]; Karl rolls [1,5,3,2]: damage
    3 = G, a SWE marker; a capital has fallen, so Saxony's truce is imposed at the end of the
    phase (3.7), with the effects of test_10_2b_we8_fall_of_dresden."""
    from adjudicator.rulesets.baltic import sequence, siege

    state = we8_state()
    del state.markers["saxony"]
    state.damage["saxony"] = 2
    state.damage_side["saxony"] = "sweden"
    events: list = []
    siege.siege_round(state, "saxony", "sweden", LoadedDice([4, 1, 5, 3, 2]), events)
    assert state.markers["saxony"] == "SWE"
    assert "SAX" in state.turn.truces_due
    sequence.end_of_phase(state, LoadedDice([]), events)
    assert state.nations["SAX"].status == "truce" and state.nations["SAX"].cube_year == 1710
    assert state.markers == {}
    assert state.blocks["swe_karl"].at == "wielkopolska"
    assert state.blocks["swe_krassow"].at == "mazowsze"
    assert state.blocks["sax_august"].at == "pool"
