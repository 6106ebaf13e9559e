"""One game's mail in one cron run: judge each mail, store what it carries, answer it.

The order of the work is what makes a killed run harmless. Per mail: the engine stores the
submission, then `SeenMail` records the Message-ID. After every mail is taken the engine
runs, and only then are receipts queued (so their "next deadline" is the one after this
run) and the mails marked processed on the server. A run killed anywhere before the mark
reads the mails again next time: a recorded mail whose receipt was never queued is judged
once more, and the engine, which knows its source, hands back what it stored, so the
player gets the real receipt.

`cron.run` imports this module only when it takes a game's mail, with the mail clients
already loaded, so everything it needs is imported at its top.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from adjudicator.clock import parse_time
from adjudicator.cron.games import MAIL_STATE, GameInfo, GameReport, Outcome, log_line
from adjudicator.gamedir import atomic_write
from adjudicator.guessing import LIMIT
from adjudicator.inbox.imap import (
    FetchedMail,
    ImapConfig,
    ImapSession,
    MailConnectionError,
    MailSetupError,
    SeenMail,
)
from adjudicator.inbox.mail import (
    MAX_TEXT_BYTES,
    Mail,
    claimed_player,
    may_submit_for,
    named_game,
    redact_passwords,
    sender_roles,
    without_game_line,
)
from adjudicator.inbox.quarantine import Quarantine, SetAside
from adjudicator.inbox.quotes import clean_body, own_lines
from adjudicator.orders.errors import invalid
from adjudicator.publish import messages, notices
from adjudicator.publish.smtp import ERROR_KIND, Outbox, compose, is_error_reply, queue_mail
from adjudicator.requests import summary_in
from adjudicator.submissions import SubmissionRejected
from adjudicator.text import Text, _l

MAX_ERROR_REPLIES = 20
"""Error replies per sender and game per UTC day; then silence and a line in the GM's log.
A last guard against mail loops only: a player who sends several bad mails gets each answer."""

_ORDER_LINE = re.compile(r"^\s*[^\s:#>][^:]{0,60}:\s*\S", re.M)
"""A line shaped like an order or a header line ('Winterfell: march', 'house: stark')."""


class Station(Protocol):
    """What a desk needs of the cron run that opened it (`cron.run.CronRun`)."""

    now: datetime
    known_games: frozenset[str]
    """The game ids under the root, lower case: a subject's ``[tag]`` names one of them."""
    imap_config: ImapConfig | None

    def sender_for(self, game: GameInfo) -> str | None:
        """The From address of mail about `game`, or None when no mail goes out."""


@dataclass
class PendingReceipt:
    """A receipt to queue once the engine has run (its deadline is then the current one)."""

    mail: Mail
    receipt: Any
    text: str
    received: Any
    """When the mail reached the server (INTERNALDATE), else its Date, else now."""
    lang: str = "en"
    """The language of the answer (`GameInfo.reader_language`)."""


class MailDesk:
    """Takes one game's mails and answers them; see the module docstring for the order."""

    def __init__(self, run: Station, game: GameInfo, outbox: Outbox, report: GameReport) -> None:

        self.run = run
        self.game = game
        self.outbox = outbox
        self.report = report
        self.seen = SeenMail(game.path)
        self.receipts: list[PendingReceipt] = []
        self.marks: dict[str, list[int]] = {}
        """Folder -> UIDs to mark processed once their answers are queued."""
        self.caps = ErrorReplyCap(game.path / MAIL_STATE / "error-replies.json", run.now)
        self.quarantine = Quarantine(game.path)
        self.set_aside_uids: dict[str, list[int]] = {}
        """Folder -> UIDs to flag as set aside (`set_aside`)."""

    # -- taking mail ------------------------------------------------------------------------

    def take(self, loaded: Any, mails: Iterable[tuple[FetchedMail, Mail]]) -> Exception | None:
        """Judge every mail into the open game; one bad mail never holds up the others.

        A mail that cannot be read safely, or whose handling raises, is set aside
        (`set_aside`); one that meets trouble of this machine (a full disk) is left for the
        next run. Returns the mail-server error that cut the reading short (None when all
        was read): what was taken before it stands.
        """

        loaded.durable = False  # one os.sync() below instead of four fsyncs a mail
        cut: Exception | None = None
        try:
            for fetched, mail in mails:
                if mail.unreadable is not None:
                    self.set_aside(fetched, mail, mail.unreadable)
                    continue
                try:
                    outcome = self._take_one(loaded, fetched, mail)
                except OSError as e:
                    # Left unmarked: this machine's trouble, tried again next run.
                    self.report.problems.append(f"mail {mail.message_id}: {type(e).__name__}: {e}")
                    continue
                except Exception as e:
                    why = _l("reading it failed: %(error)s", error=f"{type(e).__name__}: {e}")
                    self.set_aside(fetched, mail, why)
                    continue
                self.quarantine.release(mail.message_id)
                self.report.mails[outcome] += 1
                self.marks.setdefault(fetched.folder, []).append(fetched.uid)
        except (MailConnectionError, MailSetupError) as e:
            cut = e
        finally:
            loaded.durable = True
        if self.marks:
            os.sync()  # before the engine runs on them, and long before any mark
        return cut

    def set_aside(self, fetched: FetchedMail, mail: Mail, why: Text) -> None:
        """Quarantine one mail: recorded for `status`, logged, flagged on the server by
        `mark`; never answered (its sender may be anyone)."""
        entry = SetAside(mail.message_id, mail.sender, why, self.run.now.isoformat())
        self.quarantine.add(entry)
        self.report.mails[Outcome.QUARANTINED] += 1
        self.report.problems.append(log_line(entry.warning()))
        self.set_aside_uids.setdefault(fetched.folder, []).append(fetched.uid)

    def mark(self, imap: ImapSession | None) -> None:
        """Mark the taken mails processed on the server (after their answers are queued and
        made durable: from here on the server's copy is gone for us)."""
        if imap is not None and self.marks:
            self.outbox.sync()
        while imap is not None and self.marks:
            folder, uids = self.marks.popitem()
            imap.mark_processed(folder, uids)
        while imap is not None and self.set_aside_uids:
            folder, uids = self.set_aside_uids.popitem()
            imap.quarantine(folder, uids)

    def _take_one(self, loaded: Any, fetched: FetchedMail, mail: Mail) -> Outcome:

        record = self.seen.get(mail.message_id)
        if record is None:
            outcome, why = self._judge(loaded, fetched, mail)
            self.seen.record(mail.message_id, mail.content_hash, outcome)
        elif record["hash"] != mail.content_hash:
            outcome, why = Outcome.REPLAY, "new content"
        elif record.get("outcome") == Outcome.ACCEPTED and not self._receipt_queued(mail):
            # Killed after storing it, before its receipt was queued: judge it once more.
            self._judge(loaded, fetched, mail)
            outcome, why = Outcome.DUPLICATE, ""
        else:
            outcome, why = Outcome.DUPLICATE, ""
        if outcome not in (Outcome.ACCEPTED, Outcome.DUPLICATE):
            # The failed-attempt log: who and what, never the password.
            detail = f"{outcome} {mail.message_id} from {mail.sender or '?'}: {why}"
            self.report.details.append(redact_passwords(" ".join(detail.split())))
        return outcome

    def _receipt_queued(self, mail: Mail) -> bool:
        return self.run.sender_for(self.game) is None or self.outbox.known(
            f"receipt:{mail.message_id}", "mail"
        )

    def _judge(self, loaded: Any, fetched: FetchedMail, mail: Mail) -> tuple[Outcome, str]:
        """Decide about one mail, store what it carries, queue an error reply or keep the
        receipt for later."""

        mail, listed = self._through_list(mail)
        roles = sender_roles(mail.sender, self.game.emails, self.game.gm)
        if not roles:  # never answer: the From of spam is someone innocent
            author = mail.original_sender if not listed else ""
            if author and sender_roles(author, self.game.emails, self.game.gm):
                # A list rewrote a player's mail: tell the player, at their own address.
                self._tell_owner(mail, author, messages.NOT_APPLIED_LIST, relay=mail.sender)
            return Outcome.STRANGER, self._stranger_why(mail, listed)
        if mail.automatic:  # answering a vacation reply or a bounce could loop forever
            return Outcome.AUTOMATIC, "sent by a machine (Auto-Submitted, autoreply subject)"
        forged = self._dmarc_failure(mail)
        if forged:
            # The From is a player's (or the GM's): the owner of that address learns of it.
            self._tell_owner(mail, mail.sender, messages.NOT_APPLIED_FORGED)
            return Outcome.FORGED, forged
        ours = self._our_lines(mail)
        text = mail.text
        if ours and mail.body:
            text = clean_body(mail.body, ours)
        if _answers_our_error(mail) and not _ORDER_LINE.search(text):
            return Outcome.AUTOMATIC, "answers our error reply and holds no order line"
        lang = self.game.reader_language(roles)
        if mail.oversize:
            self._reply_too_large(mail, lang)
            return Outcome.REJECTED, f"{mail.oversize} bytes of text, over the limit"
        named = named_game(replace(mail, text=text), self.run.known_games)
        text = without_game_line(text)
        if named is not None and named != self.game.id.lower():
            error = invalid(_l(messages.OTHER_GAME, named=named, game=self.game.id))
            self._reply_rejected(mail, [error.at(0, "")], text, ours, lang)
            return Outcome.OTHER_GAME, str(error.message)
        named_player = claimed_player(text)
        claimed = loaded.player_named(named_player) if named_player is not None else None
        if named_player is not None and not may_submit_for(roles, claimed):
            # The same words as a wrong password: no hint about which half was wrong.
            error = invalid(_l(messages.NOT_RECOGNISED))
            self._reply_rejected(mail, [error.at(0, "")], text, ours, lang)
            return Outcome.REJECTED, f"address does not play {named_player!r}"
        received = fetched.received or mail.date or self.run.now
        guessed = loaded.player_named(named_player or "")
        wrong_before = loaded.guesses.count(guessed, loaded.step) if guessed else 0
        try:
            receipt = loaded.submit(
                text, source=mail.source, received=received, sender=mail.sender, written=mail.date
            )
        except SubmissionRejected as rejection:
            self._note_guessing(loaded, guessed, wrong_before, mail)
            lang = self.game.reader_language(roles, rejection.player or claimed)
            self._reply_rejected(mail, rejection.errors, text, ours, lang)
            first = rejection.errors[0].message if rejection.errors else ""
            return Outcome.REJECTED, f"{len(rejection.errors)} error(s), first: {first}"
        if receipt.duplicate and loaded.seen.get(mail.source) == receipt.submission:
            receipt = _stored_receipt(loaded, receipt)  # this very mail, read again
        lang = self.game.reader_language(roles, receipt.player)
        self.receipts.append(PendingReceipt(mail, receipt, text, received, lang))
        return (Outcome.DUPLICATE if receipt.duplicate else Outcome.ACCEPTED), ""

    def _through_list(self, mail: Mail) -> tuple[Mail, str]:
        """A mail a trusted mailing list relayed counts as from the author it names."""
        config = self.run.imap_config
        trusted = config.trusted_lists if config else ()
        if mail.original_sender and mail.sender in trusted:
            return replace(mail, sender=mail.original_sender), mail.sender
        return mail, ""

    @staticmethod
    def _stranger_why(mail: Mail, listed: str) -> str:
        if mail.original_sender and not listed:
            return (
                f"not a player's or the GM's address; it names {mail.original_sender} as its "
                f"author (a mailing list?): if {mail.sender} is the game's list, add it to "
                "ADJUDICATOR_IMAP_TRUSTED_LISTS (imap.trusted_lists in the config file)"
            )
        return "not a player's or the GM's address"

    def _dmarc_failure(self, mail: Mail) -> str:
        config = self.run.imap_config
        if not mail.dmarc_failed or (config is not None and not config.check_dmarc):
            return ""
        domain = mail.sender.rpartition("@")[2]
        if domain in mail.dmarc_failed or "*" in mail.dmarc_failed:
            return (
                f"the receiving server found dmarc=fail for {domain}: the From is forged "
                "(set ADJUDICATOR_IMAP_CHECK_DMARC=no only if your server's check is wrong)"
            )
        return ""

    def _our_lines(self, mail: Mail) -> frozenset[str]:
        """The lines of our mails this one answers (In-Reply-To, References)."""

        ids = [i for i in (mail.in_reply_to, *mail.references) if i]
        return own_lines(self.outbox.bodies_of(ids)) if ids else frozenset()

    # -- answers ----------------------------------------------------------------------------

    def queue_receipts(self, result: Any) -> None:
        """Queue the receipts kept back while the engine ran, with the deadline as it is now."""

        rows = result.waiting if result is not None else self.game.waiting
        for pending in self.receipts:
            player, lang = pending.receipt.player, pending.lang
            mine = [r for r in rows if r.get("player") == player]
            deadline = min((str(r["deadline"]) for r in mine), default=None)
            unusable = {
                summary_in(r, lang, self.game.ruleset): list(r["skipped"])
                for r in mine
                if r.get("answered") is False and r.get("skipped")
            }
            body = notices.receipt_body(
                self.game.id,
                replace(pending.receipt, deadline=deadline),
                pending.text,
                now=self.run.now,
                zone=self.game.zones.get(player),
                unusable=unusable,
                missed=self._missed_step(pending),
                lang=lang,
                game=self.game.ruleset,
                skipped=pending.mail.skipped_attachments,
            )
            self._reply(pending.mail, "receipt", body, lang)
        self.receipts.clear()

    def _missed_step(self, pending: PendingReceipt) -> str:
        """When a step was resolved without this mail although it had reached the server
        before (the inbox could not be read then): '' when it was in time."""

        if pending.receipt.duplicate or not self.game.resolved:
            return ""
        resolved = parse_time(self.game.resolved)
        return self.game.resolved if pending.received < resolved else ""

    def _reply_rejected(
        self, mail: Mail, errors: list[Any], text: str, ours: frozenset[str], lang: str
    ) -> None:

        if self.outbox.known(f"{ERROR_KIND}:{mail.message_id}", "mail"):
            return
        if not self.caps.allow(mail.sender):
            self.report.details.append(
                f"no more error replies to {mail.sender} today: {MAX_ERROR_REPLIES} sent "
                "already (a mail loop, or someone in trouble: have a look)"
            )
            return
        body = notices.rejection_body(
            self.game.id, errors, text, ours, lang, self.game.ruleset, mail.skipped_attachments
        )
        if self._reply(mail, ERROR_KIND, body, lang):
            self.caps.count(mail.sender)

    def _reply_too_large(self, mail: Mail, lang: str) -> None:
        if self.caps.allow(mail.sender):
            body = notices.too_large_body(self.game.id, mail.oversize, MAX_TEXT_BYTES, lang)
            if self._reply(mail, ERROR_KIND, body, lang):
                self.caps.count(mail.sender)

    def _tell_owner(
        self, mail: Mail, owner: str, message: str, relay: str = "", why: str = ""
    ) -> None:
        """Tell the owner of a player's (or the GM's) address that a mail in their name was
        not applied (issue 18: a forged From, a list's rewrite), never more than the daily
        cap of error replies; their orders are never quoted back to anyone else."""
        kind = f"{ERROR_KIND}:{why}" if why else ERROR_KIND
        if self.outbox.known(f"{kind}:{mail.message_id}", "mail"):
            return
        if not self.caps.allow(owner):
            return
        lang = self.game.reader_language(sender_roles(owner, self.game.emails, self.game.gm))
        said = _l(message, game=self.game.id, address=owner, relay=relay).say(lang, None)
        if self._reply(mail, kind, said + "\n", lang, to=owner):
            self.caps.count(owner)

    def _note_guessing(self, loaded: Any, player: str | None, before: int, mail: Mail) -> None:
        """When this mail's wrong password brought `player` to the limit (`guessing`): the
        GM's log gets a problem (exit 1), and the house's own address a notice, once."""
        if player is None or not before < LIMIT <= loaded.guesses.count(player, loaded.step):
            return
        self.report.problems.append(
            f"{LIMIT} wrong passwords for {player} in step {loaded.step}, the last from "
            f"{mail.sender or '?'}: nothing more is checked for {player} until the next step"
        )
        owner = self.game.emails.get(player)
        if owner:
            self._tell_owner(mail, owner, messages.GUESSED, why="guessing")

    def _reply(self, mail: Mail, kind: str, body: str, lang: str, to: str = "") -> bool:
        """Queue our answer to `mail` (to its sender, or `to`), in `lang` (the body is said
        already)."""
        sender = self.run.sender_for(self.game)
        if sender is None:
            return False
        key = f"{kind}:{mail.message_id}"
        msg = compose(
            key,
            sender=sender,
            to=[to or mail.sender],
            subject=notices.reply_subject(
                mail.subject or _l(messages.DEFAULT_SUBJECT).say(lang, None), self.game.id
            ),
            body=body,
            reply_to=self.game.mail.reply_to,
            in_reply_to=mail.message_id,
            references=mail.references,
            lang=lang,
        )
        return queue_mail(self.outbox, key, msg)


def _answers_our_error(mail: Mail) -> bool:
    return any(is_error_reply(i) for i in (mail.in_reply_to, *mail.references) if i)


def _stored_receipt(loaded: Any, receipt: Any) -> Any:
    """The receipt of a staged submission, rebuilt from what the engine stored of it."""
    stored = next((s for s in loaded.submissions if s.id == receipt.submission), None)
    if stored is None:
        return receipt
    understood = tuple(i.echo for i in stored.instructions)
    return replace(receipt, understood=understood, duplicate=False)


class ErrorReplyCap:
    """How many error replies each sender got today from one game (`MAX_ERROR_REPLIES`).

    One small JSON file, rewritten (not fsynced: losing a count in a crash only allows a
    few more replies) each time a reply is queued.
    """

    def __init__(self, path: Path, now: Any) -> None:
        self.path = path
        self.day = now.strftime("%Y-%m-%d")
        self._counts: dict[str, int] | None = None

    def _load(self) -> dict[str, int]:
        if self._counts is None:
            try:
                data = json.loads(self.path.read_text())
            except (OSError, ValueError):
                data = {}
            same_day = isinstance(data, dict) and data.get("day") == self.day
            self._counts = dict(data.get("counts") or {}) if same_day else {}
        return self._counts

    def allow(self, sender: str) -> bool:
        return self._load().get(sender, 0) < MAX_ERROR_REPLIES

    def count(self, sender: str) -> None:
        counts = self._load()
        counts[sender] = counts.get(sender, 0) + 1
        data = json.dumps({"day": self.day, "counts": counts})
        atomic_write(self.path, data, durable=False)
