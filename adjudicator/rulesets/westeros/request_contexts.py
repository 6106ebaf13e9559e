"""What each kind of open request carries for the house to answer: `OpenRequest.context`.

One small frozen record per family of kinds that share a shape (every ability of a house
card asks the same things, a retreat and Robb Stark's retreat too), so a chapter reads
`req.context.side` with its type known, and the registry `CONTEXTS` says which record a
kind carries. In the saved state a context is the plain dict the game file has always held
(`to_data`/`from_data`, called by `OpenRequest`), keys in the order of the fields; a field
that defaults to None is a key only some requests of the kind have, left out while None.
The engine's `Request` gets the same dict (`OpenRequest.as_request`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, Self, TypeVar

if TYPE_CHECKING:
    from adjudicator.rulesets.westeros.open_request import OpenRequest

C = TypeVar("C", bound="Context")


@dataclass(frozen=True)
class Context:
    """The plain-data side shared by every request's context."""

    def to_data(self) -> dict[str, Any]:
        """As the saved state holds it (the values themselves: `State.to_data` copies)."""
        data = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None or f.default is MISSING:
                data[f.name] = value
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Self:
        """The context of a saved state, in any key order; a key no kind reads any more
        (from an older program) is passed over, as nothing would read it."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})

    @classmethod
    def of(cls, req: OpenRequest) -> Self:
        """`req.context` (of an `OpenRequest`) as this record; a TypeError when the request's
        kind carries another (a kind sent to the wrong chapter)."""
        context = req.context
        if not isinstance(context, cls):
            carried = type(context).__name__
            raise TypeError(f"a {req.kind} request carries {carried}, not {cls.__name__}")
        return context


CONTEXTS: dict[str, type[Context]] = {}
"""Request kind -> the record its context is."""


def carried_by(*kinds: str) -> Callable[[type[C]], type[C]]:
    """Register the record as the context of `kinds`."""

    def register(record: type[C]) -> type[C]:
        for kind in kinds:
            CONTEXTS[kind] = record
        return record

    return register


# -- the action phase's turns ---------------------------------------------------------------
@carried_by("raid", "march")
@dataclass(frozen=True)
class OrderTurn(Context):
    """Resolve one raid (or march) order of yours, in turn order (Action phase)."""

    options: dict[str, Any]
    """Each of the house's unresolved orders of the kind: area -> what it may do there
    (a raid's targets; a march's units and destinations)."""
