"""One cron run: one IMAP session and one SMTP connection serving every game."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:  # the mail modules load only when a cron run starts: a fast CLI
    from adjudicator.inbox.imap import FetchedMail
    from adjudicator.inbox.mail import Mail
    from adjudicator.publish.smtp import Outbox

from adjudicator.cron.games import GameInfo, GameReport, Outcome, game_lock, needs_run, remember_run
from adjudicator.cron.mailing import queue_reports

MARK_EVERY = 100
"""Mark processed mails on the server in batches of this many (one IMAP command each)."""


# -- one run ----------------------------------------------------------------------------------


class CronRun:
    """The shared resources of one run: settings, the IMAP session, the SMTP connection."""

    def __init__(self, now: datetime, env: Mapping[str, str], config: Mapping[str, Any]) -> None:
        from adjudicator.inbox.imap import ImapConfig, ImapSession
        from adjudicator.publish.smtp import SmtpConfig, SmtpSender

        self.now = now
        self.env = env
        self.config = config
        self.imap_config = ImapConfig.from_settings(env, config)
        self.smtp_config = SmtpConfig.from_settings(env, config)
        self.imap = ImapSession(self.imap_config) if self.imap_config else None
        self.smtp = SmtpSender(self.smtp_config) if self.smtp_config else None
        self.setup_problems: list[str] = []
        """Mail setup trouble that concerns every game (reported once, as "(smtp)")."""

    def close(self) -> None:
        if self.imap is not None:
            self.imap.close()
        if self.smtp is not None:
            self.smtp.close()

    # -- the shared folder ------------------------------------------------------------------

    def open_mail(
        self, games: list[GameInfo], reports: dict[str, GameReport]
    ) -> dict[str, list[tuple[FetchedMail, Mail]]]:
        """Log in once and read the shared folder. A refused login or a server that is
        down is reported once (not once per game) and mail is off for this run: the games
        still resolve, so deadlines are kept while the GM fixes the mail setup.
        """
        from adjudicator.inbox.imap import MailConnectionError, MailSetupError

        if self.imap is None:
            return {}
        report = GameReport("(imap)")
        try:
            self.imap.client()
            return self.shared_mail(games, reports)
        except MailSetupError as e:
            report.problems.append(e.format_message())
        except MailConnectionError as e:
            report.notes.append(str(e))
        self.imap.close()
        self.imap = None
        reports[report.name] = report
        return {}

    def shared_mail(
        self, games: list[GameInfo], reports: dict[str, GameReport]
    ) -> dict[str, list[tuple[FetchedMail, Mail]]]:
        """Read the shared folder once and sort its mails by the game they name.

        Mails naming no game here are marked processed (they stay on the server, flagged
        or moved, for the GM to look at) so that they are not read again every run.
        """
        from adjudicator.inbox.mail import named_game, parse_mail

        routed: dict[str, list[tuple[FetchedMail, Mail]]] = {}
        if self.imap is None or self.imap_config is None:
            return routed
        if all(g.mail.folder for g in games):
            return routed
        folder = self.imap_config.folder
        by_id = {g.id.lower(): g for g in games if not g.mail.folder}
        unrouted: list[int] = []
        for fetched in self.imap.fetch(folder, self.imap.unprocessed(folder)):
            mail = parse_mail(fetched.raw)
            game = by_id.get(named_game(mail) or "")
            if game is None:
                unrouted.append(fetched.uid)
            else:
                routed.setdefault(game.id, []).append((fetched, mail))
        if unrouted:
            self.imap.mark_processed(folder, unrouted)
            reports.setdefault("(shared folder)", GameReport("(shared folder)")).mails[
                Outcome.UNROUTED
            ] += len(unrouted)
        return routed

    def sender_for(self, game: GameInfo) -> str | None:
        """The From of the game's mails; None when mail cannot leave (no SMTP)."""
        if self.smtp_config is None:
            return None
        return game.mail.sender or self.smtp_config.sender

    # -- one game ---------------------------------------------------------------------------

    def process(self, game: GameInfo, shared: list[tuple[FetchedMail, Mail]]) -> GameReport:
        """Everything cron does for one game; never raises for the game's own trouble."""
        from adjudicator.gamedir import GameBusy
        from adjudicator.inbox.imap import MailConnectionError

        report = GameReport(game.path.name)
        try:
            with game_lock(game.path):
                self._process(game, shared, report)
        except GameBusy:
            report.busy = True
        except MailConnectionError as e:
            report.notes.append(str(e))
        except click.ClickException as e:  # GameError, MailSetupError: the GM must act
            report.problems.append(e.format_message())
        except Exception as e:  # a bug must not stop the other games
            report.problems.append(f"unexpected {type(e).__name__}: {e}")
        return report

    def _process(
        self, game: GameInfo, shared: list[tuple[FetchedMail, Mail]], report: GameReport
    ) -> None:
        from adjudicator.inbox.imap import MailConnectionError, MailSetupError
        from adjudicator.publish.smtp import Outbox

        outbox = Outbox(game.path)
        try:
            taken = self._take_mail(game, shared, outbox, report)
        except (MailConnectionError, MailSetupError) as e:
            # Mail trouble must not stop the clock: deadlines still pass, reports still go.
            taken = 0
            if isinstance(e, MailSetupError):
                report.problems.append(e.format_message())
            else:
                report.notes.append(str(e))
        result = None
        if taken or needs_run(game, self.now):
            from adjudicator import engine

            result = engine.run(game.path, self.now)
            report.steps = result.steps
            report.files = len(result.receipts) + len(result.rejected)
            remember_run(game.path)
        sender = self.sender_for(game)
        report.queued += queue_reports(game, outbox, sender, result)
        if sender is not None:
            report.queued += self._queue_notices(game, outbox, sender, result)
        self._send(game, outbox, report)

    def _take_mail(
        self,
        game: GameInfo,
        shared: list[tuple[FetchedMail, Mail]],
        outbox: Outbox,
        report: GameReport,
    ) -> int:
        """Hand every new mail to the engine; returns how many were accepted."""
        if self.imap is None:
            return 0
        mails: Iterator[tuple[FetchedMail, Mail]] = iter(shared)
        if game.mail.folder:
            folder = game.mail.folder
            uids = self.imap.unprocessed(folder)
            if not uids and not shared:
                return 0
            mails = _parsed(self.imap.fetch(folder, uids))
        elif not shared:
            return 0
        from adjudicator import engine

        pending: dict[str, list[int]] = {}
        with engine.open_game(game.path) as loaded:
            for fetched, mail in mails:
                try:
                    outcome = self._take_one(game, loaded, fetched, mail, outbox, report)
                except Exception as e:  # one bad mail must not hold up the others
                    # Left unmarked: it is tried again next run, and the GM hears of it.
                    report.problems.append(f"mail {mail.message_id}: {type(e).__name__}: {e}")
                    continue
                report.mails[outcome] += 1
                pending.setdefault(fetched.folder, []).append(fetched.uid)
                if len(pending[fetched.folder]) >= MARK_EVERY:
                    self.imap.mark_processed(fetched.folder, pending.pop(fetched.folder))
            for folder, uids in pending.items():
                self.imap.mark_processed(folder, uids)
        return report.mails[Outcome.ACCEPTED]

    def _take_one(
        self,
        game: GameInfo,
        loaded: Any,
        fetched: FetchedMail,
        mail: Mail,
        outbox: Outbox,
        report: GameReport,
    ) -> Outcome:
        """Decide about one mail, store what it carries, queue the answer, remember it."""
        from adjudicator.inbox.imap import SeenMail
        from adjudicator.inbox.mail import redact_passwords

        seen = SeenMail(game.path)
        record = seen.get(mail.message_id)
        if record is not None:
            same = record["hash"] == mail.content_hash
            outcome, why = (Outcome.DUPLICATE, "") if same else (Outcome.REPLAY, "new content")
        else:
            outcome, why = self._judge(game, loaded, fetched, mail, outbox)
            seen.record(mail.message_id, mail.content_hash, outcome)
        if outcome not in (Outcome.ACCEPTED, Outcome.DUPLICATE):
            # The failed-attempt log: who and what, never the password.
            detail = f"{outcome} {mail.message_id} from {mail.sender or '?'}: {why}"
            report.details.append(redact_passwords(" ".join(detail.split())))
        return outcome

    def _judge(
        self, game: GameInfo, loaded: Any, fetched: FetchedMail, mail: Mail, outbox: Outbox
    ) -> tuple[Outcome, str]:
        from adjudicator.inbox.mail import (
            claimed_player,
            may_submit_for,
            named_game,
            sender_roles,
            without_game_line,
        )
        from adjudicator.orders.errors import invalid
        from adjudicator.publish import notices
        from adjudicator.submissions import SubmissionRejected

        roles = sender_roles(mail.sender, game.emails, game.gm)
        if not roles:  # never answer: the From of spam is someone innocent
            return Outcome.STRANGER, "not a player's or the GM's address"
        if mail.automatic:  # answering a vacation reply or a bounce could loop forever
            return Outcome.AUTOMATIC, "sent by a machine (Auto-Submitted, bounce)"
        named = named_game(mail)
        text = without_game_line(mail.text)
        if named is not None and named != game.id.lower():
            error = invalid(f"this mail names game {named!r}, but it reached game {game.id!r}")
            self._reply_rejected(game, mail, outbox, [error.at(0, "")], text)
            return Outcome.OTHER_GAME, error.message
        claimed = claimed_player(text)
        if claimed is not None and not may_submit_for(roles, claimed):
            # The same words as a wrong password: no hint about which half was wrong.
            error = invalid("house or password not recognised; check the two header lines")
            self._reply_rejected(game, mail, outbox, [error.at(0, "")], text)
            return Outcome.REJECTED, f"address does not play {claimed!r}"
        received = fetched.received or mail.date or self.now
        try:
            receipt = loaded.submit(text, source=mail.source, received=received, sender=mail.sender)
        except SubmissionRejected as rejection:
            self._reply_rejected(game, mail, outbox, rejection.errors, text)
            first = rejection.errors[0].message if rejection.errors else ""
            return Outcome.REJECTED, f"{len(rejection.errors)} error(s), first: {first}"
        body = notices.receipt_body(
            game.id, receipt, text, now=self.now, zone=game.zones.get(receipt.player)
        )
        self._reply(game, mail, outbox, "receipt", body)
        return (Outcome.DUPLICATE if receipt.duplicate else Outcome.ACCEPTED), ""

    def _reply_rejected(
        self, game: GameInfo, mail: Mail, outbox: Outbox, errors: list[Any], text: str
    ) -> None:
        from adjudicator.publish import notices

        self._reply(game, mail, outbox, "error", notices.rejection_body(game.id, errors, text))

    def _reply(self, game: GameInfo, mail: Mail, outbox: Outbox, kind: str, body: str) -> None:
        from adjudicator.publish import notices
        from adjudicator.publish.smtp import compose, queue_mail

        sender = self.sender_for(game)
        if sender is None:
            return
        key = f"{kind}:{mail.message_id}"
        msg = compose(
            key,
            sender=sender,
            to=[mail.sender],
            subject=notices.reply_subject(mail.subject or f"[{game.id}] orders"),
            body=body,
            reply_to=game.mail.reply_to,
            in_reply_to=mail.message_id,
            references=mail.references,
        )
        queue_mail(outbox, key, msg)

    def _queue_notices(self, game: GameInfo, outbox: Outbox, sender: str, result: Any) -> int:
        """Reminders and late notices for requests still unanswered."""
        from adjudicator.publish import notices

        if result is None:
            return 0  # the engine did not run: nothing new is due (see `needs_run`)
        waiting = [r for r in result.waiting if not r.get("answered")]
        hours = game.mail.reminder_hours
        due = notices.due_notices(waiting, self.now, hours)
        if not game.mail.late_notices:
            due = [n for n in due if n.kind is not notices.NoticeKind.LATE]
        queued = notices.queue_notices(
            outbox,
            due,
            game_id=game.id,
            emails=game.emails,
            sender=sender,
            reply_to=game.mail.reply_to,
            nmr=game.nmr,
            zones=game.zones,
        )
        return len(queued)

    def _send(self, game: GameInfo, outbox: Outbox, report: GameReport) -> None:
        from adjudicator.inbox.imap import MailSetupError
        from adjudicator.publish.smtp import drain

        if self.smtp is not None:
            try:
                result = drain(outbox, self.smtp)
            except MailSetupError as e:
                # Reported once for the run, not per game; the outbox keeps everything.
                self.smtp.close()
                self.smtp = None
                self.setup_problems.append(e.format_message())
                return
            report.sent += result.sent
            report.notes += result.refused
            report.problems += [
                f"gave up sending {n} (see {outbox.root}/failed)" for n in result.gave_up
            ]
        transport = self._forum(game)
        if transport is not None:
            from adjudicator.publish.forum import drain_posts

            posted = drain_posts(outbox, transport)
            report.posted += posted.posted
            report.notes += posted.failed
            report.problems += [f"the forum refused {r}" for r in posted.refused]
            report.problems += [f"the forum refused {n} for good" for n in posted.gave_up]

    def _forum(self, game: GameInfo) -> Any:
        if not game.forum:
            return None
        from adjudicator.publish.forum import forum_transport

        return forum_transport(game.forum, self.env, self.config, game.id)


def _parsed(fetched: Iterator[FetchedMail]) -> Iterator[tuple[FetchedMail, Mail]]:
    from adjudicator.inbox.mail import parse_mail

    for item in fetched:
        yield item, parse_mail(item.raw)
