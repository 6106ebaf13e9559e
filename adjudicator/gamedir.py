"""A game's folder: game.yaml, inbox, archive, reports, and the private `.adjudicator/`.

Every write is atomic (temp file + fsync + rename). A run's changes go through a
`Transaction`: new contents are staged, a journal names them, then they are moved into place
and committed. A run killed at any point leaves the journal behind, and the next run replays
it (`recover`): the folder ends as before or as after the run, never in between, and git gets
exactly one commit for it.

```
game.yaml          public state: schema, game, players (hashed passwords), settings, position
inbox/             order files dropped by players or the GM
archive/<step>/    accepted submissions, committed once revealed (passwords removed)
reports/           public reports (Markdown, BBCode, map), committed
.adjudicator/      git-ignored: secret, state.yaml (whole state), submissions/, receipts/,
                   private/<player>/, rejected/, lock, journal
```
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import yaml

from adjudicator.data import SafeDumper, SafeLoader

SCHEMA = 1
PRIVATE = ".adjudicator"


class GameError(click.ClickException):
    """A problem with a game folder that the GM must fix; the message says how."""


class GameBusy(GameError):
    """Another run holds the game's lock: nothing is wrong, try again later."""


@contextlib.contextmanager
def file_lock(lockfile: Path, game: Path) -> Iterator[None]:
    """An exclusive, non-blocking flock on `lockfile`, released however the block ends.

    Raises `GameBusy` when another process holds it.
    """
    lockfile.parent.mkdir(parents=True, exist_ok=True)
    with open(lockfile, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise GameBusy(
                f"another adjudicator run is working on {game}; try again when it ends"
            ) from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def atomic_write(path: Path, data: bytes | str) -> None:
    """Replace `path` with `data` so that a reader sees the old or the new file, never half.

    The data is fsynced before the rename and the folder after it, so the new file also
    survives a power cut; a failed write leaves no temporary file behind.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def fsync_dir(path: Path) -> None:
    """Make a rename or unlink in `path` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def dump_yaml(data: Any) -> str:
    """YAML as we write it everywhere: block style, keys in the given order, UTF-8."""
    return yaml.dump(data, Dumper=SafeDumper, sort_keys=False, allow_unicode=True, width=100)


def load_yaml(path: Path, what: str) -> Any:
    """Read a YAML file; a broken one raises `GameError` naming the line and the fix."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameError(f"{path} is missing ({what})") from None
    try:
        return yaml.load(text, Loader=SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        raise GameError(
            f"{path} is not valid YAML{where}: {problem}. Fix the file by hand, or restore it"
            f" with 'git -C {path.parent} checkout -- {path.name}'; nothing was changed."
        ) from None


class GameDir:
    """Paths and low-level I/O of one game folder."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.game_file = self.path / "game.yaml"
        self.inbox = self.path / "inbox"
        self.archive = self.path / "archive"
        self.reports = self.path / "reports"
        self.private = self.path / PRIVATE
        self.state_file = self.private / "state.yaml"
        self.secret_file = self.private / "secret"
        self.submissions = self.private / "submissions"
        self.receipts = self.private / "receipts"
        self.rejected = self.private / "rejected"
        self.journal = self.private / "journal.yaml"

    def exists(self) -> bool:
        return self.game_file.exists()

    def require(self) -> None:
        if not self.exists():
            raise GameError(
                f"{self.path} is not a game folder (no game.yaml). Create one with "
                f"'adjudicator new {self.path} --game westeros --players 6'."
            )

    def lock(self) -> contextlib.AbstractContextManager[None]:
        """Hold the game's lock for a run; another run at the same time gets `GameBusy`."""
        return file_lock(self.private / "lock", self.path)

    def read_meta(self) -> dict[str, Any]:
        meta = load_yaml(self.game_file, "the game file")
        if not isinstance(meta, dict) or "schema" not in meta:
            raise GameError(f"{self.game_file} is not an adjudicator game file (no schema key)")
        if meta["schema"] > SCHEMA:
            raise GameError(
                f"{self.game_file} has schema {meta['schema']}; this adjudicator reads up to "
                f"{SCHEMA}. Upgrade adjudicator."
            )
        return meta

    def read_private(self) -> dict[str, Any]:
        return load_yaml(self.state_file, "the whole game state, kept out of git")

    def secret(self) -> bytes:
        try:
            return self.secret_file.read_bytes().strip()
        except FileNotFoundError:
            raise GameError(
                f"{self.secret_file} is missing: without the GM secret no dice can be rolled."
                " Restore it from your backup."
            ) from None


class Transaction:
    """A set of file writes and deletes applied all together, then committed to git.

    Files under `.adjudicator/` are applied but never committed.
    """

    def __init__(self, game: GameDir, message: str = "") -> None:
        self.game = game
        self.message = message
        self.writes: dict[str, bytes] = {}
        self.deletes: list[str] = []

    def write(self, relpath: str, data: bytes | str) -> None:
        self.writes[relpath] = data.encode("utf-8") if isinstance(data, str) else data

    def delete(self, relpath: str) -> None:
        self.deletes.append(relpath)

    def __bool__(self) -> bool:
        return bool(self.writes or self.deletes)

    def apply(self) -> None:
        """Stage every file, write the journal, then carry it out (see `recover`)."""
        staging = self.game.private / "tx"
        staging.mkdir(parents=True, exist_ok=True)
        moves = []
        for n, (relpath, data) in enumerate(sorted(self.writes.items())):
            atomic_write(staging / str(n), data)
            moves.append([str(n), relpath])
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
    from adjudicator.publish import git

    journal = load_yaml(game.journal, "the journal of an interrupted run")
    staging = game.private / "tx"
    for name, relpath in journal["moves"]:
        source = staging / name
        if source.exists():
            target = game.path / relpath
            target.parent.mkdir(parents=True, exist_ok=True)
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
