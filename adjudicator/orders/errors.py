"""Order errors: invalid (not understood), illegal (not allowed), ambiguous (fits several).

Every error carries the line number, the line as written, what was expected and the legal
alternatives, so that a player can fix it from the message alone. A submission with errors
is rejected whole: `OrderErrors` carries all of them at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

QUOTE_CHARS = 200
"""A line is quoted at most this long in a message: a 1 MB line must not give 2 MB of text."""

MAX_LISTED = 50
"""At most this many errors are listed; the rest are counted ('and 7 more errors')."""


def clip(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` cut to `limit` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def format_errors(errors: Sequence[OrderError]) -> str:
    """Errors as a player reads them: at most `MAX_LISTED`, then how many more there are."""
    lines = [str(e) for e in errors[:MAX_LISTED]]
    if len(errors) > MAX_LISTED:
        lines.append(f"and {len(errors) - MAX_LISTED} more errors")
    return "\n".join(lines)


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
        quoted = f"  {clip(self.text)!r}\n  " if self.text else "  "
        alts = ""
        if self.alternatives:
            shown = ", ".join(clip(a) for a in self.alternatives[:12])
            extra = len(self.alternatives) - 12
            more = f" (and {extra} more)" if extra > 0 else ""
            alts = f"\n  legal: {shown}{more}"
        # The message may quote the line again ("no area called '...'"): clipped as well.
        return f"{where}{self.kind.value}\n{quoted}{clip(self.message, 2 * QUOTE_CHARS)}{alts}"


class OrderErrors(Exception):
    """Every error of one submission; nothing of it is applied."""

    def __init__(self, errors: Iterable[OrderError]) -> None:
        self.errors: list[OrderError] = sorted(errors, key=lambda e: e.line)
        super().__init__(format_errors(self.errors))


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
