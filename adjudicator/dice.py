"""Seeded, verifiable randomness.

Every roll, shuffle and random default of a step comes from one `Dice`, keyed by
HMAC-SHA256(GM secret, "<game id>:<step>"). The game file publishes only SHA-256(secret);
when the GM reveals the secret after the game, anyone can recompute every draw with the
few lines below, so the stream is a plain counter-mode HMAC rather than Python's `random`
(whose algorithms are an implementation detail).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def commitment(secret: bytes) -> str:
    """The public commitment to a GM secret: its SHA-256 in hex."""
    return hashlib.sha256(secret).hexdigest()


class Dice:
    """A deterministic stream of random numbers for one step of one game.

    >>> d = Dice(b"secret", "game", 3)
    >>> d.below(6) == Dice(b"secret", "game", 3).below(6)
    True
    """

    def __init__(self, secret: bytes, game_id: str, step: int) -> None:
        self._key = hmac.new(secret, f"{game_id}:{step}".encode(), hashlib.sha256).digest()
        self._counter = 0
        self._pool = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._pool) < n:
            block = hmac.new(self._key, self._counter.to_bytes(8, "big"), hashlib.sha256)
            self._pool += block.digest()
            self._counter += 1
        out, self._pool = self._pool[:n], self._pool[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs n > 0, got {n}")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = int.from_bytes(self._bytes(8), "big")
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
