"""Land war: movement (4), battles (5) and sieges (6), with the worked examples WE-17, WE-18."""

from __future__ import annotations

import pytest

from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.baltic import resources
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds, play, submit


def test_we18_defender_retreat_and_border_limit() -> None:
    """WE-18 (5.3-5.6, 4.2): the Swedes fire, are hit by roster order on a tie, and retreat
    to Livland in round 2 by their standing lines; the Coalition holds Pskov."""
    state = blank_state(
        year=1704,
        season="summer",
        first_player="coalition",
        blocks={
            "swe_schlippenbach": ("pskov", 3),
            "swe_estlandska": ("pskov", 2),
            "rus_sheremetev_h": ("novgorod", 4),
            "rus_golitsyn": ("novgorod", 3),
            "rus_streltsy": ("novgorod", 3),
        },
    )
    submit(state, "sweden", "battle Pskov: retreat round 2\nretreat priority Pskov: Livland")
    dice = LoadedDice([1, 4, 6, 5, 2, 1, 3, 6, 2, 2, 1, 6, 5, 4])
    events = play(
        state, "coalition", "move Sheremetev, Golitsyn, Streltsy: Novgorod -> Pskov", dice
    )
    assert dice.used_up()
    hits = [(e["block"], e["strength"]) for e in kinds(events, "hit")]
    assert hits == [("rus_sheremetev_h", 3), ("swe_schlippenbach", 2), ("swe_schlippenbach", 1)]
    retreats = [(e["block"], e["to"], e["round"]) for e in kinds(events, "retreat")]
    assert retreats == [("swe_estlandska", "livland", 2), ("swe_schlippenbach", "livland", 2)]
    assert kinds(events, "battle_end")[0]["winner"] == "coalition"
    assert {
        b: state.blocks[b].at for b in ("rus_sheremetev_h", "rus_golitsyn", "rus_streltsy")
    } == dict.fromkeys(("rus_sheremetev_h", "rus_golitsyn", "rus_streltsy"), "pskov")
    assert state.turn.crossings == {"novgorod|pskov": 3}
    defaults = [(e["side"], e["decision"]) for e in kinds(events, "default")]
    assert ("coalition", "D3") in defaults  # no battle line: fight (14, 13.6)
    assert ("sweden", "D5") not in defaults  # its retreat priority was used
    assert ("sweden", "D4") in defaults  # Golitsyn's hit: a tie at 2 went by roster order
    assert all(e["_to"] == e["side"] for e in kinds(events, "default"))


def test_5_5f_third_retreat_across_a_restricted_border_goes_elsewhere() -> None:
    """5.5f: from one battle at most 2 blocks of a side leave across a restricted border."""
    state = blank_state(
        year=1704,
        season="summer",
        first_player="coalition",
        blocks={
            "swe_schlippenbach": ("pskov", 3),
            "swe_estlandska": ("pskov", 2),
            "swe_savolax": ("pskov", 2),
            "rus_golitsyn": ("novgorod", 4),
        },
    )
    submit(state, "sweden", "battle Pskov: retreat round 1\nretreat priority Pskov: Livland")
    dice = LoadedDice([6, 6, 6, 6])
    events = play(state, "coalition", "move Golitsyn: Novgorod -> Pskov", dice)
    destinations = [e["to"] for e in kinds(events, "retreat")]
    assert destinations[:2] == ["livland", "livland"]
    assert destinations[2] not in ("livland", "novgorod")  # 5.5d: not where attackers came from


def test_we17_winter_siege_by_karl() -> None:
    """WE-17 (3.6b-c, 6.3, 6.4, 11.2b): the garrison hits Karl, the Swedes reach G and take
    Pskov; Russian RP -1; the reform becomes eligible."""
    state = blank_state(
        year=1701,
        season="winter",
        blocks={"swe_karl": ("pskov", 4), "swe_livgardet": ("pskov", 3)},
    )
    before = resources.rp_level(state, "RUS")
    dice = LoadedDice([1, 2, 5, 1, 1, 4, 6, 1, 3])
    events = play(state, "sweden", "siege Pskov", dice)
    assert dice.used_up()
    assert state.blocks["swe_karl"].strength == 3
    assert state.markers["pskov"] == "SWE"
    assert "pskov" not in state.damage
    assert resources.rp_level(state, "RUS") == before - 1
    assert state.reform_eligible
    assert kinds(events, "capture")[0]["nation"] == "SWE"


def test_3_6c_winter_siege_without_karl_rejected_at_receipt() -> None:
    """WE-17: a Coalition `siege Ingermanland` in Winter is rejected when received."""
    state = blank_state(
        year=1701,
        season="winter",
        first_player="coalition",
        blocks={"rus_golitsyn": ("ingermanland", 3)},
    )
    state.phase = "action_1"
    with pytest.raises(OrderErrors, match="Karl XII"):
        submit(state, "coalition", "siege Ingermanland")


def test_4_2_border_limit_voids_the_fourth_block() -> None:
    """4.2: an open border takes 3 blocks a phase, both directions together."""
    state = blank_state(
        blocks={
            "rus_golitsyn": ("novgorod", 3),
            "rus_weyde": ("novgorod", 3),
            "rus_streltsy": ("novgorod", 3),
            "rus_bauer": ("novgorod", 3),
        },
        first_player="coalition",
    )
    state.phase = "action_1"
    with pytest.raises(OrderErrors, match="at most 3 blocks"):
        submit(
            state,
            "coalition",
            "move Golitsyn, Weyde, Streltsy: Novgorod -> Tver\nmove Bauer: Novgorod -> Tver",
        )


def test_4_1b_a_block_moves_once_a_season() -> None:
    state = blank_state(blocks={"swe_lewenhaupt": ("livland", 3)})
    state.phase = "action_1"
    with pytest.raises(OrderErrors, match="already moved"):
        submit(
            state,
            "sweden",
            "move Lewenhaupt: Livland -> Estland\nmove Lewenhaupt: Estland -> Livland",
        )


def test_4_3_a_block_stops_on_entering_enemy_control() -> None:
    """4.3: Livland -> Pskov -> Novgorod stops in Russian Pskov; an irregular does not."""
    state = blank_state(blocks={"swe_lewenhaupt": ("livland", 3)})
    state.phase = "action_1"
    with pytest.raises(OrderErrors, match="must stop"):
        submit(state, "sweden", "move Lewenhaupt: Livland -> Pskov -> Novgorod")
    state = blank_state(first_player="coalition", blocks={"rus_cossacks": ("kursk", 3)})
    state.markers["tula"] = "SWE"
    state.phase = "action_1"
    lines = submit(state, "coalition", "move Cossacks: Kursk -> Tula -> Moskva")
    assert len(lines) == 1


def test_3_6b_winter_moves_one_territory_unless_with_karl() -> None:
    state = blank_state(
        season="winter",
        blocks={
            "swe_karl": ("svealand", 4),
            "swe_upplands": ("svealand", 3),
            "swe_livgardet": ("svealand", 3),
        },
    )
    state.phase = "action_1"
    submit(state, "sweden", "move Karl XII, Upplands: Svealand -> Gotaland -> Skane")
    with pytest.raises(OrderErrors, match="at most 1 territor"):
        submit(state, "sweden", "move Livgardet: Svealand -> Gotaland -> Skane")


def test_4_4_saxon_blocks_never_enter_russia() -> None:
    """WE-12 rejected moves (11.3b, 11.5a)."""
    state = blank_state(
        active=("SWE", "RUS", "SAX"),
        first_player="coalition",
        blocks={"sax_steinau": ("livland", 3), "sax_crown_army": ("volhynia", 3)},
    )
    state.phase = "action_1"
    for line in ("move Steinau: Livland -> Pskov", "move Crown Army: Volhynia -> Kiev"):
        with pytest.raises(OrderErrors, match="closed or forbidden"):
            submit(state, "coalition", line)


def test_5_6b_attackers_left_after_round_3_retreat_or_die() -> None:
    """5.6b: an attacker still there after round 3 must retreat, back the way it came."""
    state = blank_state(
        year=1705,
        season="summer",
        blocks={"swe_lewenhaupt": ("livland", 1), "rus_golitsyn": ("pskov", 4)},
    )
    dice = LoadedDice([6] * 3 + [6] * 4 + [6] * 1 + [6] * 4 + [6] * 1 + [6] * 4)
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", dice)
    assert [e["to"] for e in kinds(events, "retreat")] == ["livland"]
    assert state.blocks["swe_lewenhaupt"].at == "livland"


def test_5_4_hits_go_to_the_strongest_then_by_hit_order() -> None:
    """5.4: each hit to the strongest; ties by the owner's `hit order`."""
    state = blank_state(
        blocks={
            "swe_upplands": ("pskov", 3),
            "swe_vastgota": ("pskov", 3),
            "rus_golitsyn": ("novgorod", 2),
        },
        first_player="coalition",
    )
    submit(state, "sweden", "hit order: Upplands")
    dice = LoadedDice([6, 6, 6, 6, 6, 6, 1, 6] + [6] * 14)
    events = play(state, "coalition", "move Golitsyn: Novgorod -> Pskov", dice)
    assert [e["block"] for e in kinds(events, "hit")] == ["swe_upplands"]
    assert dice.used_up()
    assert state.blocks["rus_golitsyn"].at == "novgorod"  # 5.6b: back the way it came


def test_5_6b_attacker_with_no_legal_retreat_is_destroyed() -> None:
    """5.6b, 5.5b, 11.1d: it came from a now enemy-controlled territory: destroyed after
    round 3; a Swedish army's loss advances the Attrition Track."""
    state = blank_state(
        blocks={"swe_lewenhaupt": ("livland", 1), "rus_golitsyn": ("pskov", 4)},
        markers={"livland": "RUS"},
    )
    dice = LoadedDice([6] * 15)
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", dice)
    assert dice.used_up()
    assert state.blocks["swe_lewenhaupt"].at == "pool"
    assert kinds(events, "destroyed")[0]["cause"] == "forced_retreat"
    assert state.attrition == 1


def test_we5_siege_takes_reval_and_expels_the_fleet() -> None:
    """WE-5 (9.4a-f, 6.1-6.4) through the order language: the entry is announced, the
    garrison misses, Sheremetev's two 1s reach G 2, Bauer does not roll; Estland gets a RUS
    marker, Sjöblad goes to the Gulf of Finland at 2, Swedish RP -2."""
    state = blank_state(
        year=1710,
        season="summer",
        first_player="coalition",
        blocks={
            "swe_sjoblad": ("H:estland", 3),
            "rus_sheremetev_b": ("ingermanland", 4),
            "rus_bauer": ("ingermanland", 3),
        },
        markers={"ingermanland": "RUS"},
    )
    before = resources.rp_level(state, "SWE")
    dice = LoadedDice([3, 5, 1, 4, 1, 2])
    events = play(state, "coalition", "move Sheremetev, Bauer: Ingermanland -> Estland siege", dice)
    assert dice.used_up()
    assert kinds(events, "harbor_fleets")[0]["count"] == 1
    assert not kinds(events, "battle")
    assert state.markers["estland"] == "RUS"
    assert state.blocks["swe_sjoblad"].at == "gulf_of_finland"
    assert state.blocks["swe_sjoblad"].strength == 2
    assert resources.rp_level(state, "SWE") == before - 2
    assert [e["block"] for e in kinds(events, "siege_fire")] == ["rus_sheremetev_b"]


def test_5_2_battle_order_line_chooses_the_order() -> None:
    """5.2 (D2): by default in order of first entry; a `battle order` line reorders."""
    blocks = {
        "swe_lewenhaupt": ("livland", 4),
        "swe_stenbock": ("estland", 4),
        "rus_streltsy": ("pskov", 1),
        "rus_bauer": ("ingermanland", 1),
    }
    text = "move Lewenhaupt: Livland -> Pskov\nmove Stenbock: Estland -> Ingermanland"
    state = blank_state(blocks=blocks, markers={"ingermanland": "RUS"})
    events = play(state, "sweden", text, LoadedDice([1] * 8))
    assert [e["at"] for e in kinds(events, "battle")] == ["pskov", "ingermanland"]
    state = blank_state(blocks=blocks, markers={"ingermanland": "RUS"})
    submit(state, "sweden", "battle order: Ingermanland, Pskov")
    events = play(state, "sweden", text, LoadedDice([1] * 8))
    assert [e["at"] for e in kinds(events, "battle")] == ["ingermanland", "pskov"]


def test_5_6c_the_winner_regroups_by_its_line() -> None:
    """5.6c (D7): blocks that fought may regroup to adjacent territories under 5.5b, f."""
    state = blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 4),
            "swe_dalregementet": ("livland", 2),
            "rus_streltsy": ("pskov", 1),
        },
    )
    submit(state, "sweden", "regroup Pskov: Lewenhaupt -> Livland")
    dice = LoadedDice([1, 1, 1, 1])
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", dice)
    assert kinds(events, "battle_end")[0]["winner"] == "sweden"
    assert [(e["block"], e["to"]) for e in kinds(events, "regroup")] == [
        ("swe_lewenhaupt", "livland")
    ]
    assert state.blocks["swe_lewenhaupt"].at == "livland"


def test_5_5c_attackers_retreat_only_the_way_they_came() -> None:
    """5.5c: an attacker may not retreat across a border no attacking block entered by."""
    state = blank_state(
        year=1705,
        blocks={"swe_lewenhaupt": ("livland", 3), "rus_golitsyn": ("pskov", 4)},
    )
    submit(state, "sweden", "battle Pskov: retreat round 2\nretreat priority Pskov: Polotsk")
    dice = LoadedDice([6, 6, 6, 6, 6, 6, 6])
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", dice)
    assert [e["to"] for e in kinds(events, "retreat")] == ["livland"]
