"""One test per house card: its printed numbers, or its ability with its timing and decisions.

The battle is the same small one unless a test says otherwise: the attacker marches from
Seagard into The Twins, where the defender stands; both play the card named (one card in
hand means no choice). Tests cite the card id.
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.rulesets.westeros.battle import Battle
from adjudicator.rulesets.westeros.rules.house_cards import (
    card_fortifications,
    card_strength,
    card_swords,
)
from tests.rulesets.westeros.action.helpers import find_events, run, sorted_units

DEFAULTS = ("retreat", "casualties", "support")


def fight(
    attacker: str,
    defender: str,
    a_card: str,
    d_card: str,
    *,
    a_units: tuple[str, ...] = ("knight",),
    d_units: tuple[str, ...] = ("footman",),
    area: str = "the_twins",
    units: dict[str, Any] | None = None,
    orders: dict[str, str] | None = None,
    hands: dict[str, list[str]] | None = None,
    subs: dict[str, str] | None = None,
    defaults: Any = DEFAULTS,
    **position: Any,
):
    """Play one battle (plus whatever `units`/`orders` add) to the end of the round."""
    march = "seagard" if area != "seagard" else "the_twins"
    position = {
        "blade_used": True,
        "units": {
            march: {attacker: list(a_units)},
            area: {defender: list(d_units)},
            **(units or {}),
        },
        "orders": {march: "march+0", **(orders or {})},
        "hands": {attacker: [a_card], defender: [d_card], **(hands or {})},
        **position,
    }
    submissions = {attacker: f"march {march} -> {area}\n"}
    for house, text in (subs or {}).items():
        submissions[house] = submissions.get(house, "") + text
    return run(position, submissions, defaults=defaults)


def resolved(played) -> dict[str, Any]:
    (event,) = find_events(played, "battle_resolved")
    return event.data


# -- printed numbers (cards without ability), checked once -----------------------------------
PRINTED = {
    "eddard-stark": (4, 2, 0),
    "greatjon-umber": (2, 1, 0),
    "ser-rodrick-cassel": (1, 0, 2),
    "ser-gregor-clegane": (3, 3, 0),
    "ser-jaime-lannister": (2, 1, 0),
    "the-hound": (2, 0, 2),
    "brienne-of-tarth": (2, 1, 1),
    "melisandre": (1, 1, 0),
    "euron-crows-eye": (4, 1, 0),
    "dagmar-cleftjaw": (1, 1, 1),
    "randyll-tarly": (2, 1, 0),
    "ser-garlan-tyrell": (2, 2, 0),
    "margaery-tyrell": (1, 0, 1),
    "alester-florent": (1, 0, 1),
    "the-red-viper": (4, 2, 1),
    "areo-hotah": (3, 0, 1),
    "obara-sand": (2, 1, 0),
    "darkstar": (2, 1, 0),
}
"""Card id -> (strength, swords, towers) as printed (2nd edition)."""


@pytest.mark.parametrize("card", sorted(PRINTED))
def test_printed_numbers(card: str) -> None:
    from tests.rulesets.westeros.action.helpers import action_state

    state, _ = action_state(units={"seagard": {"stark": ["knight"]}})
    battle = Battle(
        n=1,
        area="the_twins",
        origin="seagard",
        attacker="stark",
        defender="lannister",
        units=["knight"],
        march="march+0",
        cards={"attacker": card, "defender": None},
    )
    got = (
        card_strength(state, battle, "attacker"),
        card_swords(state, battle, "attacker"),
        card_fortifications(state, battle, "attacker"),
    )
    assert got == PRINTED[card]


def test_printed_swords_against_towers_make_casualties() -> None:
    # ser-gregor-clegane 3 swords against ser-rodrick-cassel 2 towers: 1 casualty.
    played = fight(
        "lannister",
        "stark",
        "ser-gregor-clegane",
        "ser-rodrick-cassel",
        a_units=("knight", "knight"),
        d_units=("footman", "footman"),
    )
    assert find_events(played, "casualties", house="stark", units=["footman"])
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"lannister": ["knight", "knight"]},
    }


# -- Stark ------------------------------------------------------------------------------------
def test_robb_stark_chooses_the_attackers_retreat() -> None:
    # robb-stark: Stark wins as defender and sends the attacker to any legal area.
    played = fight(
        "lannister",
        "stark",
        "ser-jaime-lannister",
        "robb-stark",
        a_units=("footman",),
        d_units=("knight",),
        subs={"stark": "robb The Twins: The Fingers\n"},
    )
    assert find_events(played, "ability", card="robb-stark", to="the_fingers")
    assert sorted_units(played.state.units) == {
        "the_fingers": {"lannister": ["footman"]},
        "the_twins": {"stark": ["knight"]},
    }
    assert sorted_units(played.state.units) == {
        "the_twins": {"stark": ["knight"]},
        "the_fingers": {"lannister": ["footman"]},
    }


def test_roose_bolton_returns_all_discards_when_stark_loses() -> None:
    # roose-bolton: losing, every Stark card comes back, Roose included.
    played = fight(
        "lannister", "stark", "ser-jaime-lannister", "roose-bolton", a_units=("knight", "knight")
    )
    assert find_events(played, "ability", card="roose-bolton")
    assert len(played.state.hands["stark"]) == 7 and played.state.discards["stark"] == []
    assert sorted_units(played.state.units) == {"the_twins": {"lannister": ["knight", "knight"]}}


def test_the_blackfish_prevents_sword_casualties() -> None:
    # the-blackfish: no casualties from swords; the footmen all retreat.
    played = fight(
        "lannister",
        "stark",
        "ser-gregor-clegane",
        "the-blackfish",
        a_units=("knight", "knight"),
        d_units=("footman", "footman"),
    )
    assert not find_events(played, "casualties")
    assert find_events(played, "retreat", house="stark", units=["footman", "footman"])
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman", "footman"]},
        "the_twins": {"lannister": ["knight", "knight"]},
    }


def test_catelyn_stark_doubles_the_defense_order() -> None:
    # catelyn-stark: Defense +1 counts 2 for the defender.
    played = fight(
        "lannister",
        "stark",
        "ser-jaime-lannister",
        "catelyn-stark",
        orders={"the_twins": "defense+1"},
    )
    assert resolved(played)["strength"]["defender"]["order"] == 2
    assert sorted_units(played.state.units) == {"the_twins": {"lannister": ["knight"]}}


# -- Lannister --------------------------------------------------------------------------------
def test_tywin_lannister_gains_two_power_on_win() -> None:
    played = fight(
        "lannister", "stark", "tywin-lannister", "ser-rodrick-cassel", a_units=("knight", "knight")
    )
    assert find_events(played, "ability", card="tywin-lannister", power=2)
    assert played.state.power["lannister"] == 7
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"lannister": ["knight", "knight"]},
    }


def test_ser_kevan_lannister_footmen_count_two_attacking() -> None:
    # ser-kevan-lannister: attacking and supporting Lannister footmen count 2.
    played = fight(
        "lannister",
        "stark",
        "ser-kevan-lannister",
        "ser-rodrick-cassel",
        a_units=("footman", "footman"),
        units={"moat_cailin": {"lannister": ["footman"]}},
        orders={"moat_cailin": "support+0"},
    )
    terms = resolved(played)["strength"]["attacker"]
    assert (terms["units"], terms["support"]) == (4, 2)
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"lannister": ["footman"]},
        "the_fingers": {"stark": ["footman"]},
        "the_twins": {"lannister": ["footman", "footman"]},
    }


def test_tyrion_lannister_cancels_and_forces_replacement() -> None:
    # tyrion-lannister: the opponent's card goes back; he must play another one.
    played = fight(
        "stark",
        "lannister",
        "eddard-stark",
        "tyrion-lannister",
        hands={"stark": ["eddard-stark", "greatjon-umber", "ser-rodrick-cassel"]},
        subs={
            "stark": "card: Eddard Stark\nreplace: Ser Rodrick Cassel\n",
            "lannister": "tyrion The Twins: yes\n",
        },
    )
    assert find_events(played, "ability", card="tyrion-lannister", cancelled="eddard-stark")
    assert resolved(played)["cards"] == {
        "attacker": "ser-rodrick-cassel",
        "defender": "tyrion-lannister",
    }
    assert "eddard-stark" in played.state.hands["stark"]
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"lannister": ["footman"]},
        "the_twins": {"stark": ["knight"]},
    }


def test_cersei_lannister_removes_an_order_on_win() -> None:
    played = fight(
        "lannister",
        "stark",
        "cersei-lannister",
        "ser-rodrick-cassel",
        a_units=("knight", "knight"),
        units={"winterfell": {"stark": ["footman"]}},
        orders={"winterfell": "consolidate-power"},
        subs={"lannister": "cersei: Winterfell\n"},
    )
    assert find_events(played, "ability", card="cersei-lannister", removed="winterfell")
    assert not find_events(played, "consolidated", house="stark")
    assert sorted_units(played.state.units) == {
        "winterfell": {"stark": ["footman"]},
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"lannister": ["knight", "knight"]},
    }


# -- Baratheon --------------------------------------------------------------------------------
def test_stannis_baratheon_plus_one_against_higher_throne() -> None:
    tracks = {
        "iron_throne": ["stark", "lannister", "martell", "greyjoy", "tyrell", "baratheon"],
        "fiefdoms": ["greyjoy", "tyrell", "martell", "stark", "baratheon", "lannister"],
        "kings_court": ["lannister", "stark", "martell", "baratheon", "tyrell", "greyjoy"],
    }
    played = fight("baratheon", "stark", "stannis-baratheon", "ser-rodrick-cassel", tracks=tracks)
    assert resolved(played)["strength"]["attacker"]["card"] == 5
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"baratheon": ["knight"]},
    }


def test_renly_baratheon_upgrades_a_footman() -> None:
    played = fight(
        "baratheon",
        "stark",
        "renly-baratheon",
        "ser-rodrick-cassel",
        a_units=("knight", "footman"),
        subs={"baratheon": "renly: The Twins\n"},
    )
    assert find_events(played, "ability", card="renly-baratheon", upgraded="the_twins")
    assert played.state.units["the_twins"] == {"baratheon": ["knight", "knight"]}
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"baratheon": ["knight", "knight"]},
    }


def test_ser_davos_seaworth_with_stannis_discarded() -> None:
    # ser-davos-seaworth: Stannis is in the discards (not in hand): 3 strength, 1 sword.
    played = fight(
        "baratheon",
        "stark",
        "ser-davos-seaworth",
        "ser-rodrick-cassel",
        d_units=("footman", "footman"),
    )
    assert resolved(played)["strength"]["attacker"]["card"] == 3
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman", "footman"]},
        "the_twins": {"baratheon": ["knight"]},
    }


def test_salladhor_saan_zeroes_other_ships() -> None:
    # salladhor-saan: Baratheon is supported, so the other house's ships count 0.
    position = {
        "blade_used": True,
        "units": {
            "blackwater_bay": {"lannister": ["ship", "ship", "ship"]},
            "shipbreaker_bay": {"baratheon": ["ship"]},
            "port_of_dragonstone": {"baratheon": ["ship"]},
            "dragonstone": {"baratheon": ["footman"]},
        },
        "orders": {"blackwater_bay": "march+0", "port_of_dragonstone": "support+0"},
        "hands": {"lannister": ["the-hound"], "baratheon": ["salladhor-saan"]},
    }
    played = run(
        position,
        {
            "lannister": "march Blackwater Bay -> Shipbreaker Bay\n",
            "baratheon": "support Shipbreaker Bay: Baratheon\n",
        },
        defaults=DEFAULTS,
    )
    terms = resolved(played)["strength"]
    assert terms["attacker"]["units"] == 0 and terms["defender"]["support"] == 1
    assert resolved(played)["winner"] == "baratheon"
    assert sorted_units(played.state.units) == {
        "dragonstone": {"baratheon": ["footman"]},
        "port_of_dragonstone": {"baratheon": ["ship"]},
        "shipbreaker_bay": {"baratheon": ["ship"]},
        "blackwater_bay": {"lannister": ["ship", "ship", "ship"]},
    }


def test_patchface_discards_from_the_refreshed_hand() -> None:
    played = fight(
        "baratheon",
        "stark",
        "patchface",
        "greatjon-umber",
        hands={"stark": ["greatjon-umber", "eddard-stark"]},
        subs={"stark": "card: Greatjon Umber\n", "baratheon": "patchface: Eddard Stark\n"},
    )
    assert find_events(played, "ability", card="patchface", discarded="eddard-stark")
    assert "eddard-stark" not in played.state.hands["stark"]
    assert played.state.discards["stark"] == ["eddard-stark"]
    assert sorted_units(played.state.units) == {"the_twins": {"stark": ["footman"]}}


# -- Greyjoy ----------------------------------------------------------------------------------
def test_victarion_greyjoy_ships_count_two_attacking() -> None:
    position = {
        "blade_used": True,
        "units": {
            "ironmans_bay": {"greyjoy": ["ship", "ship"]},
            "the_golden_sound": {"lannister": ["ship"]},
        },
        "orders": {"ironmans_bay": "march+0"},
        "hands": {"greyjoy": ["victarion-greyjoy"], "lannister": ["the-hound"]},
    }
    played = run(
        position, {"greyjoy": "march Ironman's Bay -> The Golden Sound\n"}, defaults=DEFAULTS
    )
    assert resolved(played)["strength"]["attacker"]["units"] == 4
    assert sorted_units(played.state.units) == {
        "port_of_lannisport": {"lannister": ["ship"]},
        "the_golden_sound": {"greyjoy": ["ship", "ship"]},
    }


def test_balon_greyjoy_zeroes_printed_strength() -> None:
    played = fight("lannister", "greyjoy", "ser-gregor-clegane", "balon-greyjoy")
    assert resolved(played)["strength"]["attacker"]["card"] == 0
    assert sorted_units(played.state.units) == {
        "the_twins": {"greyjoy": ["footman"]},
        "seagard": {"lannister": ["knight"]},
    }


def test_balon_greyjoy_keeps_ability_bonus() -> None:
    # balon-greyjoy: Davos's own +1 still counts (printed 2 -> 0, +1).
    played = fight("baratheon", "greyjoy", "ser-davos-seaworth", "balon-greyjoy")
    assert resolved(played)["strength"]["attacker"]["card"] == 1
    assert sorted_units(played.state.units) == {
        "the_twins": {"greyjoy": ["footman"]},
        "seagard": {"baratheon": ["knight"]},
    }


def test_theon_greyjoy_defending_a_castle() -> None:
    played = fight("stark", "greyjoy", "greatjon-umber", "theon-greyjoy", area="moat_cailin")
    assert resolved(played)["strength"]["defender"]["card"] == 3
    assert sorted_units(played.state.units) == {"moat_cailin": {"greyjoy": ["footman"]}}


def test_asha_greyjoy_unsupported_gets_swords() -> None:
    # asha-greyjoy: not supported, 2 swords and a tower: two of three footmen die.
    played = fight(
        "greyjoy",
        "stark",
        "asha-greyjoy",
        "catelyn-stark",
        a_units=("knight", "knight"),
        d_units=("footman", "footman", "footman"),
    )
    assert find_events(played, "casualties", house="stark", units=["footman", "footman"])
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"greyjoy": ["knight", "knight"]},
    }


def test_aeron_damphair_pays_to_swap() -> None:
    played = fight(
        "greyjoy",
        "stark",
        "aeron-damphair",
        "ser-rodrick-cassel",
        hands={"greyjoy": ["aeron-damphair", "euron-crows-eye", "balon-greyjoy"]},
        subs={"greyjoy": "card: Aeron Damphair\naeron: Euron Crow's Eye\n"},
    )
    assert resolved(played)["cards"]["attacker"] == "euron-crows-eye"
    assert played.state.power["greyjoy"] == 3
    assert "aeron-damphair" in played.state.discards["greyjoy"]
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"greyjoy": ["knight"]},
    }


# -- Tyrell -----------------------------------------------------------------------------------
def test_mace_tyrell_kills_a_footman_at_once() -> None:
    played = fight(
        "tyrell", "stark", "mace-tyrell", "ser-rodrick-cassel", d_units=("footman", "knight")
    )
    assert find_events(played, "ability", card="mace-tyrell", killed="footman")
    assert resolved(played)["strength"]["defender"]["units"] == 2
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["knight"]},
        "the_twins": {"tyrell": ["knight"]},
    }


def test_mace_tyrell_blocked_by_the_blackfish() -> None:
    played = fight("tyrell", "stark", "mace-tyrell", "the-blackfish", d_units=("footman", "knight"))
    assert not find_events(played, "ability", card="mace-tyrell")
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman", "knight"]},
        "the_twins": {"tyrell": ["knight"]},
    }


def test_ser_loras_tyrell_keeps_the_march_order() -> None:
    # ser-loras-tyrell: the march order moves into the conquered area, unresolved.
    played = fight(
        "tyrell", "stark", "ser-loras-tyrell", "ser-rodrick-cassel", a_units=("knight", "knight")
    )
    assert find_events(played, "ability", card="ser-loras-tyrell")
    assert [(r.kind, r.player, r.context["keys"]) for r in played.waiting] == [
        ("march", "tyrell", ["the_twins"])
    ]
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["routed footman"]},
        "the_twins": {"tyrell": ["knight", "knight"]},
    }


def test_queen_of_thorns_removes_an_adjacent_order() -> None:
    played = fight(
        "tyrell",
        "stark",
        "queen-of-thorns",
        "ser-rodrick-cassel",
        a_units=("knight", "knight"),
        units={"moat_cailin": {"stark": ["footman"]}, "the_fingers": {"stark": ["footman"]}},
        orders={"moat_cailin": "support+0", "the_fingers": "consolidate-power"},
        subs={"tyrell": "queen of thorns: Moat Cailin\n", "stark": "support: Stark\n"},
    )
    assert find_events(played, "ability", card="queen-of-thorns", removed="moat_cailin")
    assert resolved(played)["strength"]["defender"]["support"] == 0
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman", "footman"]},
        "the_fingers": {"stark": ["footman"]},
        "the_twins": {"tyrell": ["knight", "knight"]},
    }


# -- Martell ----------------------------------------------------------------------------------
def test_nymeria_sand_sword_when_attacking() -> None:
    played = fight(
        "martell",
        "stark",
        "nymeria-sand",
        "catelyn-stark",
        a_units=("knight", "knight"),
        d_units=("footman", "footman"),
    )
    assert find_events(played, "casualties", house="stark", units=["footman"])
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"martell": ["knight", "knight"]},
    }


def test_nymeria_sand_tower_when_defending() -> None:
    # nymeria-sand: a tower defending cancels Greatjon's sword.
    played = fight(
        "stark",
        "martell",
        "greatjon-umber",
        "nymeria-sand",
        a_units=("knight", "knight"),
        d_units=("footman", "footman"),
    )
    assert not find_events(played, "casualties")
    assert sorted_units(played.state.units) == {
        "moat_cailin": {"martell": ["footman", "footman"]},
        "the_twins": {"stark": ["knight", "knight"]},
    }


def test_arianne_martell_keeps_the_winner_out() -> None:
    played = fight(
        "stark",
        "martell",
        "eddard-stark",
        "arianne-martell",
        d_units=("footman",),
        a_units=("knight", "knight"),
    )
    assert find_events(played, "ability", card="arianne-martell")
    assert played.state.units["seagard"] == {"stark": ["knight", "knight"]}
    assert "the_twins" not in played.state.units
    assert sorted_units(played.state.units) == {"seagard": {"stark": ["knight", "knight"]}}


def test_doran_martell_moves_the_opponent_down_a_track() -> None:
    played = fight(
        "stark",
        "martell",
        "greatjon-umber",
        "doran-martell",
        subs={"martell": "doran The Twins: fiefdoms\n"},
    )
    assert played.state.tracks["fiefdoms"][-1] == "stark"
    assert find_events(played, "ability", card="doran-martell", track="fiefdoms", victim="stark")
    assert sorted_units(played.state.units) == {"the_twins": {"stark": ["knight"]}}


def test_renly_baratheon_needs_a_knight_in_reserve() -> None:
    # renly-baratheon: with all 5 knights on the board nothing is asked.
    knights = {"winterfell": {"baratheon": ["knight"] * 4}}
    played = fight(
        "baratheon",
        "stark",
        "renly-baratheon",
        "ser-rodrick-cassel",
        a_units=("knight", "footman"),
        units=knights,
        supply={h: 6 for h in ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")},
    )
    assert played.waiting == [] and not find_events(played, "ability", card="renly-baratheon")
    assert sorted_units(played.state.units) == {
        "winterfell": {"baratheon": ["knight", "knight", "knight", "knight"]},
        "moat_cailin": {"stark": ["footman"]},
        "the_twins": {"baratheon": ["footman", "knight"]},
    }


def test_renly_baratheon_defending_counts_only_own_knights() -> None:
    # renly-baratheon as defender: the attacker's knights in transit are not Baratheon's.
    played = fight(
        "stark",
        "baratheon",
        "catelyn-stark",
        "renly-baratheon",
        a_units=("knight", "knight"),
        d_units=("footman", "footman", "knight"),
        units={"winterfell": {"baratheon": ["knight", "knight", "knight"]}},
        supply={h: 6 for h in ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")},
        subs={"baratheon": "renly: The Twins\n"},
    )
    assert find_events(played, "ability", card="renly-baratheon", upgraded="the_twins")
    assert sorted(played.state.units["the_twins"]["baratheon"]) == ["footman", "knight", "knight"]
    assert sorted_units(played.state.units) == {
        "the_twins": {"baratheon": ["footman", "knight", "knight"]},
        "winterfell": {"baratheon": ["knight", "knight", "knight"]},
        "seagard": {"stark": ["knight", "knight"]},
    }
