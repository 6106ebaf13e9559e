"""Order errors: invalid (not understood), illegal (not allowed), ambiguous (fits several).

Every error carries the line number, the line as written, what was expected and the legal
alternatives, so that a player can fix it from the message alone. A submission with errors
is rejected whole: `OrderErrors` carries all of them at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.text import N_, Name, Text, _l, _ln, say

QUOTE_CHARS = 200
"""A line is quoted at most this long in a message: a 1 MB line must not give 2 MB of text."""

MAX_LISTED = 50
"""At most this many errors are listed; the rest are counted ('and 7 more errors')."""


def clip(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` cut to `limit` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def format_errors(errors: Sequence[OrderError], lang: str = "en", game: str | None = None) -> str:
    """Errors as a player reads them, in `lang`: at most `MAX_LISTED`, then how many more
    there are."""
    lines = [e.say(lang, game) for e in errors[:MAX_LISTED]]
    if len(errors) > MAX_LISTED:
        more = len(errors) - MAX_LISTED
        lines.append(_ln("and %(n)d more error", "and %(n)d more errors", more).say(lang, game))
    return "\n".join(lines)


KIND_WORDS = {
    "invalid": N_("invalid"),
    "illegal": N_("illegal"),
    "ambiguous": N_("ambiguous"),
}
"""How each kind of error is headed, in the reader's language."""


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
    message: str | Text
    alternatives: tuple[str | Name, ...] = ()
    """What would be legal instead; names are said in the reader's language."""

    def __str__(self) -> str:
        return self.say("en", None)

    def say(self, lang: str, game: str | None) -> str:
        """The error as the player reads it in `lang`, the game's names in that language."""
        kind = _l(KIND_WORDS[self.kind.value]).say(lang, game)
        head = _l("line %(line)d: %(kind)s", line=self.line, kind=kind) if self.line else None
        where = f"{head.say(lang, game)}" if head else kind
        quoted = f"  {clip(self.text)!r}\n  " if self.text else "  "
        # The message may quote the line again ("no area called '...'"): clipped as well.
        text = f"{where}\n{quoted}{clip(say(self.message, lang, game), 2 * QUOTE_CHARS)}"
        if self.alternatives:
            shown = [clip(say(a, lang, game)) for a in self.alternatives[:12]]
            extra = len(self.alternatives) - 12
            legal = (
                _ln(
                    "legal: %(shown)s (and %(n)d more)",
                    "legal: %(shown)s (and %(n)d more)",
                    extra,
                    shown=shown,
                )
                if extra > 0
                else _l("legal: %(shown)s", shown=shown)
            )
            text += "\n  " + legal.say(lang, game)
        return text


class OrderErrors(Exception):
    """Every error of one submission; nothing of it is applied."""

    def __init__(self, errors: Iterable[OrderError]) -> None:
        # By line; what concerns the whole text (line 0: an area without an order) last, as
        # the sum of what the lines say.
        self.errors: list[OrderError] = sorted(errors, key=lambda e: (not e.line, e.line))
        super().__init__(format_errors(self.errors))


class LineError(Exception):
    """Raised while reading one line; the reader adds line number and text."""

    def __init__(
        self, kind: ErrorKind, message: str | Text, alternatives: Sequence[str | Name] = ()
    ) -> None:
        super().__init__(str(message))
        self.kind = kind
        self.message = message
        self.alternatives = tuple(alternatives)

    def at(self, line: int, text: str) -> OrderError:
        return OrderError(self.kind, line, text, self.message, self.alternatives)


def invalid(message: str | Text, alternatives: Sequence[str | Name] = ()) -> LineError:
    return LineError(ErrorKind.INVALID, message, alternatives)


def illegal(message: str | Text, alternatives: Sequence[str | Name] = ()) -> LineError:
    return LineError(ErrorKind.ILLEGAL, message, alternatives)


def ambiguous(message: str | Text, alternatives: Sequence[str | Name] = ()) -> LineError:
    return LineError(ErrorKind.AMBIGUOUS, message, alternatives)
