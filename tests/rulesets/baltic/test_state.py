"""The baltic State is plain data: to_data -> YAML -> from_data gives the same state."""

from __future__ import annotations

import yaml

from adjudicator.rulesets.baltic.state import Block, Nation, State, Turn, aboard, harbor


def sample() -> State:
    return State(
        scenario="poltava",
        year=1708,
        season="summer",
        phase="action_1",
        last_year=1709,
        first_player_tie="sweden",
        nations={"SWE": Nation("active", None, 0, 24), "SAX": Nation("truce", 1710, 4, 0)},
        blocks={
            "swe_wachtmeister": Block("kattegat", 4),
            "swe_karl": Block(aboard("swe_wachtmeister"), 4),
            "swe_sjoblad": Block(harbor("estland"), 2),
            "rus_repnin_b": Block("reform_box", 1),
            "rus_cruys": Block("year:1705", 3),
        },
        markers={"ingermanland": "RUS"},
        damage={"pskov": 1},
        damage_side={"pskov": "sweden"},
        ap={"sweden": 3, "coalition": 2},
        event={"sweden": None, "coalition": "quiet"},
        standing={"sweden": {"battle|pskov|": {"text": "battle Pskov: fight", "value": {}}}},
        turn=Turn(moved=["swe_karl"], crossings={"livland|pskov": 2}),
    )


def test_state_round_trips_yaml():
    state = sample()
    text = yaml.safe_dump(state.to_data(), sort_keys=False, allow_unicode=True)
    again = State.from_data(yaml.safe_load(text))
    assert again == state
    assert yaml.safe_dump(again.to_data(), sort_keys=False, allow_unicode=True) == text


def test_places_resolve_cargo_to_its_fleet():
    state = sample()
    assert state.carrier("swe_karl") == "swe_wachtmeister"
    assert state.location("swe_karl") == "kattegat"
    assert state.cargo("swe_wachtmeister") == ["swe_karl"]
    assert state.is_on_map("swe_sjoblad") and not state.is_on_map("rus_cruys")
    assert not state.is_on_map("rus_repnin_b")
    assert state.label == "1708 Summer"
