"""Event kinds declared per ruleset, each field with who may see it: a whitelist.

A ruleset declares every event kind it emits as a small dataclass, in
``rulesets/<game>/reported.py``, whose fields say their audience: `public` (everyone: the
public report), `owner` (the side the event concerns: its private report), `gm` (no
player's report). What the public report gets is built from the public fields only, so a
field added to an event stays secret until it is declared public (STYLE: build each view
by whitelisting fields, never by deleting secrets), as baltic's `view` builds the board.

An event kind may have several shapes (westeros' house card abilities: one cancels a card,
another gains power): each shape is a declaration of its own, told apart by its fields,
and its name reaches the templates (`Event.shape`), where each shape has its own macro.

Emitting an undeclared kind, a field no shape of the kind declares, or a shape without one
of its required fields raises `UndeclaredEvent`: the tests play whole games, so a new
event that is not declared fails them.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Collection, Iterable, Mapping
from enum import Enum
from typing import Any, TypeVar

from adjudicator.requests import Event

T = TypeVar("T")


class See(Enum):
    """Who may see a field of an event."""

    PUBLIC = "public"
    """Everyone: the public report and every private one."""
    OWNER = "owner"
    """Only the side the event concerns (its private report); the public copy lacks it."""
    GM = "gm"
    """No player's report: emitted for the rules' own bookkeeping, dropped from every copy."""


class _Absent:
    """The value of an optional field an event was emitted without."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


def _field(see: See, optional: bool, name: str | None) -> Any:
    metadata = {"see": see, "name": name}
    if optional:
        return dataclasses.field(default=ABSENT, metadata=metadata)
    return dataclasses.field(metadata=metadata)


def public(*, optional: bool = False, name: str | None = None) -> Any:
    """A field everyone may see; `optional` when an event of this shape may lack it, `name`
    its key in the event when that is no Python name (``from``)."""
    return _field(See.PUBLIC, optional, name)


def owner(*, optional: bool = False, name: str | None = None) -> Any:
    """A field only the event's owner may see."""
    return _field(See.OWNER, optional, name)


def gm(*, optional: bool = False, name: str | None = None) -> Any:
    """A field no player may see."""
    return _field(See.GM, optional, name)


def key_of(f: dataclasses.Field[Any]) -> str:
    """The key a declared field has in an event's data."""
    return f.metadata["name"] or f.name


def declare(kind: str, shape: str = "") -> Callable[[type[T]], type[T]]:
    """Class decorator: `cls` declares the event `kind` (in its `shape`), as a dataclass
    whose every field is made with `public`, `owner` or `gm`.

    A declaration is read, never made into an event (the rules emit plain data), so no
    ``__init__``, ``__repr__`` or ``__eq__`` is generated: writing those for ~140 kinds cost
    every run 25 ms of importing."""

    def wrap(cls: type[T]) -> type[T]:
        record = dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
        record.kind = kind  # type: ignore[attr-defined]
        record.shape = shape  # type: ignore[attr-defined]
        for f in dataclasses.fields(record):
            if "see" not in f.metadata:
                raise TypeError(f"event {kind!r}: field {f.name!r} says no audience")
        return record

    return wrap


class UndeclaredEvent(ValueError):
    """An event whose kind, or one of whose fields, its ruleset does not declare."""


@dataclasses.dataclass(frozen=True)
class Declaration:
    """One shape of one event kind, as `Declared` uses it."""

    kind: str
    shape: str
    see: Mapping[str, See]
    """Field -> who may see it."""
    required: frozenset[str]
    record: type
    """The dataclass that declares it (its annotations are the fields' types)."""

    def fits(self, names: Collection[str]) -> bool:
        return self.required <= set(names) and all(n in self.see for n in names)

    def mistyped(self, data: Mapping[str, Any]) -> list[str]:
        """The fields of `data` whose values are not of their declared type, said as
        ``"power: str given, int declared"``. Not checked at emit (it costs time in every
        step); the tests check every event of whole bot games with it."""
        hints = typing.get_type_hints(self.record)
        keys = {key_of(f): f.name for f in dataclasses.fields(self.record)}
        return [
            f"{key}: {type(value).__name__} given, {_said(hints[keys[key]])} declared"
            for key, value in data.items()
            if key in keys and not _accepts(hints[keys[key]], value)
        ]


def _said(hint: Any) -> str:
    return hint.__name__ if isinstance(hint, type) else str(hint)


def _accepts(hint: Any, value: Any) -> bool:
    """Whether `value` is of the type `hint` (Any, a class, a union, a generic alias)."""
    if hint is Any:
        return True
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return any(_accepts(arg, value) for arg in typing.get_args(hint))
    if hint is None or hint is type(None):
        return value is None
    return isinstance(value, typing.get_origin(hint) or hint)


class Declared:
    """The event kinds of one ruleset (its records made with `declare`), each event split
    for its audiences."""

    def __init__(self, *records: type) -> None:
        self.shapes: dict[str, list[Declaration]] = {}
        for record in records:
            fields = dataclasses.fields(record)
            declaration = Declaration(
                record.kind,  # type: ignore[attr-defined]
                record.shape,  # type: ignore[attr-defined]
                {key_of(f): f.metadata["see"] for f in fields},
                frozenset(key_of(f) for f in fields if f.default is dataclasses.MISSING),
                record,
            )
            self.shapes.setdefault(declaration.kind, []).append(declaration)
        self._fitting: dict[tuple[str, frozenset[str]], Declaration] = {}

    def kinds(self) -> set[str]:
        return set(self.shapes)

    def declaration(self, kind: str, names: Iterable[str]) -> Declaration:
        """The one declared shape of `kind` that fits these field names.

        Raises UndeclaredEvent for an unknown kind, or when no shape (or more than one)
        fits: a field nobody declared, or a required one missing.
        """
        key = (kind, frozenset(names))
        found = self._fitting.get(key)
        if found is not None:
            return found
        if kind not in self.shapes:
            raise UndeclaredEvent(f"event kind {kind!r} is not declared")
        fitting = [d for d in self.shapes[kind] if d.fits(key[1])]
        if len(fitting) != 1:
            known = " | ".join(
                ", ".join(sorted(d.see)) + (f" ({d.shape})" if d.shape else "")
                for d in self.shapes[kind]
            )
            why = "no declared shape" if not fitting else "more than one declared shape"
            raise UndeclaredEvent(
                f"event {kind!r} with fields {sorted(key[1])}: {why} fits (declared: {known})"
            )
        self._fitting[key] = fitting[0]
        return fitting[0]

    def split(
        self, kind: str, data: Mapping[str, Any], shown: Collection[str] = ()
    ) -> tuple[Declaration, dict[str, Any], dict[str, Any]]:
        """(the declaration, what everyone may see, what the owner may see) of one event.

        `shown` names owner fields that are public this time (a block a battle revealed).
        Both dicts keep the emitted order of the fields: the reports stay as they were.
        """
        declared = self.declaration(kind, data)
        see = declared.see
        whole = {k: v for k, v in data.items() if see[k] is not See.GM}
        seen = {k: v for k, v in whole.items() if see[k] is See.PUBLIC or k in shown}
        return declared, seen, whole

    def check(self, event: Event) -> Event:
        """An Event made without `split` (a rule's own `Event(...)`), checked the same way:
        its kind and fields declared, and, when public, only public fields. Returns it with
        its shape set."""
        declared = self.declaration(event.kind, event.data)
        if event.public:
            hidden = sorted(k for k in event.data if declared.see[k] is not See.PUBLIC)
            if hidden:
                raise UndeclaredEvent(
                    f"public event {event.kind!r} carries fields not declared public: {hidden}"
                )
        elif any(declared.see[k] is See.GM for k in event.data):
            raise UndeclaredEvent(f"event {event.kind!r} carries a field only the GM may see")
        if event.shape == declared.shape:
            return event
        return dataclasses.replace(event, shape=declared.shape)
