"""Westeros' event kinds, declared with who may see each field (`reported.py`): every event
seeded bot games emit is declared and has its prose, a secret field never reaches the public
report, and an undeclared kind or field is refused when it is emitted."""

from __future__ import annotations

import pytest

from adjudicator import render
from adjudicator.bots import bot_source, play
from adjudicator.dice import Dice
from adjudicator.requests import Event
from adjudicator.rulesets.audience import See, UndeclaredEvent
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.flow import emit, emit_private
from adjudicator.rulesets.westeros.reported import EVENTS
from tests.rulesets.westeros.harness import play as play_case
from tests.rulesets.westeros.invariants import scenario
from tests.rulesets.westeros.test_raven import raven_position

SEEDS = (0, 13)
"""3 players without Tides of Battle; 4 with it and the Clash of Kings ports (`scenario`)."""


def bot_game_events(seed: int) -> list[Event]:
    """Every event (public and private) of a whole seeded bot game."""
    secret = f"whole-game-{seed}".encode()
    state = RULESET.new_game(scenario(seed), Dice(secret, "bots", 0))
    events: list[Event] = []
    play(
        RULESET,
        state,
        source=bot_source(RULESET, seed=seed, ahead=seed % 2 == 1),
        secret=secret,
        check=lambda _state, step: events.extend(step),
    )
    return events


@pytest.mark.parametrize("seed", SEEDS)
def test_every_event_of_a_bot_game_is_declared_typed_and_public_only_where_declared(
    seed: int,
) -> None:
    events = bot_game_events(seed)
    assert {e.kind for e in events} >= {"orders_revealed", "battle_ended", "round_ended"}
    for event in events:
        declared = EVENTS.declaration(event.kind, event.data)
        assert event.shape == declared.shape, event
        assert declared.mistyped(event.data) == [], event
        assert render.has_event_macro("westeros", event.kind, event.shape), event
        if event.public:
            assert all(declared.see[k] is See.PUBLIC for k in event.data), event


def test_every_declared_kind_and_shape_has_its_macro() -> None:
    missing = [
        (kind, d.shape)
        for kind, shapes in EVENTS.shapes.items()
        for d in shapes
        if not render.has_event_macro("westeros", kind, d.shape)
    ]
    assert missing == []


def test_each_ability_shape_is_told_by_its_fields_and_rendered_by_its_own_macro() -> None:
    events: list[Event] = []
    where = {"card": "tyrion-lannister", "house": "lannister", "area": "winterfell"}
    emit(events, "ability", **where, cancelled="eddard-stark")
    emit(events, "ability", **where, power=2, replacement="the-blackfish")
    emit(events, "ability", **where, power=2)
    assert [e.shape for e in events] == ["cancels", "replaces", "gains_power"]
    say = render.environment("westeros", "md", "en").globals["event"]
    assert [say(e) for e in events] == [
        "*Tyrion Lannister* (Lannister) cancels Eddard Stark.",
        "*Tyrion Lannister* (Lannister): pays 2 power and plays The Blackfish.",
        "*Tyrion Lannister* (Lannister) gains 2 power.",
    ]


def test_the_card_the_raven_saw_never_reaches_the_public_report() -> None:
    # Rulebook, Messenger Raven: the holder looks at the top wildling card in secret.
    state = RULESET.load_position(raven_position(), Dice(b"case", "case", 0))
    top = state.decks["wildlings"][0]
    played = play_case(state, {"lannister": "raven: look"})
    say = render.environment("westeros", "md", "en").globals["event"]
    card = render.environment("westeros", "md", "en").globals["name"](top)
    public = " ".join(say(e) for e in played.events if e.public)
    assert "Messenger Raven" in public and card not in public
    assert card in " ".join(say(e) for e in played.events if e.to == "lannister")


def test_a_secret_field_emitted_publicly_by_mistake_goes_to_its_house_only() -> None:
    events: list[Event] = []
    emit(events, "raven_saw", house="lannister", card="mammoth-riders")
    assert [(e.public, e.to, e.data) for e in events] == [
        (True, None, {"house": "lannister"}),
        (False, "lannister", {"house": "lannister", "card": "mammoth-riders"}),
    ]


def test_a_rule_that_builds_a_public_event_with_a_secret_is_stopped() -> None:
    leak = Event("raven_saw", {"house": "lannister", "card": "mammoth-riders"})
    with pytest.raises(UndeclaredEvent, match=r"not declared public: \['card'\]"):
        EVENTS.check(leak)


def test_a_value_of_the_wrong_type_is_found() -> None:
    declared = EVENTS.declaration("consolidated", ("house", "area", "power", "capped"))
    data = {"house": "stark", "area": "winterfell", "power": "2", "capped": 0}
    assert declared.mistyped(data) == ["power: str given, int declared"]


def test_an_undeclared_kind_or_field_is_refused_when_emitted() -> None:
    events: list[Event] = []
    with pytest.raises(UndeclaredEvent, match="'raven_peek' is not declared"):
        emit(events, "raven_peek", house="lannister")
    with pytest.raises(UndeclaredEvent, match="'raven_look' with fields"):
        emit(events, "raven_look", house="lannister", card="mammoth-riders")
    with pytest.raises(UndeclaredEvent, match="'tides_drawn' with fields"):
        emit_private(events, "stark", "tides_drawn", area="winterfell")
    assert events == []
