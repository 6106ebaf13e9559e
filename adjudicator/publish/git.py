"""The GM's repository: one commit per adjudication, nothing secret ever added.

Only paths the engine names are staged (never `git add -A`), and the game folder's
.gitignore keeps `.adjudicator/` and `inbox/` out even if a GM runs git by hand.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

from adjudicator.gamedir import GameError

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
        raise GameError("git is not installed; install it (apt-get install git)") from None
    except subprocess.CalledProcessError as error:
        raise GameError(f"git {args[0]} failed in {repo}: {error.stderr.strip()}") from None


def init(repo: Path) -> None:
    _git(repo, "init", "-q")


def _identity(repo: Path) -> list[str]:
    """Use the GM's git identity when set; a fresh machine (cron, CI) gets a neutral one."""
    configured = _git(repo, "config", "--get", "user.email", check=False).stdout.strip()
    return [] if configured else _IDENTITY


def commit(repo: Path, paths: Sequence[str], message: str) -> bool:
    """Stage exactly `paths` (additions and deletions) and commit. False: nothing changed."""
    _git(repo, "add", "-A", "--", *paths)
    if _git(repo, "diff", "--cached", "--quiet", check=False).returncode == 0:
        return False
    _git(repo, *_identity(repo), "commit", "-q", "-m", message)
    return True


def log(repo: Path) -> list[str]:
    """Commit ids from the first to the last."""
    return _git(repo, "rev-list", "--reverse", "HEAD").stdout.split()


def show(repo: Path, commit_id: str, relpath: str) -> bytes | None:
    """A file's bytes at a commit, or None when it did not exist there."""
    done = subprocess.run(
        ["git", "-C", str(repo), "show", f"{commit_id}:{relpath}"], capture_output=True
    )
    return done.stdout if done.returncode == 0 else None
