"""The 9 wildling cards: each reward and penalty, with its choices given or defaulted.

Each test names the card, sets up the position before the attack, gives the bids and the
choices (or leaves them to the brief's defaults) and checks every unit, token and track after.
Defeat cases: Martell bids nothing and is the lowest bidder; everyone else (Iron Throne order:
Baratheon, Lannister, Stark, Greyjoy, Tyrell) bids 1. Victory cases: Stark alone bids 3
against a threat of 2 and is the highest bidder.
"""

from __future__ import annotations

from tests.rulesets.westeros.wildling_helpers import attack, attack_state, event, units

UNITS = {
    "winterfell": {"stark": ["footman", "footman", "knight"]},
    "white_harbor": {"stark": ["knight"]},
    "lannisport": {"lannister": ["footman", "knight"]},
    "dragonstone": {"baratheon": ["knight", "knight"]},
    "kingswood": {"baratheon": ["knight"]},
    "pyke": {"greyjoy": ["footman"]},
    "highgarden": {"tyrell": ["footman", "knight"]},
    "sunspear": {"martell": ["footman", "knight", "knight"]},
    "salt_shore": {"martell": ["knight"]},
}
DEFEAT_POWER = {"stark": 1, "lannister": 1, "baratheon": 1, "greyjoy": 1, "tyrell": 1, "martell": 0}
VICTORY_POWER = {
    "stark": 3,
    "lannister": 0,
    "baratheon": 0,
    "greyjoy": 0,
    "tyrell": 0,
    "martell": 0,
}
BID_ONE = {h: "bid wildlings: 1" for h in ("stark", "lannister", "baratheon", "greyjoy", "tyrell")}
CARDS_PLAYED = [
    "silence-at-the-wall",
    "preemptive-raid",
    "crow-killers",
    "rattleshirts-raiders",
    "massing-on-the-milkwater",
    "a-king-beyond-the-wall",
    "mammoth-riders",
    "the-horde-descends",
    "skinchanger-scout",
]
"""The 9 wildling cards (games/westeros/cards.yaml)."""
STARK_CARDS = [
    "eddard-stark",
    "robb-stark",
    "roose-bolton",
    "greatjon-umber",
    "ser-rodrick-cassel",
    "the-blackfish",
    "catelyn-stark",
]
START_TRACKS = {
    "iron_throne": ["baratheon", "lannister", "stark", "martell", "greyjoy", "tyrell"],
    "fiefdoms": ["greyjoy", "tyrell", "martell", "stark", "baratheon", "lannister"],
    "kings_court": ["lannister", "stark", "martell", "baratheon", "tyrell", "greyjoy"],
}


def defeat(card: str, extra: dict[str, str] | None = None, **overrides):
    state = attack_state(card, units=overrides.pop("units", UNITS), power=DEFEAT_POWER, **overrides)
    subs = dict(BID_ONE)
    for house, text in (extra or {}).items():
        subs[house] = subs.get(house, "") + "\n" + text
    played = attack(state, subs)
    assert not played.rejected
    assert event(played, "wildling_bids")[0]["outcome"] == "defeat"
    assert event(played, "wildling_card")[0]["bidder"] == "martell"
    assert played.state.power == {**DEFEAT_POWER, **{h: 0 for h in BID_ONE}}
    assert played.state.wildlings == 8
    assert played.state.decks["wildlings"][-1] == card
    return played


def victory(card: str, text: str = "", **overrides):
    state = attack_state(
        card, threat=2, units=overrides.pop("units", UNITS), power=VICTORY_POWER, **overrides
    )
    played = attack(state, {"stark": "bid wildlings: 3\n" + text})
    assert not played.rejected
    assert event(played, "wildling_bids")[0]["outcome"] == "victory"
    assert event(played, "wildling_card")[0]["bidder"] == "stark"
    assert played.state.wildlings == 0
    assert played.state.decks["wildlings"][-1] == card
    return played


# -- Silence at the Wall ----------------------------------------------------------------------
def test_silence_at_the_wall_defeat_changes_nothing_but_the_bids() -> None:
    played = defeat("silence-at-the-wall")
    assert units(played) == UNITS
    assert played.state.tracks == START_TRACKS


def test_silence_at_the_wall_victory_changes_nothing_but_the_bids() -> None:
    played = victory("silence-at-the-wall")
    assert units(played) == UNITS
    assert played.state.power["stark"] == 0


# -- Skinchanger Scout ------------------------------------------------------------------------
def test_skinchanger_scout_victory_returns_the_highest_bid() -> None:
    played = victory("skinchanger-scout")
    assert played.state.power == VICTORY_POWER  # Stark's 3 bid tokens come back
    assert units(played) == UNITS


def test_skinchanger_scout_defeat_lowest_loses_all_others_two() -> None:
    power = {"stark": 3, "lannister": 1, "baratheon": 4, "greyjoy": 1, "tyrell": 1, "martell": 2}
    state = attack_state("skinchanger-scout", units=UNITS, power=power)
    played = attack(state, {**BID_ONE, "martell": "bid wildlings: 0"})
    assert event(played, "wildling_card")[0]["bidder"] == "martell"
    # after bidding 1: stark 2, lannister 0, baratheon 3, greyjoy 0, tyrell 0, martell 2
    assert played.state.power == {
        "stark": 0,
        "lannister": 0,
        "baratheon": 1,
        "greyjoy": 0,
        "tyrell": 0,
        "martell": 0,
    }
    assert units(played) == UNITS


# -- Rattleshirt's Raiders --------------------------------------------------------------------
def test_rattleshirts_raiders_victory_supply_up_one() -> None:
    played = victory("rattleshirts-raiders")
    assert played.state.supply["stark"] == 2
    assert units(played) == UNITS


def test_rattleshirts_raiders_defeat_supply_down_then_armies_reconciled() -> None:
    supply = {"stark": 1, "lannister": 2, "baratheon": 2, "greyjoy": 2, "tyrell": 0, "martell": 2}
    played = defeat(
        "rattleshirts-raiders", {"stark": "reduce: knight in Winterfell"}, supply=supply
    )
    assert played.state.supply == {
        "stark": 0,
        "lannister": 1,
        "baratheon": 1,
        "greyjoy": 1,
        "tyrell": 0,
        "martell": 0,
    }
    # Supply 0 allows two armies of 2: Stark's army of 3 loses the knight it chose;
    # Martell (two armies allowed, of 2) loses one unit of Sunspear by the default.
    expected = dict(UNITS)
    expected["winterfell"] = {"stark": ["footman", "footman"]}
    expected["sunspear"] = {"martell": ["knight", "knight"]}
    assert units(played) == expected


# -- Massing on the Milkwater -----------------------------------------------------------------
def test_massing_on_the_milkwater_victory_takes_back_the_discards() -> None:
    # A position's discard pile is every card of the house not in its hand.
    played = victory("massing-on-the-milkwater", hands={"stark": ["eddard-stark"]})
    assert sorted(played.state.hands["stark"]) == sorted(STARK_CARDS)
    assert played.state.discards["stark"] == []


def test_massing_on_the_milkwater_defeat_highest_cards_then_one_each() -> None:
    hands = {
        "martell": ["the-red-viper", "areo-hotah", "arianne-martell"],  # 4, 3, 1
        "stark": ["eddard-stark", "robb-stark"],
        "lannister": ["tywin-lannister"],
    }
    played = defeat(
        "massing-on-the-milkwater",
        {"stark": "massing on the milkwater: discard Robb Stark"},
        hands=hands,
    )
    assert played.state.hands["martell"] == ["areo-hotah", "arianne-martell"]
    assert played.state.discards["martell"][-1] == "the-red-viper"
    assert played.state.hands["stark"] == ["eddard-stark"]  # its choice
    assert played.state.hands["lannister"] == ["tywin-lannister"]  # one card: no discard
    # Baratheon, Greyjoy and Tyrell sent nothing: one card each, seeded at random.
    for house in ("baratheon", "greyjoy", "tyrell"):
        assert len(played.state.hands[house]) == 6 and len(played.state.discards[house]) == 1


# -- A King Beyond the Wall -------------------------------------------------------------------
def test_a_king_beyond_the_wall_victory_top_of_the_chosen_track() -> None:
    played = victory("a-king-beyond-the-wall", "a king beyond the wall: iron throne")
    assert played.state.tracks["iron_throne"] == [
        "stark",
        "baratheon",
        "lannister",
        "martell",
        "greyjoy",
        "tyrell",
    ]
    assert played.state.tracks["fiefdoms"] == START_TRACKS["fiefdoms"]
    assert played.state.holder("iron_throne") == "stark"


def test_a_king_beyond_the_wall_defeat_lowest_last_everywhere_others_choose() -> None:
    played = defeat(
        "a-king-beyond-the-wall",
        {
            "stark": "a king beyond the wall: fiefdoms",
            "lannister": "a king beyond the wall: king's court",
        },
    )
    tracks = played.state.tracks
    assert tracks["iron_throne"][-1] == "martell"
    assert tracks["iron_throne"] == [
        "baratheon",
        "lannister",
        "stark",
        "greyjoy",
        "tyrell",
        "martell",
    ]
    moved = {(e["house"], e["track"]) for e in event(played, "wildling_track_moved")}
    assert ("stark", "fiefdoms") in moved and ("lannister", "kings_court") in moved
    for house in ("baratheon", "greyjoy", "tyrell"):  # defaulted: one of the two tracks
        assert len([t for h, t in moved if h == house]) == 1
        assert not any(h == house and t == "iron_throne" for h, t in moved)


# -- Mammoth Riders ---------------------------------------------------------------------------
def test_mammoth_riders_victory_takes_one_discarded_card() -> None:
    played = victory(
        "mammoth-riders", "mammoth riders: Robb Stark", hands={"stark": ["eddard-stark"]}
    )
    assert played.state.hands["stark"] == ["eddard-stark", "robb-stark"]
    assert played.state.discards["stark"] == [
        c for c in STARK_CARDS if c not in ("eddard-stark", "robb-stark")
    ]


def test_mammoth_riders_victory_not_used_by_default() -> None:
    played = victory("mammoth-riders", hands={"stark": ["eddard-stark"]})
    assert played.state.hands["stark"] == ["eddard-stark"]
    assert event(played, "wildling_nothing")


def test_mammoth_riders_defeat_lowest_three_units_others_two() -> None:
    played = defeat(
        "mammoth-riders",
        {
            "martell": "mammoth riders: knight in Salt Shore, footman in Sunspear, "
            "knight in Sunspear",
            "stark": "mammoth riders: footman in Winterfell, knight in White Harbor",
        },
    )
    after = units(played)
    assert after["sunspear"] == {"martell": ["knight"]} and "salt_shore" not in after
    assert after["winterfell"] == {"stark": ["footman", "knight"]} and "white_harbor" not in after
    # Lannister, Greyjoy and Tyrell have 2 or fewer units: all are destroyed, no choice.
    for area in ("lannisport", "pyke", "highgarden"):
        assert area not in after
    assert (
        sum(len(u) for u in after.get("dragonstone", {}).values())
        + sum(len(u) for u in after.get("kingswood", {}).values())
        == 1
    )  # Baratheon: 2 of 3 knights, seeded at random


# -- The Horde Descends -----------------------------------------------------------------------
def test_the_horde_descends_victory_musters_in_one_castle() -> None:
    # Supply 1 (armies of 3 and 2): Winterfell's army of 3 cannot grow, but may upgrade.
    played = victory("the-horde-descends", "the horde descends: muster Winterfell: knight")
    assert units(played) == UNITS  # not possible: skipped, and the default is "not used"
    played = victory(
        "the-horde-descends", "the horde descends: muster Winterfell: knight from footman"
    )
    assert units(played)["winterfell"] == {"stark": ["footman", "knight", "knight"]}
    assert units(played)["white_harbor"] == UNITS["white_harbor"]


def test_the_horde_descends_defeat_two_units_in_a_castle_then_one_each() -> None:
    played = defeat(
        "the-horde-descends",
        {
            "stark": "the horde descends: knight in White Harbor",
            "martell": "the horde descends: knight in Sunspear, knight in Salt Shore, "
            "footman in Sunspear",
        },
    )
    after = units(played)
    # Martell: two units together in Sunspear (a castle), never Salt Shore's knight.
    assert after["sunspear"] == {"martell": ["knight"]}
    assert after["salt_shore"] == {"martell": ["knight"]}
    assert "white_harbor" not in after
    assert after["winterfell"] == UNITS["winterfell"]
    assert "pyke" not in after  # Greyjoy's only unit
    assert sum(len(u["lannister"]) for a, u in after.items() if "lannister" in u) == 1
    assert sum(len(u["tyrell"]) for a, u in after.items() if "tyrell" in u) == 1


# -- Crow Killers -----------------------------------------------------------------------------
def test_crow_killers_victory_footmen_to_knights_as_chosen() -> None:
    played = victory("crow-killers", "crow killers: footman in Winterfell")
    assert units(played)["winterfell"] == {"stark": ["footman", "knight", "knight"]}


def test_crow_killers_victory_not_used_by_default() -> None:
    played = victory("crow-killers")
    assert units(played) == UNITS


def test_crow_killers_defeat_all_knights_of_the_lowest_two_of_the_others() -> None:
    played = defeat(
        "crow-killers", {"baratheon": "crow killers: knight in Kingswood, knight in Dragonstone"}
    )
    after = units(played)
    assert after["sunspear"] == {"martell": ["footman", "footman", "footman"]}
    assert after["salt_shore"] == {"martell": ["footman"]}
    assert after["winterfell"] == {"stark": ["footman", "footman", "footman"]}
    assert after["white_harbor"] == {"stark": ["footman"]}
    assert after["dragonstone"] == {"baratheon": ["footman", "knight"]}
    assert after["kingswood"] == {"baratheon": ["footman"]}
    assert after["lannisport"] == {"lannister": ["footman", "footman"]}
    assert after["highgarden"] == {"tyrell": ["footman", "footman"]}
    assert after["pyke"] == {"greyjoy": ["footman"]}


# -- Preemptive Raid --------------------------------------------------------------------------
def test_preemptive_raid_victory_a_second_attack_of_six_without_the_winner() -> None:
    power = {"stark": 3, "lannister": 2, "baratheon": 0, "greyjoy": 0, "tyrell": 0, "martell": 0}
    state = attack_state("preemptive-raid", threat=2, units=UNITS, power=power)
    state.decks["wildlings"].remove("crow-killers")
    state.decks["wildlings"].insert(1, "crow-killers")
    played = attack(state, {"stark": "bid wildlings: 3", "lannister": "bid wildlings again: 2"})
    attacks = event(played, "wildling_attack")
    assert [a["strength"] for a in attacks] == [2, 6]
    assert "stark" not in attacks[1]["houses"]
    second = event(played, "wildling_card")[1]
    # 2 against 6: the wildlings win; Lannister bid 2, the others 0: the Iron Throne's
    # default makes the last tied house on the Iron Throne track the lowest bidder.
    assert second == {
        "card": "crow-killers",
        "outcome": "defeat",
        "bidder": "tyrell",
        "which": "lowest",
    }
    assert played.state.power["lannister"] == 0
    assert played.state.decks["wildlings"][-2:] == ["preemptive-raid", "crow-killers"]
    assert units(played)["winterfell"] == UNITS["winterfell"]  # Stark sat the attack out


def test_preemptive_raid_defeat_lowest_chooses_influence() -> None:
    played = defeat("preemptive-raid", {"martell": "preemptive raid: influence"})
    # Martell stands highest on Fiefdoms and King's Court (3rd on both): a tie, which the
    # Iron Throne holder (Baratheon) breaks; its default is a seeded random track.
    moved = event(played, "wildling_track_moved")
    assert len(moved) == 1 and moved[0]["house"] == "martell"
    assert moved[0]["positions"] == [3, 5]
    assert units(played) == UNITS


def test_preemptive_raid_defeat_lowest_chooses_units() -> None:
    played = defeat(
        "preemptive-raid",
        {"martell": "preemptive raid: units, knight in Salt Shore, footman in Sunspear"},
    )
    after = units(played)
    assert after["sunspear"] == {"martell": ["knight", "knight"]} and "salt_shore" not in after
    assert played.state.tracks == START_TRACKS


def test_crow_killers_defeat_knights_without_footmen_left_are_destroyed() -> None:
    # Crow Killers: "Knights that cannot be swapped for lack of footmen are destroyed (he
    # chooses which)". Martell has 9 of its 10 footmen on the board: one knight of three is
    # replaced (the one it names), the other two are destroyed.
    spread = ["yronwood", "starfall", "princes_pass", "the_boneway", "three_towers", "oldtown"]
    martell = {a: {"martell": ["footman"]} for a in spread}
    martell["the_arbor"] = {"martell": ["footman"]}
    martell["the_reach"] = {"martell": ["footman"]}
    martell["sunspear"] = {"martell": ["footman", "knight", "knight"]}
    martell["salt_shore"] = {"martell": ["knight"]}
    others = {a: u for a, u in UNITS.items() if "martell" not in u}
    played = defeat(
        "crow-killers",
        {"martell": "crow killers: knight in Salt Shore"},
        units={**others, **martell},
    )
    after = units(played)
    assert after["salt_shore"] == {"martell": ["footman"]}
    assert after["sunspear"] == {"martell": ["footman"]}
    assert [e for e in event(played, "wildling_units_destroyed") if e["house"] == "martell"] == [
        {
            "card": "crow-killers",
            "house": "martell",
            "units": [["knight", "sunspear"], ["knight", "sunspear"]],
        }
    ]


def test_p9_a_wildling_loss_emptying_a_captured_home_area() -> None:
    # P9 and the brief's edge case: "a wildling loss that empties a captured home area
    # triggers P9 too". Lannister loses its footman in Winterfell (Stark's home) to Mammoth
    # Riders: Winterfell is Stark's again, and Stark replaces Lannister's ship in its port
    # (the default replaces as many as allowed).
    positions = dict(UNITS)
    positions["winterfell"] = {"lannister": ["footman"]}
    positions["port_of_winterfell"] = {"lannister": ["ship"]}
    positions["lannisport"] = {"lannister": ["knight"]}
    positions["karhold"] = {"stark": ["footman", "footman"]}
    played = defeat(
        "mammoth-riders",
        {
            "lannister": "mammoth riders: footman in Winterfell, knight in Lannisport",
            "stark": "mammoth riders: footman in Karhold, footman in Karhold",
        },
        units=positions,
    )
    after = units(played)
    assert "winterfell" not in after and "lannisport" not in after
    assert played.state.controller("winterfell") == "stark"
    assert after["port_of_winterfell"] == {"stark": ["ship"]}
    assert event(played, "port_captured")


def test_preemptive_raid_defeat_iron_throne_picks_among_equal_tracks() -> None:
    # Preemptive Raid: "If he stands equally high on several tracks, the Iron Throne holder
    # chooses which one": Martell is 3rd on Fiefdoms and King's Court; Baratheon names
    # King's Court.
    played = defeat(
        "preemptive-raid",
        {"martell": "preemptive raid: influence", "baratheon": "preemptive raid: king's court"},
    )
    assert played.state.tracks["kings_court"] == [
        "lannister",
        "stark",
        "baratheon",
        "tyrell",
        "martell",
        "greyjoy",
    ]
    assert played.state.tracks["fiefdoms"] == START_TRACKS["fiefdoms"]
    assert played.state.tracks["iron_throne"] == START_TRACKS["iron_throne"]
