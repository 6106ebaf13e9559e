"""Older game folders brought up to date when a run opens them (under the game's lock).

Kept apart from `auth` and `gamedir` (the foundation), because a migration writes and
commits: it belongs with the engine, which opens the game.
"""

from __future__ import annotations

from adjudicator.auth import hashes_in, read_hashes, without_hashes, write_hashes
from adjudicator.gamedir import GameDir, atomic_write, dump_yaml, load_yaml, public_mode
from adjudicator.publish import git
from adjudicator.text import _l


def move_hashes_out(gamedir: GameDir) -> bool:
    """Move the hashes an older game.yaml holds into the private file and commit game.yaml
    without them (issue 18). Called under the game's lock; True when it moved something.

    A hash game.yaml names anew (the GM set `gm_password` by hand) replaces the kept one.
    The commits before this one still hold the old hashes: README says how to give the
    players new passwords (`adjudicator password`) when the repository is published.
    """
    if not gamedir.game_file.exists():
        return False
    meta = load_yaml(gamedir.game_file, _l("the game file"))
    if not isinstance(meta, dict):
        return False
    found = hashes_in(meta)
    if not found["players"] and not found["gm"]:
        return False
    hashes = read_hashes(gamedir)
    hashes["players"].update(found["players"])
    hashes["gm"] = found["gm"] or hashes.get("gm")
    write_hashes(gamedir, hashes)
    atomic_write(gamedir.game_file, dump_yaml(without_hashes(meta)), public_mode())
    if (gamedir.path / ".git").is_dir():
        message = f"{meta.get('id', 'game')}: password hashes moved out of game.yaml"
        git.commit(gamedir.path, ["game.yaml"], message)
    return True
