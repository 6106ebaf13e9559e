"""GM commands that change a game's settings or deadlines: pause, resume, extend, reveal."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from adjudicator.auth import generate_password, password_problem, set_password
from adjudicator.clock import parse_time, utc
from adjudicator.create import START_FILE
from adjudicator.engine import Game, open_game
from adjudicator.gamedir import GameError, dump_yaml
from adjudicator.text import Moment, Name, Shift, Text, _l, _ln
from adjudicator.transaction import Transaction


def _save(game: Game, message: str, now: datetime | None = None) -> None:
    tx = Transaction(game.dir, f"{game.meta['id']}: {message}")
    tx.write("game.yaml", dump_yaml(game.public_meta(now or datetime.now(UTC))))
    tx.write(".adjudicator/state.yaml", dump_yaml(game.private_data()))
    tx.apply()


def change_settings(path: Path, message: str, changes: dict[str, Any]) -> None:
    """Set game.yaml settings (e.g. paused) and commit."""
    with open_game(path) as game:
        game.settings.update(changes)
        _save(game, message)


def extend_deadlines(path: Path, hours: float, now: datetime | None = None) -> Text:
    """Move every open request's deadline by `hours`; returns what changed, for the GM
    (the commit message stays English: it is the repository's history). `now` is the
    moment game.yaml records (the GM's --now; the clock by default)."""
    with open_game(path) as game:
        if not game.requests:
            return _l("no open requests: nothing to extend")
        for record in game.requests.values():
            moved = parse_time(record["deadline"]) + timedelta(hours=hours)
            record["deadline"] = utc(moved)
        shift = Shift(hours)
        _save(game, str(_l("deadlines moved by %(hours)s h", hours=shift)), now)
        first = min(r["deadline"] for r in game.requests.values())
        return _l(
            "deadlines moved by %(hours)s h; the next deadline is now %(deadline)s",
            hours=shift,
            deadline=Moment(first),  # as the GM's language writes a date
        )


def reveal_secret(path: Path, force: bool = False) -> Text:
    """Publish the GM secret in game.yaml so every roll can be re-checked by anyone.

    Raises `GameError` while decisions are still open (unless `force`): once the secret is
    out, every later roll and shuffle can be predicted.
    """
    with open_game(path) as game:
        if game.ruleset.requests(game.state) and not force:
            running = _l(
                "the game is still running: revealing the secret now would let anyone predict "
                "every later roll and shuffle. Reveal it when the game is over (or use --force)."
            )
            raise GameError(running)
        game.meta["secret"] = game.dir.secret().decode()
        tx = Transaction(game.dir, f"{game.meta['id']}: GM secret and submissions revealed")
        # A game of hidden blocks started from a private position publishes it with the
        # secret, so that anyone can replay the game (create.private_start reads it).
        start = game.dir.private / START_FILE
        if start.exists():
            tx.write(START_FILE, start.read_text(encoding="utf-8"))
        tx.write("game.yaml", dump_yaml(game.public_meta(datetime.now(UTC))))
        tx.write(".adjudicator/state.yaml", dump_yaml(game.private_data()))
        published = _whole_submissions(game)
        for name, data in published.items():
            tx.write(f"archive/submissions/{name}", data)
        tx.apply()
        return _ln(
            "secret published in game.yaml: %(secret)s; %(n)d submission published in "
            "archive/submissions/ (check it against its commitment in archive/<step>/)",
            "secret published in game.yaml: %(secret)s; %(n)d submissions published in "
            "archive/submissions/ (check each against its commitment in archive/<step>/)",
            len(published),
            secret=str(game.meta["secret"]),
        )


def _whole_submissions(game: Game) -> dict[str, bytes]:
    """Every stored submission, byte for byte as committed to: archived ones from their
    private copies, the ones never spent as they are staged."""
    found = {}
    for folder in (game.dir.spent, game.dir.submissions):
        found.update((p.name, p.read_bytes()) for p in sorted(folder.glob("*.yaml")))
    return found


def new_password(path: Path, player: str | None, chosen: str | None) -> tuple[Text, str | None]:
    """Keep a new password hash for `player` (a generated password), or the GM's `chosen`
    one (player None). Returns what was done, and 'player: password' to print once.

    Raises `GameError` for a player not in the game or a GM password too weak."""

    with open_game(path) as game:
        if player is None:
            problem = password_problem(chosen)
            if problem is not None:
                raise GameError(problem)
            set_password(game.dir, None, str(chosen))
            return _l("the GM's password is set; the old one no longer works"), None
        known = game.player_named(player)
        if known is None:
            unknown = _l(
                "'%(player)s' does not play in this game; players: %(players)s",
                player=player,
                players=", ".join(game.players),
            )
            raise GameError(unknown)
        generated = generate_password()
        set_password(game.dir, known, generated)
        done = _l(
            "%(player)s has a new password (below, shown this once); the old one no longer works",
            player=Name(known, known),  # «у Старка», «A Suécia tem»; English: the id
        )
        return done, f"{known}: {generated}"
