"""What leaves by mail: an outbox on disk, and an SMTP sender that drains it.

Every receipt, error reply, reminder and turn report is first written to the game folder's
``.adjudicator/outbox/pending/`` under a key derived from what caused it (the player's
Message-ID, the step and player). Queuing the same key twice does nothing, so a run that is
re-done after a crash queues nothing twice. Sending moves the file to ``sent/`` only after
the server accepted it; a refusal (4xx or 5xx) leaves it pending for the next run.

SMTP cannot be made exactly-once: if the machine dies between the server's "250 OK" and
the rename, that one mail goes again on the next run, with the same Message-ID, which
mail clients use to hide the copy.

`smtplib` is imported only when a connection opens.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import ssl
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from email.charset import QP, Charset
from email.header import Header
from email.message import Message
from email.mime.text import MIMEText
from email.policy import compat32
from email.utils import formataddr, formatdate, getaddresses, parseaddr
from pathlib import Path
from typing import Any

from adjudicator.gamedir import atomic_write, fsync_dir, make_folder
from adjudicator.inbox.imap import (
    GREETING_TIMEOUT,
    MailConnectionError,
    MailSetupError,
    Security,
    implicit_tls_problem,
    merge_settings,
    missing_setting,
    port_setting,
    security_setting,
    speaks_implicit_tls,
    tls_context,
    untrusted_problem,
)
from adjudicator.publish.messages import CUT_NOTE
from adjudicator.text import _l

OUTBOX = Path(".adjudicator") / "outbox"
"""The outbox inside a game folder (git-ignored with the rest of .adjudicator/)."""

MAX_ATTEMPTS = 20
"""After this many refusals an item moves to ``failed/`` and the GM is told."""

MAX_MAIL_BYTES = 400_000
"""No mail leaves larger than this: a last guard, whatever a forged mail made us write."""

MAX_REFERENCE = 250
"""Longer Message-IDs are left out of References and In-Reply-To (RFC 5322 allows lines
of 998 characters; a 2,000-character id would break the header)."""

ERROR_KIND = "error"
"""The key prefix of error replies; their Message-IDs say so (`is_error_reply`)."""

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_OUR_ID = re.compile(r"^<([0-9a-f]{24})(\.err)?@")


def safe_key(key: str) -> str:
    """A file name for an outbox key: readable, and unique thanks to a short hash.

    >>> safe_key("receipt:<abc@x.org>")
    'receipt-abc-x.org-c9e0ff86'
    """
    readable = _UNSAFE.sub("-", key).strip("-.")[:80]
    return f"{readable}-{hashlib.sha256(key.encode()).hexdigest()[:8]}"


@dataclass(frozen=True)
class OutboxItem:
    """One queued message or post."""

    name: str
    """The file name stem (`safe_key` of the queue key)."""
    kind: str
    """``mail`` or ``post``: which transport sends it."""
    path: Path
    attempts: int = 0
    """How many times a server refused it so far."""

    def payload(self) -> bytes:
        return self.path.read_bytes()


class Outbox:
    """A game's queue of things to send, kept as files so that no run loses one."""

    def __init__(self, game_dir: Path) -> None:
        self.root = Path(game_dir) / OUTBOX
        self._unsynced = False
        self._names: set[str] | None = None
        """Every item name ever queued, read once (one listing instead of three stats a
        mail): only this run adds to the outbox while it holds the game's cron lock."""
        self._by_hash: dict[str, list[str]] | None = None
        """Mail file names by their key's hash, for `bodies_of`: built once a run."""

    def _dir(self, state: str) -> Path:
        return self.root / state

    def add(self, key: str, kind: str, payload: bytes) -> bool:
        """Queue `payload` under `key` unless that key was queued before (then False).

        Atomic (rename) but not fsynced: a run that queues a thousand answers calls `sync`
        once before anything depends on them (marking mail processed on the server).
        """
        if self.known(key, kind):
            return False
        path = self._dir("pending") / f"{safe_key(key)}.{kind}"
        atomic_write(path, payload, durable=False)
        self._unsynced = True
        if self._names is not None:
            self._names.add(path.name)
        if self._by_hash is not None and kind == "mail":
            self._by_hash.setdefault(path.stem[-8:], []).append(path.name)
        return True

    def sync(self) -> None:
        """Make every item queued so far durable, in one call for the whole batch."""
        if self._unsynced:
            os.sync()
            self._unsynced = False

    def known(self, key: str, kind: str) -> bool:
        """Whether `key` was ever queued (pending, sent or given up)."""
        return f"{safe_key(key)}.{kind}" in self._all_names()

    def _all_names(self) -> set[str]:
        if self._names is None:
            self._names = set()
            for state in ("pending", "sent", "failed"):
                with contextlib.suppress(FileNotFoundError), os.scandir(self._dir(state)) as it:
                    self._names.update(e.name for e in it)
        return self._names

    def pending(self, kind: str) -> list[OutboxItem]:
        """Items still to send, oldest first (then by name, for a stable order)."""
        folder = self._dir("pending")
        if not folder.is_dir():
            return []
        paths = [p for p in folder.iterdir() if p.suffix == f".{kind}"]
        paths.sort(key=lambda p: (p.stat().st_mtime_ns, p.name))
        return [OutboxItem(p.stem, kind, p, self._attempts(p)) for p in paths]

    def count(self, state: str, kind: str) -> int:
        folder = self._dir(state)
        return sum(1 for p in folder.glob(f"*.{kind}")) if folder.is_dir() else 0

    def mark_sent(self, item: OutboxItem) -> None:
        """The server took it: never send it again."""
        self._move(item, "sent")

    def record_failure(self, item: OutboxItem, error: str) -> bool:
        """Count a refusal; True when the item gave up and moved to ``failed/``."""
        attempts = item.attempts + 1
        note = json.dumps({"attempts": attempts, "error": error}).encode()
        atomic_write(self._note(item.path), note)
        if attempts >= MAX_ATTEMPTS:
            self._move(item, "failed")
            return True
        return False

    def _move(self, item: OutboxItem, state: str) -> None:
        """Move an item on; not fsynced here (`settle` does it once per drain): a move lost
        in a crash only sends that mail again, which SMTP cannot rule out anyway."""
        target = self._dir(state)
        make_folder(target)
        os.replace(item.path, target / item.path.name)
        with contextlib.suppress(FileNotFoundError):
            os.replace(self._note(item.path), target / self._note(item.path).name)

    def settle(self) -> None:
        """Make the moves of a drain durable: one fsync per folder."""
        for state in ("pending", "sent", "failed"):
            if self._dir(state).is_dir():
                fsync_dir(self._dir(state))

    @staticmethod
    def _note(path: Path) -> Path:
        return path.with_name(path.name + ".json")

    def bodies_of(self, message_ids: Iterable[str]) -> list[str]:
        """The text of our own mails among `message_ids` (the ones a player answers).

        Our Message-IDs and file names share the key's hash (`message_id`, `safe_key`), so
        a reply's In-Reply-To and References lead to the mail it quotes.
        """
        wanted = {m.group(1)[:8] for m in (_OUR_ID.match(i) for i in message_ids) if m}
        if not wanted:
            return []
        if self._by_hash is None:
            self._by_hash = {}
            for name in self._all_names():
                if name.endswith(".mail"):
                    self._by_hash.setdefault(name[:-5][-8:], []).append(name)
        bodies = []
        for name in sorted(n for h in wanted for n in self._by_hash.get(h, [])):
            for state in ("sent", "pending", "failed"):
                with contextlib.suppress(FileNotFoundError):
                    bodies.append(_body_text((self._dir(state) / name).read_bytes()))
                    break
        return bodies

    def _attempts(self, path: Path) -> int:
        try:
            return int(json.loads(self._note(path).read_text())["attempts"])
        except (OSError, ValueError, KeyError, TypeError):
            return 0


# -- composing ------------------------------------------------------------------------------


def message_id(key: str, sender: str) -> str:
    """A Message-ID that is the same every time `key` is queued: copies thread as one.

    Error replies end their local part in ``.err``, so that a mail answering one of them
    (an autoresponder that does not say so) is recognised without any lookup.
    """
    domain = parseaddr(sender)[1].rpartition("@")[2] or "adjudicator.invalid"
    mark = ".err" if key.startswith(f"{ERROR_KIND}:") else ""
    return f"<{hashlib.sha256(key.encode()).hexdigest()[:24]}{mark}@{domain}>"


def is_error_reply(message_id: str) -> bool:
    """Whether `message_id` is one of our error replies (see `message_id`)."""
    found = _OUR_ID.match(message_id.strip())
    return bool(found and found.group(2))


def _body_text(raw: bytes) -> str:
    """The text of a mail we stored (UTF-8, quoted-printable)."""
    payload = _parse_stored(raw).get_payload(decode=True)
    return payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""


def compose(
    key: str,
    *,
    sender: str,
    to: Iterable[str],
    subject: str,
    body: str,
    reply_to: str | None = None,
    in_reply_to: str = "",
    references: Iterable[str] = (),
    lang: str = "en",
) -> Message:
    """A text/plain UTF-8 mail with threading headers, ready for `queue_mail`.

    `in_reply_to` is the Message-ID answered; `references` its chain (oldest first), which
    we extend with it so that every client threads the reply under the player's mail.
    `lang` is the reader's language (the note on a mail cut short). The body and subject go
    out as UTF-8 whatever the language (the charset the player wrote in does not matter).
    Built with the compat32 classes: a tenth of the cost of `EmailMessage`, which counts
    when a run answers a thousand mails.
    """
    if len(body) > MAX_MAIL_BYTES // 2:  # quoted-printable may nearly double the size
        cut = _l(CUT_NOTE).say(lang, None)
        body = body[: MAX_MAIL_BYTES // 4].rsplit("\n", 1)[0] + "\n\n" + cut + "\n"
    charset = Charset("utf-8")
    charset.body_encoding = QP  # readable in any raw view, safe through 7-bit relays
    msg = MIMEText(body, "plain", charset)
    msg["From"] = _address(sender)
    msg["To"] = ", ".join(_address(a) for a in to)
    msg["Subject"] = subject if subject.isascii() else Header(subject, "utf-8")
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = message_id(key, sender)
    msg["Auto-Submitted"] = "auto-replied" if in_reply_to else "auto-generated"
    if reply_to:
        msg["Reply-To"] = _address(reply_to)
    if in_reply_to:
        chain = [r for r in references if r != in_reply_to] + [in_reply_to]
        chain = [r for r in chain if len(r) <= MAX_REFERENCE]
        if len(in_reply_to) <= MAX_REFERENCE:
            msg["In-Reply-To"] = in_reply_to
        if chain:
            msg["References"] = " ".join(chain[-20:])
    return msg


def _address(text: str) -> str:
    """'Name <addr>' with a non-ASCII name encoded (RFC 2047), the address untouched."""
    name, addr = parseaddr(text)
    return formataddr((name, addr), charset="utf-8") if addr else text


_WIRE = compat32.clone(linesep="\r\n")
"""SMTP wants CRLF line ends; smtplib sends stored bytes as they are."""


def queue_mail(outbox: Outbox, key: str, msg: Message) -> bool:
    """Queue a composed mail; False when that key was queued before."""
    return outbox.add(key, "mail", msg.as_bytes(policy=_WIRE))


# -- sending --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SmtpConfig:
    """The server and identity mail leaves through; from the environment or config file."""

    host: str
    user: str
    password: str = field(repr=False)
    """Never printed: `repr` leaves it out."""
    sender: str = ""
    """The default From, e.g. ``"Westeros GM <gm@example.org>"``; a game may override it."""
    port: int | None = None
    """None: 465 for SSL, 587 for STARTTLS, 25 for plain."""
    security: Security = Security.SSL
    cafile: str | None = None
    min_interval: float = 0.5
    """Seconds between two mails: providers throttle or block bursts."""
    max_per_run: int = 200
    """Mails per run at most; the rest wait for the next run."""
    timeout: float = 60.0

    @property
    def effective_port(self) -> int:
        return self.port or {Security.SSL: 465, Security.STARTTLS: 587}.get(self.security, 25)

    @classmethod
    def from_settings(cls, env: Mapping[str, str], config: Mapping[str, Any]) -> SmtpConfig | None:
        """From ``ADJUDICATOR_SMTP_*`` variables, else the config file's ``smtp:`` section.

        None when no host is set (mail does not leave). Raises `MailSetupError`.
        """
        section = dict(config.get("smtp") or {})
        values = merge_settings(env, "ADJUDICATOR_SMTP_", section, _SMTP_KEYS)
        if not values.get("host"):
            return None
        for key in ("user", "password", "from"):
            if not values.get(key):
                raise MailSetupError(missing_setting("SMTP", key))
        return cls(
            host=values["host"],
            user=values["user"],
            password=values["password"],
            sender=values["from"],
            port=port_setting(values.get("port"), "ADJUDICATOR_SMTP_PORT / smtp.port"),
            security=security_setting(values.get("security"), "ADJUDICATOR_SMTP_SECURITY"),
            cafile=values.get("cafile") or None,
            min_interval=float(values.get("min_interval") or 0.5),
            max_per_run=int(values.get("max_per_run") or 200),
            timeout=float(values.get("timeout") or 60),
        )


_SMTP_KEYS = [
    *("host", "port", "user", "password", "security", "cafile", "from"),
    *("min_interval", "max_per_run", "timeout"),
]


class Refused(Exception):
    """The server refused one message (4xx/5xx); it stays queued."""


class SmtpSender:
    """One SMTP connection for a whole run, opened on the first mail, rate-limited."""

    def __init__(
        self,
        config: SmtpConfig,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.config = config
        self.sent = 0
        self._smtp: Any = None
        self._last: float | None = None
        self._clock = clock
        self._sleep = sleep

    def __enter__(self) -> SmtpSender:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is not None:
            with contextlib.suppress(Exception):
                smtp.quit()

    @property
    def exhausted(self) -> bool:
        """True once this run's budget (`SmtpConfig.max_per_run`) is used up."""
        return self.sent >= self.config.max_per_run

    def send(self, raw: bytes) -> None:
        """Send one stored mail. Raises `Refused`, `MailConnectionError`, `MailSetupError`."""
        import smtplib

        msg = _parse_stored(raw)
        recipients = [a for _, a in getaddresses(msg.get_all("To", [])) if a]
        envelope_from = parseaddr(str(msg["From"]))[1]
        self._wait()
        smtp = self._connection()
        try:
            smtp.sendmail(envelope_from, recipients, raw)
        except smtplib.SMTPRecipientsRefused as e:
            raise Refused(_codes(e.recipients.values())) from None
        except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as e:
            raise Refused(f"{e.smtp_code} {_text(e.smtp_error)}") from None
        except (OSError, smtplib.SMTPException) as e:
            self._smtp = None
            raise MailConnectionError(f"SMTP connection lost: {e}") from None
        finally:
            self._last = self._clock()
        self.sent += 1

    def _wait(self) -> None:
        if self._last is not None:
            delay = self.config.min_interval - (self._clock() - self._last)
            if delay > 0:
                self._sleep(delay)

    def _connection(self) -> Any:
        if self._smtp is None:
            self._smtp = self._connect()
        return self._smtp

    def _connect(self) -> Any:
        import smtplib

        c = self.config
        context = tls_context(c.cafile)
        where = f"{c.host}:{c.effective_port}"
        try:
            if c.security is Security.SSL:
                smtp = smtplib.SMTP_SSL(
                    c.host, c.effective_port, timeout=c.timeout, context=context
                )
            else:
                smtp = self._plain(where)
                if c.security is Security.STARTTLS:
                    smtp.starttls(context=context)
            smtp.login(c.user, c.password)
        except ssl.SSLError as e:
            raise MailSetupError(untrusted_problem("SMTP", where, e.reason)) from None
        except smtplib.SMTPAuthenticationError:
            raise MailSetupError(
                f"the SMTP server {where} refused the login of user {c.user!r}: check "
                "ADJUDICATOR_SMTP_PASSWORD (or smtp.password in the config file) and "
                "ADJUDICATOR_SMTP_USER."
            ) from None
        except smtplib.SMTPNotSupportedError as e:
            raise MailSetupError(
                f"the SMTP server {where} does not support {e}: check ADJUDICATOR_SMTP_SECURITY."
            ) from None
        except (OSError, smtplib.SMTPException) as e:
            raise MailConnectionError(f"cannot reach the SMTP server {where}: {e}") from None
        return smtp

    def _plain(self, where: str) -> Any:
        """A plain connection whose greeting must come soon: an implicit-TLS port never
        greets in plain text, and waiting the whole timeout would only hide the mistake."""
        import smtplib

        c = self.config
        try:
            smtp = smtplib.SMTP(c.host, c.effective_port, timeout=min(c.timeout, GREETING_TIMEOUT))
        except (TimeoutError, smtplib.SMTPServerDisconnected) as e:
            # smtplib reports a greeting that never came as a disconnection.
            if speaks_implicit_tls(c.host, c.effective_port):
                raise MailSetupError(implicit_tls_problem("SMTP", where)) from None
            raise MailConnectionError(f"cannot reach the SMTP server {where}: {e}") from None
        if smtp.sock is not None:
            smtp.sock.settimeout(c.timeout)
        return smtp


def _parse_stored(raw: bytes) -> Message:
    from email import message_from_bytes

    return message_from_bytes(raw)


def _text(error: bytes | str) -> str:
    return error.decode(errors="replace") if isinstance(error, bytes) else str(error)


def _codes(refusals: Iterable[tuple[int, bytes]]) -> str:
    return "; ".join(f"{code} {_text(text)}" for code, text in refusals)


@dataclass
class DrainResult:
    """What one drain of an outbox did; cron prints it."""

    sent: int = 0
    refused: list[str] = field(default_factory=list)
    """One line per refusal (item name and the server's answer)."""
    gave_up: list[str] = field(default_factory=list)
    """Items that moved to ``failed/``: a GM problem."""
    left: int = 0
    """Still pending after this run."""


def drain(outbox: Outbox, sender: SmtpSender) -> DrainResult:
    """Send what is pending, until done, the run's budget is spent, or the link drops.

    A refused item stays pending (counted), the others still go. A dropped connection ends
    the drain; everything not yet accepted stays pending. Raises `MailSetupError` only.
    """
    result = DrainResult()
    items = outbox.pending("mail")
    for index, item in enumerate(items):
        if sender.exhausted:
            result.left = len(items) - index
            break
        try:
            sender.send(item.payload())
        except Refused as e:
            result.refused.append(f"{item.name}: {e}")
            if outbox.record_failure(item, str(e)):
                result.gave_up.append(item.name)
            continue
        except MailConnectionError as e:
            result.refused.append(f"{item.name}: {e}")
            result.left = len(items) - index
            break
        outbox.mark_sent(item)
        result.sent += 1
    if items:
        outbox.settle()
    return result
