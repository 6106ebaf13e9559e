"""The contract between the engine and a game, and where the games are found.

The engine never names a game; a ruleset never touches files, mail, git or templates.
A ruleset is a pure, deterministic function of (state, submissions, rng): the same state,
answers and dice always give the same new state and events. Only `step` mutates a state.

A new game is added by writing ``rulesets/<game>/``, ``games/<game>/`` and
``templates/<game>/``: a subpackage here is a game (`known_games`), no list names it.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Protocol

from adjudicator.dice import Dice
from adjudicator.gamedir import GameError
from adjudicator.requests import Answer, Choice, Event, Instruction, Request
from adjudicator.text import N_, Text, _l, say

RULESETS: dict[str, str] = {}
"""Game name -> module that defines ``RULESET``, for a game kept outside the package (the
tests' example game registers itself here); the package's games are its subpackages."""


def known_games() -> dict[str, str]:
    """Every game's name -> the module that defines its ``RULESET`` (imported only when the
    game is played): each subpackage of `adjudicator.rulesets`, by name, then `RULESETS`."""
    # importlib.resources, not pkgutil: every run asks, and pkgutil costs a few ms to import.
    here = resources.files(__name__).iterdir()
    found = sorted(e.name for e in here if e.joinpath("__init__.py").is_file())
    return {name: f"{__name__}.{name}" for name in found} | RULESETS


class PositionError(ValueError):
    """A position file (or scenario) with faults, every one listed as 'path: problem'.

    A fault is a `Text` (said in the GM's language by `say`) or a str (English only);
    ``str(fault)`` is the English sentence, the message of the exception. Both games raise
    it (`new`, `--position`, `--option`).
    """

    def __init__(self, faults: list[str | Text]) -> None:
        self.faults = faults
        super().__init__("the position has faults:\n  " + "\n  ".join(map(str, faults)))

    def say(self, lang: str, game: str | None, heading: Text | None = None) -> str:
        """Every fault in `lang`, names in `game`'s words, under one heading: 'the
        position has faults:' unless the caller knows better (`new`'s options, no file)."""
        lines = [say(fault, lang, game) for fault in self.faults]
        head = heading or _l("the position has faults:")
        return head.say(lang, game) + "\n  " + "\n  ".join(lines)


class Ruleset(Protocol):
    """What a game must provide. ``State`` is the ruleset's own object.

    Three attributes are optional, read with their default when absent:
    ``secret_submissions`` (True: nothing of a submission is archived before the game ends),
    ``whole_kinds`` (the instruction kinds spent as one set when one of them answers, as
    a set of orders; none by default) and ``passed_over(state, player) -> list[Text]`` (the
    player's standing lines the rules passed over inside their steps lately (the ruleset says
    how long), each with why, as `text.Text`s: the reminders list them; a ruleset whose lines
    are all checked in `answer` needs none, `Choice.skipped` tells those).
    """

    name: str

    def new_game(self, scenario: Mapping[str, Any], rng: Dice) -> Any:
        """A fresh game from a scenario (e.g. ``{"players": 6, "options": {...}}``).

        Raises `PositionError` for an impossible scenario.
        """

    def players(self, state: Any) -> list[str]:
        """The ids of those who play (houses, nations), in a fixed order."""

    def requests(self, state: Any) -> list[Request]:
        """What is awaited now, from whom. Empty only when the game has ended."""

    def parse(self, state: Any, player: str, text: str) -> list[Instruction]:
        """Read a submission's order lines. Raises `OrderErrors` with every error."""

    def answer(self, state: Any, request: Request, instructions: Sequence[Instruction]) -> Choice:
        """Pick the player's instruction that answers `request` legally now, if any."""

    def default(self, state: Any, request: Request, rng: Dice) -> Any:
        """The answer's value when nothing came before the deadline (NMR)."""

    def step(self, state: Any, answers: Mapping[str, Answer], rng: Dice) -> list[Event]:
        """Apply the answers to every open request and advance until new requests open."""

    def bot(self, state: Any, player: str, rng: Dice, ahead: bool) -> str | None:
        """A random legal answer to what `player` is asked now, as order lines (no header);
        with `ahead` also standing instructions for the rest of the round. None when nothing
        is asked of `player`. Used by `adjudicator bot`, whole-game tests and benchmarks."""

    def epoch(self, state: Any) -> str:
        """The span standing instructions live for (a round); they expire when it changes."""

    def view(self, state: Any, player: str | None) -> dict[str, Any]:
        """What `player` (None: the public) may see; built by whitelisting fields."""

    def load_position(self, data: Mapping[str, Any], rng: Dice) -> Any:
        """A GM's position file -> state. Raises `PositionError` listing every fault."""

    def export(self, state: Any) -> dict[str, Any]:
        """State -> position file; ``load_position(export(s))`` gives the same export."""

    def save(self, state: Any) -> dict[str, Any]:
        """The whole state, secrets included, as plain data (kept out of git)."""

    def restore(self, data: Mapping[str, Any]) -> Any:
        """The inverse of `save`."""


class UnknownGame(GameError):
    """No ruleset by that name."""


UNKNOWN_GAME = N_("unknown game '%(name)s'; known games: %(known)s.")
UNKNOWN_GAME_CLOSE = N_(
    "unknown game '%(name)s'; known games: %(known)s. Did you mean '%(close)s'?"
)


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called `name`, imported on first use.

    Raises `UnknownGame` naming the known games and the closest match.
    """
    games = known_games()
    module = games.get(name.lower())
    if module is None:
        known = ", ".join(sorted(games))
        close = difflib.get_close_matches(name.lower(), games, n=1)
        fields = {"name": name, "known": known}
        unknown = (
            _l(UNKNOWN_GAME_CLOSE, **fields, close=close[0])
            if close
            else _l(UNKNOWN_GAME, **fields)
        )
        raise UnknownGame(unknown)
    return importlib.import_module(module).RULESET
