"""Bots: seeded random players, for demos, whole-game tests and benchmarks. Knows no game.

A ruleset provides ``bot(state, player, rng, ahead) -> str | None``: the order lines (no
header) that answer what `player` is asked now, plus with `ahead` standing instructions for
the rest of the round; None when nothing is asked of that player. Here are its two users:

- `write_bot_orders` (the `adjudicator bot` command) writes one order file per player into
  a game's inbox, with the `house:`/`password:` header a player would write. Passwords are
  stored only hashed, so the GM gives them once (`--passwords FILE`, the YAML of
  `new --passwords`); they are checked and kept in `.adjudicator/bot-passwords.yaml`
  (git-ignored, mode 600) for the next calls.
- `play` plays a whole game in memory (no files, no git) on the engine's own loop
  (`table.advance`): standing instructions answer requests; when the game would wait for a
  player, the bots of the waiting players submit (one "stop"), then defaults answer what is
  still open.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator import engine
from adjudicator.auth import verify_password
from adjudicator.dice import Dice
from adjudicator.gamedir import GameError, atomic_write, dump_yaml, load_yaml
from adjudicator.requests import Event, Request
from adjudicator.table import (
    Ledger,
    Policy,
    Resolved,
    Runaway,
    Table,
    Verdict,
    advance,
    submit,
)
from adjudicator.text import Name, _l

PASSWORDS_FILE = "bot-passwords.yaml"
"""Under the game's private folder: the bots' passwords, in clear (never committed)."""


def bot_dice(seed: int, game_id: str, player: str, step: int) -> Dice:
    """The bot's own stream: the same seed, game, player and step give the same orders."""
    return Dice(f"bot:{seed}".encode(), f"{game_id}/bot/{player}", step)


# -- whole games in memory --------------------------------------------------------------------
@dataclass
class PlayStats:
    """What a game played in memory did."""

    steps: int = 0
    stops: Counter[str] = field(default_factory=Counter)
    """Epoch (round) -> how many times the game stopped to wait for players."""
    submissions: int = 0
    defaults: Counter[str] = field(default_factory=Counter)
    """Request kind -> answers that had to come from the defaults (bots gave nothing legal)."""
    ended: bool = False


Source = Callable[[Any, str, int], "str | None"]
"""(state, player, step) -> the order text a player sends when the game waits for it."""
Check = Callable[[Any, list[Event]], None]


class Bots(Policy):
    """A game played in memory: when it would wait, the waiting players' bots send their
    texts (one stop), and defaults answer whatever is still open."""

    def __init__(self, source: Source, stats: PlayStats, check: Check | None) -> None:
        self.source, self.stats, self.check = source, stats, check

    def missing(self, table: Table, missing: list[Request], attempt: int) -> Verdict:
        if attempt:
            self.stats.defaults.update(r.kind for r in missing)
            return Verdict.DEFAULTS
        self.stats.stops[table.ruleset.epoch(table.state)] += 1
        for player in dict.fromkeys(r.player for r in missing):
            text = self.source(table.state, player, table.ledger.step)
            if text:
                submit(table, player, text)
                self.stats.submissions += 1
        return Verdict.AGAIN

    def resolved(self, table: Table, resolved: Resolved) -> None:
        self.stats.steps += 1
        if self.check is not None:
            self.check(table.state, list(resolved.events))


def in_memory(ruleset: Any, state: Any, secret: bytes, game_id: str) -> Table:
    """A table with no files behind it: the dice of `secret` and `game_id` as the engine
    draws them, and submissions dropped when their epoch ends."""

    def dice(purpose: str, step: int) -> Dice:
        return Dice(secret, game_id + purpose, step)

    return Table(ruleset, state, Ledger(), dice, keep_spent=False, reported=False)


def play(
    ruleset: Any,
    state: Any,
    *,
    source: Source,
    secret: bytes = b"bots",
    game_id: str = "bots",
    check: Check | None = None,
    max_steps: int = 50_000,
) -> PlayStats:
    """Play until the game asks nothing more. `check(state, events)` runs after each step."""
    table = in_memory(ruleset, state, secret, game_id)
    stats = PlayStats()
    try:
        advance(table, Bots(source, stats, check), max_steps=max_steps, record=False)
    except Runaway:
        raise RuntimeError(f"the game did not end in {max_steps} steps") from None
    stats.ended = True
    return stats


def bot_source(ruleset: Any, *, seed: int = 0, ahead: bool = False, game_id: str = "bots"):
    """A `Source` of bots: each player's text from `ruleset.bot` with its own dice."""

    def source(state: Any, player: str, step: int) -> str | None:
        return ruleset.bot(state, player, bot_dice(seed, game_id, player, step), ahead)

    return source


# -- the `bot` command ----------------------------------------------------------------------
def write_bot_orders(
    path: Path | str,
    *,
    house: str | None = None,
    seed: int = 0,
    ahead: bool = False,
    passwords_file: Path | None = None,
) -> list[Path]:
    """Write an order file into the inbox for each player asked now (or for `house`).

    Players whose standing instructions already answer what they are asked are left out.
    Returns the files written. Raises `GameError` with what to do when a password is missing.
    """
    written = []
    with engine.open_game(path) as game:
        passwords = _bot_passwords(game, passwords_file)
        players = game.ruleset.players(game.state)
        if house is not None:
            if house.lower() not in players:
                absent = _l(
                    "'%(player)s' does not play; players: %(players)s",
                    player=house,
                    players=tuple(players),
                )
                raise GameError(absent)
            players = [house.lower()]
        else:
            players = [p for p in players if _is_waited_for(game, p)]
        for player in players:
            if player not in passwords:
                unknown = _l(
                    "no password for %(player)s: run 'adjudicator bot %(dir)s --passwords FILE' "
                    "with the YAML file 'player: password' given to 'new --passwords'",
                    player=Name(player, player),  # «для Ланнистера»; English: the id
                    dir=str(path),
                )
                raise GameError(unknown, game=game.meta["game"])
            rng = bot_dice(seed, game.meta["id"], player, game.step)
            text = game.ruleset.bot(game.state, player, rng, ahead)
            if text is None:
                continue
            target = game.dir.inbox / f"bot-{game.step:04d}-{player}.txt"
            header = f"house: {player}\npassword: {passwords[player]}\n"
            atomic_write(target, header + text)
            written.append(target)
    return written


def _is_waited_for(game: engine.Game, player: str) -> bool:
    """Whether `player` is asked something now that no standing instruction answers."""
    for request in game.ruleset.requests(game.state):
        if request.player != player:
            continue
        standing = game.ledger.standing(player)
        if game.ruleset.answer(game.state, request, standing).instruction is None:
            return True
    return False


def _bot_passwords(game: engine.Game, given: Path | None) -> dict[str, str]:
    """The players' passwords: from `given` (checked, then kept privately) or as kept."""
    kept = game.dir.private / PASSWORDS_FILE
    if given is None:
        if not kept.exists():
            return {}
        stored = load_yaml(kept, _l("the bot passwords")) or {}
        return {str(k): str(v) for k, v in stored.items()}
    data = load_yaml(given, _l("the passwords file"))
    if not isinstance(data, dict):
        mapping = _l("%(file)s: expected a YAML mapping 'player: password'", file=str(given))
        raise GameError(mapping)
    passwords = {str(k).lower(): str(v) for k, v in data.items()}
    for player, password in sorted(passwords.items()):
        record = game.players.get(player)
        if record is None or not verify_password(password, record.get("password", "")):
            wrong = _l(
                "%(file)s: the password of '%(player)s' does not match game.yaml",
                file=str(given),
                player=player,
            )
            raise GameError(wrong)
    atomic_write(kept, dump_yaml(passwords))
    os.chmod(kept, 0o600)
    return passwords
