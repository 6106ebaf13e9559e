"""`adjudicator check`: what a run would answer to one order text, with nothing changed.

A GM asked on a forum "is this right?" pastes the player's post into a file and gets the
very receipt (or the very errors) the player would get, in the player's language: the text
goes through the same reading as `Game.submit`, but it is neither stored nor archived, and
no receipt, lock or recovery touches the folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from adjudicator.engine import Game
from adjudicator.gamedir import GameDir
from adjudicator.submissions import SubmissionRejected


@dataclass(frozen=True)
class Checked:
    """The answer of a dry run: said as the player would read it."""

    accepted: bool
    text: str


def check_text(path: Path, text: str, house: str | None) -> Checked:
    """Read `text` as the game at `path` would read it now; store nothing.

    Without `house` the header must name a player and their password, as in the inbox;
    with `house` (the GM vouches for a forum post) the header is optional and no password
    is asked. Raises `GameError` for a folder that is not a game, `NotAPlayer` for a
    `house` that does not play."""

    gamedir = GameDir(path)
    gamedir.require()
    # Read-only: no lock (it would create .adjudicator/lock), no recovery of a killed run.
    game = Game(gamedir)
    player = None
    if house is not None:
        player = game.player_named(house)
        if not player:
            raise NotAPlayer(house, game.ruleset.players(game.state))
    try:
        receipt = game.intake.try_submission(text, player=player)
    except SubmissionRejected as rejection:
        lang = game.language(rejection.player)
        return Checked(False, rejection.say(lang, game.meta["game"]))
    return Checked(True, game.intake.said(receipt))


class NotAPlayer(ValueError):
    """A --house that does not play; `players` are those who do."""

    def __init__(self, house: str, players: list[str]) -> None:
        self.house, self.players = house, players
        super().__init__(house)
