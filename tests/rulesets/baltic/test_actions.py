"""Reinforce and placement (8.3-8.6, WE-12), Recon (3.5), Politics (C.2), and the checks of
13.5 at receipt and at execution."""

from __future__ import annotations

import pytest

from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.baltic import placement
from adjudicator.rulesets.baltic.ruleset import to_events
from adjudicator.text import from_data
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds, play, reports, submit


def only_in_pool(state, pool: tuple[str, ...], nation_prefix: str) -> None:
    """Every block of the nation out of the pool except `pool`."""
    for block, info in state.blocks.items():
        if block.startswith(nation_prefix) and info.at == "pool" and block not in pool:
            info.at = "removed"


def test_we12_swedish_builds_go_to_the_homeland_when_estland_is_occupied() -> None:
    """WE-12 (8.4b, 8.5, 8.6, 11.1b): Estländska and Armfeldt drawn; both to Svealand."""
    state = blank_state(markers={"estland": "RUS"})
    only_in_pool(state, ("swe_armfeldt", "swe_estlandska", "swe_narke_varmland"), "swe_")
    state.nations["SWE"].rp_available = 10
    dice = LoadedDice([1, 0])  # draws: index 1 of 3 (Estländska), then index 0 (Armfeldt)
    events = play(state, "sweden", "reinforce Sweden: build 2 at Estland, Svealand", dice)
    assert dice.used_up()
    assert state.blocks["swe_estlandska"].at == "svealand"
    assert state.blocks["swe_armfeldt"].at == "svealand"
    assert state.blocks["swe_armfeldt"].strength == 1
    assert state.nations["SWE"].rp_available == 10 - 3
    (build,) = kinds(events, "build")
    assert [(b["at"], b["rp"]) for b in build["builds"]] == [("svealand", 1), ("svealand", 2)]
    # the identities stay private (8.5): the public copy has no builds, Sweden's has them
    public, own = [e for e in to_events(state, [build]) if e.kind == "build"]
    assert public.public and "builds" not in public.data
    assert (own.to, own.data["builds"]) == ("sweden", build["builds"])
    assert [r["private"] for r in state.rolls] == [True, True]
    said = reports(state, events)
    for reader in ("public", "coalition"):  # WE-12: the public report
        assert "Sweden builds 2 blocks in Svealand (3 RP)." in said[reader]
        assert "Estländska" not in said[reader] and "Armfeldt" not in said[reader]
    assert "Sweden builds Estländska in Svealand (1 RP)." in said["sweden"]
    assert "Sweden builds Armfeldt in Svealand (2 RP)." in said["sweden"]


def test_we12_placement_exceptions() -> None:
    """WE-12: Cossacks to Kiev, Weyde to Moskva; Ogiński to Saxon Małopolska, Schulenburg to
    Saxony; Bergenhus to Akershus; Lubomirski to Mazowsze."""
    state = blank_state(active=("SWE", "RUS", "SAX", "DEN", "POL"), markers={"malopolska": "SAX"})
    kiev_moskva = ["kiev", "moskva"]
    assert placement.place_for(state, "rus_cossacks", kiev_moskva) == "kiev"
    assert placement.place_for(state, "rus_weyde", kiev_moskva) == "moskva"
    assert placement.place_for(state, "sax_oginski", ["malopolska"]) == "malopolska"
    assert placement.place_for(state, "sax_schulenburg", ["malopolska"]) == "saxony"
    state.blocks["swe_armfeldt"].at = "bergenhus"
    assert placement.place_for(state, "den_bergenhus", []) == "akershus"
    state.markers["malopolska"] = "RUS"
    state.blocks["rus_golitsyn"].at = "malopolska"
    assert placement.place_for(state, "pol_lubomirski", []) == "mazowsze"


def test_8_4a_steps_need_loc_and_cost_by_type_and_class() -> None:
    """8.3, 8.4a: +1 step per named block, 2 RP an army step, +1 for class A."""
    state = blank_state(blocks={"swe_karl": ("svealand", 2), "swe_upplands": ("svealand", 2)})
    state.nations["SWE"].rp_available = 4
    play(state, "sweden", "reinforce Sweden: steps Karl XII, Upplands", LoadedDice([]))
    assert state.blocks["swe_karl"].strength == 3
    assert state.blocks["swe_upplands"].strength == 3
    assert state.nations["SWE"].rp_available == 0  # 3 (class-A royal) + 1


def test_8_4_spending_more_than_available_is_rejected_at_receipt() -> None:
    state = blank_state(blocks={"swe_karl": ("svealand", 2)})
    state.nations["SWE"].rp_available = 2
    with pytest.raises(OrderErrors, match="2 RP available, this costs 3"):
        submit(state, "sweden", "reinforce Sweden: steps Karl XII")


def test_13_5_more_lines_than_ap_rejected_and_pass_is_free() -> None:
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    state.ap["sweden"] = 1
    with pytest.raises(OrderErrors, match="at most 1 action lines"):
        submit(state, "sweden", "recon Gotaland\nrecon Skane")
    assert len(submit(state, "sweden", "recon Gotaland\npass")) == 2


def test_13_5_line_voided_at_execution_still_costs_its_ap() -> None:
    """A line legal when received but illegal when executed is void, costs its AP, and the
    report says why; the lines after it still run."""
    state = blank_state(blocks={"swe_lewenhaupt": ("livland", 3), "swe_stenbock": ("skane", 3)})
    lines = submit(
        state, "sweden", "move Lewenhaupt: Livland -> Estland\nmove Stenbock: Skane -> Gotaland"
    )
    state.blocks["swe_lewenhaupt"].at = "courland"  # the position changed meanwhile
    from adjudicator.rulesets.baltic import sequence

    out: list = []
    sequence.action_phase(state, "sweden", lines, False, LoadedDice([]), out)
    void = kinds(out, "void")
    assert len(void) == 1 and "not in Livland" in str(from_data(void[0]["why"]))
    assert state.ap_spent["sweden"] == 2
    assert state.blocks["swe_stenbock"].at == "gotaland"


def test_3_5_recon_reveals_to_the_side_alone() -> None:
    state = blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 3),
            "rus_golitsyn": ("pskov", 3),
            "rus_cruys": ("H:nyen", 3),
        }
    )
    events = play(state, "sweden", "recon Pskov", LoadedDice([]))
    result = kinds(events, "recon_result")[0]
    assert result["_to"] == "sweden"
    assert [b["block"] for b in result["blocks"]] == ["rus_golitsyn"]
    assert state.recon["sweden"][0]["location"] == "pskov"
    with pytest.raises(OrderErrors, match="recon range"):
        submit(state, "sweden", "recon Moskva")


def test_c2_politics_once_a_season() -> None:
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    state.nations["SWE"].rp_available = 5
    play(state, "sweden", "politics Sweden", LoadedDice([4]))
    assert state.nations["SWE"].rp_available == 7
    with pytest.raises(OrderErrors, match="one Politics action"):
        submit(state, "sweden", "politics Russia")


def test_c2_swedens_politics_on_sweden_is_rolled_at_home() -> None:
    """Issue 20: the dice label says what the report says, "plays politics at home"
    («внутренняя политика», «política interna»), not "politics Sweden"; a Coalition roll on
    Sweden names Sweden."""
    state = blank_state(blocks={"swe_karl": ("svealand", 4)})
    play(state, "sweden", "politics Sweden", LoadedDice([4]))
    assert state.rolls[-1]["label"].endswith(" / politics at home")
    said = from_data(state.rolls[-1]["said"][-1])
    assert said.say("ru", "baltic") == "внутренняя политика"
    assert said.say("pt_BR", "baltic") == "política interna"
    state = blank_state(first_player="coalition", blocks={"rus_pyotr_h": ("moskva", 4)})
    play(state, "coalition", "politics Sweden", LoadedDice([4]))
    assert state.rolls[-1]["label"].endswith(" / politics Sweden")


def test_13_4_standing_lines_replace_key_by_key_and_clear() -> None:
    state = blank_state()
    submit(state, "sweden", "battle Pskov: retreat round 2\nbattle any: fight\nhit order: Karl")
    submit(state, "sweden", "battle Pskov: retreat when weaker")
    book = state.standing["sweden"]
    assert book["battle|pskov|"]["value"]["mode"] == "retreat_weaker"
    assert book["battle|any|"]["value"]["mode"] == "fight"
    submit(state, "sweden", "clear battle")
    assert list(state.standing["sweden"]) == ["hit_order"]
    submit(state, "sweden", "clear all")
    assert state.standing["sweden"] == {}


def test_13_3_a_move_line_activates_one_location() -> None:
    state = blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 3),
            "swe_stenbock": ("skane", 3),
            "swe_dalregementet": ("livland", 2),
        }
    )
    with pytest.raises(OrderErrors, match="same location"):
        submit(
            state, "sweden", "move Lewenhaupt: Livland -> Estland; move Stenbock: Skane -> Gotaland"
        )
    text = "move Lewenhaupt: Livland -> Estland; move Dalregementet: Livland -> Courland"
    events = play(state, "sweden", text, LoadedDice([]))
    assert state.ap_spent["sweden"] == 1  # one action (13.3 example)
    assert [e["path"] for e in kinds(events, "move")] == [
        ["livland", "estland"],
        ["livland", "courland"],
    ]


def test_13_2_action_lines_after_the_sides_phase_wait_for_the_next_rolls() -> None:
    """13.2, 13.1b: action lines are for the side's next unresolved Action Phase; once its
    phase of the season is done, they are rejected until the next rolls; standing lines are
    taken at any time."""
    state = blank_state(first_player="sweden", blocks={"swe_karl": ("svealand", 4)})
    state.phase = "action_2"
    with pytest.raises(OrderErrors, match="Action Phase of 1705 Summer is resolved"):
        submit(state, "sweden", "recon Gotaland")
    assert submit(state, "sweden", "battle any: retreat when weaker") == []
    state.phase = "ended"
    with pytest.raises(OrderErrors, match="the game has ended"):
        submit(state, "sweden", "pass")


STANDING_EXAMPLES = {
    "sweden": [
        "battle Pskov Karl XII, Livgardet: retreat round 2",
        "battle any: retreat when weaker",
        "hit order: Upplands, Livgardet",
        "retreat priority Ingermanland: Estland, sea Wachtmeister",
        "retreat priority any: sea",
        "regroup Pskov: Karl XII -> Livland",
        "withdraw fleets Estland",
        "keep fleets Smaland",
        "fleet retreat priority: Karlskrona, Stockholm",
        "forage losses any: Dalregementet",
        "displace priority: Wielkopolska, Mazowsze",
        "build priority Sweden: Svealand",
        "battle order: Gulf of Finland, Narva",
        "offer truce Denmark",
        "accept truce Ottoman Empire",
        "cede Bremen-Verden at entry",
        "cede Pommern if Prussia activates",
        "clear retreat priority any",
        "clear all",
    ],
    "coalition": ["reform Sheremetev in 1703", "reform none", "decline truce Russia"],
}


def test_13_4_every_standing_line_is_understood() -> None:
    state = blank_state(blocks={"swe_karl": ("svealand", 4), "rus_sheremetev_h": ("pskov", 4)})
    for side, lines in STANDING_EXAMPLES.items():
        for line in lines:
            assert submit(state, side, line) == [], line
    assert state.standing["sweden"] == {}  # the last line cleared them all
    assert state.standing["coalition"]["truce|RUS"]["value"]["accept"] is False


def test_13_4_standing_lines_rejected_when_received() -> None:
    """WE-9: offers to Poland and Sweden are rejected; a Swedish side cannot reform."""
    state = blank_state()
    for side, line in (
        ("sweden", "offer truce Poland"),
        ("coalition", "offer truce Sweden"),
        ("sweden", "reform Repnin"),
        ("coalition", "cede Pommern at entry"),
    ):
        with pytest.raises(OrderErrors):
            submit(state, side, line)


def test_13_2_a_twins_name_means_the_one_where_the_part_starts() -> None:
    """Names match leniently (13.2); 'Sheremetev' means the twin standing where the move
    starts; elsewhere it is ambiguous and the error lists both."""
    state = blank_state(
        first_player="coalition",
        blocks={"rus_sheremetev_h": ("pskov", 4), "rus_sheremetev_b": ("novgorod", 4)},
    )
    state.phase = "action_1"
    lines = submit(state, "coalition", "move Sheremetev: Novgorod -> Tver")
    assert lines[0]["parts"][0]["blocks"] == ["rus_sheremetev_b"]
    with pytest.raises(OrderErrors, match="more than one block"):
        submit(state, "coalition", "hit order: Sheremetev")
    submit(state, "coalition", "hit order: Sheremetev hollow")


def test_8_6_builders_list_names_only_the_blocks_own_territories() -> None:
    """8.6 (WE-12): a builder chooses among the placement lists, never beyond them."""
    state = blank_state()
    state.nations["SWE"].rp_available = 5
    with pytest.raises(OrderErrors, match="not in the placement list"):
        submit(state, "sweden", "reinforce Sweden: build 1 at Ingermanland")
    assert submit(state, "sweden", "reinforce Sweden: build 1 at Estland, Svealand")
