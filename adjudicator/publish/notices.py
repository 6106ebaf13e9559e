"""Reminders before a deadline and late notices after it, for players who owe an answer.

The engine records every open request with its deadline (``RunResult.waiting``, the
``waiting`` list of game.yaml); this module decides which notices are due now and queues
them in the outbox. The outbox key holds the player, request and deadline, so each notice
goes once, and a GM who extends a deadline (``adjudicator extend``) gets fresh ones.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from adjudicator.publish.smtp import Outbox, compose, queue_mail


class NoticeKind(StrEnum):
    REMINDER = "reminder"
    """The deadline is near and no answer is in."""
    LATE = "late"
    """The deadline has passed and no answer is in."""


@dataclass(frozen=True)
class Notice:
    """One notice due to one player about one open request."""

    kind: NoticeKind
    player: str
    summary: str
    """The request in the players' words ('place orders')."""
    deadline: datetime

    @property
    def key(self) -> str:
        """Outbox key: game.yaml lists requests without ids, so the words stand for one."""
        digest = hashlib.sha256(self.summary.encode()).hexdigest()[:10]
        return f"{self.kind}:{self.player}:{self.deadline:%Y%m%dT%H%M%S}:{digest}"

    def __str__(self) -> str:
        return f"{self.kind} to {self.player}: {self.summary} by {when(self.deadline)}"


def due_notices(
    waiting: Iterable[Mapping[str, Any]], now: datetime, reminder_hours: float
) -> list[Notice]:
    """The notices the open requests call for at `now`, sorted by deadline then player.

    A request is ``{player, summary, deadline}`` as game.yaml's ``waiting`` lists it. Whether the
    player has already answered is the caller's filter (`queue_notices` takes it).
    """
    from adjudicator.clock import parse_time

    notices = []
    for request in waiting:
        deadline = parse_time(str(request["deadline"]))
        if now >= deadline:
            kind = NoticeKind.LATE
        elif reminder_hours > 0 and now >= deadline - timedelta(hours=reminder_hours):
            kind = NoticeKind.REMINDER
        else:
            continue
        notices.append(
            Notice(
                kind,
                str(request["player"]),
                str(request.get("summary") or request.get("kind") or "an answer"),
                deadline,
            )
        )
    return sorted(set(notices), key=lambda n: (n.deadline, n.player, n.kind, n.summary))


def when(moment: datetime, zone: str | None = None) -> str:
    """'2027-01-03 12:00 UTC', and the player's local time beside it when their zone is
    known: '2027-01-03 12:00 UTC (13:00 CET in Europe/Berlin)'."""
    text = moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    if zone:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            local = moment.astimezone(ZoneInfo(zone))
        except (ZoneInfoNotFoundError, ValueError):
            return text
        same_day = local.date() == moment.astimezone(UTC).date()
        shown = local.strftime("%H:%M %Z" if same_day else "%a %H:%M %Z")
        text += f" ({shown} in {zone})"
    return text


def time_left(deadline: datetime, now: datetime) -> str:
    """'41 h 30 min left' or '2 h 5 min ago'."""
    minutes = int((deadline - now).total_seconds() // 60)
    hours, rest = divmod(abs(minutes), 60)
    span = f"{hours} h {rest} min" if hours else f"{rest} min"
    return f"{span} left" if minutes >= 0 else f"{span} ago"


def notice_body(notice: Notice, game_id: str, nmr: str, zone: str | None = None) -> str:
    """The text of a notice: what is awaited, by when, and how to answer (never a password)."""
    how = (
        f"Reply to this mail (or write to the game's address) with your orders; start them "
        f"with the lines 'house: {notice.player}' and 'password: <your password>'."
    )
    if notice.kind is NoticeKind.REMINDER:
        return (
            f"Game {game_id}: the deadline for '{notice.summary}' is "
            f"{when(notice.deadline, zone)}"
            f" and we have no answer from you yet.\n\n{how}\n"
        )
    after = {
        "defaults": "The rules' default answer will be used for you (NMR).",
        "wait": "The game waits for your answer.",
        "wait-then-defaults": "The game waits a little longer, then uses the default (NMR).",
    }.get(nmr, "")
    return (
        f"Game {game_id}: the deadline for '{notice.summary}' passed at "
        f"{when(notice.deadline, zone)} and we have no answer from you. {after}\n\n{how}\n"
    )


def queue_notices(
    outbox: Outbox,
    notices: Iterable[Notice],
    *,
    game_id: str,
    emails: Mapping[str, str],
    sender: str,
    reply_to: str | None,
    nmr: str = "defaults",
    zones: Mapping[str, str] | None = None,
) -> list[Notice]:
    """Queue each notice for its player (players without an address are skipped).

    Returns the notices newly queued; one queued before (same key) is not queued again.
    """
    queued = []
    for notice in notices:
        address = emails.get(notice.player)
        if not address:
            continue
        key = f"{game_id}:{notice.key}"
        what = "Reminder" if notice.kind is NoticeKind.REMINDER else "Deadline passed"
        msg = compose(
            key,
            sender=sender,
            to=[address],
            subject=f"[{game_id}] {what}: {notice.summary}",
            body=notice_body(notice, game_id, nmr, (zones or {}).get(notice.player)),
            reply_to=reply_to,
        )
        if queue_mail(outbox, key, msg):
            queued.append(notice)
    return queued


# -- answers to a player's mail, and turn reports --------------------------------------------


def numbered(text: str) -> str:
    """The order text as we read it, numbered like our error messages, passwords hidden."""
    from adjudicator.inbox.mail import redact_passwords

    lines = redact_passwords(text).splitlines() or [""]
    return "\n".join(f"{n:>3}  {line}".rstrip() for n, line in enumerate(lines, start=1))


def reply_subject(subject: str) -> str:
    return subject if subject.lower().startswith("re:") else f"Re: {subject}".strip()


def receipt_body(
    game_id: str,
    receipt: Any,
    text: str,
    *,
    now: datetime | None = None,
    zone: str | None = None,
) -> str:
    """What a receipt says: what was understood, what it replaced, the next deadline in UTC
    and the player's local time with the time left; then the text as read."""
    if receipt.duplicate:
        head = f"Game {game_id}: these orders were already received; nothing changed."
    else:
        head = f"Game {game_id}: your orders were received and accepted."
    deadline = ""
    if receipt.deadline and now is not None:
        from adjudicator.clock import parse_time

        moment = parse_time(receipt.deadline)
        deadline = f"\nYour next deadline: {when(moment, zone)}, {time_left(moment, now)}.\n"
    return (
        f"{head}\n\n{receipt}\n{deadline}\nYour mail as read (password hidden):\n{numbered(text)}\n"
    )


def rejection_body(game_id: str, errors: Iterable[Any], text: str) -> str:
    """Every problem with its line number; nothing of the mail was applied."""
    problems = "\n\n".join(str(e) for e in errors) or "(no details)"
    return (
        f"Game {game_id}: your orders were NOT accepted, and nothing of them was applied.\n"
        "Fix every problem below and send the whole orders again.\n\n"
        f"{problems}\n\nYour mail as read (password hidden):\n{numbered(text)}\n"
    )
