"""A run's changes applied all together, then committed to git: the `Transaction`.

New contents are staged under `.adjudicator/tx/`, a journal names them, then they are moved
into place and committed. A run killed at any point leaves the journal behind, and the next
run replays it (`recover`): the folder ends as before or as after the run, never in between,
and git gets exactly one commit for it. The folder and its atomic writes are `gamedir`'s;
the commit is `publish.git`'s.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

from adjudicator.gamedir import (
    PRIVATE,
    GameDir,
    atomic_write,
    dump_yaml,
    fsync_dir,
    load_yaml,
    make_folder,
    public_mode,
)
from adjudicator.publish import git
from adjudicator.text import _l


class Transaction:
    """A set of file writes and deletes applied all together, then committed to git.

    Files under `.adjudicator/` are applied but never committed.
    """

    def __init__(self, game: GameDir, message: str = "") -> None:
        self.game = game
        self.message = message
        self.writes: dict[str, bytes] = {}
        self.deletes: list[str] = []
        self._pending: list[Any] = []
        """Callables that add their writes before `apply` (a PNG drawn in a child process)."""

    def before_apply(self, finish: Any) -> None:
        """Call `finish()` (which may `write`) before the files are staged."""
        self._pending.append(finish)

    def finish(self) -> None:
        """Run every pending writer now; `apply` does it first anyway."""
        while self._pending:
            self._pending.pop(0)()

    def write(self, relpath: str, data: bytes | str) -> None:
        self.writes[relpath] = data.encode("utf-8") if isinstance(data, str) else data

    def delete(self, relpath: str) -> None:
        self.deletes.append(relpath)

    def __bool__(self) -> bool:
        return bool(self.writes or self.deletes)

    def apply(self) -> None:
        """Stage every file, write the journal, then carry it out (see `recover`).

        The files written so far are staged while the pending writers finish (the PNG is
        still drawing: issue 10, item 21); if one fails, what was staged is removed and
        nothing is applied.
        """
        staging = self.game.private / "tx"
        make_folder(staging)
        staged: dict[str, tuple[str, bytes]] = {}  # relpath -> (staged name, data)
        public = public_mode()

        def stage() -> None:
            for relpath, data in sorted(self.writes.items()):
                if relpath in staged and staged[relpath][1] is data:
                    continue  # staged already, and not written again since
                name = staged[relpath][0] if relpath in staged else str(len(staged))
                private = relpath.startswith(PRIVATE + "/")
                atomic_write(staging / name, data, None if private else public, sync_dir=False)
                staged[relpath] = (name, data)

        stage()
        try:
            self.finish()
        except BaseException:
            for name, _ in staged.values():
                (staging / name).unlink(missing_ok=True)
            raise
        stage()
        fsync_dir(staging)
        moves = [[name, relpath] for relpath, (name, _) in sorted(staged.items())]
        journal = {"message": self.message, "moves": moves, "deletes": sorted(self.deletes)}
        atomic_write(self.game.journal, dump_yaml(journal))
        recover(self.game)


def recover(game: GameDir) -> bool:
    """Finish a transaction whose journal is still there. True when there was one.

    Every step is idempotent: a move whose staged file is gone was already done, a delete of
    a missing file is done, and git commits only when something is staged.
    """
    if not game.journal.exists():
        return False
    journal = load_yaml(game.journal, _l("the journal of an interrupted run"))
    staging = game.private / "tx"
    for name, relpath in journal["moves"]:
        source = staging / name
        if source.exists():
            target = game.path / relpath
            make_folder(target.parent)
            os.replace(source, target)
    for relpath in journal["deletes"]:
        with contextlib.suppress(FileNotFoundError):
            (game.path / relpath).unlink()
    fsync_dir(game.path)
    paths = [p for _, p in journal["moves"]] + list(journal["deletes"])
    public = [p for p in paths if not p.startswith(PRIVATE + "/")]
    if journal["message"] and public:
        git.commit(game.path, public, journal["message"])
    game.journal.unlink()
    return True
