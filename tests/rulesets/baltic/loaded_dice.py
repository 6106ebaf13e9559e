"""Dice that roll what a worked example says, in order, and fail loudly when they run out."""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.dice import Dice


class LoadedDice(Dice):
    """Each `below(6)` returns the next face given (1-6) minus one; other `below(n)` calls
    (draws) take the next value as an index. Running out is an error, never a silent roll."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(b"loaded", "loaded", 0)
        self.faces = list(faces)

    def below(self, n: int) -> int:
        if not self.faces:
            raise AssertionError("the example gives no more dice")
        face = self.faces.pop(0)
        return face - 1 if n == 6 else face

    def used_up(self) -> bool:
        return not self.faces
