"""The typed records of a game in progress (the battle, the wildling attack, the open requests;
issue 22) save as the plain data the game file has always held, and a game saved by the
earlier code loads and plays on the same.

Combat (cards.yaml combat_sequence): a battle stopped at any stage resumes where it stood.
Wildlings Attack: an attack stopped at a request resumes where it stood.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from adjudicator.dice import Dice
from adjudicator.gamedir import dump_yaml, load_yaml_text
from adjudicator.requests import Event
from adjudicator.rulesets.westeros import RULESET, flow
from adjudicator.rulesets.westeros.battle import AbilityUsed, Battle, Loss
from adjudicator.rulesets.westeros.open_request import OpenRequest
from adjudicator.rulesets.westeros.position import PositionError
from adjudicator.rulesets.westeros.request_contexts import (
    CONTEXTS,
    CardChoice,
    CasualtiesChoice,
    SideChoice,
)
from adjudicator.rulesets.westeros.rules import action, choices, combat, westeros_phase
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.wildling_attack import AttackStep, WildlingAttack
from tests.rulesets.westeros.action.test_tides import battle_at_retreat
from tests.rulesets.westeros.harness import play
from tests.rulesets.westeros.test_wildling_cards import BID_ONE, DEFEAT_POWER, UNITS
from tests.rulesets.westeros.wildling_helpers import KINDS, attack, attack_state, units

OLD_BATTLE = {
    # As the earlier code saved a battle after Tyrion: keys in the order it set them.
    "n": 2,
    "area": "the_twins",
    "origin": "seagard",
    "attacker": "tyrell",
    "defender": "stark",
    "units": ["knight", "knight"],
    "march": "march+0",
    "stage": "retreat",
    "supports": {"riverrun": "defender"},
    "cards": {"attacker": "tyrion-lannister", "defender": "catelyn-stark"},
    "did": ["cancel"],
    "barred": ["eddard-stark"],
    "replacing": None,
    "abilities": [{"card": "tyrion-lannister", "house": "tyrell"}],
    "strength": {"attacker": {"units": 4}, "defender": {"units": 3}},
    "winner": "attacker",
    "loser": "defender",
}


def _saved(state: State) -> State:
    """The state written to the game file and read back, as a run between two runs does."""
    return State.from_data(load_yaml_text(dump_yaml(state.to_data())))


def test_an_old_saved_battle_loads_as_a_battle_and_saves_the_same_data() -> None:
    state = battle_at_retreat({"attacker": "zero", "defender": "zero"})
    data = state.to_data()
    data["action"]["battle"] = dict(OLD_BATTLE)
    restored = State.from_data(data)
    battle = restored.action["battle"]
    assert isinstance(battle, Battle)
    assert (battle.house_of("attacker"), battle.house_of("defender")) == ("tyrell", "stark")
    assert battle.barred == ["eddard-stark"] and battle.replacing is None
    assert battle.tides is None and battle.moved_in is None
    assert battle.abilities == [AbilityUsed("tyrion-lannister", "tyrell")]
    assert restored.to_data()["action"]["battle"] == OLD_BATTLE


def _fight(state: State, until: Callable[[], bool], events: list[Event]) -> None:
    for _ in range(10):
        if until():
            return
        combat.advance_battle(state, Dice(b"t", "t", 1), events)
    raise AssertionError("the battle did not get there")


def test_a_battle_saved_after_its_losses_reports_the_same_table() -> None:
    # Tides of Battle: a skull "destroys one of the opponent's units" (Stark's knight, never
    # its routed footman); the beaten Tyrell retreats to Seagard (Retreats). The battle's
    # table lists both, the same whether or not the game was saved between.
    state = battle_at_retreat({"attacker": "skull", "defender": "zero"})
    state.units["the_twins"]["stark"] = ["routed footman", "knight"]
    battle = state.action["battle"]
    battle.winner, battle.loser = "defender", "attacker"
    _fight(state, lambda: bool(battle.losses), [])
    assert battle.losses == [Loss("stark", ["knight"], "skull")]
    saved = _saved(state)
    assert saved.action["battle"].losses == battle.losses
    tables = []
    for fought in (state, saved):
        events: list[Event] = []
        _fight(fought, lambda s=fought: "battle" not in s.action, events)
        (ended,) = [e.data for e in events if e.kind == "battle_ended"]
        tables.append(ended)
    assert tables[0] == tables[1]
    assert tables[0]["losses"] == [{"house": "stark", "units": ["knight"], "reason": "skull"}]
    assert tables[0]["retreat"] == {
        "house": "tyrell", "to": "seagard", "units": ["knight", "knight"], "lost": []
    }  # fmt: skip


def test_a_battle_saved_at_its_retreat_plays_on_as_the_unsaved_one() -> None:
    # Rulebook, Combat: the beaten defender retreats; the saved battle must resume there.
    kept = battle_at_retreat({"attacker": "skull", "defender": "zero"})
    saved = _saved(kept)
    assert saved.to_data() == kept.to_data()
    for state in (kept, saved):
        combat.advance_battle(state, Dice(b"t", "t", 1), [])
    (asked,) = action.action_requests(kept)
    assert [(r.id, r.kind, r.player, r.context) for r in action.action_requests(saved)] == [
        (asked.id, "casualties", "stark", asked.context)
    ]
    (casualties,) = saved.action["open"]
    assert isinstance(casualties, OpenRequest) and casualties.summary == asked.summary
    # Tides of Battle: a skull "destroys one of the opponent's units"; the request keeps the
    # skull's reason and step, saved under the keys and in the order the earlier code wrote.
    skull = CasualtiesChoice.of(casualties)
    assert (skull.side, skull.count, skull.reason, skull.did) == (
        "defender", 1, "skull", "skull:attacker"
    )  # fmt: skip
    assert list(_saved(saved).to_data()["action"]["open"][0]["context"]) == [
        "battle", "area", "choices", "optional", "count", "side", "reason", "did"
    ]  # fmt: skip
    assert saved.to_data()["action"]["open"][0]["summary"]["text"] == asked.summary.msgid
    assert _saved(saved).to_data() == kept.to_data()


def test_an_old_open_request_with_a_plain_summary_loads_and_asks_the_same() -> None:
    # Combat, house cards: "both sides secretly choose a house card"; an older state kept
    # the summary as a plain string.
    state = battle_at_retreat({"attacker": "zero", "defender": "zero"})
    data = state.to_data()
    old = {
        "id": "r1/card/stark/1",
        "house": "stark",
        "kind": "card",
        "keys": ["the_twins"],
        "context": {
            "battle": 1,
            "area": "the_twins",
            "choices": ["eddard-stark", "robb-stark"],
            "optional": False,
            "side": "defender",
            "opponent": "tyrell",
        },
        "secret": True,
        "summary": "choose a house card",
    }
    data["action"]["open"] = [old]
    restored = State.from_data(data)
    (request,) = action.action_requests(restored)
    assert (request.id, request.player, request.kind, request.secret, request.summary) == (
        "r1/card/stark/1", "stark", "card", True, "choose a house card"
    )  # fmt: skip
    assert request.context == {**old["context"], "keys": ["the_twins"]}
    assert restored.to_data()["action"]["open"] == [old]
    card = CardChoice.of(restored.action["open"][0])
    assert (card.side, card.opponent, card.choices) == (
        "defender", "tyrell", ["eddard-stark", "robb-stark"]
    )  # fmt: skip


def test_an_old_request_context_with_a_key_no_longer_read_loads_without_it() -> None:
    # Combat, house cards: a key an earlier program wrote that no rule reads is passed over.
    state = battle_at_retreat({"attacker": "zero", "defender": "zero"})
    data = state.to_data()
    context = {"battle": 1, "area": "the_twins", "choices": ["use", "redraw"], "optional": True}
    old = {"id": "r1/blade/stark/1", "house": "stark", "kind": "blade", "keys": ["the_twins"]}
    old |= {"context": {**context, "side": "defender", "asked": 1}, "secret": False}
    data["action"]["open"] = [{**old, "summary": "use the Valyrian Steel Blade?"}]
    restored = State.from_data(data)
    blade = SideChoice.of(restored.action["open"][0])
    assert (blade.side, blade.choices, blade.optional) == ("defender", ["use", "redraw"], True)
    assert restored.to_data()["action"]["open"][0]["context"] == {**context, "side": "defender"}


def test_every_request_kind_names_the_record_its_context_is() -> None:
    # A saved request is read back by its kind: a kind without a record could not be loaded.
    kinds = {*action.KINDS, *westeros_phase.KINDS}
    assert kinds == set(CONTEXTS)
    assert CONTEXTS["card"] is CardChoice and CONTEXTS["robb"] is CONTEXTS["retreat"]


def test_a_request_opened_with_another_kinds_context_is_refused_where_it_opens() -> None:
    # Combat, house cards: a card request must say the side and the opponent, as a saved
    # game reads it back by its kind.
    state = battle_at_retreat({"attacker": "zero", "defender": "zero"})
    battle = state.action["battle"]
    blade = SideChoice(1, "the_twins", ["use"], True, side="defender")
    with pytest.raises(TypeError, match="card request carries CardChoice"):
        flow.open_request(state, "stark", "card", ["the_twins"], blade, "choose a card")
    with pytest.raises(TypeError, match="opponent"):
        choices.ask(state, "stark", "card", battle, ["eddard-stark"], False, "x", side="defender")
    assert state.action["open"] == []


def test_a_wildling_attack_saved_while_houses_reduce_plays_on_as_the_unsaved_one() -> None:
    # Rattleshirt's Raiders, defeat: "then, in turn order, every house over its new supply
    # limits destroys units until it complies"; the game waits for Stark's choice.
    supply = {"stark": 1, "lannister": 2, "baratheon": 2, "greyjoy": 2, "tyrell": 0, "martell": 2}
    state = attack_state("rattleshirts-raiders", units=UNITS, power=DEFEAT_POWER, supply=supply)
    kept = attack(state, BID_ONE, defaults=[k for k in KINDS if k != "reduce"]).state
    data = kept.to_data()["action"]["wildling_attack"]
    assert list(data) == [
        "strength", "houses", "again", "stage", "bids", "outcome", "bidder", "card", "queue"
    ]  # fmt: skip
    assert data["queue"] == [{"house": None, "role": "reduce", "answers": {}, "started": True}]
    saved = _saved(kept)
    restored = saved.action["wildling_attack"]
    assert isinstance(restored, WildlingAttack)
    assert restored.queue == [AttackStep(None, "reduce", {}, True)]
    assert (restored.card, restored.outcome, restored.bidder) == (
        "rattleshirts-raiders", "defeat", "martell"
    )  # fmt: skip
    assert saved.to_data() == kept.to_data()
    reduce = {"stark": "reduce: knight in Winterfell"}
    after_kept, after_saved = (play(s, reduce, defaults=KINDS) for s in (kept, saved))
    assert "wildling_attack" not in after_saved.state.action
    assert units(after_saved)["winterfell"] == {"stark": ["footman", "footman"]}
    assert after_saved.state.to_data() == after_kept.state.to_data()
    assert [e.kind for e in after_saved.events] == [e.kind for e in after_kept.events]


def test_a_westeros_phase_exported_during_a_wildling_attack_loads_as_it_stood() -> None:
    # Wildlings Attack: the bids are open; a GM's export -> new resumes the attack exactly.
    state = attack_state("silence-at-the-wall", units=UNITS, power=DEFEAT_POWER)
    waiting = attack(state, {}, defaults=()).state
    assert isinstance(waiting.action["wildling_attack"], WildlingAttack)
    position = RULESET.export(waiting)
    assert position["westeros_progress"]["wildling_attack"]["stage"] == "bids"
    loaded = RULESET.load_position(position, Dice(b"s", "g", 0))
    assert loaded.to_data() == waiting.to_data()
    assert isinstance(loaded.action["open"][0], OpenRequest)


def test_a_westeros_progress_with_a_broken_request_is_a_fault_naming_it() -> None:
    state = attack_state("silence-at-the-wall", units=UNITS, power=DEFEAT_POWER)
    position = RULESET.export(attack(state, {}, defaults=()).state)
    del position["westeros_progress"]["open"][0]["id"]
    with pytest.raises(PositionError) as caught:
        RULESET.load_position(position, Dice(b"s", "g", 0))
    assert [str(f) for f in caught.value.faults] == [
        "westeros_progress: written by export in a Westeros phase under way only"
    ]
