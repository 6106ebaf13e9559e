"""What game.yaml may hold: checked whole on every load, before anything changes.

The GM edits `settings:` and players' names and addresses by hand, so every key is checked
against this table: an unknown key gets the closest valid one, a wrong value what is
allowed. Every fault is listed at once with its YAML path (python-chess `Board.status()`).

NOTE: hand-written checks rather than a validation library (pydantic, jsonschema): the
table is small, the messages must name the closest key and be written once here, and a
library import would cost each cron run more than the whole check (see the commit message).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from adjudicator.i18n import LANGUAGES, UnknownLanguage, check_language
from adjudicator.text import Text, _l, quoted

Check = Callable[[Any], bool]


def _number(low: float, strict: bool) -> tuple[Check, Text]:
    def check(value: Any) -> bool:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return value > low if strict else value >= low

    shown = f"{low:g}"
    if strict:
        return check, _l("a number of hours above %(low)s", low=shown)
    return check, _l("a number of hours of at least %(low)s", low=shown)


def _minutes() -> tuple[Check, Text]:
    check, _ = _number(0, strict=False)
    return check, _l("a number of minutes of at least 0")


def _choice(*allowed: str) -> tuple[Check, Text]:
    return (lambda v: v in allowed), _l("one of %(choices)s", choices=allowed)


def _kind(kind: type | tuple[type, ...], what: Text) -> tuple[Check, Text]:
    return (lambda v: isinstance(v, kind)), what


def _language() -> tuple[Check, Text]:
    """A language we have a catalog for ('pt-br' is read as 'pt_BR'); i18n.LANGUAGES."""

    def check(value: Any) -> bool:
        try:
            return isinstance(value, str) and bool(check_language(value))
        except UnknownLanguage:
            return False

    return check, _l("one of %(choices)s", choices=tuple(LANGUAGES))


_ADDRESS = re.compile(
    r"[^@\s<>()\[\],;:\"\\]+@[^\W_](?:[\w-]*[^\W_])?(?:\.[^\W_](?:[\w-]*[^\W_])?)*"
)


def is_address(value: Any) -> bool:
    """Whether `value` is one plain e-mail address (local@domain), as a mail's From is
    compared with it: anything else would make that player's mail a stranger's."""
    return isinstance(value, str) and _ADDRESS.fullmatch(value) is not None


BOOL = _kind(bool, _l("true or false"))
TEXT = _kind(str, _l("text"))
OPTIONAL_TEXT = (lambda v: v is None or isinstance(v, str)), _l("text, or nothing")
MAPPING = _kind(dict, _l("a mapping of keys to values"))
OPTIONAL_MAPPING = (lambda v: v is None or isinstance(v, dict)), _l("a mapping, or nothing")

SETTINGS: dict[str, tuple[Check, Text]] = {
    "deadline_hours": _number(0, strict=True),
    "nmr": _choice("defaults", "wait", "wait-then-defaults"),
    "grace_hours": _number(0, strict=False),
    "wait_hours": _number(0, strict=False),
    "early_delay_minutes": _minutes(),
    "paused": BOOL,
    "maps": BOOL,
    "png": BOOL,
    "bbcode_tables": BOOL,
    "map_base_url": OPTIONAL_TEXT,
    "gm_email": OPTIONAL_TEXT,
    "gm_password": OPTIONAL_TEXT,
    "lang": _language(),
    "mail": OPTIONAL_MAPPING,
    "forum": OPTIONAL_MAPPING,
}
"""settings: key -> (check, what is allowed); README "Settings" lists the same keys (and
"Per game: game.yaml settings" the mail ones: gm_password is the mail engineer's)."""


@dataclass(frozen=True)
class Settings:
    """game.yaml's `settings:` as the engine reads them, every default said here once (the
    GM's own mapping stays as written: game.yaml keeps it, `SETTINGS` checks it)."""

    deadline_hours: float = 48.0
    """How long a newly opened request waits for its answer."""
    nmr: str = "defaults"
    """After a deadline: 'defaults' answer, or 'wait' for the GM, or 'wait-then-defaults'."""
    grace_hours: float = 0.0
    """Hours after a deadline before the defaults answer."""
    wait_hours: float = 24.0
    """With 'wait-then-defaults': the further hours before the defaults answer."""
    early_delay_minutes: float = 0.0
    """When everything is in, minutes to wait after the last submission used."""
    paused: bool = False
    """Nothing is resolved while paused."""
    maps: bool = True
    """Draw the SVG maps."""
    png: bool = True
    """Draw the public map as PNG too (when resvg is installed)."""
    bbcode_tables: bool = True
    """BBCode reports with [table]s (a forum without them gets plain lists)."""
    map_base_url: str | None = None
    """Where the maps are published: the BBCode report's image links."""
    gm_email: str | None = None
    gm_password: str | None = None
    """The hash a mail from the GM's address must match to send for a player."""
    lang: str = "en"
    """The game's language: public reports and what a player without a `lang` reads."""
    mail: Mapping[str, Any] = field(default_factory=dict)
    forum: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, meta: Mapping[str, Any]) -> Settings:
        """The settings of a game.yaml's data; a key left out or empty takes its default."""
        given = meta.get("settings") or {}
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in given.items() if k in names and v is not None})


MAIL: dict[str, tuple[Check, Text]] = {
    "folder": OPTIONAL_TEXT,
    "from": OPTIONAL_TEXT,
    "reply_to": OPTIONAL_TEXT,
    "reminder_hours": _number(0, strict=False),
    "late_notices": BOOL,
    "reports": BOOL,
}

FORUM: dict[str, tuple[Check, Text]] = {
    "discourse_topic": _kind(int, _l("a topic number")),
    "discord": BOOL,
}

PLAYER: dict[str, tuple[Check, Text]] = {
    "name": TEXT,
    "email": (
        lambda v: v is None or is_address(v),
        _l("an e-mail address such as ann@example.org"),
    ),
    "password": TEXT,
    "tz": TEXT,
    "lang": _language(),
}

TOP = {
    "schema": _kind(int, _l("a schema number")),
    "game": TEXT,
    "id": TEXT,
    "created": TEXT,
    "secret_sha256": TEXT,
    "secret": TEXT,
    "settings": OPTIONAL_MAPPING,
    "start": MAPPING,
    "players": _kind(dict, _l("a mapping of each player id to their name, email and password")),
    "step": _kind(int, _l("a step number")),
    "updated": TEXT,
    "waiting": _kind(list, _l("a list (written by adjudicator)")),
    "position": MAPPING,
}


def problems(meta: Mapping[str, Any]) -> list[str]:
    """Every fault of a game file, each naming its key, its value and what is allowed."""
    return [str(fault) for fault in faults(meta)]


def faults(meta: Mapping[str, Any]) -> list[Text]:
    """`problems`, as sentences the GM reads in the game's language."""
    found = _check("", meta, TOP)
    if found:
        return found  # the parts below need the right shapes
    found += _check("settings.", meta.get("settings") or {}, SETTINGS)
    settings = meta.get("settings") or {}
    if isinstance(settings.get("mail"), dict):
        found += _check("settings.mail.", settings["mail"], MAIL)
    if isinstance(settings.get("forum"), dict):
        found += _check("settings.forum.", settings["forum"], FORUM)
    for player, record in meta.get("players", {}).items():
        if not isinstance(record, dict):
            shape = _l("a mapping with name and password")
            found.append(_wrong(f"players.{player}", record, shape))
        else:
            found += _check(f"players.{player}.", record, PLAYER)
    return found


def _check(
    prefix: str, data: Mapping[str, Any], table: Mapping[str, tuple[Check, Text]]
) -> list[Text]:
    found = unknown_keys(prefix, data, table)
    for key, value in data.items():
        if key not in table:
            continue
        check, allowed = table[key]
        if not check(value):
            found.append(_wrong(prefix + str(key), value, allowed))
    return found


def unknown_keys(prefix: str, data: Mapping[str, Any], known: Collection[str]) -> list[Text]:
    """A fault for each key of `data` not in `known`, naming the closest known key (difflib,
    as click does for a mistyped command) or, when none is close, all of them."""
    found = []
    for key in data:
        if key in known:
            continue
        close = difflib.get_close_matches(str(key), sorted(known), n=1, cutoff=0.6)
        shown = key if isinstance(key, str) and len(key) <= 40 else quoted(key, 40)
        path = f"{prefix}{shown}"
        found.append(
            _l("%(path)s: unknown key; did you mean '%(key)s'?", path=path, key=close[0])
            if close
            else _l("%(path)s: unknown key; known: %(keys)s", path=path, keys=tuple(known))
        )
    return found


def _wrong(path: str, value: Any, allowed: Text) -> Text:
    return _l(
        "%(path)s: %(value)s is not allowed; use %(allowed)s",
        path=path,
        value=quoted(value),
        allowed=allowed,
    )
