"""Mails set aside unread: the record a game keeps of them, for the GM's `status` and log.

A mail that cannot be parsed safely (`Mail.unreadable`), or whose handling raised, must not
stop the run, nor be read again on every run: cron flags it on the server with
`QUARANTINE_KEYWORD` (and ``\\Flagged``, so mail clients show it), skips it from then on, and
writes a record here. The GM reads the mail in a mail client; removing the flag has it read
again, and a mail taken after that loses its record.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from adjudicator.gamedir import atomic_write
from adjudicator.text import Text, _l, from_data, to_data

QUARANTINE_KEYWORD = "$AdjudicatorQuarantine"
"""The IMAP keyword of a mail set aside; `ImapSession.unprocessed` never returns it."""


@dataclass(frozen=True)
class SetAside:
    """One mail set aside unread."""

    message_id: str
    sender: str
    """The From address ('' when unreadable)."""
    reason: Text
    """Why, said in the GM's language."""
    when: str
    """When it was set aside (ISO 8601, UTC)."""

    def warning(self) -> Text:
        """The GM's line about it (status, cron log)."""
        return _l(
            "mail %(id)s from %(sender)s was set aside unread (%(reason)s): read it in a mail "
            "client; remove its IMAP flag %(flag)s to have it read again",
            id=self.message_id[:200],
            sender=self.sender or "?",
            reason=self.reason,
            flag=QUARANTINE_KEYWORD,
        )


class Quarantine:
    """A game's records of set-aside mails, one small private file each."""

    def __init__(self, game_dir: Path) -> None:
        self.root = Path(game_dir) / ".adjudicator" / "mail" / "quarantine"

    def _path(self, message_id: str) -> Path:
        return self.root / hashlib.sha256(message_id.encode()).hexdigest()[:40]

    def add(self, entry: SetAside) -> None:
        """Record `entry` (atomic, 0600 like everything under `.adjudicator/`)."""
        data = {
            "message_id": entry.message_id,
            "sender": entry.sender,
            "reason": to_data(entry.reason),
            "when": entry.when,
        }
        atomic_write(self._path(entry.message_id), json.dumps(data) + "\n", durable=False)

    def release(self, message_id: str) -> None:
        """Forget `message_id`: it was read after all."""
        with contextlib.suppress(FileNotFoundError):
            self._path(message_id).unlink()

    def entries(self) -> list[SetAside]:
        """Every record, oldest first; an unreadable record is skipped."""
        found = []
        for path in sorted(self.root.glob("[0-9a-f]*")) if self.root.is_dir() else ():
            try:
                data = json.loads(path.read_text())
                entry = SetAside(
                    str(data["message_id"]),
                    str(data["sender"]),
                    from_data(data["reason"]),
                    str(data["when"]),
                )
            except (OSError, ValueError, KeyError, TypeError):
                continue
            found.append(entry)
        return sorted(found, key=lambda e: (e.when, e.message_id))
