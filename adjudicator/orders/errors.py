"""Order errors: invalid (not understood), illegal (not allowed), ambiguous (fits several).

Every error carries the line number, the line as written, what was expected and the legal
alternatives, so that a player can fix it from the message alone. A submission with errors
is rejected whole: `OrderErrors` carries all of them at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum


class ErrorKind(StrEnum):
    INVALID = "invalid"
    """The line was not understood."""
    ILLEGAL = "illegal"
    """Understood, but the rules do not allow it."""
    AMBIGUOUS = "ambiguous"
    """It fits more than one thing."""


@dataclass(frozen=True)
class OrderError:
    """One problem in a submission."""

    kind: ErrorKind
    line: int
    text: str
    message: str
    alternatives: tuple[str, ...] = ()

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        quoted = f"  {self.text!r}\n  " if self.text else "  "
        alts = ""
        if self.alternatives:
            shown = ", ".join(self.alternatives[:12])
            extra = len(self.alternatives) - 12
            more = f" (and {extra} more)" if extra > 0 else ""
            alts = f"\n  legal: {shown}{more}"
        return f"{where}{self.kind.value}\n{quoted}{self.message}{alts}"


class OrderErrors(Exception):
    """Every error of one submission; nothing of it is applied."""

    def __init__(self, errors: Iterable[OrderError]) -> None:
        self.errors: list[OrderError] = sorted(errors, key=lambda e: e.line)
        super().__init__("\n".join(str(e) for e in self.errors))


class LineError(Exception):
    """Raised while reading one line; the reader adds line number and text."""

    def __init__(self, kind: ErrorKind, message: str, alternatives: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.alternatives = tuple(alternatives)

    def at(self, line: int, text: str) -> OrderError:
        return OrderError(self.kind, line, text, self.message, self.alternatives)


def invalid(message: str, alternatives: Sequence[str] = ()) -> LineError:
    return LineError(ErrorKind.INVALID, message, alternatives)


def illegal(message: str, alternatives: Sequence[str] = ()) -> LineError:
    return LineError(ErrorKind.ILLEGAL, message, alternatives)


def ambiguous(message: str, alternatives: Sequence[str] = ()) -> LineError:
    return LineError(ErrorKind.AMBIGUOUS, message, alternatives)
