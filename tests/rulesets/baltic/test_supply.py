"""Forage, LOC and the Supply Phase (7), RP levels and Attrition (8.1, 11.1d): WE-11, WE-14."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import resources, sequence, supply
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.phase import kinds, submit

NON_HOMELAND = (
    "abo",
    "savolax",
    "karelen",
    "osterbotten",
    "estland",
    "livland",
    "ingermanland",
    "nyen",
    "pommern",
)


def test_we11_sweden_collapses() -> None:
    """WE-11 (10.2a4, 10.2d, 11.1d, 3.7): Armfeldt starves in Trondhjem, the Attrition
    marker reaches box 8, Sweden's level falls to -2 and the Coalition wins."""
    state = blank_state(
        year=1718,
        season="winter",
        phase="supply",
        active=("SWE", "RUS", "DEN"),
        blocks={"swe_armfeldt": ("trondhjem", 1)},
        markers=dict.fromkeys(NON_HOMELAND, "RUS"),
    )
    state.cessions.append({"territory": "bremen_verden", "to": "HAN"})
    state.nations["SWE"].rp_adjust = -2
    state.nations["HAN"].status = "permanent"
    state.attrition = 7
    assert resources.rp_level(state, "SWE") == 1
    assert supply.forage_points(state, "trondhjem", "sweden") == 0
    out: list = []
    sequence.supply_phase(state, Dice(b"x", "x", 0), out)
    assert state.blocks["swe_armfeldt"].at == "pool"
    assert state.attrition == 8
    assert resources.rp_level(state, "SWE") == -2
    assert state.winner == "coalition" and state.phase == "ended"
    assert kinds(out, "game_end")[0]["reason"] == "sweden_truced"


def test_we14_attrition_rows() -> None:
    """WE-14 (11.1d, g, 7.1): the row follows where the Swedes are, at every moment."""
    state = blank_state(year=1708, season="summer", blocks={"swe_karl": ("livland", 4)})
    state.attrition = 2
    assert resources.rp_level(state, "SWE") == 26 - 2  # top row: box 2 gives -2
    state.nations["SWE"].rp_adjust = -2  # Swedish territory RP total 24, as in WE-14
    assert resources.rp_level(state, "SWE") == 22
    state.blocks["swe_karl"].at = "smolensk"
    assert resources.attrition_row(state) == "bottom"
    assert resources.rp_level(state, "SWE") == 22  # box 1: -2
    assert supply.forage_points(state, "smolensk", "sweden") == 0  # FC 1, box 2: -1
    state.attrition = 3  # Lewenhaupt destroyed
    assert resources.rp_level(state, "SWE") == 20
    state.blocks["swe_karl"].at = "livland"
    assert resources.rp_level(state, "SWE") == 22


def test_7_2_trains_feed_regiments_and_7_3_losses_by_default_order() -> None:
    """7.2: an army feeds its trains' regiments; 7.3: losses from the strongest regiment."""
    state = blank_state(
        year=1705,
        season="summer",
        blocks={
            "swe_lybecker": ("savolax", 3),
            "swe_savolax": ("savolax", 2),
            "swe_estlandska": ("savolax", 3),
        },
        markers={"savolax": "RUS"},
    )
    assert supply.forage_demand(state, "savolax", "sweden") == 2  # 1 army + (2 - 1 train)
    assert supply.forage_points(state, "savolax", "sweden") == 0  # FC 0, not friendly
    out: list = []
    supply.forage_check(state, out)
    # the strongest regiment first; then a tie at 2 goes by roster order
    assert state.blocks["swe_estlandska"].strength == 1
    assert state.blocks["swe_savolax"].strength == 2
    assert state.blocks["swe_lybecker"].strength == 3
    assert kinds(out, "forage_losses")[0]["steps"] == 2


def test_7_3_forage_losses_line_chooses_the_blocks() -> None:
    state = blank_state(
        blocks={
            "swe_lybecker": ("savolax", 3),
            "swe_savolax": ("savolax", 2),
            "swe_estlandska": ("savolax", 3),
        },
        markers={"savolax": "RUS"},
    )
    submit(state, "sweden", "forage losses any: Lybecker, Savolax")
    supply.forage_check(state, [])
    assert state.blocks["swe_lybecker"].strength == 1
    assert state.blocks["swe_savolax"].strength == 2


def test_7_4_loc_through_enemy_blocks_is_cut_but_crosses_the_sea() -> None:
    """7.4b-c: a path may not pass enemy land blocks, but may cross the sea from a friendly
    port to another through zones without enemy fleets."""
    state = blank_state(
        blocks={
            "swe_krassow": ("danzig", 3),
            "rus_golitsyn": ("wielkopolska", 3),
            "rus_weyde": ("mazowsze", 3),
        },
        markers={"danzig": "SWE"},
    )
    assert supply.has_loc(state, "swe_krassow")  # Danzig to Stockholm by sea
    state.blocks["rus_cruys"].at = "central_baltic"
    assert not supply.has_loc(state, "swe_krassow")  # the Central Baltic is barred
    state = blank_state(
        blocks={
            "swe_lybecker": ("novgorod", 3),
            "rus_golitsyn": ("pskov", 3),
            "rus_weyde": ("ingermanland", 3),
            "rus_bauer": ("ladoga", 3),
        },
    )
    assert not supply.has_loc(state, "swe_lybecker")


def test_7_5_winter_without_loc_loses_a_step_and_royals_keep_one() -> None:
    state = blank_state(
        season="winter",
        blocks={
            "swe_lybecker": ("novgorod", 3),
            "swe_karl": ("novgorod", 1),
            "rus_golitsyn": ("pskov", 3),
            "rus_weyde": ("ingermanland", 3),
            "rus_bauer": ("ladoga", 3),
        },
    )
    supply.winter_losses(state, [])
    assert state.blocks["swe_lybecker"].strength == 2
    assert state.blocks["swe_karl"].strength == 1


def test_6_5_damage_clears_when_the_besiegers_leave() -> None:
    state = blank_state(blocks={"rus_golitsyn": ("tver", 3)})
    state.damage["livland"] = 2
    state.damage_side["livland"] = "coalition"
    supply.siege_damage_upkeep(state, [])
    assert "livland" not in state.damage


def test_3_6d_winter_and_bad_harvest_lower_forage_points() -> None:
    """7.1, 3.6d: -1 in Winter outside friendly territory; -1 for a Bad harvest drawn."""
    state = blank_state(season="summer")
    assert supply.forage_points(state, "pskov", "sweden") == 1
    assert supply.forage_points(state, "livland", "sweden") == 3  # friendly: +1
    state.season = "winter"
    assert supply.forage_points(state, "pskov", "sweden") == 0
    assert supply.forage_points(state, "livland", "sweden") == 3
    state.event["sweden"] = "bad_harvest"
    assert supply.forage_points(state, "livland", "sweden") == 2
    assert supply.forage_points(state, "livland", "coalition") == 1  # winter, not friendly


def test_2_3b_forage_never_takes_a_royal_below_1() -> None:
    state = blank_state(blocks={"swe_karl": ("trondhjem", 1)}, active=("SWE", "RUS", "DEN"))
    supply.forage_check(state, [])
    assert state.blocks["swe_karl"].at == "trondhjem" and state.blocks["swe_karl"].strength == 1


def test_6_5_relief_by_sea_repairs_a_damaged_port() -> None:
    state = blank_state(
        blocks={"rus_golitsyn": ("estland", 3), "swe_sjoblad": ("H:estland", 2)},
    )
    state.damage["estland"] = 1
    state.damage_side["estland"] = "coalition"
    supply.siege_damage_upkeep(state, [])
    assert "estland" not in state.damage


def test_7_5_winter_at_sea_cargo_of_a_lost_fleet_is_lost_once() -> None:
    """7.5 step 2, 9.3c: a fleet at 1 is destroyed at sea in Winter and its cargo with it;
    the cargo is not counted twice (one Attrition step for one Swedish army)."""
    state = blank_state(
        season="winter",
        blocks={"swe_sjoblad": ("central_baltic", 1), "swe_lybecker": ("aboard:swe_sjoblad", 3)},
    )
    out: list = []
    supply.winter_losses(state, out)
    assert state.blocks["swe_sjoblad"].at == "pool" and state.blocks["swe_lybecker"].at == "pool"
    assert state.attrition == 1
    assert len(kinds(out, "destroyed")) == 2
