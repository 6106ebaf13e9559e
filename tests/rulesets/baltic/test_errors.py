"""Errors name the fix (13.5, issue 19 point 6): every baltic error names the block, where
it is, and what would be legal. Each case is a submission refused when received, with the
sentence the player reads (the same sentence voids the line at execution)."""

from __future__ import annotations

import pytest

from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.baltic.position import scenario_state
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.phase import submit


def refused(state, side: str, line: str) -> str:
    with pytest.raises(OrderErrors) as caught:
        submit(state, side, line)
    return str(caught.value)


def grand_campaign(first: str = "sweden"):
    state = scenario_state("grand_campaign")
    state.phase, state.first_player = "action_1", first
    state.ap = {"sweden": 4, "coalition": 4}
    return state


def test_9_2b_embark_names_the_block_and_where_it_stands() -> None:
    """Stenbock stands in Skåne, not in Småland (Karlskrona)."""
    said = refused(grand_campaign(), "sweden", "embark Stenbock on Wachtmeister at Karlskrona")
    assert "Stenbock is in Skåne, not in Småland" in said


def test_9_1a_sail_from_a_harbor_names_its_ports_zone() -> None:
    said = refused(grand_campaign(), "sweden", "sail Wachtmeister: Karlskrona -> Central Baltic")
    assert (
        "the harbor of Småland opens on Western Baltic: a fleet leaving it enters Western "
        "Baltic first, not Central Baltic (9.1a)" in said
    )


def test_9_1a_sail_between_zones_apart_names_the_adjacent_ones() -> None:
    state = blank_state(blocks={"swe_wachtmeister": ("western_baltic", 3)})
    said = refused(state, "sweden", "sail Wachtmeister: Western Baltic -> Gulf of Finland")
    assert "from Western Baltic a fleet enters Kattegat, Central Baltic (9.1a)" in said


def test_9_1a_a_harbor_on_another_zone_names_both_zones_with_their_article() -> None:
    """Göteborg's harbor opens on the Kattegat: a sea zone is named as English names it,
    "the Kattegat", "the Western Baltic" (issue 20)."""
    state = blank_state(blocks={"swe_wachtmeister": ("western_baltic", 3)})
    said = refused(state, "sweden", "sail Wachtmeister: Western Baltic -> Göteborg")
    assert "the harbor of Götaland opens on the Kattegat, not on the Western Baltic (9.1a)" in said


def test_9_2i_embark_with_the_fleet_elsewhere_names_the_zone_and_the_fleet() -> None:
    """Göteborg's port is on the Kattegat; Wachtmeister is in the harbor of Småland."""
    state = blank_state(
        blocks={"swe_stenbock": ("gotaland", 3), "swe_wachtmeister": ("H:smaland", 3)}
    )
    said = refused(state, "sweden", "embark Stenbock on Wachtmeister at Göteborg")
    assert (
        "Wachtmeister is in the harbor of Småland, not at sea in the Kattegat, the zone of the "
        "port of Götaland (9.2b, i)" in said
    )
    said = refused(state, "sweden", "embark Stenbock at Göteborg")
    assert (
        "no fleet of yours at sea in the Kattegat, the zone of the port of Götaland; your fleets: "
        "Wachtmeister in the harbor of Småland (9.2b, i)" in said
    )


def test_9_2b_a_port_on_another_zone_names_its_zone() -> None:
    state = blank_state(
        blocks={
            "swe_wachtmeister": ("western_baltic", 3),
            "swe_livgardet": ("aboard:swe_wachtmeister", 3),
        }
    )
    said = refused(state, "sweden", "disembark Livgardet: Western Baltic -> Riga")
    assert "the port of Livland is on the Gulf of Riga (9.2b, j)" in said


def test_11_2f_a_block_out_of_play_is_out_of_play() -> None:
    """Cruys before Nyen falls (Grand Campaign): out of play, not 'not in Gulf of Finland'."""
    said = refused(
        grand_campaign("coalition"), "coalition", "sail Cruys: Gulf of Finland -> Central Baltic"
    )
    assert "Cruys is out of play, not on the map (11.2f)" in said
    assert "not in Gulf of Finland" not in said


@pytest.mark.parametrize(
    ("at", "expected"),
    [
        ("pool", "Armfeldt is in the pool of Sweden, not on the map"),
        ("removed", "Armfeldt has been removed from the game (11.2c)"),
        ("year:1705", "Armfeldt is on the Year Track (1705), not on the map"),
        ("aboard:swe_wachtmeister", "Armfeldt is aboard Wachtmeister in Kattegat, not in Skåne"),
    ],
)
def test_4_1_a_move_names_where_the_block_is(at: str, expected: str) -> None:
    state = blank_state(blocks={"swe_armfeldt": (at, 2), "swe_wachtmeister": ("kattegat", 3)})
    assert expected in refused(state, "sweden", "move Armfeldt: Skåne -> Götaland")


def test_13_5_errors_in_the_players_language() -> None:
    state = grand_campaign()
    with pytest.raises(OrderErrors) as caught:
        submit(state, "sweden", "sail Wachtmeister: Karlskrona -> Central Baltic")
    (error,) = caught.value.errors
    said = {lang: error.say(lang, "baltic") for lang in ("ru", "pt_BR")}
    # Names in the case and with the article the sentence governs (issue 20).
    assert "гавань Смоланда выходит в Западную Балтику" in said["ru"]
    assert "o porto da Esmolândia dá para o Báltico Ocidental" in said["pt_BR"]


def test_9_2d_a_full_fleet_names_what_it_carries() -> None:
    """WE-1 rejected alternative: an army and a regiment may not share a fleet."""
    state = blank_state(
        blocks={
            "swe_stenbock": ("svealand", 3),
            "swe_sjoblad": ("central_baltic", 3),
            "swe_upplands": ("aboard:swe_sjoblad", 3),
        }
    )
    said = refused(state, "sweden", "embark Stenbock on Sjöblad at Stockholm")
    assert "no room for Stenbock" in said and "Sjöblad with Upplands" in said


def test_9_2e_a_block_that_moved_is_named() -> None:
    state = blank_state(
        blocks={"swe_stenbock": ("gotaland", 3), "swe_wachtmeister": ("kattegat", 3)}
    )
    text = "move Stenbock: Götaland -> Svealand\nembark Stenbock at Stockholm"
    said = refused(state, "sweden", text)
    assert "Stenbock" in said


def test_9_2f_an_enemy_fleet_names_the_zone() -> None:
    state = blank_state(
        blocks={
            "swe_stenbock": ("gotaland", 3),
            "swe_wachtmeister": ("kattegat", 3),
            "rus_cruys": ("kattegat", 3),
        }
    )
    said = refused(state, "sweden", "embark Stenbock at Göteborg")
    assert "an enemy fleet is at sea in the Kattegat" in said


def test_9_2b_an_unfriendly_port_names_its_holder() -> None:
    state = blank_state(
        markers={"estland": "RUS"},
        blocks={"swe_lewenhaupt": ("estland", 3), "swe_sjoblad": ("gulf_of_finland", 3)},
    )
    said = refused(state, "sweden", "embark Lewenhaupt at Reval")
    assert "Estland is held by Russia, not a friendly port" in said


def test_9_1c_a_loaded_fleet_names_its_cargo_and_the_harbor() -> None:
    """WE-1 rejected alternative: loaded fleets may not enter a harbor."""
    state = blank_state(
        blocks={
            "swe_wachtmeister": ("gulf_of_finland", 3),
            "swe_karl": ("aboard:swe_wachtmeister", 4),
        }
    )
    said = refused(state, "sweden", "sail Wachtmeister: Gulf of Finland -> Reval")
    assert (
        "Wachtmeister carries Karl XII: a loaded fleet may not enter the harbor of Estland" in said
    )


def test_4_1c_a_move_between_territories_apart_names_the_neighbours() -> None:
    state = blank_state(blocks={"swe_stenbock": ("skane", 3)})
    said = refused(state, "sweden", "move Stenbock: Skåne -> Svealand")
    assert "Skåne borders Götaland, Sjælland, Småland" in said


def test_8_4_reinforcing_an_inactive_nation_names_the_active_ones() -> None:
    state = blank_state()
    state.nations["SWE"].rp_available = 5
    said = refused(state, "sweden", "reinforce Poland: build 1")
    assert "Poland is not an active nation of your side (10.1b); yours: Sweden" in said


def test_c2_politics_on_an_inactive_nation_names_the_active_ones() -> None:
    said = refused(blank_state(), "sweden", "politics Denmark")
    assert "politics is played on an active nation (C.2): Sweden, Russia" in said


def test_9_1a_sailing_a_land_block_names_it() -> None:
    state = blank_state(blocks={"swe_stenbock": ("kattegat", 3)})
    assert "Stenbock is not a fleet" in refused(
        state, "sweden", "sail Stenbock: Kattegat -> Skagerrak"
    )


def test_6_1_a_siege_of_a_friendly_territory_names_its_holder() -> None:
    state = blank_state(blocks={"swe_stenbock": ("skane", 3)})
    said = refused(state, "sweden", "siege Skåne")
    assert "Skåne cannot be besieged by you now: it is held by Sweden" in said
