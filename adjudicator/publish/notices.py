"""Reminders before a deadline and late notices after it, for players who owe an answer.

The engine records every open request with its deadline (``RunResult.waiting``, the
``waiting`` list of game.yaml); this module decides which notices are due now and queues
them in the outbox. The outbox key holds the player, request and deadline, so each notice
goes once, and a GM who extends a deadline (``adjudicator extend``) gets fresh ones.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from adjudicator.clock import parse_time
from adjudicator.form import HEADER
from adjudicator.inbox.mail import redact_passwords
from adjudicator.inbox.quotes import looks_quoted
from adjudicator.publish import messages
from adjudicator.publish.smtp import Outbox, compose, queue_mail
from adjudicator.render import display_name, format_deadline, one_line
from adjudicator.rulesets import find_ruleset
from adjudicator.submissions import hide_inline_passwords
from adjudicator.text import Name, _l, from_data
from adjudicator.text import say as said
from adjudicator.text import say as say_value


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
    """The request in the players' words ('place orders'), in English."""
    deadline: datetime
    said: Any = field(default=None, compare=False)
    """The summary as a `text.Text` (game.yaml ``waiting: said``), None when it has none."""
    skipped: tuple[Any, ...] = field(default=(), compare=False)
    """The player's standing lines skipped for this request, each with why (`Text`s of the
    engine's `waiting_status`); never in game.yaml, which is public."""
    passed_over: tuple[Any, ...] = field(default=(), compare=False)
    """The player's standing lines the rules passed over recently, each with why
    (`Ruleset.passed_over`, through `waiting_status`); never in game.yaml."""

    @property
    def key(self) -> str:
        """Outbox key: game.yaml lists requests without ids, so the words stand for one."""
        digest = hashlib.sha256(self.summary.encode()).hexdigest()[:10]
        return f"{self.kind}:{self.player}:{self.deadline:%Y%m%dT%H%M%S}:{digest}"

    def summary_in(self, lang: str, game: str | None) -> str:
        """The request's summary in `lang` (the English words when it was kept without)."""
        return self.said.say(lang, game) if self.said is not None else self.summary

    def __str__(self) -> str:
        return f"{self.kind} to {self.player}: {self.summary} by {when(self.deadline)}"


def due_notices(
    waiting: Iterable[Mapping[str, Any]], now: datetime, reminder_hours: float
) -> list[Notice]:
    """The notices the open requests call for at `now`, sorted by deadline then player.

    A request is ``{player, summary, said, deadline}`` as game.yaml's ``waiting`` lists it.
    Whether the player has already answered is the caller's filter (`queue_notices` takes it).
    """

    notices = []
    for request in waiting:
        deadline = parse_time(str(request["deadline"]))
        if now >= deadline:
            kind = NoticeKind.LATE
        elif reminder_hours > 0 and now >= deadline - timedelta(hours=reminder_hours):
            kind = NoticeKind.REMINDER
        else:
            continue
        said = request.get("said")
        notices.append(
            Notice(
                kind,
                str(request["player"]),
                str(request.get("summary") or request.get("kind") or "an answer"),
                deadline,
                from_data(said) if said else None,
                tuple(request.get("skipped") or ()),
                tuple(request.get("passed_over") or ()),
            )
        )
    return sorted(set(notices), key=lambda n: (n.deadline, n.player, n.kind, n.summary))


def say(message: str, lang: str, names: str | None = None, /, **fields: Any) -> str:
    """One sentence of `messages` in `lang`, its fields filled (game words in the words of
    the ruleset `names`)."""
    return _l(message, **fields).say(lang, names)


def header_line(player: str, lang: str, game: str | None) -> str:
    """The order form's first line for `player` in `lang` ('дом: Старк', 'сторона: Швеция'):
    the game's own header word and the player's name in the reader's words."""

    if not game:
        return say(HEADER, lang, None, player=player)

    header = getattr(find_ruleset(game), "form_header", HEADER)
    return say(header, lang, game, player=Name(player, display_name(game, player)))


def when(moment: datetime, zone: str | None = None, lang: str = "en") -> str:
    """'2027-01-03 12:00 UTC', and the player's local time beside it when their zone is
    known: '2027-01-03 12:00 UTC (13:00 CET in Europe/Berlin)'. Other languages write it as
    the reports do (`render.format_deadline`: «3 янв. 2027 г., 12:00 UTC (15:00 по
    московскому времени)»), so that a deadline reads the same in a mail and in the report
    it comes with (issue 20)."""
    return format_deadline(moment, lang, zone)


def time_left(deadline: datetime, now: datetime, lang: str = "en") -> str:
    """'41 h 30 min left' or '2 h 5 min ago' (with the plural forms of `lang`)."""
    minutes = int((deadline - now).total_seconds() // 60)
    hours, rest = divmod(abs(minutes), 60)
    span = messages.time_left(hours, rest) if minutes >= 0 else messages.time_ago(hours, rest)
    return span.say(lang, None)


def notice_body(
    notice: Notice,
    game_id: str,
    nmr: str,
    zone: str | None = None,
    lang: str = "en",
    game: str | None = None,
    form: str = "",
) -> str:
    """The text of a notice in `lang`: what is awaited, by when, and how to answer (never
    a password). `game` is the ruleset whose names the summary uses. A reminder carries
    the player's order form (`adjudicator.form`) when their latest report had one."""
    header = header_line(notice.player, lang, game)
    how = say(messages.HOW_TO_ANSWER, lang, header=header)
    how += _listed(messages.NOT_USED, notice.skipped, lang, game)
    how += _listed(messages.PASSED_OVER, notice.passed_over, lang, game)
    moment = when(notice.deadline, zone, lang)
    summary = notice.summary_in(lang, game)
    if notice.kind is NoticeKind.REMINDER:
        head = say(messages.REMINDER, lang, game=game_id, summary=summary, when=moment)
        if form:
            how += "\n\n" + say(messages.FORM_BELOW, lang) + "\n\n" + form.rstrip("\n")
        return f"{head}\n\n{how}\n"
    head = say(messages.LATE, lang, game=game_id, summary=summary, when=moment)
    after = messages.AFTER_DEADLINE.get(nmr)
    if after:
        head += " " + say(after, lang)
    return f"{head}\n\n{how}\n"


def _listed(heading: str, said_lines: tuple[Any, ...], lang: str, game: str | None) -> str:
    """Lines of the player's not used (`Notice.skipped`, `Notice.passed_over`), each with
    why, under their heading, after the how-to (or nothing)."""
    if not said_lines:
        return ""
    lines = [f"  {said(why, lang, game)}" for why in said_lines]
    return "\n\n" + "\n".join([say(heading, lang), *lines])


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
    langs: Mapping[str, str] | None = None,
    game: str | None = None,
    forms: Mapping[str, str] | None = None,
) -> list[Notice]:
    """Queue each notice for its player (players without an address are skipped), in the
    player's language (`langs`, player -> language; English for a player not in it);
    a reminder carries the player's order form (`forms`, player -> form text).

    Returns the notices newly queued; one queued before (same key) is not queued again.
    """
    queued = []
    for notice in notices:
        address = emails.get(notice.player)
        if not address:
            continue
        lang = (langs or {}).get(notice.player, "en")
        key = f"{game_id}:{notice.key}"
        subject = say(
            messages.REMINDER_SUBJECT
            if notice.kind is NoticeKind.REMINDER
            else messages.LATE_SUBJECT,
            lang,
            game=game_id,
            summary=notice.summary_in(lang, game),
        )
        msg = compose(
            key,
            sender=sender,
            to=[address],
            subject=subject,
            body=notice_body(
                notice,
                game_id,
                nmr,
                (zones or {}).get(notice.player),
                lang,
                game,
                (forms or {}).get(notice.player, ""),
            ),
            reply_to=reply_to,
            lang=lang,
        )
        if queue_mail(outbox, key, msg):
            queued.append(notice)
    return queued


# -- answers to a player's mail, and turn reports --------------------------------------------


def numbered(text: str, lang: str = "en") -> str:
    """The order text as we read it, numbered like our error messages, passwords hidden;
    at most `MAX_QUOTED_LINES` lines of it (a reply never grows with the mail)."""

    lines = redact_passwords(text).splitlines() or [""]
    shown = [f"{n:>3}  {line[:200]}".rstrip() for n, line in enumerate(lines[:MAX_QUOTED_LINES], 1)]
    if len(lines) > MAX_QUOTED_LINES:
        shown.append(messages.as_read_more(len(lines) - MAX_QUOTED_LINES).say(lang, None))
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

    subject = hide_inline_passwords(" ".join(subject.split()))
    found = _REPLY_PREFIX.match(subject)
    prefix, rest = (found.group(0), subject[found.end() :].strip()) if found else ("Re:", subject)
    if f"[{game_id.lower()}]" not in subject.lower():
        rest = f"[{game_id}] {rest}".strip()
    return f"{prefix.strip()} {rest}"


def next_deadline(
    deadline: str | None, now: datetime | None, zone: str | None, lang: str = "en"
) -> str:
    """'Your next deadline: ..., 41 h 30 min left.', or '' when there is none."""
    if not deadline or now is None:
        return ""

    moment = parse_time(deadline)
    return say(
        messages.NEXT_DEADLINE,
        lang,
        when=when(moment, zone, lang),
        left=time_left(moment, now, lang),
    )


def receipt_body(
    game_id: str,
    receipt: Any,
    text: str,
    *,
    now: datetime | None = None,
    zone: str | None = None,
    unusable: Mapping[str, list[Any]] | None = None,
    missed: str = "",
    lang: str = "en",
    game: str | None = None,
    skipped: Sequence[str] = (),
) -> str:
    """What a receipt says in `lang`: what was understood (`Receipt.say`: the instructions'
    echoes in the player's words), what it replaced, the next deadline (once) in UTC and the
    player's local time with the time left; then the text as read. `game` is the ruleset
    whose names the echoes use.

    `unusable` maps a request the player must answer now (its summary, said in `lang`) to
    why each of their instructions fails for it (`Text`s or strings): the receipt then says
    that they change nothing yet. `missed` is when a step was resolved without this mail
    although the mail had reached the server before.
    """

    if receipt.duplicate:
        head = say(messages.RECEIPT_DUPLICATE, lang, game=game_id)
        lines = []
    else:
        head = say(messages.RECEIPT_ACCEPTED, lang, game=game_id)
        # The deadline is said below, with the time left, not in the receipt's own line.
        lines = replace(receipt, deadline=None).say(lang, game).splitlines()
    if missed:
        moment = when(parse_time(missed), zone, lang)
        lines += ["", say(messages.MISSED_STEP, lang, resolved=moment)]
    for summary, why in (unusable or {}).items():
        lines += ["", say(messages.CANNOT_BE_USED, lang, summary=summary)]
        lines += [f"  {say_value(w, lang, game)}" for w in why]
    deadline = next_deadline(receipt.deadline, now, zone, lang)
    as_read = f"{say(messages.AS_READ, lang)}\n{numbered(text, lang)}"
    parts = [head, "\n".join(lines), deadline, not_read(skipped, lang), as_read]
    return "\n\n".join(p for p in parts if p) + "\n"


def rejection_body(
    game_id: str,
    errors: Iterable[Any],
    text: str,
    ours: frozenset[str] = frozenset(),
    lang: str = "en",
    game: str | None = None,
    skipped: Sequence[str] = (),
) -> str:
    """Every problem with its line number, in `lang` (`OrderError.say`); nothing of the mail
    was applied. An error on a line that looks like quoted mail says so (`ours`: the lines
    of the mail answered); attached files not read are named (`skipped`)."""

    lines = text.splitlines()
    problems = []
    for error in errors:
        problem = error.say(lang, game) if hasattr(error, "say") else str(error)
        line = getattr(error, "line", 0)
        if 0 < line <= len(lines) and looks_quoted(lines[line - 1], ours):
            problem += "\n  " + say(messages.QUOTED_LINE, lang, line=line)
        problems.append(problem)
    head = say(messages.REJECTED, lang, game=game_id)
    shown = "\n\n".join(problems) or say(messages.NO_DETAILS, lang)
    as_read = f"{say(messages.AS_READ, lang)}\n{numbered(text, lang)}"
    parts = [head, shown, not_read(skipped, lang), as_read]
    return "\n\n".join(p for p in parts if p) + "\n"


def not_read(skipped: Sequence[str], lang: str) -> str:
    """The sentence naming the attached files we did not read ('' when none)."""
    names = ", ".join(one_line(name) for name in skipped)
    return say(messages.ATTACHMENTS_NOT_READ, lang, names=names) if skipped else ""


def too_large_body(game_id: str, size: int, limit: int, lang: str = "en") -> str:
    """The short refusal of a mail too large to read."""
    kilobytes = {"size": size // 1024, "limit": limit // 1024}
    return say(messages.TOO_LARGE, lang, game=game_id, **kilobytes) + "\n"
