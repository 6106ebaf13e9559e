"""Issue 17, the player's round trip: whatever we print, pasted back, means the same.

A whole seeded bot game is played; every text a bot sends is read, and every line the
receipt echoes, said in English, Russian and Portuguese, is read back in the same position
and must give the same instruction. Every line is also sent spoiled (an unknown word where
a name or a choice goes), and every entry of the errors' `legal:` lists, said in the three
languages and written in place of the mistake, must be understood.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from adjudicator.bots import bot_source, play
from adjudicator.dice import Dice
from adjudicator.orders.errors import OrderErrors
from adjudicator.rulesets.westeros.language.action_lines import ACTION_VERBS
from adjudicator.rulesets.westeros.ruleset import RULESET
from adjudicator.rulesets.westeros.state import State
from adjudicator.text import say
from tests.rulesets.westeros.invariants import scenario

LANGS = ("en", "ru", "pt_BR")
GAME = "westeros"
SEEDS = (1, 3)
"""A 4-player game with Clash of Kings ports and a 6-player one, both with every decision
sent ahead (standing instructions): together they open every kind of request."""
MISTAKE = "zzqx"
VERBS = {*ACTION_VERBS, "raven", "bury", "bid", "tie", "reduce"}
"""First words of instruction lines; any other line starts with a name."""


@dataclass
class Trip:
    """What went wrong in one game: (language, line sent, what came back)."""

    echoes: list[tuple[str, str, object]] = field(default_factory=list)
    legal: list[tuple[str, str, str]] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)
    entries: int = 0
    seen: set[object] = field(default_factory=set)
    """(the spoiled line's form, its list) checked already: each list once per form."""


def _instructions(state: State, player: str, text: str) -> list[tuple[str, str, object]]:
    return [(i.kind, i.key, i.value) for i in RULESET.parse(state, player, text)]


def _check_echoes(state: State, player: str, text: str, trip: Trip) -> None:
    """Each echo read back alone (a house's orders as one set: they answer as one)."""
    parsed = RULESET.parse(state, player, text)
    orders = [i for i in parsed if i.kind == "orders"]
    groups = [[i] for i in parsed if i.kind != "orders"] + ([orders] if orders else [])
    for group in groups:
        trip.kinds.add(group[0].kind)
        want = [(i.kind, i.key, i.value) for i in group]
        for lang in LANGS:
            line = "\n".join(say(i.echo, lang, GAME) for i in group)
            try:
                got: object = _instructions(state, player, line)
            except OrderErrors as errors:
                got = str(errors)
            if got != want:
                trip.echoes.append((lang, line, got))


def _spoiled(line: str) -> list[str]:
    """The line with a mistake where each of its names or choices goes."""
    verb = line.split()[0] + " " if line.split()[0] in VERBS else ""
    head = re.escape(verb)
    out = {
        re.sub(r":.*", f": {MISTAKE}", line),
        re.sub(rf"^{head}[^:>-]+?(\s*(?:->|:))", rf"{verb}{MISTAKE}\1", line, count=1),
        re.sub(r"->[^:;]*", f"-> {MISTAKE}", line, count=1),
    }
    return sorted(out - {line})


def _same(message: object, spoiled: object, entry: str) -> bool:
    """Whether `message` is the spoiled line's error again, now about the entry."""
    if getattr(message, "msgid", message) != getattr(spoiled, "msgid", spoiled):
        return False
    quoted = str(getattr(message, "get", lambda key: "")("text") or "")
    return not quoted or quoted in entry or entry in quoted


def _check_legal(state: State, player: str, text: str, trip: Trip) -> None:
    for line in text.splitlines():
        for n, bad in enumerate(_spoiled(line)):
            try:
                RULESET.parse(state, player, bad)
                continue
            except OrderErrors as errors:
                (spoiled,) = [e for e in errors.errors if MISTAKE in e.text] or [None]
            if spoiled is None:
                continue
            listed = spoiled.alternatives
            form = (n, bad.split()[0], tuple(map(repr, listed)))
            if form in trip.seen:
                continue
            trip.seen.add(form)
            for entry in listed:
                trip.entries += 1
                for lang in LANGS:
                    said = say(entry, lang, GAME)
                    fixed = bad.replace(MISTAKE, said)
                    try:
                        RULESET.parse(state, player, fixed)
                    except OrderErrors as errors:
                        # An entry may be illegal for another reason (a token already
                        # used, a verb whose line reads otherwise), never the same mistake.
                        for error in errors.errors:
                            if error.text == fixed and _same(error.message, spoiled.message, said):
                                trip.legal.append((lang, fixed, str(error)))


def _play(seed: int, check: Callable[[State, str, str, Trip], None]) -> Trip:
    trip = Trip()
    bots = bot_source(RULESET, seed=seed, ahead=True)

    def source(state: State, player: str, step: int) -> str | None:
        text = bots(state, player, step)
        if text:
            check(state, player, text, trip)
        return text

    secret = f"whole-game-{seed}".encode()
    state = RULESET.new_game(scenario(seed), Dice(secret, "bots", 0))
    play(RULESET, state, source=source, secret=secret)
    return trip


@pytest.mark.parametrize("seed", SEEDS)
def test_every_echo_of_a_whole_game_reads_back_the_same_in_every_language(seed: int) -> None:
    trip = _play(seed, _check_echoes)
    assert {"orders", "march", "raid", "support", "consolidate", "card", "retreat"} <= trip.kinds
    assert {"bid", "muster", "raven"} <= trip.kinds
    assert trip.echoes == [], trip.echoes[:5]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_entry_of_a_whole_game_reads_back_in_every_language(seed: int) -> None:
    trip = _play(seed, _check_legal)
    assert trip.entries > 1000
    assert trip.legal == [], trip.legal[:5]
