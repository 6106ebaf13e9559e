"""`adjudicator check`: what a run would answer to one order text, with nothing changed.

A GM asked on a forum "is this right?" pastes the player's post into a file and gets the
very receipt (or the very errors) the player would get, in the player's language: the text
goes through the same reading as `Game.submit`, but it is neither stored nor archived, and
no receipt, lock or recovery touches the folder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from adjudicator.engine import Game
from adjudicator.gamedir import GameDir
from adjudicator.intake import _header
from adjudicator.orders.errors import OrderErrors
from adjudicator.requests import Submission
from adjudicator.submissions import SubmissionRejected, strip_bom


@dataclass(frozen=True)
class Checked:
    """The answer of a dry run: said as the player would read it."""

    accepted: bool
    text: str


DRY_RUN = "(dry run)"
"""The submission id a dry run's receipt shows: nothing was stored under any id."""


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
    text = strip_bom(text)
    try:
        if house is None:
            player, body = game.intake._authenticate(text, None)
        else:
            player = game.player_named(house) or ""
            if not player:
                raise NotAPlayer(house, game.ruleset.players(game.state))
            body = "\n".join(_header(text)[1])
        read = game.intake._parse(player, body)
        if isinstance(read, OrderErrors):
            raise SubmissionRejected(read.errors, player)
    except SubmissionRejected as rejection:
        lang = game.language(rejection.player)
        return Checked(False, rejection.say(lang, game.meta["game"]))
    staged = Submission(
        DRY_RUN,
        player,
        "",
        "check",
        "",
        game.ruleset.epoch(game.state),
        game.step,
        "",
        tuple(replace(i, submission=DRY_RUN) for i in read),
    )
    game.submissions.append(staged)  # in memory only: what it would replace is computed
    receipt = game.intake._receipt(len(game.submissions) - 1)
    game.submissions.pop()
    return Checked(True, game.intake._said(receipt).rstrip("\n"))


class NotAPlayer(ValueError):
    """A --house that does not play; `players` are those who do."""

    def __init__(self, house: str, players: list[str]) -> None:
        self.house, self.players = house, players
        super().__init__(house)
