"""`adjudicator cron GAMES_ROOT`: every game under a folder, mail in and out, from cron.

One run opens one IMAP session and one SMTP connection for all games, and handles each game
folder on its own: a broken game is reported and the others go on. Per game it

1. takes the new mails (the game's IMAP folder, or the shared folder with the game named
   as ``[game-id]`` in the subject): checks the sender's address, hands the text to the
   engine, queues a receipt or the list of errors, records the Message-ID, and only then
   marks the mail processed on the server;
2. runs the engine when something may have changed (new orders, files in inbox/, a
   deadline passed, the GM edited the game), and queues the new turn reports: the public
   report to every player and the forum, each private report to its player only;
3. queues reminders and late notices, then drains the outbox.

It prints nothing when nothing happened (cron mails whatever a job prints), one line per
game that did something, and exits non-zero only when the GM must act.
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:  # the mail modules load only when a cron run starts: a fast CLI
    from adjudicator.inbox.imap import FetchedMail
    from adjudicator.inbox.mail import Mail
    from adjudicator.publish.smtp import Outbox

MARK_EVERY = 100
"""Mark processed mails on the server in batches of this many (one IMAP command each)."""

MAIL_STATE = Path(".adjudicator") / "mail"


class Outcome(StrEnum):
    """What became of one mail."""

    ACCEPTED = "accepted"
    DUPLICATE = "duplicate"
    """Taken before (same Message-ID and content, or the same orders again)."""
    REJECTED = "rejected"
    """From a player or the GM, but the orders or the password were wrong: errors sent."""
    REPLAY = "replay"
    """A known Message-ID with other content: a forgery or a broken client. No reply."""
    STRANGER = "stranger"
    """Not from a player's or the GM's address. No reply, so no backscatter."""
    OTHER_GAME = "other-game"
    """Names another game than the folder it was found in."""
    UNROUTED = "unrouted"
    """In the shared folder, naming no game under this root."""
    AUTOMATIC = "automatic"
    """A bounce or vacation reply: not applied and never answered (no mail loops)."""


@dataclass(frozen=True)
class MailSettings:
    """game.yaml ``settings.mail``: where a game's mail comes from and how answers look."""

    folder: str | None = None
    """The game's own IMAP folder; None: the shared folder, game named in the subject."""
    sender: str | None = None
    """From of the game's mails (``from:``); default: the SMTP ``from`` setting."""
    reply_to: str | None = None
    """Reply-To of the game's mails: the address players send orders to."""
    reminder_hours: float = 24.0
    """Remind players this many hours before a deadline (0: never)."""
    late_notices: bool = True
    """Tell players when a deadline passed without their answer."""
    reports: bool = True
    """Mail turn reports to the players."""

    @classmethod
    def from_game(cls, settings: Mapping[str, Any]) -> MailSettings:
        mail = dict(settings.get("mail") or {})
        return cls(
            folder=mail.get("folder") or None,
            sender=mail.get("from") or None,
            reply_to=mail.get("reply_to") or None,
            reminder_hours=float(mail.get("reminder_hours", 24)),
            late_notices=bool(mail.get("late_notices", True)),
            reports=bool(mail.get("reports", True)),
        )


@dataclass
class GameInfo:
    """What cron needs from game.yaml, read once per run."""

    path: Path
    id: str
    emails: dict[str, str]
    """Player id -> e-mail ('' when the player has none)."""
    zones: dict[str, str]
    """Player id -> IANA time zone, for local times in mails (players who gave one)."""
    gm: tuple[str, ...]
    mail: MailSettings
    nmr: str
    waiting: list[dict[str, Any]]
    forum: dict[str, Any]

    @classmethod
    def load(cls, path: Path) -> GameInfo:
        """Raises `GameError` for a broken game.yaml."""
        from adjudicator.gamedir import GameDir

        meta = GameDir(path).read_meta()
        settings = dict(meta.get("settings") or {})
        players = dict(meta.get("players") or {})
        return cls(
            path=path,
            id=str(meta.get("id") or path.name),
            emails={p: str((r or {}).get("email") or "") for p, r in players.items()},
            zones={p: str(r["tz"]) for p, r in players.items() if (r or {}).get("tz")},
            gm=tuple(a for a in [str(settings.get("gm_email") or "")] if a),
            mail=MailSettings.from_game(settings),
            nmr=str(settings.get("nmr", "defaults")),
            waiting=list(meta.get("waiting") or []),
            forum=dict(settings.get("forum") or {}),
        )


@dataclass
class GameReport:
    """What one cron run did to one game: one log line."""

    name: str
    mails: Counter[str] = field(default_factory=Counter)
    steps: int = 0
    files: int = 0
    """Order files taken from inbox/ by the engine."""
    queued: int = 0
    sent: int = 0
    posted: int = 0
    notes: list[str] = field(default_factory=list)
    """Passing trouble (a server down, a refusal): retried next run."""
    problems: list[str] = field(default_factory=list)
    """What the GM must fix; any makes the run exit 1."""
    busy: bool = False
    details: list[str] = field(default_factory=list)
    """One line per mail not taken (rejected, stranger, replay...), for the log file."""

    @property
    def happened(self) -> bool:
        counts = (sum(self.mails.values()), self.steps, self.files, self.queued, self.sent)
        return any(counts) or bool(self.posted or self.notes or self.problems or self.busy)

    def line(self) -> str:
        parts = [f"{k} {v}" for k, v in sorted(self.mails.items())]
        for label, value in (("files", self.files), ("steps", self.steps)):
            if value:
                parts.append(f"{label} {value}")
        for label, value in (("queued", self.queued), ("sent", self.sent)):
            if value:
                parts.append(f"{label} {value}")
        if self.posted:
            parts.append(f"posted {self.posted}")
        if self.busy:
            parts.append("busy (another run holds it), skipped")
        parts += [f"retry: {n}" for n in self.notes]
        parts += [f"PROBLEM: {p}" for p in self.problems]
        return f"{self.name}: " + ("; ".join(parts) or "nothing new")


# -- configuration ----------------------------------------------------------------------------


def load_config(path: Path | None, games: list[Path]) -> dict[str, Any]:
    """The GM's mail config file (YAML), which must live outside every game repo.

    Raises `MailSetupError` when it is unreadable, not a mapping, or inside a game folder
    (it would end up next to what git commits).
    """
    from adjudicator.inbox.imap import MailSetupError

    if path is None:
        return {}
    import yaml

    from adjudicator.data import SafeLoader

    resolved = path.resolve()
    for game in games:
        if resolved.is_relative_to(game.resolve()):
            raise MailSetupError(
                f"the config file {path} lies inside the game folder {game}: move it out of "
                "every game repo (it holds passwords), e.g. to ~/.config/adjudicator.yaml."
            )
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=SafeLoader)
    except OSError as e:
        raise MailSetupError(f"cannot read the config file {path}: {e.strerror}") from None
    except yaml.YAMLError as e:
        raise MailSetupError(f"the config file {path} is not valid YAML: {e}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise MailSetupError(f"the config file {path} must be a YAML mapping (imap:, smtp:)")
    return data


def find_games(root: Path) -> list[Path]:
    """Every folder directly under `root` that holds a game.yaml, sorted by name."""
    with os.scandir(root) as entries:
        found = [
            Path(e.path)
            for e in entries
            if e.is_dir()
            and not e.name.startswith(".")
            and os.path.exists(Path(e.path, "game.yaml"))
        ]
    return sorted(found)


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


# -- when to run the engine -------------------------------------------------------------------


def _fingerprint(path: Path) -> str:
    """Changes whenever the engine or the GM changed the game's files."""
    parts = []
    for name in ("game.yaml", ".adjudicator/state.yaml"):
        try:
            st = (path / name).stat()
            parts.append(f"{name}:{st.st_mtime_ns}:{st.st_size}")
        except FileNotFoundError:
            parts.append(f"{name}:-")
    return " ".join(parts)


def needs_run(game: GameInfo, now: datetime) -> bool:
    """Whether the engine could do anything now without new mail.

    Skipping idle games keeps a cron over hundreds of folders fast. The engine must run
    when orders wait in inbox/, a run was interrupted (journal), the GM changed the game
    since our last run (pause, resume, extend, a new game), a reminder or deadline falls due.
    """
    from adjudicator.clock import parse_time

    path = game.path
    if (path / ".adjudicator" / "journal.yaml").exists():
        return True
    inbox = path / "inbox"
    if inbox.is_dir() and any(not p.name.startswith(".") for p in inbox.iterdir()):
        return True
    try:
        last = (path / MAIL_STATE / "last-run").read_text()
    except FileNotFoundError:
        return True
    if last != _fingerprint(path) or not game.waiting:
        return True
    from datetime import timedelta

    ahead = timedelta(hours=max(game.mail.reminder_hours, 0))
    return any(now + ahead >= parse_time(str(r["deadline"])) for r in game.waiting)


def remember_run(path: Path) -> None:
    from adjudicator.gamedir import atomic_write

    atomic_write(path / MAIL_STATE / "last-run", _fingerprint(path))


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
        from adjudicator.gamedir import atomic_write

        atomic_write(marker, stems[-1] + "\n")
    return queued


def _queue_report(game: GameInfo, outbox: Outbox, sender: str | None, stem: str) -> int:
    from adjudicator.publish.smtp import compose, queue_mail

    public = (game.path / "reports" / f"{stem}.md").read_text(encoding="utf-8")
    queued = 0
    if game.forum:
        from adjudicator.publish.forum import DISCORD_LIMIT, DISCOURSE_LIMIT, queue_post

        limit = DISCORD_LIMIT if game.forum.get("discord") else DISCOURSE_LIMIT
        queued += queue_post(outbox, f"{game.id}:report:{stem}", public, limit)
    if sender is None or not game.mail.reports:  # no SMTP: the forum only
        return queued
    for player, address in sorted(game.emails.items()):
        if not address:
            continue
        private_path = game.path / ".adjudicator" / "private" / player / f"{stem}.md"
        body = public
        if private_path.exists():
            private = private_path.read_text(encoding="utf-8")
            body += f"\n\n---- for {player} only ----\n\n{private}"
        key = f"{game.id}:report:{stem}:{player}"
        msg = compose(
            key,
            sender=sender,
            to=[address],
            subject=f"[{game.id}] Turn report {stem}",
            body=body,
            reply_to=game.mail.reply_to,
        )
        queued += queue_mail(outbox, key, msg)
    return queued


# -- locking ----------------------------------------------------------------------------------


def game_lock(path: Path) -> contextlib.AbstractContextManager[None]:
    """Cron's own lock per game, held across mail, engine and sending.

    The engine takes the game's lock for each of its calls; this one (a different file)
    keeps two overlapping cron runs from taking the same mails or sending the same outbox.
    """
    from adjudicator.gamedir import file_lock

    return file_lock(path / MAIL_STATE / "cron.lock", path)


# -- the command ------------------------------------------------------------------------------


class GmAttention(click.ClickException):
    """Some game or the mail setup needs the GM. Exit code 1."""


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


@click.command("cron")
@click.argument(
    "games_root",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    metavar="GAMES_ROOT",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="ADJUDICATOR_CONFIG",
    help="YAML file with imap:, smtp:, discourse:, discord: settings and credentials; "
    "keep it outside every game repo. Env: ADJUDICATOR_CONFIG.",
)
@click.option(
    "--now",
    "now",
    metavar="TIME",
    help="Act as if it were this UTC time (ISO 8601). Default: now.",
)
@click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False, path_type=Path),
    envvar="ADJUDICATOR_LOG",
    help="Append one line per game and run to this file. Env: ADJUDICATOR_LOG.",
)
@click.option(
    "-v",
    "--verbose",
    count=True,
    help="Print a line for every game, idle ones too; -vv adds each mail not taken.",
)
@click.option("-q", "--quiet", count=True, help="Print only problems.")
def cron_command(
    games_root: Path,
    config_path: Path | None,
    now: str | None,
    log_path: Path | None,
    verbose: int,
    quiet: int,
) -> None:
    """Take mailed orders, resolve and report every game under GAMES_ROOT.

    One IMAP session serves all games; each game folder is handled on its own, so a
    broken game never stops the others. Prints nothing when nothing happened; exits 1
    when a game or the mail setup needs the GM. Mail settings: README.md, "Orders by e-mail".

    \b
    Examples:
      adjudicator cron ~/games --config ~/.config/adjudicator.yaml
      */10 * * * *  adjudicator cron /srv/games --log /var/log/adjudicator.log
    """
    from adjudicator.cli import parse_now

    moment = parse_now(now)
    reports = run_cron(games_root, now=moment, env=os.environ, config_path=config_path)
    _log(log_path, moment, reports)
    problems = [r for r in reports if r.problems]
    for report in reports:
        if report.problems:
            click.echo(report.line(), err=True)
        elif verbose or (report.happened and not quiet):
            click.echo(report.line())
        if verbose > 1:
            for detail in report.details:
                click.echo(f"  {detail}")
    if problems:
        names = ", ".join(r.name for r in problems)
        raise GmAttention(f"{len(problems)} game(s) need the GM: {names}")


def _log(path: Path | None, now: datetime, reports: list[GameReport]) -> None:
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
