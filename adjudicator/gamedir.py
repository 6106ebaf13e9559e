"""A game's folder: game.yaml, inbox, archive, reports, and the private `.adjudicator/`.

Every write is atomic (temp file + fsync + rename). A run's changes go through a
`transaction.Transaction`, which stages them under the journal named here and commits them
to git; this module knows nothing of git.

```
game.yaml          public state: schema, game, players (hashed passwords), settings, position
inbox/             order files dropped by players or the GM
archive/<step>/    per spent submission: what the game revealed + an HMAC commitment to it
archive/submissions/  the whole submissions, published by `reveal` after the game
reports/           public reports (Markdown, BBCode, map), committed
.adjudicator/      git-ignored: secret, state.yaml (whole state), submissions/, spent/,
                   receipts/, private/<player>/, rejected/, lock, journal
```
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import stat
import tempfile
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import click
import yaml

from adjudicator.clock import parse_time
from adjudicator.data import SafeDumper, SafeLoader
from adjudicator.gamefile import faults
from adjudicator.text import N_, Text, _l, say

SCHEMA = 1
PRIVATE = ".adjudicator"


class GameError(click.ClickException):
    """A problem with a game folder that the GM must fix; the message says how.

    `message` is a `Text` (or a str, said as it is), `details` the lines listed under it
    (each fault of game.yaml). `str(error)` and `message` are English (cron's log, a
    library caller); `format_message`, what click shows, says it in `lang`: the GM's
    language, which the CLI sets when it knows the game (``cli.GameCommand``).
    """

    def __init__(
        self,
        message: str | Text,
        details: Sequence[str | Text] = (),
        *,
        lang: str | None = None,
        game: str | None = None,
    ) -> None:
        self.text = message
        self.details = tuple(details)
        self.lang = lang
        """The language to say it in; None: English, unless the CLI sets the GM's."""
        self.game = game
        """The ruleset whose words the names in it are said in (a player, an area)."""
        super().__init__(self.say("en"))

    def say(self, lang: str) -> str:
        """The message and its detail lines in `lang` ('en', 'ru', 'pt_BR')."""
        head = say(self.text, lang, self.game)
        return head + "".join("\n  " + say(line, lang, self.game) for line in self.details)

    def format_message(self) -> str:
        return self.say(self.lang or "en")


class GameBusy(GameError):
    """Another run holds the game's lock: nothing is wrong, try again later."""


@contextlib.contextmanager
def file_lock(lockfile: Path, game: Path) -> Iterator[None]:
    """An exclusive, non-blocking flock on `lockfile`, released however the block ends.

    Raises `GameBusy` when another process holds it.
    """
    make_folder(lockfile.parent)
    fd = os.open(lockfile, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            busy = _l(
                "another adjudicator run is working on %(game)s; try again when it ends",
                game=str(game),
            )
            raise GameBusy(busy) from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


NAME_BYTES = 160
"""The longest file name we make from outside data: with a time stamp, a counter and
'.errors.txt' around it, or a temp file's '.<name>.<random>.tmp', it stays under the 255
bytes most file systems allow."""

TEMP_SUFFIX = ".tmp"


def safe_name(name: str) -> str:
    """A file name from outside (any bytes) as text that YAML, git and a terminal can take.

    Bytes that are not UTF-8 (surrogate-escaped by Python) become '\\xe9' escapes, and control
    characters are replaced, so the name can be written anywhere and still be recognised.
    """
    raw = os.fsencode(name)
    text = raw.decode("utf-8", errors="backslashreplace")
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text)


def bounded_name(name: str, limit: int = NAME_BYTES) -> str:
    """`name` cut to `limit` UTF-8 bytes, keeping its end (the suffix) and a hash of the
    whole, so that two long names cut alike still differ."""
    raw = name.encode("utf-8")
    if len(raw) <= limit:
        return name
    tag = hashlib.sha256(raw).hexdigest()[:8]
    head = raw[: limit - 30].decode("utf-8", errors="ignore")
    tail = raw[-16:].decode("utf-8", errors="ignore")
    return f"{head}~{tag}~{tail}"


PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


def is_private(path: Path) -> bool:
    """Whether `path` lies in a game's `.adjudicator/` (or is that folder)."""
    return PRIVATE in path.parts


def make_folder(folder: Path) -> None:
    """`mkdir -p folder`; what it creates in `.adjudicator/` is 0700 whatever the umask
    (issue 18: other users of the GM's machine must not list receipts or queued mail)."""
    if folder.is_dir():
        return
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        with contextlib.suppress(FileExistsError):
            made.mkdir()
            if is_private(made):
                made.chmod(PRIVATE_FOLDER)


def close_private(game: Path) -> bool:
    """Make an older game's `.adjudicator/` 0700 and everything in it 0600/0700 (files were
    once written with the umask). Cheap when done: a closed top folder means a closed tree,
    as every later file and folder is made private. True when something was changed."""
    top = game / PRIVATE
    try:
        if stat.S_IMODE(top.lstat().st_mode) == PRIVATE_FOLDER:
            return False
    except FileNotFoundError:
        return False
    for folder, dirs, files in os.walk(top):
        for names, mode in ((dirs, PRIVATE_FOLDER), (files, PRIVATE_FILE)):
            for name in names:
                path = os.path.join(folder, name)
                if not os.path.islink(path):
                    os.chmod(path, mode)
    top.chmod(PRIVATE_FOLDER)
    return True


def public_mode() -> int:
    """The mode the user's umask gives a new file: reports and game.yaml are for others to
    read (a web server publishing reports/); what is under .adjudicator/ stays 0600."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def atomic_write(
    path: Path,
    data: bytes | str,
    mode: int | None = None,
    *,
    sync_dir: bool = True,
    durable: bool = True,
) -> None:
    """Replace `path` with `data` so that a reader sees the old or the new file, never half.

    The data is fsynced before the rename and the folder after it, so the new file also
    survives a power cut; a failed write leaves no temporary file behind (and one left by a
    kill is removed by the next run: `remove_temp_files`). The file is created 0600 unless
    `mode` says otherwise (`public_mode()` for what others may read). `sync_dir=False` leaves
    the folder's fsync to the caller, who writes many files there and syncs it once.
    `durable=False` syncs nothing, for a file rebuilt from others when lost (a receipt).
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    make_folder(path.parent)
    prefix = f".{bounded_name(path.name, 100)}."
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=prefix, suffix=TEMP_SUFFIX)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(error, OSError) and error.filename is None:
            raise OSError(error.errno, error.strerror, str(path.parent)) from error  # which disk
        raise
    if sync_dir and durable:
        fsync_dir(path.parent)


def fsync_dir(path: Path) -> None:
    """Make a rename or unlink in `path` durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def remove_temp_files(game: Path) -> list[Path]:
    """Delete the temp files a killed write left (`.<name>.<random>.tmp`); returns them.

    Called under the game's lock, when no write of ours is under way. inbox/ is left alone:
    a mail fetch may be writing there.
    """
    pattern = ".*" + TEMP_SUFFIX
    candidates = list(game.glob(pattern))
    for folder in (game / "reports", game / "archive", game / PRIVATE):
        candidates += folder.rglob(pattern) if folder.is_dir() else []
    found = []
    for path in sorted(candidates):
        if path.is_file() and not path.is_symlink():
            path.unlink()
            found.append(path)
    return found


class PlainDumper(SafeDumper):  # type: ignore[misc, valid-type]
    """The safe dumper, writing a value shared in memory out in full each time."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_yaml(data: Any) -> str:
    """YAML as we write it everywhere: block style, keys in the given order, UTF-8, and
    every value written out (no '&anchor'/'*alias': a person may read and edit it)."""
    return yaml.dump(data, Dumper=PlainDumper, sort_keys=False, allow_unicode=True, width=100)


class AliasFreeLoader(SafeLoader):  # type: ignore[misc, valid-type]
    """The safe loader, refusing a document that aliases expand beyond `YAML_VALUES`."""

    def construct_document(self, node: Any) -> Any:
        check_expansion(node)
        return super().construct_document(node)


class StrictLoader(AliasFreeLoader):
    """The alias-free loader, refusing a key written twice in one mapping too: YAML would
    silently keep the last one, and a GM's hand edit would be half ignored."""

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen = set()
        for key_node, _ in node.value:
            key = getattr(key_node, "value", None)
            if isinstance(key, str) and key_node.tag.endswith(":str"):
                if key in seen:
                    twice = _l("the key '%(key)s' appears twice", key=key)
                    error = yaml.constructor.ConstructorError(
                        None, None, str(twice), key_node.start_mark
                    )
                    error.said = twice  # for load_yaml: our own words, said to the GM
                    raise error
                seen.add(key)
        return super().construct_mapping(node, deep=deep)


YAML_VALUES = 250_000
"""The most values (scalars, lists, mappings) a YAML document may expand to through its
aliases; a whole game state is a few thousand."""


def check_expansion(root: Any) -> None:
    """Raise a ConstructorError when the YAML node graph under `root` expands, alias by
    alias, to more than `YAML_VALUES` values, or into itself.

    Issue 18: twenty lines of '&a [*b, *b, ...]' (a "billion laughs") load in a moment as a
    graph, then cost gigabytes to walk, print or write back. Counting each shared node's
    expanded size once (post-order) costs one pass over the nodes actually written.
    """
    size: dict[int, int] = {}
    path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = _children(node)
        if done:
            path.discard(key)
            size[key] = 1 + sum(size[id(child)] for child in children)
            if size[key] > YAML_VALUES:
                raise _expanding(node)
        elif key in path:
            raise _expanding(node)  # an alias inside its own anchor
        elif key not in size:
            path.add(key)
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in size)


def _children(node: Any) -> list[Any]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _expanding(node: Any) -> yaml.YAMLError:
    refused = _l(
        "anchors and aliases ('&name', '*name') here expand to more than %(n)d values; write "
        "the value out in full",
        n=YAML_VALUES,
    )
    error = yaml.constructor.ConstructorError(None, None, str(refused), node.start_mark)
    error.said = refused
    return error


def load_yaml_text(text: str) -> Any:
    """Parse YAML as we read it everywhere (raises yaml.YAMLError): no key twice, no alias."""
    return yaml.load(text, Loader=StrictLoader)


YAML_BYTES = 4 * 2**20
"""The largest YAML file we read (issue 18: a hand-made file must not stall a cron run); a
game file, a position or a state is a few tens of kilobytes."""


def load_yaml(path: Path, what: str | Text, *, in_git: bool = True) -> Any:
    """Read a YAML file; a broken one raises `GameError` naming the line and the fix.

    `what` says what the file is ("the game file"), a `Text` to be said in the GM's words.
    `in_git=False`: a file of the GM's own (a position, passwords), which no `git checkout`
    restores.
    """
    try:
        if path.stat().st_size > YAML_BYTES:
            big = _l(
                "%(path)s is larger than %(mb)d MB (%(what)s): adjudicator never writes one so "
                "large. Check what was put into it; nothing was changed.",
                path=str(path),
                mb=YAML_BYTES // 2**20,
                what=what,
            )
            raise GameError(big)
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GameError(_l("%(path)s is missing (%(what)s)", path=str(path), what=what)) from None
    try:
        return load_yaml_text(text)
    except yaml.YAMLError as error:
        raise GameError(_not_yaml(path, error, in_git)) from None


def _not_yaml(path: Path, error: yaml.YAMLError, in_git: bool = True) -> Text:
    """What is wrong with the YAML of `path`, where, and how to get it back.

    YAML's own problem (e.g. 'mapping values are not allowed here') is the library's
    English; a key written twice is ours, said in the GM's language."""
    mark = getattr(error, "problem_mark", None)
    fields = {
        "path": str(path),
        "problem": getattr(error, "said", None) or getattr(error, "problem", None) or str(error),
        "folder": str(path.parent),
        "name": path.name,
    }
    if not in_git:
        where = mark and _l(
            "line %(line)d, column %(column)d", line=mark.line + 1, column=mark.column + 1
        )
        return _l(
            "%(path)s is not valid YAML (%(where)s): %(problem)s. Fix the file and run the "
            "command again; nothing was changed.",
            where=where or "?",
            **fields,
        )
    if mark is None:
        return _l(
            "%(path)s is not valid YAML: %(problem)s. Fix the file by hand, or restore it with "
            "'git -C %(folder)s checkout -- %(name)s'; nothing was changed.",
            **fields,
        )
    return _l(
        "%(path)s is not valid YAML at line %(line)d, column %(column)d: %(problem)s. Fix the "
        "file by hand, or restore it with 'git -C %(folder)s checkout -- %(name)s'; nothing "
        "was changed.",
        line=mark.line + 1,
        column=mark.column + 1,
        **fields,
    )


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
        self.spent = self.private / "spent"
        """Whole submissions once archived: the archive holds only what the game revealed."""
        self.revealed = self.archive / "submissions"
        """Whole submissions, published by `reveal` at the end."""
        self.rejected = self.private / "rejected"
        self.journal = self.private / "journal.yaml"

    def exists(self) -> bool:
        return self.game_file.exists()

    def require(self) -> None:
        if not self.exists():
            raise GameError(
                _l(
                    "%(path)s is not a game folder (no game.yaml). Create one with "
                    "'adjudicator new %(path)s --game westeros --players 6'.",
                    path=str(self.path),
                )
            )

    def check_writable(self) -> None:
        """Raise `GameError` naming the first folder a run must write to but cannot (the
        engine then checks the git repository: `git.check_repository`).

        Checked before the lock is taken and before anything changes, so that a read-only
        folder never leaves a run half applied.
        """
        why = {
            self.path: N_("game.yaml is replaced there"),
            self.inbox: N_("order files are taken out of it"),
            self.reports: N_("reports are written there"),
            self.archive: N_("revealed submissions are written there"),
            self.path / ".git": N_("every adjudication is committed"),
            self.private: N_("the lock, the state and staged submissions live there"),
        }
        for folder in [self.private, *sorted(self.private.glob("*/"))]:
            why.setdefault(folder, N_("adjudicator keeps its private files there"))
        for folder, reason in why.items():
            if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
                unwritable = _l(
                    "%(folder)s is not writable by this user, and %(reason)s. Fix its "
                    "permissions (e.g. chmod u+w %(folder)s) or run as its owner; nothing was "
                    "changed.",
                    folder=str(folder),
                    reason=_l(reason),
                )
                raise GameError(unwritable)

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """Hold the game's lock for a run; another run at the same time gets `GameBusy`.

        An older game's private files are closed to other users first (`close_private`)."""
        with file_lock(self.private / "lock", self.path):
            close_private(self.path)
            yield

    def read_meta(self) -> dict[str, Any]:
        """game.yaml, checked whole. Without the password hashes, which live in the private
        folder: `engine.Game` lays them over (auth sits above this module)."""
        file = str(self.game_file)
        meta = load_yaml(self.game_file, _l("the game file"))
        if not isinstance(meta, dict) or "schema" not in meta:
            raise GameError(
                _l("%(file)s is not an adjudicator game file (no schema key)", file=file)
            )
        if meta["schema"] > SCHEMA:
            newer = _l(
                "%(file)s has schema %(schema)s; this adjudicator reads up to %(known)d. "
                "Upgrade adjudicator.",
                file=file,
                schema=str(meta["schema"]),
                known=SCHEMA,
            )
            raise GameError(newer)

        found = faults(meta)
        if found:
            fix = _l("%(file)s needs fixing by hand; nothing was changed:", file=file)
            raise GameError(fix, found)

        return meta

    def last_update(self) -> datetime | None:
        """When the game last changed (game.yaml `updated`, else `created`); None when
        game.yaml cannot tell (the command then says what is wrong with it)."""

        try:
            meta = load_yaml_text(self.game_file.read_text(encoding="utf-8"))
            return parse_time(str(meta.get("updated") or meta["created"]))
        except Exception:
            return None

    def read_private(self) -> dict[str, Any]:
        return load_yaml(self.state_file, _l("the whole game state, kept out of git"))

    def secret(self) -> bytes:
        try:
            return self.secret_file.read_bytes().strip()
        except FileNotFoundError:
            lost = _l(
                "%(file)s is missing: without the GM secret no dice can be rolled. Restore it "
                "from your backup.",
                file=str(self.secret_file),
            )
            raise GameError(lost) from None
