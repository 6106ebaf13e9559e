"""One cron run: one IMAP session and one SMTP connection serving every game.

The engine and the mail desk (which reads orders with it) are imported inside the methods
that use them, on purpose: a cron run every ten minutes over hundreds of idle games must not
pay ~150 ms for loading them when nothing came and nothing is due (imapclient is lazy in
`inbox.imap` for the same reason)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from adjudicator.cron.games import (
    GameInfo,
    GameReport,
    Outcome,
    find_games,
    game_lock,
    held_time,
    load_config,
    log_line,
    needs_run,
    remember_read,
    remember_run,
)
from adjudicator.cron.mailing import queue_reports
from adjudicator.form import latest_form
from adjudicator.gamedir import GameBusy, GameDir
from adjudicator.inbox.imap import (
    FetchedMail,
    ImapConfig,
    ImapSession,
    MailConnectionError,
    MailSetupError,
)
from adjudicator.inbox.mail import Mail, named_game, parse_mail
from adjudicator.inbox.quarantine import SetAside
from adjudicator.publish import notices
from adjudicator.publish.forum import drain_posts, forum_transport
from adjudicator.publish.smtp import Outbox, SmtpConfig, SmtpSender, drain
from adjudicator.submissions import hide_inline_passwords

# -- one run ----------------------------------------------------------------------------------


class CronRun:
    """The shared resources of one run: settings, the IMAP session, the SMTP connection."""

    def __init__(self, now: datetime, env: Mapping[str, str], config: Mapping[str, Any]) -> None:

        self.now = now
        self.env = env
        self.config = config
        self.imap_config = ImapConfig.from_settings(env, config)
        self.smtp_config = SmtpConfig.from_settings(env, config)
        self.imap = ImapSession(self.imap_config) if self.imap_config else None
        self.smtp = SmtpSender(self.smtp_config) if self.smtp_config else None
        self.setup_problems: list[str] = []
        """Mail setup trouble that concerns every game (reported once, as "(smtp)")."""
        self.known_games: frozenset[str] = frozenset()
        """The game ids under the root, lower case: only a ``[tag]`` naming one counts."""
        self.mail_down = False
        """The IMAP server could not be read this run: deadlines wait (`held_time`)."""

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

        self.known_games = frozenset(g.id.lower() for g in games)
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
        self.mail_down = True
        reports[report.name] = report
        return {}

    def shared_mail(
        self, games: list[GameInfo], reports: dict[str, GameReport]
    ) -> dict[str, list[tuple[FetchedMail, Mail]]]:
        """Read the shared folder once and sort its mails by the game they name.

        Mails naming no game here are marked processed (they stay on the server, flagged
        or moved, for the GM to look at) so that they are not read again every run.
        """

        routed: dict[str, list[tuple[FetchedMail, Mail]]] = {}
        if self.imap is None or self.imap_config is None:
            return routed
        if all(g.mail.folder for g in games):
            return routed
        folder = self.imap_config.folder
        by_id = {g.id.lower(): g for g in games if not g.mail.folder}
        unrouted: list[int] = []
        set_aside: list[int] = []
        shared = GameReport("(shared folder)")
        for fetched in self.imap.fetch(folder, self.imap.unprocessed(folder)):
            mail = parse_mail(fetched.raw, fetched.size)
            game = by_id.get(named_game(mail, self.known_games) or "")
            if game is not None:  # an unreadable mail too: its game's desk sets it aside
                routed.setdefault(game.id, []).append((fetched, mail))
            elif mail.unreadable is not None:
                set_aside.append(fetched.uid)
                entry = SetAside(mail.message_id, mail.sender, mail.unreadable, "")
                shared.problems.append(log_line(entry.warning()))
            else:
                unrouted.append(fetched.uid)
                shared.details.append(
                    f"unrouted {mail.message_id} from {mail.sender or '?'}: the subject "
                    f"{hide_inline_passwords(mail.subject[:80])!r} names no game under this root"
                )
        if unrouted:
            self.imap.mark_processed(folder, unrouted)
            shared.mails[Outcome.UNROUTED] += len(unrouted)
        if set_aside:
            self.imap.quarantine(folder, set_aside)
            shared.mails[Outcome.QUARANTINED] += len(set_aside)
        if unrouted or set_aside:
            reports[shared.name] = shared
        return routed

    def sender_for(self, game: GameInfo) -> str | None:
        """The From of the game's mails; None when mail cannot leave (no SMTP)."""
        if self.smtp_config is None:
            return None
        return game.mail.sender or self.smtp_config.sender

    # -- one game ---------------------------------------------------------------------------

    def process(self, game: GameInfo, shared: list[tuple[FetchedMail, Mail]]) -> GameReport:
        """Everything cron does for one game; never raises for the game's own trouble."""

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
        from adjudicator.cron.desk import MailDesk  # lazily: see the module's docstring

        outbox = Outbox(game.path)
        desk = MailDesk(self, game, outbox, report)
        read = not self.mail_down
        mails = None
        try:
            mails = self._mails_for(game, shared)
        except (MailConnectionError, MailSetupError) as e:
            read = _mail_trouble(e, report)
        result = None
        moment = self.now
        if mails is not None or needs_run(game, self.now):
            from adjudicator import engine  # lazily: see the module's docstring

            # One load of the game (and of every staged submission) for mail and engine.
            with engine.open_game(game.path) as loaded:
                cut = desk.take(loaded, mails) if mails is not None else None
                if cut is not None:
                    read = _mail_trouble(cut, report)
                if report.mails[Outcome.ACCEPTED] or needs_run(game, self.now):
                    moment, held = (self.now, "") if read else held_time(game, self.now)
                    if held:
                        report.details.append(held)
                    result = engine.run(game.path, moment, loaded=loaded)
                    report.steps = result.steps
                    report.files = len(result.receipts) + len(result.rejected)
            if result is not None:
                remember_run(game.path)
        if read and self.imap is not None:
            remember_read(game.path, self.now)
        desk.queue_receipts(result)
        try:
            desk.mark(self.imap)
        except MailConnectionError as e:
            report.notes.append(str(e))
        sender = self.sender_for(game)
        report.queued += queue_reports(game, outbox, sender, result)
        if sender is not None:
            report.queued += self._queue_notices(game, outbox, sender, result, moment)
        self._send(game, outbox, report)

    def _mails_for(
        self, game: GameInfo, shared: list[tuple[FetchedMail, Mail]]
    ) -> Iterator[tuple[FetchedMail, Mail]] | None:
        """The game's new mails (its folder's, fetched lazily, and the shared folder's), or
        None when there are none. Raises `MailConnectionError`, `MailSetupError`."""
        if self.imap is None:
            return None
        if game.mail.folder:
            uids = self.imap.unprocessed(game.mail.folder)
            if uids:
                fetched = _parsed(self.imap.fetch(game.mail.folder, uids))
                return itertools.chain(shared, fetched)
        return iter(shared) if shared else None

    def _queue_notices(
        self, game: GameInfo, outbox: Outbox, sender: str, result: Any, moment: datetime
    ) -> int:
        """Reminders and late notices for requests still unanswered, as of `moment` (the
        engine's: no late notice for a deadline held while the inbox cannot be read)."""

        if result is None:
            return 0  # the engine did not run: nothing new is due (see `needs_run`)
        waiting = [r for r in result.waiting if not r.get("answered")]
        hours = game.mail.reminder_hours
        due = notices.due_notices(waiting, moment, hours)
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
            langs=game.langs,
            game=game.ruleset,
            forms={n.player: latest_form(game.path, n.player) for n in due},
        )
        return len(queued)

    def _send(self, game: GameInfo, outbox: Outbox, report: GameReport) -> None:

        outbox.sync()  # notices too: nothing queued is lost in a crash
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
            posted = drain_posts(outbox, transport)
            report.posted += posted.posted
            report.notes += posted.failed
            report.problems += [f"the forum refused {r}" for r in posted.refused]
            report.problems += [f"the forum refused {n} for good" for n in posted.gave_up]

    def _forum(self, game: GameInfo) -> Any:
        if not game.forum:
            return None

        return forum_transport(game.forum, self.env, self.config, game.id)


def _mail_trouble(error: Exception, report: GameReport) -> bool:
    """Report mail trouble (the GM must act, or a retry); returns False: not read through.
    Mail trouble must not stop the clock: files are still taken, reports still go."""
    if isinstance(error, click.ClickException):
        report.problems.append(error.format_message())
    else:
        report.notes.append(str(error))
    return False


def _parsed(fetched: Iterator[FetchedMail]) -> Iterator[tuple[FetchedMail, Mail]]:

    for item in fetched:
        yield item, parse_mail(item.raw, item.size)


# -- the command's work -------------------------------------------------------------------------


def run_cron(
    root: Path, *, now: datetime, env: Mapping[str, str], config_path: Path | None
) -> list[GameReport]:
    """Process every game under `root`; returns one report per game (and the shared folder).

    Raises `MailSetupError` only for a problem that stops every game (a bad config file).
    """
    paths = find_games(root)
    config = load_config(config_path, paths)
    run = CronRun(now, env, config)
    reports: dict[str, GameReport] = {}
    games: list[GameInfo] = []
    for path in paths:
        try:
            games.append(GameInfo.load(path))
        except click.ClickException as e:
            reports[path.name] = GameReport(path.name, problems=[e.format_message()])
    try:
        shared = run.open_mail(games, reports)
        for game in games:
            reports[game.path.name] = run.process(game, shared.get(game.id, []))
    finally:
        run.close()
    if run.setup_problems:
        reports["(smtp)"] = GameReport("(smtp)", problems=run.setup_problems[:1])
    return [reports[k] for k in sorted(reports)]


def refuse_backwards(root: Path, moment: datetime) -> None:
    """A `--now` before a game's last update is refused (issue 18: time never runs
    backwards in a game), naming the games."""
    later = []
    for path in find_games(root):
        last = GameDir(path).last_update()
        if last is not None and last > moment:
            later.append(f"{path.name} ({last:%Y-%m-%dT%H:%M:%SZ})")
    if later:
        raise click.BadParameter(
            f"{moment:%Y-%m-%dT%H:%M:%SZ} is before the last update of {', '.join(later)}: "
            "time cannot run backwards in a game",
            param_hint="--now",
        )


def write_log(path: Path | None, now: datetime, reports: list[GameReport]) -> None:
    """Append a line per game (and its details) to the `--log` file, if one is given."""
    if path is None:
        return
    stamp = now.strftime("%Y-%m-%dT%H:%M:%SZ")
    lines = "".join(
        f"{stamp} {r.line()}\n" + "".join(f"{stamp}   {r.name}: {d}\n" for d in r.details)
        for r in reports
    )
    try:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(lines)
    except OSError as e:
        click.echo(f"cannot write the log {path}: {e.strerror}", err=True)
