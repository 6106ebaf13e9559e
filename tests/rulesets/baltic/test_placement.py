"""Placement of builds, clause by clause (8.6, 11.1a-b, 11.2a, j, 11.3a, 11.4b-c, 11.5b-c, g,
i; WE-12; issue 19).

Each case sets up a bare position, plays one Reinforce line of the builder's Action Phase
through the order language, and checks where every block of the nation ended and what each
side's report says: the builder's private report names the block and every entry of its
list that was passed over, with the reason; the public report and the enemy's say only the
nation, the RP and the territory (13.6).
"""

from __future__ import annotations

import pytest

from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.state import State
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds, play, reports


def with_pool(state: State, pool: tuple[str, ...], rp: int = 10) -> State:
    """Only `pool` left in the pools of their nations (the others removed), `rp` RP each."""
    nations = {board().blocks[b].nation for b in pool}
    for block, info in state.blocks.items():
        if board().blocks[block].nation in nations and info.at == "pool" and block not in pool:
            info.at = "removed"
    for nation in nations:
        state.nations[nation].rp_available = rp
    return state


def build(state: State, side: str, line: str, draws: int = 2) -> dict[str, str]:
    """Play `line`; every draw takes the first eligible block (the pools hold one each);
    returns what each reader is told."""
    return reports(state, play(state, side, line, LoadedDice([0] * draws)))


def placed(state: State, pool: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    return {b: (state.blocks[b].at, state.blocks[b].strength) for b in pool}


ENEMY = {"sweden": "coalition", "coalition": "sweden"}


def assert_public(said: dict, side: str, sentence: str, *hidden: str) -> None:
    """The public report and the enemy's say `sentence`, and never a hidden name."""
    for reader in ("public", ENEMY[side]):
        assert sentence in said[reader]
        for name in hidden:
            assert name not in said[reader]


# -- 8.6 and the case -----------------------------------------------------------------
def test_8_6_builder_list_falls_through_livland_to_smaland() -> None:
    """Issue 19: `build 1 at Livland, Småland` with Armfeldt alone in the pool: Livland is
    not Swedish homeland (11.1a), so Armfeldt goes to Småland at 1 step, and Sweden is told
    why Livland was passed over."""
    state = with_pool(blank_state(), ("swe_armfeldt",))
    said = build(state, "sweden", "reinforce Sweden: build 1 at Livland, Småland")
    assert placed(state, ("swe_armfeldt",)) == {"swe_armfeldt": ("smaland", 1)}
    assert state.nations["SWE"].rp_available == 8
    assert "Sweden builds Armfeldt in Småland (2 RP)." in said["sweden"]
    assert (
        "Passed over in your list: Armfeldt is placed only in Svealand, Götaland, Småland, "
        "Skåne, Norrland, not in Livland (8.6)." in said["sweden"]
    )
    assert_public(said, "sweden", "Sweden builds a block in Småland (2 RP).", "Armfeldt", "Passed")


def test_8_6_default_placement_where_the_list_has_no_legal_entry() -> None:
    """8.6: none of the builder's entries is legal -> the first legal of the block's own list;
    Svealand holds an enemy block, so Götaland."""
    state = with_pool(blank_state(blocks={"rus_golitsyn": ("svealand", 2)}), ("swe_armfeldt",))
    said = build(state, "sweden", "reinforce Sweden: build 1 at Livland, Svealand")
    assert placed(state, ("swe_armfeldt",)) == {"swe_armfeldt": ("gotaland", 1)}
    assert state.blocks["rus_golitsyn"].at == "svealand"
    assert "enemy land blocks stand in Svealand (8.6)" in said["sweden"]
    assert_public(said, "sweden", "Sweden builds a block in Götaland (2 RP).", "Armfeldt")


def test_8_6_no_list_takes_the_default_and_says_so() -> None:
    """D12: without a list or a `build priority`, the 8.6 list; the report marks the default."""
    state = with_pool(blank_state(), ("swe_armfeldt",))
    said = build(state, "sweden", "reinforce Sweden: build 1")
    assert placed(state, ("swe_armfeldt",)) == {"swe_armfeldt": ("svealand", 1)}
    assert "Default applied (D12, placement)." in said["sweden"]


def test_8_6_build_priority_is_the_list_when_the_line_has_none() -> None:
    state = with_pool(blank_state(), ("swe_armfeldt",))
    said = build(
        state, "sweden", "build priority Sweden: Livland, Skåne\nreinforce Sweden: build 1"
    )
    assert placed(state, ("swe_armfeldt",)) == {"swe_armfeldt": ("skane", 1)}
    assert "not in Livland (8.6)" in said["sweden"]


def test_8_6_a_place_no_block_may_use_is_refused_naming_the_places() -> None:
    """WE-12: the builder chooses among the blocks' lists, never beyond them."""
    from adjudicator.orders.errors import OrderErrors
    from tests.rulesets.baltic.phase import submit

    state = with_pool(blank_state(), ("swe_armfeldt",))
    with pytest.raises(OrderErrors) as caught:
        submit(state, "sweden", "reinforce Sweden: build 1 at Moskva")
    message = str(caught.value)
    assert "Moskva is not in the placement list of any block Sweden may build" in message
    assert "Svealand" in message and "Estland" in message


# -- 11.1b: Estländska, Savolax, Pommerska ------------------------------------------------------
OWN = [("swe_estlandska", "estland"), ("swe_savolax", "savolax"), ("swe_pommerska", "pommern")]


@pytest.mark.parametrize(("block", "own"), OWN)
def test_11_1b_placed_in_its_own_territory_even_when_the_list_names_the_homeland(
    block: str, own: str
) -> None:
    """11.1b: in its own territory; the homeland only when the enemy occupies it."""
    state = with_pool(blank_state(), (block,))
    said = build(state, "sweden", "reinforce Sweden: build 1 at Svealand")
    assert placed(state, (block,)) == {block: (own, 1)}
    name, place = board().name(block), board().name(own)
    assert f"Sweden builds {name} in {place} (1 RP)." in said["sweden"]
    assert (
        f"{name} is placed in {place} while the enemy does not occupy it, not in Svealand"
        in said["sweden"]
    )
    assert_public(said, "sweden", f"Sweden builds a block in {place} (1 RP).", "occupy")


@pytest.mark.parametrize(("block", "own"), OWN)
def test_11_1b_enemy_blocks_in_its_territory_send_it_to_the_homeland(block: str, own: str) -> None:
    state = with_pool(blank_state(blocks={"rus_bauer": (own, 2)}), (block,))
    said = build(state, "sweden", f"reinforce Sweden: build 1 at {own}, Skåne")
    assert placed(state, (block,)) == {block: ("skane", 1)}
    assert f"enemy land blocks stand in {board().name(own)} (8.6)" in said["sweden"]


def test_11_1b_we12_an_enemy_controlled_estland_sends_estlandska_home() -> None:
    """WE-12: Estland is Russian -> Estländska to the first homeland entry of the list."""
    state = with_pool(blank_state(markers={"estland": "RUS"}), ("swe_estlandska",))
    said = build(state, "sweden", "reinforce Sweden: build 1 at Estland, Norrland")
    assert placed(state, ("swe_estlandska",)) == {"swe_estlandska": ("norrland", 1)}
    assert "Estland is not controlled by Sweden (8.6)" in said["sweden"]


def test_11_1a_other_swedish_blocks_never_go_to_estland() -> None:
    state = with_pool(blank_state(), ("swe_narke_varmland",))
    build(state, "sweden", "reinforce Sweden: build 1 at Estland")
    assert placed(state, ("swe_narke_varmland",)) == {"swe_narke_varmland": ("svealand", 1)}


# -- 11.2a, j: Russia -------------------------------------------------------------------------
def test_11_2a_russian_blocks_in_moskva_yaroslavl_or_tula() -> None:
    state = with_pool(blank_state(), ("rus_weyde",))
    said = build(state, "coalition", "reinforce Russia: build 1 at Pskov, Tula")
    assert placed(state, ("rus_weyde",)) == {"rus_weyde": ("tula", 1)}
    assert "Weyde is placed only in Moskva, Yaroslavl, Tula, not in Pskov" in said["coalition"]
    assert_public(said, "coalition", "Russia builds a block in Tula (2 RP).", "Weyde")


def test_11_2a_default_skips_a_moskva_held_by_swedes() -> None:
    state = with_pool(blank_state(blocks={"swe_karl": ("moskva", 2)}), ("rus_weyde",))
    build(state, "coalition", "reinforce Russia: build 1")
    assert placed(state, ("rus_weyde",)) == {"rus_weyde": ("yaroslavl", 1)}
    assert state.blocks["swe_karl"].at == "moskva"


def test_11_2j_cossacks_anywhere_in_russia_held_by_russia() -> None:
    state = with_pool(blank_state(markers={"pskov": "SWE"}), ("rus_cossacks",))
    said = build(state, "coalition", "reinforce Russia: build 1 at Pskov, Novgorod")
    assert placed(state, ("rus_cossacks",)) == {"rus_cossacks": ("novgorod", 1)}
    assert "Pskov is not controlled by Russia (8.6)" in said["coalition"]


def test_11_2j_we12_cossacks_in_a_russian_held_ukraine() -> None:
    """WE-12: Kiev (Russian) and, while Ukraine is inactive, Baturyn (11.7a)."""
    state = with_pool(blank_state(), ("rus_cossacks",))
    build(state, "coalition", "reinforce Russia: build 1 at Baturyn")
    assert placed(state, ("rus_cossacks",)) == {"rus_cossacks": ("baturyn", 1)}


def test_11_2j_cossacks_not_in_a_ukraine_that_is_not_friendly() -> None:
    """11.2a: "in Ukraine if it is friendly": an active Ukraine holds Baturyn for Sweden."""
    state = with_pool(blank_state(active=("SWE", "RUS", "UKR")), ("rus_cossacks",))
    said = build(state, "coalition", "reinforce Russia: build 1 at Baturyn, Kiev")
    assert placed(state, ("rus_cossacks",)) == {"rus_cossacks": ("kiev", 1)}
    assert "Baturyn is not controlled by Russia (8.6)" in said["coalition"]


def test_11_2a_j_russian_fleets_only_in_sankt_peterburg() -> None:
    state = with_pool(blank_state(markers={"nyen": "RUS"}), ("rus_zmaevich",))
    state.converted = ["nyen"]
    said = build(state, "coalition", "reinforce Russia: build 1 at Moskva")
    assert placed(state, ("rus_zmaevich",)) == {"rus_zmaevich": ("H:nyen", 1)}
    assert_public(said, "coalition", "Russia builds a block in the harbor of")


def test_11_2j_no_russian_fleet_before_sankt_peterburg_and_the_report_says_why() -> None:
    state = with_pool(blank_state(markers={"nyen": "RUS"}), ("rus_zmaevich",))
    said = build(state, "coalition", "reinforce Russia: build 1")
    assert placed(state, ("rus_zmaevich",)) == {"rus_zmaevich": ("pool", 1)}
    assert state.nations["RUS"].rp_available == 10
    sentence = (
        "Russia builds nothing: no block in the pool of Russia has a legal placement now (8.6)."
    )
    for reader in ("public", "sweden", "coalition"):
        assert sentence in said[reader]


def test_8_3_too_few_rp_for_any_block_is_said() -> None:
    state = with_pool(blank_state(), ("swe_armfeldt",), rp=1)
    said = build(state, "sweden", "reinforce Sweden: build 1 at Småland")
    assert placed(state, ("swe_armfeldt",)) == {"swe_armfeldt": ("pool", 1)}
    assert (
        "Sweden builds nothing: Sweden has 1 RP available; a block of its pool that could be "
        "placed now costs at least 2 (8.3)." in said["sweden"]
    )


def test_8_4b_an_empty_pool_is_said_for_the_second_build() -> None:
    state = with_pool(blank_state(), ("swe_armfeldt",))
    said = build(state, "sweden", "reinforce Sweden: build 2 at Skåne")
    assert placed(state, ("swe_armfeldt",)) == {"swe_armfeldt": ("skane", 1)}
    assert "Sweden builds nothing: Sweden has no block in its pool." in said["sweden"]
    assert "Sweden builds nothing: Sweden has no block in its pool." in said["public"]


# -- 11.3a, 11.5i: Saxony and the Wettin blocks ---------------------------------------------------
def test_11_3a_we12_saxon_blocks_in_saxony_wettin_also_in_saxon_poland() -> None:
    state = blank_state(active=("SWE", "RUS", "SAX"), markers={"malopolska": "SAX"})
    with_pool(state, ("sax_schulenburg",))
    said = build(state, "coalition", "reinforce Saxony: build 1 at Małopolska")
    assert placed(state, ("sax_schulenburg",)) == {"sax_schulenburg": ("saxony", 1)}
    assert "Schulenburg is placed only in Saxony, not in Małopolska" in said["coalition"]
    state = blank_state(active=("SWE", "RUS", "SAX"), markers={"malopolska": "SAX"})
    with_pool(state, ("sax_oginski",))
    said = build(state, "coalition", "reinforce Saxony: build 1 at Małopolska")
    assert placed(state, ("sax_oginski",)) == {"sax_oginski": ("malopolska", 1)}


# -- 11.4b, c: Denmark ------------------------------------------------------------------------
def test_11_4c_danish_blocks_in_sjaelland_jylland_or_holstein() -> None:
    state = with_pool(blank_state(active=("SWE", "RUS", "DEN")), ("den_scholten",))
    said = build(state, "coalition", "reinforce Denmark-Norway: build 1 at Akershus, Holstein")
    assert placed(state, ("den_scholten",)) == {"den_scholten": ("holstein", 1)}
    assert "not in Akershus" in said["coalition"]


def test_11_4b_bergenhus_block_in_bergenhus_while_the_enemy_does_not_occupy_it() -> None:
    state = with_pool(blank_state(active=("SWE", "RUS", "DEN")), ("den_bergenhus",))
    said = build(state, "coalition", "reinforce Denmark-Norway: build 1 at Akershus")
    assert placed(state, ("den_bergenhus",)) == {"den_bergenhus": ("bergenhus", 1)}
    assert (
        "Bergenhus is placed in Bergenhus while the enemy does not occupy it, not in Akershus"
        in said["coalition"]
    )


def test_11_4b_we12_bergenhus_occupied_anywhere_in_norway() -> None:
    """WE-12: Armfeldt holds Bergenhus -> Akershus by default, or the builder's Trondhjem."""
    state = blank_state(active=("SWE", "RUS", "DEN"), blocks={"swe_armfeldt": ("bergenhus", 2)})
    with_pool(state, ("den_bergenhus",))
    build(state, "coalition", "reinforce Denmark-Norway: build 1")
    assert placed(state, ("den_bergenhus",)) == {"den_bergenhus": ("akershus", 1)}
    state = blank_state(active=("SWE", "RUS", "DEN"), blocks={"swe_armfeldt": ("bergenhus", 2)})
    with_pool(state, ("den_bergenhus",))
    build(state, "coalition", "reinforce Denmark-Norway: build 1 at Bergenhus, Trondhjem")
    assert placed(state, ("den_bergenhus",)) == {"den_bergenhus": ("trondhjem", 1)}
    assert state.blocks["swe_armfeldt"].at == "bergenhus"


# -- 11.5b, c, g: Poland ----------------------------------------------------------------------
def test_11_5b_lubomirski_in_malopolska_or_a_polish_neighbour_of_the_builders_choice() -> None:
    state = with_pool(blank_state(active=("SWE", "RUS", "POL")), ("pol_lubomirski",))
    said = build(state, "sweden", "reinforce Poland: build 1 at Saxony, Wielkopolska")
    assert placed(state, ("pol_lubomirski",)) == {"pol_lubomirski": ("wielkopolska", 1)}
    assert "Saxony is not controlled by Poland (8.6)" in said["sweden"]
    assert_public(said, "sweden", "Poland builds a block in Wielkopolska (2 RP).", "Lubomirski")


def test_11_5b_we12_lubomirski_with_russians_in_malopolska_goes_to_mazowsze() -> None:
    state = blank_state(
        active=("SWE", "RUS", "POL"),
        markers={"malopolska": "RUS"},
        blocks={"rus_golitsyn": ("malopolska", 3)},
    )
    with_pool(state, ("pol_lubomirski",))
    said = build(state, "sweden", "reinforce Poland: build 1 at Małopolska")
    assert placed(state, ("pol_lubomirski",)) == {"pol_lubomirski": ("mazowsze", 1)}
    assert "Małopolska is not controlled by Poland (8.6)" in said["sweden"]


def test_11_5c_sobieski_in_a_neighbour_when_mazowsze_is_captured() -> None:
    """11.5c: Mazowsze or a neighbouring territory, also when Mazowsze is captured; the
    neighbours are tried by id (11.5g): Danzig."""
    state = blank_state(active=("SWE", "RUS", "POL"), markers={"mazowsze": "RUS"})
    with_pool(state, ("pol_sobieski",))
    build(state, "sweden", "reinforce Poland: build 1 at Mazowsze")
    assert placed(state, ("pol_sobieski",)) == {"pol_sobieski": ("danzig", 1)}
    state = blank_state(active=("SWE", "RUS", "POL"), markers={"mazowsze": "RUS"})
    with_pool(state, ("pol_sobieski",))
    build(state, "sweden", "reinforce Poland: build 1 at Mazowsze, Lithuania")
    assert placed(state, ("pol_sobieski",)) == {"pol_sobieski": ("lithuania", 1)}


def test_8_6_a_skipped_entry_is_said_in_the_builders_language() -> None:
    state = with_pool(blank_state(), ("swe_armfeldt",))
    events = play(state, "sweden", "reinforce Sweden: build 1 at Livland, Småland", LoadedDice([0]))
    said = reports(state, events, "ru")
    assert "Пропущено в вашем списке" in said["sweden"]
    said = reports(state, events, "pt_BR")
    assert "Ignorado na sua lista" in said["sweden"]
    assert kinds(events, "build")[0]["at"] == ["smaland"]


def test_11_1b_f_pommerska_goes_home_once_pommern_is_ceded() -> None:
    """11.1f: a ceded Pommern is Prussian and closed; Pommerska has no own territory left,
    so the homeland (NOTE in placement.own_list)."""
    state = with_pool(blank_state(), ("swe_pommerska",))
    state.cessions = [{"territory": "pommern", "to": "PRU"}]
    state.nations["PRU"].status = "permanent"
    build(state, "sweden", "reinforce Sweden: build 1 at Pommern, Skåne")
    assert placed(state, ("swe_pommerska",)) == {"swe_pommerska": ("skane", 1)}


def test_8_6_a_swedish_fleet_goes_to_the_first_swedish_harbor_of_the_list_with_room() -> None:
    """8.6: fleets to a harbor of a territory their nation controls, with free capacity;
    Riga (harbor 1) is full, Reval is not."""
    state = blank_state(blocks={"swe_sjoblad": ("H:livland", 3)})
    with_pool(state, ("swe_anckarstierna",))
    said = build(state, "sweden", "reinforce Sweden: build 1 at Riga, Reval")
    assert placed(state, ("swe_anckarstierna", "swe_sjoblad")) == {
        "swe_anckarstierna": ("H:estland", 1),
        "swe_sjoblad": ("H:livland", 3),
    }
    assert "the harbor of Livland has no room (8.6)" in said["sweden"]
    assert_public(said, "sweden", "Sweden builds a block in the harbor of Estland (2 RP).")


def test_8_7_a_muster_passes_over_build_priority_entries_and_says_so() -> None:
    """8.7, D12: Denmark activates with `build priority Denmark-Norway: Akershus, Holstein`;
    Reventlow and the Danish Guards go to Holstein, the Bergenhus block to Bergenhus (11.4b),
    and Denmark is told why Akershus was passed over for each."""
    from adjudicator.rulesets.baltic import politics
    from tests.rulesets.baltic.phase import submit

    state = blank_state(year=1709, season="spring", phase="entry")
    submit(state, "coalition", "build priority Denmark-Norway: Akershus, Holstein")
    state.nations["DEN"].status = "active"
    out: list = []
    politics.muster(state, "DEN", out)
    where = {b: state.blocks[b].at for b in ("den_reventlow", "den_guards", "den_bergenhus")}
    assert where == {
        "den_reventlow": "holstein",
        "den_guards": "holstein",
        "den_bergenhus": "bergenhus",
    }
    said = reports(state, out)
    assert (
        "Reventlow is placed only in Sjælland, Jylland, Holstein, not in Akershus"
        in said["coalition"]
    )
    assert (
        "Bergenhus is placed in Bergenhus while the enemy does not occupy it, not in Akershus"
        in said["coalition"]
    )
    assert "Passed over" not in said["public"] and "Passed over" not in said["sweden"]
