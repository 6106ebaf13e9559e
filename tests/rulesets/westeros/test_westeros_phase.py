"""The Westeros phase beyond single cards: the threat at 12, restrictions reaching the
planning validator, standing instructions (conditional receipts, text forms that
round-trip, the epoch), the end of the game, positions with decks, and what stays secret."""

from __future__ import annotations

import pytest
import yaml

from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.position import PositionError
from adjudicator.rulesets.westeros.state import State
from tests.rulesets.westeros.harness import play, six_player_position

ALL = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell")
NINE = [
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


def westeros_state(decks: dict, **overrides) -> State:
    position = six_player_position(phase="westeros", round=2, decks=decks, **overrides)
    return RULESET.load_position(position, Dice(b"case", "case", 0))


def test_threat_reaching_12_attacks_before_the_cards_are_resolved() -> None:
    # Rulebook, Westeros Phase: at 12 the wildlings attack at once, before any card.
    state = westeros_state(
        {
            "westeros_1": ["last-days-of-summer"],
            "westeros_2": ["game-of-thrones"],
            "westeros_3": ["web-of-lies"],
            "wildlings": NINE,
        },
        wildlings=8,
        units={"winterfell": {"stark": ["footman"]}},
    )
    kinds = ("wildling-bid", "wildling-tie", "wildling-card")
    played = play(state, {}, defaults=kinds, phases=("westeros",))
    order = [(e.kind, e.data.get("deck")) for e in played.events]
    assert order.index(("wildling_attack", None)) < order.index(("westeros_card", "westeros_1"))
    attack = next(e for e in played.events if e.kind == "wildling_attack")
    assert attack.data["strength"] == 12
    # Bids of 0 lose; the threat drops 4 to 8; then Game of Thrones pays the crowns.
    assert played.state.wildlings == 8
    assert played.state.power["stark"] == 6
    assert played.state.phase == "planning"


@pytest.mark.parametrize(
    ("card", "line", "message"),
    [
        ("sea-of-storms", "Winterfell: raid", "Raid orders may not be placed"),
        ("rains-of-autumn", "Winterfell: march +1", "March +1 (special) orders may not"),
        ("feast-for-crows", "Winterfell: consolidate power", "Consolidate power orders may not"),
        ("web-of-lies", "Winterfell: support", "Support +0 orders may not"),
        ("storm-of-swords", "Winterfell: defense +2", "Defense +2 (special) orders may not"),
    ],
)
def test_deck_three_restrictions_reach_the_planning_validator(card, line, message) -> None:
    state = westeros_state(
        {
            "westeros_1": ["last-days-of-summer"],
            "westeros_2": ["last-days-of-summer"],
            "westeros_3": [card],
        },
        units={"winterfell": {"stark": ["footman"]}},
    )
    played = play(state, {}, phases=("westeros",))
    assert played.state.phase == "planning"
    with pytest.raises(OrderErrors) as caught:
        RULESET.parse(played.state, "stark", line)
    assert message in str(caught.value.errors[0])
    RULESET.parse(played.state, "stark", "Winterfell: march")  # other orders stay legal


def test_put_to_the_sword_no_march_plus_one_reaches_planning() -> None:
    state = westeros_state(
        {
            "westeros_1": ["last-days-of-summer"],
            "westeros_2": ["last-days-of-summer"],
            "westeros_3": ["put-to-the-sword"],
        },
        units={"pyke": {"greyjoy": ["footman"]}},
    )
    played = play(state, {"greyjoy": "put to the sword: no march +1"}, phases=("westeros",))
    assert played.state.restricted == ["march+1"]
    with pytest.raises(OrderErrors):
        RULESET.parse(played.state, "greyjoy", "Pyke: march +1")
    RULESET.parse(played.state, "greyjoy", "Pyke: defense")


def test_clash_of_kings_moves_blade_raven_and_star_limits() -> None:
    state = westeros_state(
        {
            "westeros_1": ["last-days-of-summer"],
            "westeros_2": ["clash-of-kings"],
            "westeros_3": ["web-of-lies"],
        },
        units={"winterfell": {"stark": ["footman"]}},
    )
    subs = {h: "bid iron throne: 0\nbid fiefdoms: 0\nbid kings court: 0" for h in ALL}
    subs["martell"] = "bid iron throne: 0\nbid fiefdoms: 5"
    subs["greyjoy"] = "bid iron throne: 0\nbid fiefdoms: 0\nbid kings court: 5"
    played = play(state, subs, defaults=["tie"], phases=("westeros",))
    after = played.state
    assert after.holder("fiefdoms") == "martell"  # the Valyrian Steel Blade moved
    assert after.holder("kings_court") == "greyjoy"  # and the Messenger Raven
    assert after.star_limit("greyjoy") == 3
    assert after.star_limit("lannister") == 3  # 2nd on King's Court, 6 houses: 3
    assert after.star_limit(after.tracks["kings_court"][-1]) == 0


def test_instructions_for_what_is_not_held_yet_are_conditional() -> None:
    state = westeros_state({}, units={"winterfell": {"stark": ["footman"]}})
    understood = [
        str(i.understood)
        for i in RULESET.parse(
            state,
            "stark",
            "tie iron throne: stark, lannister\n"
            "muster Riverrun: footman\n"
            "reduce: footman in Riverrun\n"
            "a throne of blades: mustering\n"
            "put to the sword: no defense\n",
        )
    ]
    assert understood == [
        "tie iron throne: stark, lannister (used only if you hold the Iron Throne when asked)",
        "muster Riverrun: footman (used only if you hold Riverrun when asked)",
        "reduce: footman in Riverrun (used only if you hold Riverrun when asked)",
        "a throne of blades: mustering (used only if you hold the Iron Throne when asked)",
        "put to the sword: no defense (used only if you hold the Valyrian Steel Blade when asked)",
    ]
    held = RULESET.parse(state, "stark", "muster Winterfell: knight from footman")
    assert str(held[0].understood) == "muster Winterfell: knight from footman"


def test_ser_loras_follow_up_march_is_accepted_conditionally() -> None:
    position = six_player_position(
        phase="action",
        units={"the_reach": {"tyrell": ["knight", "knight"]}},
        orders={"the_reach": "march+1"},
    )
    state = RULESET.load_position(position, Dice(b"case", "case", 0))
    (march,) = RULESET.parse(state, "tyrell", "march Dornish Marches -> Three Towers")
    assert str(march.understood).endswith("(used only if you hold Dornish Marches when asked)")
    with pytest.raises(OrderErrors):  # a house without Ser Loras can never march from there
        RULESET.parse(state, "stark", "march Dornish Marches -> Three Towers")


@pytest.mark.parametrize(
    "line",
    [
        "bid iron throne: 3",
        "bid king's court: all",
        "tie fiefdoms: martell, stark",
        "reduce: footman in Winterfell, knight in Winterfell",
        "muster Winterfell: knight from footman; ship in Bay of Ice",
        "muster Winterfell: none",
        "a throne of blades: supply",
        "dark wings dark words: clash of kings",
        "put to the sword: no march +1",
    ],
)
def test_text_forms_round_trip(line: str) -> None:
    state = westeros_state({}, units={"winterfell": {"stark": ["footman", "knight"]}})
    state.tracks["iron_throne"] = ["stark", *[h for h in ALL if h != "stark"]]
    state.tracks["fiefdoms"] = list(state.tracks["iron_throne"])
    state.tracks["kings_court"] = list(state.tracks["iron_throne"])
    (first,) = RULESET.parse(state, "stark", line)
    (again,) = RULESET.parse(state, "stark", str(first.understood))
    assert (again.kind, again.key, again.value) == (first.kind, first.key, first.value)
    assert str(first.understood) == line


def test_the_westeros_phase_belongs_to_the_previous_rounds_mail() -> None:
    state = westeros_state({})
    assert RULESET.epoch(state) == "round-1"
    state.phase = "planning"
    assert RULESET.epoch(state) == "round-2"


def test_a_late_mail_to_an_ended_game_is_told_the_game_has_ended() -> None:
    state = westeros_state({})
    state.phase, state.winner = "ended", "lannister"
    assert RULESET.requests(state) == []
    with pytest.raises(OrderErrors) as caught:
        RULESET.parse(state, "stark", "Winterfell: march")
    assert "the game has ended (Lannister won); no more orders are taken" in str(caught.value)


def test_position_decks_round_trip_byte_for_byte() -> None:
    decks = {
        "westeros_1": ["Supply", "mustering"],
        "westeros_3": ["wildlings-attack", "Storm of Swords"],
        "wildlings": list(reversed(NINE)),
    }
    discards = {"westeros_2": ["clash-of-kings"]}
    state = westeros_state(decks, discards=discards)
    assert state.decks["westeros_1"] == ["supply", "mustering"]
    assert len(state.deck_discards["westeros_1"]) == 8  # listed: the rest is discarded
    assert len(state.decks["westeros_2"]) == 9  # not listed: shuffled from the rest
    assert state.decks["wildlings"][0] == "skinchanger-scout"
    exported = yaml.safe_dump(RULESET.export(state), sort_keys=False)
    again = RULESET.load_position(yaml.safe_load(exported), Dice(b"other", "x", 9))
    assert yaml.safe_dump(RULESET.export(again), sort_keys=False) == exported


def test_position_deck_faults_are_listed() -> None:
    with pytest.raises(PositionError) as caught:
        westeros_state(
            {"westeros_1": ["supply", "supply", "supply", "supply"], "westeros_9": []},
            discards={"wildlings": ["crow-killers"]},
        )
    faults = "\n".join(map(str, caught.value.faults))
    assert "decks.westeros_1: more copies of supply than the deck has" in faults
    assert "decks.westeros_9: unknown deck" in faults
    assert "decks.wildlings: the wildling deck always holds its 9 cards" in faults


def test_a_deck_not_given_is_shuffled_from_the_cards_not_discarded() -> None:
    state = westeros_state({}, discards={"westeros_1": ["supply", "winter-is-coming"]})
    assert len(state.decks["westeros_1"]) == 8
    assert state.decks["westeros_1"].count("supply") == 2
    assert "winter-is-coming" not in state.decks["westeros_1"]
    assert state.deck_discards["westeros_1"] == ["supply", "winter-is-coming"]


def test_deck_order_never_reaches_the_public_view() -> None:
    full = ["mustering"] * 3 + ["supply"] * 3 + ["a-throne-of-blades"] * 2
    full += ["last-days-of-summer", "winter-is-coming"]
    state = westeros_state({"westeros_1": full}, discards={"westeros_2": ["clash-of-kings"]})
    for player in (None, "stark"):
        view = RULESET.view(state, player)
        text = yaml.safe_dump(view)
        assert "decks" not in view and "mustering" not in text and "supply:" in text
        assert view["deck_sizes"]["westeros_1"] == 10
        assert view["deck_discards"]["westeros_2"] == ["clash-of-kings"]  # drawn: public


def test_export_in_the_middle_of_a_westeros_phase_resumes_it() -> None:
    state = westeros_state(
        {
            "westeros_1": ["last-days-of-summer"],
            "westeros_2": ["clash-of-kings"],
            "westeros_3": ["web-of-lies"],
        },
        units={"winterfell": {"stark": ["footman"]}},
    )
    played = play(state, {"stark": "bid iron throne: 2"}, phases=("westeros",))
    assert played.waiting and played.state.phase == "westeros"
    exported = yaml.safe_dump(RULESET.export(played.state), sort_keys=False)
    again = RULESET.load_position(yaml.safe_load(exported), Dice(b"other", "x", 1))
    assert yaml.safe_dump(RULESET.export(again), sort_keys=False) == exported
    assert [r.id for r in RULESET.requests(again)] == [r.id for r in RULESET.requests(played.state)]
    subs = {h: "bid iron throne: 1\nbid fiefdoms: 0\nbid king's court: 0" for h in ALL}
    subs["stark"] = "bid iron throne: 2\nbid fiefdoms: 0\nbid king's court: 0"
    resumed = play(again, subs, defaults=["tie"], phases=("westeros",))
    assert resumed.state.phase == "planning"
    assert resumed.state.tracks["iron_throne"][0] == "stark"
    assert resumed.state.power["stark"] == 3
