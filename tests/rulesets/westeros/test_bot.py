"""The westeros bots: every request kind the ruleset opens has a bot answer, and bot text is
what the parser reads back (the round trip is checked on every answer of whole games in
test_whole_games.py; here the coverage of kinds and the line forms)."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.rulesets.westeros import RULESET
from adjudicator.rulesets.westeros.bots.lines import TOKEN_WORDS
from adjudicator.rulesets.westeros.bots.play import PROPOSERS
from adjudicator.rulesets.westeros.language.planning_lines import parse_token
from adjudicator.rulesets.westeros.rules import action, westeros_phase


def test_bots_answer_every_request_kind_of_the_ruleset() -> None:
    kinds = {*action.KINDS, *westeros_phase.KINDS, "orders", "raven", "bury"}
    assert kinds <= set(PROPOSERS), sorted(kinds - set(PROPOSERS))


def test_every_order_token_is_written_as_the_parser_reads_it() -> None:
    for token, text in TOKEN_WORDS.items():
        assert parse_token(text).text() == token


def test_bot_orders_answer_the_planning_request_and_ahead_adds_standing_instructions() -> None:
    state = RULESET.new_game({"players": 4}, Dice(b"t", "t", 0))
    plain = RULESET.bot(state, "stark", Dice(b"bot", "stark", 1), ahead=False)
    ahead = RULESET.bot(state, "stark", Dice(b"bot", "stark", 1), ahead=True)
    (request,) = [r for r in RULESET.requests(state) if r.player == "stark"]
    for text in (plain, ahead):
        instructions = RULESET.parse(state, "stark", text)
        assert RULESET.answer(state, request, instructions).instruction is not None
    kinds = {i.kind for i in RULESET.parse(state, "stark", ahead)}
    assert {"orders", "card", "retreat", "bid", "wildling-bid", "muster"} <= kinds
    assert {i.kind for i in RULESET.parse(state, "stark", plain)} == {"orders"}


def test_a_bot_is_asked_nothing_when_nothing_is_asked_of_its_house() -> None:
    state = RULESET.new_game({"players": 3}, Dice(b"t", "t", 0))
    assert RULESET.bot(state, "martell", Dice(b"bot", "martell", 1), ahead=True) is None
