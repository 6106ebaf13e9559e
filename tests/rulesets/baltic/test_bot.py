"""The bot hook: random but legal orders, seeded, only when its side is asked."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.requests import Answer, AnswerSource
from adjudicator.rulesets.baltic.ruleset import RULESET


def started(seed: int = 1):
    state = RULESET.new_game({"scenario": "poltava"}, Dice(b"bot-test", "g", 0))
    (request,) = [r for r in RULESET.requests(state) if not r.player]
    RULESET.step(
        state,
        {request.id: Answer(request.id, None, AnswerSource.AUTOMATIC)},
        Dice(b"bot-test", "g", seed),
    )
    return state


def test_bot_answers_only_the_side_whose_orders_are_awaited():
    state = started()
    asked = [r.player for r in RULESET.requests(state) if r.kind == "orders"]
    (active,) = asked
    idle = "coalition" if active == "sweden" else "sweden"
    assert RULESET.bot(state, idle, Dice(b"s", "bot", 1), True) is None
    text = RULESET.bot(state, active, Dice(b"s", "bot", 1), False)
    assert text is not None
    parsed = RULESET.parse(state, active, text)  # raises if anything were illegal
    orders = [i for i in parsed if i.kind == "orders"]
    assert len(orders) == 1
    assert [i for i in parsed if i.kind == "standing"] == []  # not ahead: action lines only
    assert len(orders[0].value["lines"]) <= state.ap[active]


def test_bot_is_seeded_and_its_standing_lines_read():
    state = started()
    (active,) = [r.player for r in RULESET.requests(state) if r.kind == "orders"]
    first = RULESET.bot(state, active, Dice(b"s", "bot", 2), True)
    assert first == RULESET.bot(state, active, Dice(b"s", "bot", 2), True)
    others = {RULESET.bot(state, active, Dice(b"s", "bot", n), True) for n in range(3, 9)}
    assert len(others) > 1
    parsed = RULESET.parse(state, active, first)
    assert any(i.kind == "standing" for i in parsed)
