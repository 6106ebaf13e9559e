"""GM commands that change a game's settings or deadlines: pause, resume, extend, reveal."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from adjudicator.clock import parse_time, utc
from adjudicator.create import START_FILE
from adjudicator.engine import Game, open_game
from adjudicator.gamedir import GameError, Transaction, dump_yaml


def _save(game: Game, message: str, extra: dict[str, str] | None = None) -> None:
    tx = Transaction(game.dir, f"{game.meta['id']}: {message}")
    for relpath, text in (extra or {}).items():
        tx.write(relpath, text)
    tx.write("game.yaml", dump_yaml(game.public_meta(datetime.now(UTC))))
    tx.write(".adjudicator/state.yaml", dump_yaml(game.private_data()))
    tx.apply()


def change_settings(path: Path, message: str, changes: dict[str, Any]) -> None:
    """Set game.yaml settings (e.g. paused) and commit."""
    with open_game(path) as game:
        game.settings.update(changes)
        _save(game, message)


def extend_deadlines(path: Path, hours: float) -> str:
    """Move every open request's deadline by `hours`; returns what changed."""
    with open_game(path) as game:
        if not game.requests:
            return "no open requests: nothing to extend"
        for record in game.requests.values():
            moved = parse_time(record["deadline"]) + timedelta(hours=hours)
            record["deadline"] = utc(moved)
        message = f"deadlines moved by {hours:+g} h"
        _save(game, message)
        first = min(r["deadline"] for r in game.requests.values())
        return f"{message}; the next deadline is now {first}"


def reveal_secret(path: Path, force: bool = False) -> str:
    """Publish the GM secret in game.yaml so every roll can be re-checked by anyone.

    Raises `GameError` while decisions are still open (unless `force`): once the secret is
    out, every later roll and shuffle can be predicted.
    """
    with open_game(path) as game:
        if game.ruleset.requests(game.state) and not force:
            raise GameError(
                "the game is still running: revealing the secret now would let anyone "
                "predict every later roll and shuffle. Reveal it when the game is over "
                "(or use --force)."
            )
        game.meta["secret"] = game.dir.secret().decode()
        # A game of hidden blocks started from a private position publishes it with the
        # secret, so that anyone can replay the game (create.private_start reads it).
        start = game.dir.private / START_FILE
        extra = {START_FILE: start.read_text(encoding="utf-8")} if start.exists() else {}
        _save(game, "GM secret revealed", extra)
        return f"secret published in game.yaml: {game.meta['secret']}"
