"""The Messenger Raven: swap one order, or look at the top wildling card and maybe bury it."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import RULESET
from tests.rulesets.westeros.harness import play, six_player_position

ORDERS = {
    "lannisport": "march+0",
    "stoney_sept": "raid",
    "the_golden_sound": "support+0",
    "port_of_lannisport": "consolidate-power",
    "winterfell": "march+1",
}


def raven_position(**overrides):
    return six_player_position(phase="raven", orders=ORDERS, **overrides)


def test_swap_replaces_one_order_with_an_unused_token() -> None:
    # Rulebook, Messenger Raven: replace one of your placed orders with an unused one.
    played = play(raven_position(), {"lannister": "raven: Stoney Sept -> defense +1"})
    swap = next(e for e in played.events if e.kind == "raven_swap")
    assert swap.data == {
        "house": "lannister",
        "area": "stoney_sept",
        "old": "raid",
        "new": "defense+1",
    }
    assert played.state.phase == "action"
    assert played.state.orders["stoney_sept"] == "defense+1"


def test_swap_to_a_token_already_placed_is_refused_at_submission() -> None:
    played = play(raven_position(), {"lannister": "raven: Stoney Sept -> march +0"})
    assert "you have no unused March +0 token" in str(played.rejected["lannister"][0])
    assert [r.kind for r in played.waiting] == ["raven"]


def test_only_the_raven_holder_may_send_raven_instructions() -> None:
    played = play(raven_position(), {"stark": "raven: look"})
    assert "only the Messenger Raven holder (lannister)" in str(played.rejected["stark"][0])


def test_look_shows_the_card_privately_then_asks_whether_to_bury() -> None:
    state = RULESET.load_position(raven_position(), Dice(b"case", "case", 0))
    top = state.decks["wildlings"][0]
    played = play(state, {"lannister": "raven: look"})
    saw = next(e for e in played.events if e.kind == "raven_saw")
    assert (saw.public, saw.to, saw.data["card"]) == (False, "lannister", top)
    assert [r.kind for r in played.waiting] == ["bury"]
    assert RULESET.view(played.state, "lannister")["raven_look"] == top
    assert "raven_look" not in RULESET.view(played.state, None)
    assert "raven_look" not in RULESET.view(played.state, "stark")


def test_bury_puts_the_card_at_the_bottom() -> None:
    state = RULESET.load_position(raven_position(), Dice(b"case", "case", 0))
    top = state.decks["wildlings"][0]
    played = play(state, {"lannister": "raven: look\nbury: yes"})
    assert played.state.decks["wildlings"][-1] == top
    assert next(e for e in played.events if e.kind == "raven_bury").data["buried"] is True
    assert played.state.phase == "action"


def test_a_standing_bury_list_buries_only_the_cards_named() -> None:
    state = RULESET.load_position(raven_position(), Dice(b"case", "case", 0))
    top = state.decks["wildlings"][0]
    others = [c for c in ("crow-killers", "mammoth-riders", "the-horde-descends") if c != top]
    names = ", ".join(o.replace("-", " ") for o in others[:2])
    played = play(state, {"lannister": f"raven: look\nbury: {names}"})
    assert played.state.decks["wildlings"][0] == top
    assert next(e for e in played.events if e.kind == "raven_bury").data["buried"] is False


def test_nothing_sent_means_the_raven_does_nothing() -> None:
    played = play(raven_position(), {}, defaults=["raven"])
    assert "raven_none" in played.kinds()
