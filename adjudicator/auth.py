"""Passwords: generated once, checked against argon2id hashes kept out of every commit.

game.yaml is committed and often published, so it holds no password hash (issue 18: the
salted scrypt hashes it once held, at about 9 ms a guess, gave up '', '1234' and 'a' in
seconds). The hashes live in `.adjudicator/password-hashes.yaml` (git-ignored, 0600):

```
players: {stark: "$argon2id$v=19$m=9216,t=4,p=1$...", ...}
gm: "$argon2id$..."      # settings.gm_password once: the GM's own, for any house
```

`read_meta` lays them over the players of game.yaml in memory, so the engine reads
`players.<id>.password` as before; `without_hashes` strips them from what is written back.
An older game is migrated when its lock is next taken (`migrate.move_hashes_out`), and a scrypt
hash is replaced by an argon2id one at the next good check (`upgrade`).

NOTE: argon2id with OWASP's parameters (Password Storage Cheat Sheet: m=9 MiB, t=4, p=1),
about 27 ms a check here; argon2-cffi releases the GIL, so a run checks its files side by
side (`Intake.check_passwords_at_once`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adjudicator.gamedir import GameDir, atomic_write, dump_yaml, load_yaml
from adjudicator.orders.errors import OrderError, invalid
from adjudicator.text import N_, Name, Text, _l

ARGON2 = {"time_cost": 4, "memory_cost": 9216, "parallelism": 1}
"""One of the equivalent argon2id settings OWASP recommends (memory in KiB): the fastest
of them here but one (m=19456,t=2: 39 ms a check; this: 27 ms; scrypt before: 15 ms)."""

MIN_LENGTH = 8
"""The shortest password `new --passwords` accepts (a generated one has 12 characters)."""

HASHES_FILE = "password-hashes.yaml"


def generate_password() -> str:
    """A new random password, easy to copy from a mail: 12 URL-safe characters (72 bits)."""
    return secrets.token_urlsafe(9)


def _hasher() -> Any:
    from argon2 import PasswordHasher  # lazily: a run without passwords never needs it

    return PasswordHasher(**ARGON2)


def hash_password(password: str) -> str:
    """The argon2id hash of `password` ('$argon2id$v=19$m=...,t=...,p=...$salt$hash')."""
    return str(_hasher().hash(password))


def verify_password(password: str, stored: str) -> bool:
    """True when `password` matches the stored hash: argon2id, or an older scrypt one."""
    if not isinstance(stored, str):
        return False
    if stored.startswith("$argon2"):
        from argon2.exceptions import InvalidHashError, VerificationError

        try:
            return bool(_hasher().verify(stored, password))
        except (VerificationError, InvalidHashError):
            return False
    return _verify_scrypt(password, stored)


def _verify_scrypt(password: str, stored: str) -> bool:
    """The hashes of before issue 18: 'scrypt$N$r$p$salt$hash'."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        actual = hashlib.scrypt(
            password.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=32,
        )
        return hmac.compare_digest(actual, base64.b64decode(digest))
    except ValueError:
        return False


def needs_rehash(stored: str) -> bool:
    """Whether a hash that just matched should be made again with today's parameters."""
    if not stored.startswith("$argon2id$"):
        return True
    return bool(_hasher().check_needs_rehash(stored))


def password_problem(password: Any) -> Text | None:
    """Why `password` (a value from a passwords file) cannot be a player's, or None."""
    if not isinstance(password, str):
        return _l("write the password as text, not as a number, a list or nothing")
    if len(password.strip()) < MIN_LENGTH:
        return _l("a password needs at least %(n)d characters", n=MIN_LENGTH)
    return None


# -- where the hashes are kept ------------------------------------------------------------


def hashes_path(gamedir: GameDir) -> Path:
    return gamedir.private / HASHES_FILE


def read_hashes(gamedir: GameDir) -> dict[str, Any]:
    """{'players': {id: hash}, 'gm': hash or None}; empty for a game that has none yet."""

    path = hashes_path(gamedir)
    if not path.exists():
        return {"players": {}, "gm": None}
    data = load_yaml(path, _l("the password hashes")) or {}
    return {"players": dict(data.get("players") or {}), "gm": data.get("gm")}


def write_hashes(gamedir: GameDir, hashes: dict[str, Any]) -> None:

    data = {"players": dict(sorted(hashes["players"].items())), "gm": hashes.get("gm")}
    atomic_write(hashes_path(gamedir), dump_yaml(data))


def lay_over(meta: dict[str, Any], hashes: dict[str, Any]) -> None:
    """Put the kept hashes into a loaded game.yaml (in memory), where the engine reads them."""
    for player, stored in hashes["players"].items():
        record = meta.get("players", {}).get(player)
        if isinstance(record, dict):
            record["password"] = stored
    if hashes.get("gm"):
        settings = meta.get("settings")
        if not isinstance(settings, dict):
            settings = meta["settings"] = {}
        settings["gm_password"] = hashes["gm"]


def without_hashes(meta: dict[str, Any]) -> dict[str, Any]:
    """A copy of game.yaml's data with no password hash in it: what may be committed."""
    out = dict(meta)
    if isinstance(meta.get("players"), dict):
        out["players"] = {
            p: {k: v for k, v in r.items() if k != "password"} if isinstance(r, dict) else r
            for p, r in meta["players"].items()
        }
    if isinstance(meta.get("settings"), dict) and "gm_password" in meta["settings"]:
        out["settings"] = {k: v for k, v in meta["settings"].items() if k != "gm_password"}
    return out


def hashes_in(meta: dict[str, Any]) -> dict[str, Any]:
    """The hashes a game.yaml still holds (an older game, or a GM's hand edit)."""
    players = meta.get("players") if isinstance(meta.get("players"), dict) else {}
    found = {
        p: r["password"]
        for p, r in players.items()
        if isinstance(r, dict) and isinstance(r.get("password"), str)
    }
    settings = meta.get("settings") if isinstance(meta.get("settings"), dict) else {}
    gm = settings.get("gm_password")
    return {"players": found, "gm": gm if isinstance(gm, str) else None}


def upgrade(gamedir: GameDir, stored: str, password: str) -> None:
    """`password` just matched `stored`, an outdated hash: keep a new one in its place."""
    hashes = read_hashes(gamedir)
    fresh = hash_password(password)
    changed = False
    for player, kept in hashes["players"].items():
        if kept == stored:
            hashes["players"][player] = fresh
            changed = True
    if hashes.get("gm") == stored:
        hashes["gm"] = fresh
        changed = True
    if changed:
        write_hashes(gamedir, hashes)


def set_password(gamedir: GameDir, player: str | None, password: str) -> None:
    """Keep the hash of `password` as `player`'s (None: the GM's own)."""
    hashes = read_hashes(gamedir)
    if player is None:
        hashes["gm"] = hash_password(password)
    else:
        hashes["players"][player] = hash_password(password)
    write_hashes(gamedir, hashes)


UNKNOWN_PLAYER = N_("'%(text)s' is no house of this game")


def unknown_player(text: str, players: Sequence[Name]) -> OrderError:
    """The answer to a header naming no player of the game. Unlike a wrong password this
    is no secret (issue 17): the houses of a game are public, so they are listed."""
    return invalid(_l(UNKNOWN_PLAYER, text=text), players).at(0, "")
