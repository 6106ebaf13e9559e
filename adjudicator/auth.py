"""Player passwords: generated once, stored only as salted scrypt hashes.

The cost is modest on purpose (about 10 ms a check) so that a run with six submissions stays
well under a second; generated passwords carry 72 bits, which no hash speed makes guessable.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence

from adjudicator.orders.errors import OrderError, invalid
from adjudicator.text import N_, Name, _l

_N, _R, _P = 2**12, 8, 1


def generate_password() -> str:
    """A new random password, easy to copy from a mail: 12 URL-safe characters."""
    return secrets.token_urlsafe(9)


def hash_password(password: str, salt: bytes | None = None) -> str:
    """'scrypt$N$r$p$salt$hash', all parameters stored so they can be raised later."""
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    b64 = base64.b64encode
    return f"scrypt${_N}${_R}${_P}${b64(salt).decode()}${b64(digest).decode()}"


def verify_password(password: str, stored: str) -> bool:
    """True when `password` matches the stored hash (constant-time comparison)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
    except (AttributeError, ValueError):
        return False
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


UNKNOWN_PLAYER = N_("'%(text)s' is no house of this game")


def unknown_player(text: str, players: Sequence[Name]) -> OrderError:
    """The answer to a header naming no player of the game. Unlike a wrong password this
    is no secret (issue 17): the houses of a game are public, so they are listed."""
    return invalid(_l(UNKNOWN_PLAYER, text=text), players).at(0, "")
