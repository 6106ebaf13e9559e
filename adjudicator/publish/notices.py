"""Reminders before a deadline and late notices after it, for players who owe an answer.

The engine records every open request with its deadline (``RunResult.waiting``, the
``waiting`` list of game.yaml); this module decides which notices are due now and queues
them in the outbox. The outbox key holds the player, request and deadline, so each notice
goes once, and a GM who extends a deadline (``adjudicator extend``) gets fresh ones.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from adjudicator.publish import messages
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
    how = messages.HOW_TO_ANSWER.format(player=notice.player)
    moment = when(notice.deadline, zone)
    if notice.kind is NoticeKind.REMINDER:
        head = messages.REMINDER.format(game=game_id, summary=notice.summary, when=moment)
        return f"{head}\n\n{how}\n"
    head = messages.LATE.format(game=game_id, summary=notice.summary, when=moment)
    after = messages.AFTER_DEADLINE.get(nmr, "")
    return f"{head} {after}\n\n{how}\n"


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
        subject = (
            messages.REMINDER_SUBJECT
            if notice.kind is NoticeKind.REMINDER
            else messages.LATE_SUBJECT
        ).format(game=game_id, summary=notice.summary)
        msg = compose(
            key,
            sender=sender,
            to=[address],
            subject=subject,
            body=notice_body(notice, game_id, nmr, (zones or {}).get(notice.player)),
            reply_to=reply_to,
        )
        if queue_mail(outbox, key, msg):
            queued.append(notice)
    return queued


# -- answers to a player's mail, and turn reports --------------------------------------------


def numbered(text: str) -> str:
    """The order text as we read it, numbered like our error messages, passwords hidden;
    at most `MAX_QUOTED_LINES` lines of it (a reply never grows with the mail)."""
    from adjudicator.inbox.mail import redact_passwords

    lines = redact_passwords(text).splitlines() or [""]
    shown = [f"{n:>3}  {line[:200]}".rstrip() for n, line in enumerate(lines[:MAX_QUOTED_LINES], 1)]
    if len(lines) > MAX_QUOTED_LINES:
        shown.append(messages.AS_READ_MORE.format(count=len(lines) - MAX_QUOTED_LINES))
    return "\n".join(shown)


_REPLY_PREFIX = re.compile(r"^\s*(re|res|aw|sv|vs|r|odp|отв|ответ)\s*(\[\d+\])?\s*:", re.I)
"""Reply prefixes mail clients write: English, Portuguese ``RES:``, Russian ``Отв:``..."""

MAX_QUOTED_LINES = 200
"""A reply quotes at most this many lines of the player's mail."""


def reply_subject(subject: str, game_id: str) -> str:
    """The subject of our answer: one reply prefix, and always the ``[game-id]`` tag, so that
    an answer to our answer finds its game in a shared folder.

    >>> reply_subject("RES: ordens", "w1")
    'RES: [w1] ordens'
    >>> reply_subject("Приказы", "w1")
    'Re: [w1] Приказы'
    """
    subject = " ".join(subject.split())
    found = _REPLY_PREFIX.match(subject)
    prefix, rest = (found.group(0), subject[found.end() :].strip()) if found else ("Re:", subject)
    if f"[{game_id.lower()}]" not in subject.lower():
        rest = f"[{game_id}] {rest}".strip()
    return f"{prefix.strip()} {rest}"


def next_deadline(deadline: str | None, now: datetime | None, zone: str | None) -> str:
    """'Your next deadline: ..., 41 h 30 min left.', or '' when there is none."""
    if not deadline or now is None:
        return ""
    from adjudicator.clock import parse_time

    moment = parse_time(deadline)
    return messages.NEXT_DEADLINE.format(when=when(moment, zone), left=time_left(moment, now))


def receipt_body(
    game_id: str,
    receipt: Any,
    text: str,
    *,
    now: datetime | None = None,
    zone: str | None = None,
    unusable: Mapping[str, list[str]] | None = None,
    missed: str = "",
) -> str:
    """What a receipt says: what was understood, what it replaced, the next deadline (once)
    in UTC and the player's local time with the time left; then the text as read.

    `unusable` maps a request the player must answer now to why each of their instructions
    fails for it: the receipt then says that they change nothing yet. `missed` is when a
    step was resolved without this mail although the mail had reached the server before.
    """
    if receipt.duplicate:
        head = messages.RECEIPT_DUPLICATE.format(game=game_id)
        lines = []
    else:
        head = messages.RECEIPT_ACCEPTED.format(game=game_id)
        lines = [
            messages.RECEIPT_SUBMISSION.format(player=receipt.player, submission=receipt.submission)
        ]
        lines += [f"  {u}" for u in receipt.understood] or [f"  {messages.RECEIPT_NO_INSTRUCTIONS}"]
        lines += [f"  {messages.RECEIPT_REPLACES.format(instruction=r)}" for r in receipt.replaced]
    if missed:
        from adjudicator.clock import parse_time

        lines += ["", messages.MISSED_STEP.format(resolved=when(parse_time(missed), zone))]
    for summary, why in (unusable or {}).items():
        lines += ["", messages.CANNOT_BE_USED.format(summary=summary), *[f"  {w}" for w in why]]
    deadline = next_deadline(receipt.deadline, now, zone)
    parts = [head, "\n".join(lines), deadline, f"{messages.AS_READ}\n{numbered(text)}"]
    return "\n\n".join(p for p in parts if p) + "\n"


def rejection_body(
    game_id: str, errors: Iterable[Any], text: str, ours: frozenset[str] = frozenset()
) -> str:
    """Every problem with its line number; nothing of the mail was applied. An error on a
    line that looks like quoted mail says so (`ours`: the lines of the mail answered)."""
    from adjudicator.inbox.quotes import looks_quoted

    lines = text.splitlines()
    problems = []
    for error in errors:
        problem = str(error)
        line = getattr(error, "line", 0)
        if 0 < line <= len(lines) and looks_quoted(lines[line - 1], ours):
            problem += "\n  " + messages.QUOTED_LINE.format(line=line)
        problems.append(problem)
    head = messages.REJECTED.format(game=game_id)
    shown = "\n\n".join(problems) or messages.NO_DETAILS
    return f"{head}\n\n{shown}\n\n{messages.AS_READ}\n{numbered(text)}\n"


def too_large_body(game_id: str, size: int, limit: int) -> str:
    """The short refusal of a mail too large to read."""
    return messages.TOO_LARGE.format(game=game_id, size=size // 1024, limit=limit // 1024) + "\n"
