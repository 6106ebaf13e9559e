"""Bots: seeded random players, for demos, whole-game tests and benchmarks. Knows no game.

A ruleset provides ``bot(state, player, rng, ahead) -> str | None``: the order lines (no
header) that answer what `player` is asked now, plus with `ahead` standing instructions for
the rest of the round; None when nothing is asked of that player. Here are its two users:

- `write_bot_orders` (the `adjudicator bot` command) writes one order file per player into
  a game's inbox, with the `house:`/`password:` header a player would write. Passwords are
  stored only hashed, so the GM gives them once (`--passwords FILE`, the YAML of
  `new --passwords`); they are checked and kept in `.adjudicator/bot-passwords.yaml`
  (git-ignored, mode 600) for the next calls.
- `play` plays a whole game in memory (no files, no git) the way `engine.Game.advance`
  does: standing instructions answer requests; when the game would wait for a player, the
  bots of the waiting players submit (one "stop"), then defaults answer what is still open.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.dice import Dice
from adjudicator.requests import (
    Answer,
    AnswerSource,
    Event,
    Request,
    Submission,
    refs_used_by,
    standing_instructions,
)
from adjudicator.text import _l

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


class InMemoryGame:
    """Standing instructions and answers exactly as `engine.Game` keeps them, in memory."""

    def __init__(self, ruleset: Any, state: Any, secret: bytes, game_id: str) -> None:
        self.ruleset, self.state = ruleset, state
        self.secret, self.game_id = secret, game_id
        self.submissions: list[Submission] = []
        self.used: set[str] = set()
        self.step = 1
        self.count = 0
        """Submissions ever made: ids stay unique after expired ones are dropped."""

    def submit(self, player: str, text: str) -> None:
        """Parse and keep a submission (raises `OrderErrors` as the engine rejects it)."""
        instructions = self.ruleset.parse(self.state, player, text)
        self.count += 1
        sub_id = f"{self.count:04d}-{player}"
        instructions = tuple(_with_submission(i, sub_id) for i in instructions)
        epoch = self.ruleset.epoch(self.state)
        self.submissions.append(
            Submission(sub_id, player, "", sub_id, "", epoch, self.step, text, instructions)
        )

    def collect(self, requests: list[Request]) -> tuple[dict[str, Answer], list[Request]]:
        """Answers from standing instructions, and the requests nobody has answered."""
        answers: dict[str, Answer] = {}
        missing = []
        for request in requests:
            if not request.player:
                answers[request.id] = Answer(request.id, None, AnswerSource.AUTOMATIC)
                continue
            standing = standing_instructions(self.submissions, request.player, self.used)
            choice = self.ruleset.answer(self.state, request, standing)
            if choice.instruction is None and not request.wait:
                # As the engine: a request never waited for takes its default at once.
                dice = Dice(self.secret, f"{self.game_id}/defaults", self.step)
                value = self.ruleset.default(self.state, request, dice)
                answers[request.id] = Answer(request.id, value, AnswerSource.DEFAULT)
                continue
            if choice.instruction is None:
                missing.append(request)
                continue
            self.used.update(i.ref for i in choice.uses)
            ins = choice.instruction
            answers[request.id] = Answer(
                request.id, choice.value, AnswerSource.INSTRUCTION, ins.line, ins.submission
            )
        return answers, missing

    def mark_used(self, answers: dict[str, Answer]) -> None:
        """As the engine does: the chosen line is used; a set of orders is used whole."""
        for answer in answers.values():
            if answer.source is AnswerSource.INSTRUCTION:
                self.used.update(refs_used_by(answer, self.submissions))

    def advance(self, answers: dict[str, Answer]) -> list[Event]:
        epoch = self.ruleset.epoch(self.state)
        events = self.ruleset.step(self.state, answers, Dice(self.secret, self.game_id, self.step))
        self.step += 1
        if self.ruleset.epoch(self.state) != epoch:
            # The epoch ended: its instructions are spent (engine.Game._expire).
            spent = {i.ref for s in self.submissions if s.epoch == epoch for i in s.instructions}
            self.submissions = [s for s in self.submissions if s.epoch != epoch]
            self.used -= spent
        return events


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
    game = InMemoryGame(ruleset, state, secret, game_id)
    stats = PlayStats()
    for _ in range(max_steps):
        requests = ruleset.requests(state)
        if not requests:
            stats.ended = True
            return stats
        answers, missing = game.collect(requests)
        if missing:
            stats.stops[ruleset.epoch(state)] += 1
            for player in dict.fromkeys(r.player for r in missing):
                text = source(state, player, game.step)
                if text:
                    game.submit(player, text)
                    stats.submissions += 1
            answers, missing = game.collect(requests)
            dice = Dice(secret, game_id + "/defaults", game.step)
            for request in missing:
                stats.defaults[request.kind] += 1
                value = ruleset.default(state, request, dice)
                answers[request.id] = Answer(request.id, value, AnswerSource.DEFAULT)
        game.mark_used(answers)
        events = game.advance(answers)
        stats.steps += 1
        if check is not None:
            check(state, events)
    raise RuntimeError(f"the game did not end in {max_steps} steps")


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
    from adjudicator import engine
    from adjudicator.gamedir import GameError, atomic_write

    written = []
    with engine.open_game(path) as game:
        passwords = _bot_passwords(game, passwords_file)
        players = game.ruleset.players(game.state)
        if house is not None:
            if house.lower() not in players:
                absent = _l(
                    "'%(house)s' does not play; players: %(players)s",
                    house=house,
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
                    player=player,
                    dir=str(path),
                )
                raise GameError(unknown)
            rng = bot_dice(seed, game.meta["id"], player, game.step)
            text = game.ruleset.bot(game.state, player, rng, ahead)
            if text is None:
                continue
            target = game.dir.inbox / f"bot-{game.step:04d}-{player}.txt"
            header = f"house: {player}\npassword: {passwords[player]}\n"
            atomic_write(target, header + text)
            written.append(target)
    return written


def _is_waited_for(game: Any, player: str) -> bool:
    """Whether `player` is asked something now that no standing instruction answers."""
    for request in game.ruleset.requests(game.state):
        if request.player != player:
            continue
        standing = standing_instructions(game.submissions, player, game.used)
        if game.ruleset.answer(game.state, request, standing).instruction is None:
            return True
    return False


def _bot_passwords(game: Any, given: Path | None) -> dict[str, str]:
    """The players' passwords: from `given` (checked, then kept privately) or as kept."""
    from adjudicator.auth import verify_password
    from adjudicator.gamedir import GameError, atomic_write, dump_yaml, load_yaml

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


def _with_submission(instruction: Any, sub_id: str) -> Any:
    from dataclasses import replace

    return replace(instruction, submission=sub_id)
