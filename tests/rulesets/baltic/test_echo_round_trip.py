"""The player's round trip in whole baltic games (13.2-13.4; issue 20): whatever a receipt
echoes, pasted back, means the same.

Seeded bots play Poltava and the Grand Campaign through to their end, sending standing lines
ahead; every text a bot sends is read, and its receipt's echo, said in English, Russian and
Portuguese, is read back in the same position: the action lines must give the same actions,
and each standing line the same key and value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from adjudicator.bots import bot_source, play
from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.requests import Instruction
from adjudicator.rulesets.baltic.echo import STANDING
from adjudicator.rulesets.baltic.ruleset import RULESET
from adjudicator.rulesets.baltic.state import State
from adjudicator.text import say

LANGS = ("en", "ru", "pt_BR")
GAMES = [("poltava", 1), ("poltava", 2), ("grand_campaign", 1)]
"""(scenario, seed): a whole Grand Campaign sends every kind of standing line but `reform`
(the bots' reform waits for its year; test_standing_echo reads every kind)."""


@dataclass
class Trip:
    """What one game sent, and what did not come back the same: (language, echo, got)."""

    wrong: list[tuple[str, str, object]] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    """The standing-line kinds (`echo.STANDING`) the bots sent."""
    actions: set[str] = field(default_factory=set)
    as_written: list[str] = field(default_factory=list)
    """Lines echoed as the bot wrote them (English in a Russian receipt): none may be."""


def _meaning(instructions: list[Instruction]) -> list[tuple[str, str, Any]]:
    """What a submission means: the action lines without their text and line numbers, and
    each standing line's key and value (its text is the player's words)."""
    found = []
    for i in instructions:
        if i.kind == "orders":
            lines = [
                {k: v for k, v in line.items() if k not in ("text", "line")}
                for line in i.value["lines"]
            ]
            found.append((i.kind, i.key, lines))
        else:
            found.append((i.kind, i.key, i.value["value"]))
    return found


def _pasted(instructions: list[Instruction], lang: str) -> str:
    """The receipt's echo as a player pastes it back: the numbered action lines without
    their heading, then the standing lines."""
    lines = []
    for i in instructions:
        said = say(i.echo, lang, "baltic")
        if i.kind == "orders" and i.value["lines"]:
            lines += [line.split(". ", 1)[1] for line in said.splitlines()[1:]]
        elif i.kind != "orders":
            lines.append(said)
    return "\n".join(lines) or say(instructions[0].echo, lang, "baltic")


def _check(state: State, player: str, text: str, trip: Trip) -> None:
    sent = RULESET.parse(state, player, text)
    want = _meaning(sent)
    trip.kinds |= {i.key.split("|")[0] for i in sent if i.kind == "standing"}
    trip.actions |= {line["action"] for i in sent[:1] for line in i.value["lines"]}
    trip.as_written += [i.text for i in sent if isinstance(i.echo, str)]
    for lang in LANGS:
        pasted = _pasted(sent, lang)
        try:
            got: object = _meaning(RULESET.parse(state, player, pasted))
        except OrderErrors as errors:
            got = str(errors)
        if got != want:
            trip.wrong.append((lang, pasted, got))


def _play(scenario: str, seed: int) -> Trip:
    trip = Trip()
    bots = bot_source(RULESET, seed=seed, ahead=True)

    def source(state: State, player: str, step: int) -> str | None:
        text = bots(state, player, step)
        if text:
            _check(state, player, text, trip)
        return text

    secret = f"echo-round-trip-{seed}".encode()
    state = RULESET.new_game({"options": {"scenario": scenario}}, Dice(secret, "bots", 0))
    play(RULESET, state, source=source, secret=secret)
    return trip


@pytest.mark.parametrize(("scenario", "seed"), GAMES)
def test_13_2_every_echo_of_a_whole_game_reads_back_the_same_in_every_language(
    scenario: str, seed: int
) -> None:
    trip = _play(scenario, seed)
    assert trip.wrong == [], trip.wrong[:5]
    assert trip.as_written == []
    assert {"move", "siege", "recon", "reinforce", "politics"} <= trip.actions
    assert {"battle", "hit_order", "retreat", "forage", "offer", "truce"} <= trip.kinds
    if scenario == "grand_campaign":
        assert set(STANDING) - trip.kinds == {"reform"}
