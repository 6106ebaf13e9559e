"""Turn reports into the outbox: the public report to every player and the forum, each
private report to its own player only.

Imports inside the functions, as in `cron.games`: `adjudicator --help` loads this module."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the mail modules load only when a cron run starts: a fast CLI
    from adjudicator.publish.smtp import Outbox

from adjudicator.cron.games import MAIL_STATE, GameInfo
from adjudicator.gamedir import atomic_write
from adjudicator.publish import messages
from adjudicator.publish.forum import DISCORD_LIMIT, DISCOURSE_LIMIT, queue_post
from adjudicator.publish.smtp import compose, queue_mail
from adjudicator.text import Name, _l

# -- reports ----------------------------------------------------------------------------------


def queue_reports(game: GameInfo, outbox: Outbox, sender: str | None, result: Any) -> int:
    """Queue every turn report not yet queued: public to all, private to its player only.

    `sender` None (no SMTP) queues forum posts only. A marker remembers the last report
    queued, so a crash between the engine's commit and this queueing is made good by the
    next run. A game that had no marker yet mails only the reports of this run, not its
    whole history.
    """
    marker = game.path / MAIL_STATE / "reports-queued"
    stems = sorted(p.stem for p in (game.path / "reports").glob("*.md"))
    try:
        last: str | None = marker.read_text().strip()
    except FileNotFoundError:
        last = None
    if last is None:
        ran = {Path(p).stem for p in (result.reports if result else []) if p.startswith("reports/")}
        new = [s for s in stems if s in ran]
    else:
        new = [s for s in stems if s > last]
    queued = 0
    for stem in new:
        queued += _queue_report(game, outbox, sender, stem)
    if stems and stems[-1] != last:
        outbox.sync()  # the reports are queued for good before the marker says so
        atomic_write(marker, stems[-1] + "\n")
    return queued


def _queue_report(game: GameInfo, outbox: Outbox, sender: str | None, stem: str) -> int:

    public = (game.path / "reports" / f"{stem}.md").read_text(encoding="utf-8")
    queued = 0
    if game.forum:
        limit = DISCORD_LIMIT if game.forum.get("discord") else DISCOURSE_LIMIT
        queued += queue_post(outbox, f"{game.id}:report:{stem}", public, limit)
    if sender is None or not game.mail.reports:  # no SMTP: the forum only
        return queued
    for player, address in sorted(game.emails.items()):
        if not address:
            continue
        lang = game.language(player)
        private_path = game.path / ".adjudicator" / "private" / player / f"{stem}.md"
        body = public
        if private_path.exists():
            private = private_path.read_text(encoding="utf-8")
            who = Name(player, player)  # the house (nation) as the player's language names it
            header = _l(messages.PRIVATE_PART, player=who).say(lang, game.ruleset)
            body += f"\n\n{header}\n\n{private}"
        key = f"{game.id}:report:{stem}:{player}"
        msg = compose(
            key,
            sender=sender,
            to=[address],
            subject=_l(messages.REPORT_SUBJECT, game=game.id, report=stem).say(lang, None),
            body=body,
            reply_to=game.mail.reply_to,
            lang=lang,
        )
        queued += queue_mail(outbox, key, msg)
    return queued
