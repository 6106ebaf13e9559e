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
from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any], bool]


def _number(low: float, strict: bool) -> tuple[Check, str]:
    def check(value: Any) -> bool:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        return value > low if strict else value >= low

    return check, f"a number of hours {'above' if strict else 'of at least'} {low:g}"


def _minutes() -> tuple[Check, str]:
    check, _ = _number(0, strict=False)
    return check, "a number of minutes of at least 0"


def _choice(*allowed: str) -> tuple[Check, str]:
    return (lambda v: v in allowed), "one of " + ", ".join(allowed)


def _kind(kind: type | tuple[type, ...], what: str) -> tuple[Check, str]:
    return (lambda v: isinstance(v, kind)), what


def _language() -> tuple[Check, str]:
    """A language we have a catalog for ('pt-br' is read as 'pt_BR'); i18n.LANGUAGES."""
    from adjudicator.i18n import LANGUAGES, UnknownLanguage, check_language

    def check(value: Any) -> bool:
        try:
            return isinstance(value, str) and bool(check_language(value))
        except UnknownLanguage:
            return False

    return check, "one of " + ", ".join(LANGUAGES)


BOOL = _kind(bool, "true or false")
TEXT = _kind(str, "text")
OPTIONAL_TEXT = (lambda v: v is None or isinstance(v, str)), "text, or nothing"
MAPPING = _kind(dict, "a mapping of keys to values")
OPTIONAL_MAPPING = (lambda v: v is None or isinstance(v, dict)), "a mapping, or nothing"

SETTINGS: dict[str, tuple[Check, str]] = {
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

MAIL: dict[str, tuple[Check, str]] = {
    "folder": OPTIONAL_TEXT,
    "from": OPTIONAL_TEXT,
    "reply_to": OPTIONAL_TEXT,
    "reminder_hours": _number(0, strict=False),
    "late_notices": BOOL,
    "reports": BOOL,
}

FORUM: dict[str, tuple[Check, str]] = {
    "discourse_topic": _kind(int, "a topic number"),
    "discord": BOOL,
}

PLAYER: dict[str, tuple[Check, str]] = {
    "name": TEXT,
    "email": OPTIONAL_TEXT,
    "password": TEXT,
    "tz": TEXT,
    "lang": _language(),
}

TOP = {
    "schema": _kind(int, "a schema number"),
    "game": TEXT,
    "id": TEXT,
    "created": TEXT,
    "secret_sha256": TEXT,
    "secret": TEXT,
    "settings": OPTIONAL_MAPPING,
    "start": MAPPING,
    "players": _kind(dict, "a mapping of each player id to their name, email and password"),
    "step": _kind(int, "a step number"),
    "updated": TEXT,
    "waiting": _kind(list, "a list (written by adjudicator)"),
    "position": MAPPING,
}


def problems(meta: Mapping[str, Any]) -> list[str]:
    """Every fault of a game file, each naming its key, its value and what is allowed."""
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
            found.append(_wrong(f"players.{player}", record, "a mapping with name and password"))
        else:
            found += _check(f"players.{player}.", record, PLAYER)
    return found


def _check(
    prefix: str, data: Mapping[str, Any], table: Mapping[str, tuple[Check, str]]
) -> list[str]:
    found = []
    for key, value in data.items():
        if key not in table:
            close = difflib.get_close_matches(str(key), list(table), n=1, cutoff=0.6)
            hint = f"did you mean {close[0]!r}?" if close else "known: " + ", ".join(table)
            found.append(f"{prefix}{key}: unknown key; {hint}")
            continue
        check, allowed = table[key]
        if not check(value):
            found.append(_wrong(prefix + str(key), value, allowed))
    return found


def _wrong(path: str, value: Any, allowed: str) -> str:
    return f"{path}: {value!r} is not allowed; use {allowed}"
