"""games/baltic/*.yaml as transcribed from the rules (1.0, Appendices A-C, 12, 15), and the
checks that stop a broken data file or scenario."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from adjudicator.rulesets.baltic import board as board_module
from adjudicator.rulesets.baltic.board import BoardError, load_board
from adjudicator.rulesets.baltic.board_checks import scenario_faults


@pytest.fixture(scope="module")
def board():
    return load_board()


def test_1_0_map_counts(board):
    assert len(board.territories) == 50
    assert [t for t in board.territories.values() if t.transit] == [
        board.territories["mecklenburg"],
        board.territories["volhynia"],
    ]
    assert len(board.regions) == 10
    assert len(board.seas) == 8
    assert sum(len(z.adjacent) for z in board.seas.values()) == 2 * 8
    assert Counter(board.borders.values()) == {"open": 40, "restricted": 39, "difficult": 13}
    ports = [t for t in board.territories.values() if t.port]
    assert len(ports) == 23
    assert sorted(t.id for t in ports if t.harbor) == sorted(
        [
            "akershus",
            "bergenhus",
            "sjaelland",
            "svealand",
            "gotaland",
            "smaland",
            "estland",
            "livland",
            "nyen",
            "pommern",
        ]
    )


def test_1_0_every_territory_reachable_by_land(board):
    for start in ("bergenhus", "azov", "holstein"):
        assert len(board.land_distances(start)) == 50


def test_1_6_border_kinds_and_limits(board):
    assert board.border("akershus", "trondhjem") == "restricted"
    assert board.border("trondhjem", "akershus") == "restricted"
    assert board.limit("novgorod", "pskov") == 3
    assert board.limit("ingermanland", "estland") == 2
    assert board.limit("sjaelland", "skane") == 1
    assert board.border("svealand", "moskva") is None
    assert board.limit("svealand", "moskva") == 0
    assert board.neighbours["mazowsze"] == (
        "danzig",
        "lithuania",
        "malopolska",
        "prussia",
        "volhynia",
        "wielkopolska",
    )


def test_a1_territory_fields(board):
    sj = board.territories["sjaelland"]
    assert (sj.home, sj.region, sj.forage, sj.garrison, sj.rp, sj.capital) == (
        "DEN",
        "denmark",
        2,
        4,
        3,
        True,
    )
    assert (sj.port.name, sj.port.sea, sj.harbor) == ("København", "kattegat", 4)
    assert board.territories["savolax"].port is None
    assert board.territories["kiev"].home == "RUS"
    assert board.territories["kiev"].region == "ukraine"
    assert board.territories["azov"].forage == 0
    assert board.port_sea("nyen") == "gulf_of_finland"
    gulf = ("abo", "karelen", "estland", "ingermanland", "nyen")
    assert board.ports_on["gulf_of_finland"] == gulf
    mecklenburg = board.territories["mecklenburg"]
    assert (mecklenburg.home, mecklenburg.garrison, mecklenburg.rp) == (None, 0, 0)


def test_11_2m_nyen_converts_to_sankt_peterburg(board):
    assert board.harbor_strength("nyen") == 1
    assert board.garrison("nyen") == 1
    assert board.harbor_strength("nyen", converted=["nyen"]) == 4
    assert board.garrison("nyen", converted=["nyen"]) == 3
    assert board.territory_name("nyen", converted=["nyen"]) == "Sankt-Peterburg"
    assert board.names.find("St Petersburg") == "nyen"
    assert board.names.find("Sankt-Peterburg") == "nyen"


def test_13_2_port_names_and_ascii_spellings_stand_for_territories(board):
    assert board.names.find("Narva") == "ingermanland"
    assert board.names.find("Karlskrona") == "smaland"
    assert board.names.find("Reval") == "estland"
    assert board.names.find("kobenhavn") == "sjaelland"
    assert board.names.find("Sjaelland") == "sjaelland"
    assert board.names.find("Malopolska") == "malopolska"
    assert board.names.find("GoF") == "gulf_of_finland"
    assert board.names.find("Kattegate") == "kattegat"
    assert board.block_names.find("Rehnskiold") == "swe_rehnskiold"
    assert board.block_names.find("Karl") == "swe_karl"
    assert board.nation_names.find("Ottoman Empire") == "OTT"


def test_appendix_b_roster(board):
    assert len(board.blocks) == 68
    per_nation = Counter(b.nation for b in board.blocks.values())
    assert per_nation == {
        "SWE": 20,
        "RUS": 18,
        "SAX": 9,
        "DEN": 8,
        "POL": 3,
        "PRU": 2,
        "HAN": 2,
        "OTT": 4,
        "UKR": 2,
    }
    assert [b.id for b in board.blocks.values() if b.wettin] == [
        "sax_crown_army",
        "sax_oginski",
        "sax_sandomierz",
    ]
    ids = list(board.blocks)
    assert ids[0] == "swe_karl" and ids[-1] == "ukr_zaporozhians"
    assert [board.blocks[b].roster for b in ids] == list(range(68))
    karl = board.blocks["swe_karl"]
    assert (karl.type, karl.cls, karl.firepower, karl.max, karl.trains) == ("royal", "A", 3, 4, 2)
    assert board.blocks["rus_sheremetev_h"].twin == "rus_sheremetev_b"
    assert board.blocks["rus_sheremetev_b"].star == "black"
    assert [b for b in ids if board.blocks[b].is_royal] == [
        "swe_karl",
        "rus_pyotr_h",
        "rus_pyotr_b",
        "sax_august",
        "ukr_mazepa",
    ]


def test_8_3_step_costs(board):
    assert board.step_cost("swe_karl") == 3  # royal 2 + class A 1
    assert board.step_cost("swe_livgardet") == 2  # regiment 1 + class A 1
    assert board.step_cost("rus_cossacks") == 1
    assert board.step_cost("den_gyldenlove") == 2


def test_c3_attrition_effects_add_up_within_a_row(board):
    def level(box, row):
        return sum(e["value"] for e in board.attrition_effects(box, row) if e["kind"] == "rp_level")

    # WE-11: top box 7 gives -7 and box 8 three more; WE-14: bottom box 3 gives -4.
    assert level(7, "top") == -7
    assert level(8, "top") == -10
    assert level(3, "bottom") == -4
    assert level(3, "top") == -2
    kinds = [e["kind"] for e in board.attrition_effects(2, "bottom")]
    assert kinds == ["rp_level", "forage_in_russia"]


def test_c1_event_table(board):
    assert [board.event(r)["id"] for r in range(2, 13)] == [
        "plague",
        "storms",
        "desertion",
        "bad_harvest",
        "quiet",
        "quiet",
        "recruiting",
        "intrigue",
        "diplomacy",
        "forced_marches",
        "separate_peace",
    ]
    assert board.tables["action_table"][6] == {"event": True}
    assert board.event(10)["params"] == {"on": [6]}
    assert board.tables["politics_table"] == {
        "own": {"on": [4, 5, 6], "rp": 2},
        "enemy": {"on": [5, 6], "rp": -2},
    }


def _rp_level(board, scenario, nation):
    """8.1 with 1.2a and 11.7a, enough for a scenario's start: no cessions."""
    nations = scenario["nations"]
    markers = scenario["markers"]
    level = nations[nation]["rp_base"]
    for t in board.territories.values():
        if t.transit:
            continue
        owner = t.home
        info = board.nations[owner]
        if info.counts_as_while_inactive and nations[owner]["status"] != "active":
            owner = info.counts_as_while_inactive
        if owner == nation and markers.get(t.id, owner) == nation:
            level += t.rp
    if nation == "SWE":
        level += sum(
            e["value"]
            for e in board.attrition_effects(scenario["attrition_box"], "top")
            if e["kind"] == "rp_level"
        )
    return level


@pytest.mark.parametrize(
    "scenario, levels",
    [
        (
            "grand_campaign",
            {"SWE": 26, "RUS": 27, "SAX": 10, "DEN": 10, "POL": 13, "PRU": 8, "HAN": 6, "OTT": 12},
        ),
        ("poltava", {"SWE": 24, "POL": 13, "RUS": 27}),
    ],
)
def test_12_starting_rp_levels_follow_from_the_map(board, scenario, levels):
    data = board.scenario(scenario)
    assert {n: _rp_level(board, data, n) for n in levels} == levels


def test_12_scenarios_place_every_block_once(board):
    gc = board.scenario("Grand Campaign")
    at = {e["block"]: e for e in gc["blocks"]}
    assert len(at) == 68
    assert at["swe_karl"] == {"block": "swe_karl", "at": "svealand", "strength": 4}
    assert at["swe_wachtmeister"]["at"] == "H:smaland"
    assert at["rus_pyotr_b"]["at"] == "out"
    assert at["rus_cruys"]["at"] == "out"
    assert gc["markers"] == {"azov": "RUS"}
    poltava = board.scenario("poltava")
    at = {e["block"]: e for e in poltava["blocks"]}
    assert at["swe_karl"] == {"block": "swe_karl", "at": "lithuania", "strength": 4}
    assert at["rus_repnin_b"]["at"] == "reform_box"
    assert at["rus_pyotr_h"]["at"] == "removed"
    assert at["rus_cruys"] == {"block": "rus_cruys", "at": "H:nyen", "strength": 3}
    assert poltava["nations"]["SAX"] == {"status": "truce", "cube_year": 1710, "rp_base": 4}
    assert poltava["converted"] == ["nyen"]


def test_scenario_faults_are_listed_whole(board):
    data = copy.deepcopy(board.scenario("poltava"))
    data["blocks"][0]["strength"] = 5  # Karl XII has max 4
    data["blocks"][1]["block"] = "swe_karl"  # listed twice, Lewenhaupt missing
    data["blocks"].append({"block": "swe_armfeldt", "at": "atlantis"})
    data["markers"]["mecklenburg"] = "SWE"  # a transit territory takes no marker
    faults = scenario_faults(board, data)
    text = "\n".join(map(str, faults))
    assert "blocks[0]: swe_karl strength 5 is not within 1..4" in text
    assert "swe_karl is listed twice" in text
    assert "missing swe_lewenhaupt" in text
    assert "unknown place 'atlantis'" in text
    assert "markers.mecklenburg" in text


def test_9_2d_cargo_and_1_5_harbor_capacity_checked(board):
    data = copy.deepcopy(board.scenario("poltava"))
    entries = {e["block"]: e for e in data["blocks"]}
    entries["swe_sjoblad"].update(at="gulf_of_finland")
    entries["swe_karl"].pop("at")
    entries["swe_karl"]["aboard"] = "swe_sjoblad"
    entries["swe_livgardet"].pop("at")
    entries["swe_livgardet"]["aboard"] = "swe_sjoblad"  # an army and a regiment together
    entries["swe_anckarstierna"]["at"] = "H:smaland"
    entries["swe_armfeldt"].update(at="H:smaland", strength=1)  # not a fleet
    faults = "\n".join(map(str, scenario_faults(board, data)))
    assert "fleet swe_sjoblad carries swe_karl, swe_livgardet" in faults
    assert "swe_armfeldt at H:smaland: only fleets lie in a harbor" in faults
    entries["swe_armfeldt"].update(at="pool")
    entries["swe_livgardet"]["aboard"] = "swe_wachtmeister"  # in a harbor, not at sea
    faults = "\n".join(map(str, scenario_faults(board, data)))
    assert "aboard swe_wachtmeister, which is not at sea" in faults
    entries["swe_livgardet"].pop("aboard")
    entries["swe_livgardet"]["at"] = "lithuania"
    entries["swe_sjoblad"]["at"] = "H:estland"
    entries["den_gyldenlove"].update(at="H:estland", strength=2)
    entries["den_tordenskjold"].update(at="H:estland", strength=2)  # with Sjöblad: 3 > 2
    faults = "\n".join(map(str, scenario_faults(board, data)))
    assert "3 fleets in the harbor of estland, over its strength" in faults


def test_broken_map_stops_the_load_with_every_fault(monkeypatch):
    real = board_module.load_game_data

    def broken(game, name):
        data = real(game, name)
        if name == "map.yaml":
            data = copy.deepcopy(data)
            data["borders"] = [b for b in data["borders"] if "azov" not in b[:2]]
            data["territories"][0]["port"] = {"name": "Christiania", "sea": "atlantic"}
        return data

    monkeypatch.setattr(board_module, "load_game_data", broken)
    with pytest.raises(BoardError) as err:
        load_board.__wrapped__()
    message = str(err.value)
    assert "89 borders, the rules (1.0) have 92" in message
    assert "port Christiania lies on unknown sea zone 'atlantic'" in message
