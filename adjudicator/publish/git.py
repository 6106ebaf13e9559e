"""The GM's repository: one commit per adjudication, nothing secret ever added.

Only paths the engine names are staged (never `git add -A`), and the game folder's
.gitignore keeps `.adjudicator/` and `inbox/` out even if a GM runs git by hand.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from adjudicator.gamedir import GameError
from adjudicator.text import _l

GITIGNORE = """\
# adjudicator: secrets, staging, private reports and unrevealed orders never go into git
.adjudicator/
inbox/
"""

_IDENTITY = ["-c", "user.name=adjudicator", "-c", "user.email=adjudicator@localhost"]


def _git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, text=True, check=check
        )
    except FileNotFoundError:
        raise GameError(_l("git is not installed; install it (apt-get install git)")) from None
    except subprocess.CalledProcessError as error:
        failed = _l(
            "git %(command)s failed in %(repo)s: %(error)s",
            command=args[0],
            repo=str(repo),
            error=error.stderr.strip(),
        )
        raise GameError(failed) from None


def init(repo: Path) -> None:
    _git(repo, "init", "-q")


def commit(repo: Path, paths: Sequence[str], message: str) -> bool:
    """Stage exactly `paths` (additions and deletions) and commit. False: nothing changed.

    Two git processes on the usual path, each a few per cent of a run (issue 10, item 21):
    `add`, then `commit` under the GM's own identity (`useConfigOnly`: never one git guesses
    from the host name). Only when that fails do we ask why: nothing staged, or no identity
    configured (a fresh machine, cron, CI), which gets a neutral one.
    """
    _git(repo, "add", "-A", "--", *paths)
    own = _git(repo, "-c", "user.useConfigOnly=true", "commit", "-q", "-m", message, check=False)
    if own.returncode == 0:
        return True
    if _git(repo, "diff", "--cached", "--quiet", check=False).returncode == 0:
        return False
    _git(repo, *_IDENTITY, "commit", "-q", "-m", message)
    return True


def check_repository(repo: Path) -> None:
    """Raise `GameError` when the game's git repository could not take a commit: no `.git`
    of its own (git would use a parent's), a HEAD that names a missing commit, a damaged
    index. Checked before a run writes anything (issue 18: a broken `.git` once failed at
    `git add`, after state and reports were written). A repository with no commit yet (a
    game being created) is fine."""
    done = _git(
        repo, "rev-parse", "--show-toplevel", "--verify", "-q", "HEAD^{commit}", check=False
    )
    lines = done.stdout.split("\n")
    why = ""
    if done.returncode not in (0, 1) or not lines[0]:
        why = done.stderr.strip() or "not a git repository"
    elif Path(lines[0]).resolve() != repo.resolve():
        why = f"no .git of its own (git would use {lines[0]})"
    elif done.returncode == 1 and not _unborn(repo):
        why = "HEAD names a commit that is missing"
    elif _index_damaged(repo):
        why = ".git/index is damaged"
    if why:
        broken = _l(
            "the git repository of %(repo)s is broken (%(why)s); nothing was changed. See "
            "'git -C %(repo)s status', and repair it or restore .git from a backup.",
            repo=str(repo),
            why=why,
        )
        raise GameError(broken)


def _unborn(repo: Path) -> bool:
    """Whether HEAD names a branch with no commit yet (a new repository)."""
    try:
        head = (repo / ".git" / "HEAD").read_text().strip()
    except OSError:
        return False
    if not head.startswith("ref: "):
        return False
    ref = head.removeprefix("ref: ")
    packed = repo / ".git" / "packed-refs"
    listed = packed.exists() and f" {ref}\n" in packed.read_text()
    return not (repo / ".git" / ref).exists() and not listed


def _index_damaged(repo: Path) -> bool:
    try:
        with open(repo / ".git" / "index", "rb") as index:
            return index.read(4) != b"DIRC"
    except FileNotFoundError:
        return False
    except OSError:
        return True


def remove_stale_locks(repo: Path, locked_at: float) -> list[Path]:
    """Remove the lock files a git killed with our run left behind; returns them.

    A run holds the game's own lock, and every git command adjudicator runs on the repo runs
    under it: a git lock file (the index's, HEAD's or a branch's, as `git add` and `git
    commit` make them) older than our lock, with no git process working in the repo,
    belongs to a git that died with an earlier run. git itself never cleans them up.
    """
    folder = repo / ".git"
    locks = [folder / "index.lock", folder / "HEAD.lock", *folder.glob("refs/heads/**/*.lock")]
    stale = []
    for lock in locks:
        try:
            if lock.stat().st_mtime <= locked_at:
                stale.append(lock)
        except FileNotFoundError:
            continue
    if not stale or _git_running_in(repo):
        return []
    for lock in stale:
        lock.unlink(missing_ok=True)
    return stale


def _git_running_in(repo: Path) -> bool:
    """Whether a git process (a GM's by hand, say) has its working folder in `repo`."""
    proc = Path("/proc")
    if not proc.is_dir():
        return False  # NOTE: no /proc (not Linux): the lock's age alone decides
    target = repo.resolve()
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() != "git":
                continue
            cwd = Path(os.readlink(entry / "cwd"))
        except OSError:
            continue
        if cwd == target or target in cwd.parents:
            return True
    return False


def log(repo: Path) -> list[str]:
    """Commit ids from the first to the last."""
    return _git(repo, "rev-list", "--reverse", "HEAD").stdout.split()


def show(repo: Path, commit_id: str, relpath: str) -> bytes | None:
    """A file's bytes at a commit, or None when it did not exist there."""
    done = subprocess.run(
        ["git", "-C", str(repo), "show", f"{commit_id}:{relpath}"], capture_output=True
    )
    return done.stdout if done.returncode == 0 else None
