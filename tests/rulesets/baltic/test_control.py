"""Control, closed and forbidden territories (1.2) and the national exceptions of section 11."""

from __future__ import annotations

from adjudicator.rulesets.baltic import control
from tests.rulesets.baltic.blank import blank_state


def test_1_2a_marker_beats_home_nation() -> None:
    state = blank_state(markers={"ingermanland": "RUS"})
    assert control.controller(state, "ingermanland") == "RUS"
    assert control.relation(state, "ingermanland", "sweden") == control.ENEMY
    assert control.controller(state, "estland") == "SWE"


def test_11_7a_inactive_ukraine_counts_as_russian() -> None:
    state = blank_state()
    assert control.controller(state, "baturyn") == "RUS"
    assert control.is_friendly(state, "poltava", "coalition")
    state.nations["UKR"].status = "active"
    assert control.controller(state, "baturyn") == "UKR"
    assert control.is_friendly(state, "poltava", "sweden")


def test_1_2d_inactive_controller_closes_territory() -> None:
    state = blank_state()
    assert control.is_closed(state, "sjaelland", "SWE")
    assert control.is_closed(state, "brandenburg", "RUS")
    assert not control.is_closed(state, "mecklenburg", "SWE")  # transit (1.4)


def test_11_5e_polish_home_territories_never_closed() -> None:
    state = blank_state()
    assert not control.is_closed(state, "mazowsze", "SWE")
    assert control.relation(state, "mazowsze", "sweden") == control.NEUTRAL
    assert control.relation(state, "mazowsze", "coalition") == control.NEUTRAL


def test_11_6c_moldavia_open_to_swedish_nation_blocks_only() -> None:
    state = blank_state(active=("SWE", "RUS", "POL"))
    assert control.can_enter(state, "SWE", "moldavia")  # the refuge at Bender
    assert control.is_closed(state, "moldavia", "POL")
    assert control.is_closed(state, "moldavia", "RUS")
    assert control.is_closed(state, "crimea", "SWE")


def test_11_3b_saxon_blocks_never_enter_russia_ukraine_hannover() -> None:
    state = blank_state(active=("SWE", "RUS", "SAX", "HAN"))
    assert control.is_forbidden(state, "SAX", "pskov")
    assert control.is_forbidden(state, "SAX", "kiev")
    assert control.is_forbidden(state, "SAX", "hannover")
    assert not control.is_forbidden(state, "SAX", "mazowsze")
    assert not control.is_forbidden(state, "RUS", "hannover")


def test_11_3c_ceded_bremen_verden_counts_as_hannover() -> None:
    state = blank_state()
    assert not control.is_forbidden(state, "SAX", "bremen_verden")
    state.cessions.append({"territory": "bremen_verden", "to": "HAN"})
    assert control.is_forbidden(state, "SAX", "bremen_verden")


def test_11_5a_wettin_blocks_share_saxon_limits() -> None:
    board = control.board()
    assert board.blocks["sax_crown_army"].nation == "SAX"
    state = blank_state(active=("SWE", "RUS", "SAX"))
    assert control.is_forbidden(state, board.blocks["sax_crown_army"].nation, "kiev")


def test_9_3e_friendly_harbor_needs_room() -> None:
    state = blank_state(
        blocks={"swe_sjoblad": ("H:estland", 2), "swe_wachtmeister": ("H:estland", 3)}
    )
    assert not control.is_friendly_harbor(state, "estland", "sweden")  # Reval: strength 2, full
    assert control.is_friendly_harbor(state, "smaland", "sweden")
    assert not control.is_friendly_harbor(state, "smaland", "coalition")
    assert not control.is_friendly_harbor(state, "ingermanland", "sweden")  # port, no harbor


def test_11_1d_attrition_row_follows_swedes_in_russia() -> None:
    """WE-14: box 2; top row -2 RP; bottom row -2 RP and forage -1 in Russia."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    state.attrition = 2
    assert control.attrition_row(state) == "top"
    assert control.attrition_effect(state, "rp_level") == -2
    assert control.attrition_effect(state, "forage_in_russia") == 0
    state.blocks["swe_karl"].at = "smolensk"  # Summer 1708, Karl enters Smolensk
    assert control.attrition_row(state) == "bottom"
    assert control.attrition_effect(state, "rp_level") == -2
    assert control.attrition_effect(state, "forage_in_russia") == -1
    state.attrition = 3  # Lewenhaupt destroyed
    assert control.attrition_effect(state, "rp_level") == -4
    state.blocks["swe_karl"].at = "livland"  # every Swede leaves Russia
    assert control.attrition_effect(state, "rp_level") == -2


def test_11_1g_swede_in_ukraine_or_aboard_counts_only_on_land() -> None:
    state = blank_state(blocks={"swe_krassow": ("poltava", 3)})
    assert control.attrition_row(state) == "bottom"
    state = blank_state(blocks={"pol_lubomirski": ("kiev", 3)}, active=("SWE", "RUS", "POL"))
    assert control.attrition_row(state) == "top"  # a Swedish-nation block only


def test_10_2e_last_block_on_map_counts_harbor_sea_and_aboard() -> None:
    state = blank_state(
        blocks={"swe_wachtmeister": ("kattegat", 3), "swe_karl": ("aboard:swe_wachtmeister", 4)}
    )
    assert control.blocks_on_map(state, "SWE") == ["swe_karl", "swe_wachtmeister"]
    assert control.blocks_on_map(state, "DEN") == []
