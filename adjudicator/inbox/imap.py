"""Reading players' mail from an IMAP server, without losing or repeating any.

A mail is fetched with ``BODY.PEEK[]`` (so a GM who also reads the inbox in a mail client
still sees it as new) and only marked processed - a keyword flag, or MOVE to a folder - after
what it carried is safely stored. A crash between the two leaves the mail unmarked; the next
run reads it again and the game folder's record (`SeenMail`) and the engine's source ids
recognise it, so it is never applied twice.

`imapclient` is imported only when a session opens: most CLI commands never touch mail.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import ssl
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

import click

from adjudicator.gamedir import atomic_write
from adjudicator.inbox.mail import MAX_MAIL_BYTES
from adjudicator.inbox.quarantine import QUARANTINE_KEYWORD

PROCESSED_KEYWORD = "$Adjudicated"
"""The IMAP keyword that marks a mail as done when no processed folder is configured."""

FETCH_BATCH = 200
"""Mails per FETCH: large enough to amortise round trips, small enough to bound memory."""
FETCH_BYTES = 64 * 1024 * 1024
"""Bytes of mail per FETCH at most (one mail up to `MAX_MAIL_BYTES` may stand alone)."""


class Security(StrEnum):
    """How the connection is protected."""

    SSL = "ssl"
    """Implicit TLS from the first byte (IMAPS 993, SMTPS 465). The default."""
    STARTTLS = "starttls"
    """Plain connection upgraded with STARTTLS before login (IMAP 143, submission 587)."""
    PLAIN = "plain"
    """No TLS at all: only for a server on this machine (tests, a local relay)."""


class MailSetupError(click.ClickException):
    """A GM problem with the mail setup (settings, credentials, server). Exit code 1."""


class MailConnectionError(Exception):
    """The connection failed or dropped mid-run; the next run retries. Not a GM problem."""


def tls_context(cafile: str | None) -> ssl.SSLContext:
    """A verifying client context; `cafile` adds a private CA (a self-signed test server)."""
    return ssl.create_default_context(cafile=cafile)


GREETING_TIMEOUT = 10.0
"""Seconds to wait for a plain-text greeting before suspecting an implicit-TLS port."""


def speaks_implicit_tls(host: str, port: int, timeout: float = 5.0) -> bool:
    """Whether `port` answers a TLS handshake straight away (an IMAPS or SMTPS port).

    Used after a plain connection got no greeting: a server on an implicit-TLS port waits
    silently for our ClientHello, so ``starttls`` there would hang until the timeout.
    The probe does not verify the certificate: it asks only whether TLS is spoken.
    """
    import socket

    probe = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    probe.check_hostname = False
    probe.verify_mode = ssl.CERT_NONE
    try:
        with (
            socket.create_connection((host, port), timeout=timeout) as raw,
            probe.wrap_socket(raw, server_hostname=host),
        ):
            return True
    except (OSError, ssl.SSLError):
        return False


def implicit_tls_problem(service: str, where: str) -> str:
    """The GM-facing hint when ``starttls`` meets a port that wants TLS from the start."""
    return (
        f"the {service} server {where} speaks implicit TLS on that port, so 'starttls' "
        f"waits forever: set ADJUDICATOR_{service}_SECURITY=ssl ({service.lower()}.security "
        "in the config file), or use the server's STARTTLS port."
    )


def untrusted_problem(service: str, where: str, reason: object) -> str:
    """The GM-facing message for a TLS failure: which settings to check."""
    return (
        f"TLS with the {service} server {where} failed ({reason}); check "
        f"ADJUDICATOR_{service}_SECURITY (ssl, starttls) and ADJUDICATOR_{service}_CAFILE "
        f"(a CA file that signs the server's certificate)."
    )


@dataclass(frozen=True)
class ImapConfig:
    """Where the players' mail is read. Built by `from_settings`; never from game.yaml."""

    host: str
    """The server name; TLS verifies it."""
    user: str
    password: str = field(repr=False)
    """Never printed: `repr` leaves it out."""
    port: int | None = None
    """None: 993 for SSL, 143 otherwise."""
    security: Security = Security.SSL
    cafile: str | None = None
    """Extra CA certificates (PEM) to trust, e.g. a self-signed server's certificate."""
    folder: str = "INBOX"
    """The shared folder, read for games that have no folder of their own."""
    processed_folder: str | None = None
    """Move processed mail here; None: flag it with `PROCESSED_KEYWORD` and leave it."""
    timeout: float = 60.0
    """Seconds before a silent server counts as a dropped connection."""
    trusted_lists: tuple[str, ...] = ()
    """Mailing-list addresses whose mail counts as from the author they name (X-Original-From,
    Reply-To): lists rewrite From to their own address."""
    check_dmarc: bool = True
    """Refuse mail whose Authentication-Results say ``dmarc=fail`` for its From domain."""

    @property
    def effective_port(self) -> int:
        return self.port or (993 if self.security is Security.SSL else 143)

    @classmethod
    def from_settings(cls, env: Mapping[str, str], config: Mapping[str, Any]) -> ImapConfig | None:
        """From ``ADJUDICATOR_IMAP_*`` variables, else the config file's ``imap:`` section.

        Returns None when no host is configured (mail is off). Raises `MailSetupError` naming
        the missing or bad setting.
        """
        section = dict(config.get("imap") or {})
        values = merge_settings(env, "ADJUDICATOR_IMAP_", section, _IMAP_KEYS)
        if not values.get("host"):
            return None
        for key in ("user", "password"):
            if not values.get(key):
                raise MailSetupError(missing_setting("IMAP", key))
        return cls(
            host=values["host"],
            user=values["user"],
            password=values["password"],
            port=port_setting(values.get("port"), "ADJUDICATOR_IMAP_PORT / imap.port"),
            security=security_setting(values.get("security"), "ADJUDICATOR_IMAP_SECURITY"),
            cafile=values.get("cafile") or None,
            folder=values.get("folder") or "INBOX",
            processed_folder=values.get("processed_folder") or None,
            timeout=float(values.get("timeout") or 60),
            trusted_lists=_addresses(env.get("ADJUDICATOR_IMAP_TRUSTED_LISTS"), section),
            check_dmarc=_yes(values.get("check_dmarc"), "ADJUDICATOR_IMAP_CHECK_DMARC"),
        )


def _addresses(value: str | None, section: Mapping[str, Any]) -> tuple[str, ...]:
    """A list of addresses from a variable (commas or spaces) or the config file (a list)."""
    items: Any = value if value is not None else section.get("trusted_lists") or []
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    return tuple(sorted(str(a).strip().lower() for a in items if str(a).strip()))


def _yes(value: str | None, name: str) -> bool:
    """An on/off setting, on when unset."""
    text = (value or "yes").strip().lower()
    if text in ("yes", "true", "on", "1"):
        return True
    if text in ("no", "false", "off", "0"):
        return False
    raise MailSetupError(f"{name} must be yes or no, not {value!r}.")


_IMAP_KEYS = [
    "host",
    "port",
    "user",
    "password",
    "security",
    "cafile",
    "folder",
    "processed_folder",
    "timeout",
    "check_dmarc",
]


def merge_settings(
    env: Mapping[str, str], prefix: str, section: Mapping[str, Any], keys: list[str]
) -> dict[str, str]:
    """Settings by name: an environment variable wins over the config file."""
    out: dict[str, str] = {}
    for key in keys:
        value = env.get(prefix + key.upper())
        if value is None and section.get(key) is not None:
            value = str(section[key])
        if value is not None:
            out[key] = value
    return out


def missing_setting(service: str, key: str) -> str:
    var = f"ADJUDICATOR_{service}_{key.upper()}"
    return (
        f"{service} is configured but {key} is missing: "
        f"set {var} or {service.lower()}.{key} in the config file."
    )


def port_setting(value: str | None, name: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(value)
    except ValueError:
        raise MailSetupError(f"{name} must be a port number, not {value!r}.") from None


def security_setting(value: str | None, name: str) -> Security:
    try:
        return Security((value or "ssl").lower())
    except ValueError:
        known = ", ".join(s.value for s in Security)
        raise MailSetupError(f"{name} must be one of {known}, not {value!r}.") from None


@dataclass(frozen=True)
class FetchedMail:
    """One unprocessed mail as the server holds it."""

    folder: str
    uid: int
    raw: bytes
    received: datetime | None = None
    """When the server got it (INTERNALDATE): unlike the Date header, not the sender's say."""
    size: int = 0
    """The whole mail's size on the server; over `MAX_MAIL_BYTES`, `raw` is its header only."""


class ImapSession:
    """One login for a whole cron run; reconnects lazily after a dropped connection.

    Use as a context manager. Every server or socket failure surfaces as
    `MailConnectionError` (retry next run) or `MailSetupError` (the GM must act).
    """

    def __init__(self, config: ImapConfig) -> None:
        self.config = config
        self._client: Any = None
        self._created: set[str] = set()
        self._refused: MailSetupError | None = None

    def __enter__(self) -> ImapSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Log out, ignoring a connection that is already gone."""
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):
                client.logout()

    def client(self) -> Any:
        """The logged-in IMAPClient, connecting first if needed.

        A refused login is remembered: one run never retries it (servers lock out
        accounts after a few failures, and a cron run may serve hundreds of games).
        """
        if self._refused is not None:
            raise self._refused
        if self._client is None:
            try:
                self._client = self._connect()
            except MailSetupError as e:
                self._refused = e
                raise
        return self._client

    def _connect(self) -> Any:
        import imapclient  # lazy: a heavy import most commands never need
        from imapclient.exceptions import LoginError

        c = self.config
        context = tls_context(c.cafile)
        where = f"{c.host}:{c.effective_port}"
        greeting = min(c.timeout, GREETING_TIMEOUT)
        try:
            client = imapclient.IMAPClient(
                c.host,
                port=c.effective_port,
                ssl=c.security is Security.SSL,
                ssl_context=context,
                timeout=imapclient.SocketTimeout(connect=greeting, read=c.timeout),
            )
            if c.security is Security.STARTTLS:
                client.starttls(context)
        except ssl.SSLError as e:
            raise MailSetupError(untrusted_problem("IMAP", where, e.reason)) from None
        except TimeoutError as e:
            if c.security is not Security.SSL and speaks_implicit_tls(c.host, c.effective_port):
                raise MailSetupError(implicit_tls_problem("IMAP", where)) from None
            raise MailConnectionError(f"cannot reach the IMAP server {where}: {e}") from None
        except (OSError, *_imap_errors()) as e:
            raise MailConnectionError(
                f"cannot reach the IMAP server {c.host}:{c.effective_port}: {e}"
            ) from None
        try:
            client.login(c.user, c.password)
        except LoginError:
            with contextlib.suppress(Exception):
                client.shutdown()
            raise MailSetupError(
                f"the IMAP server {c.host} refused the login of user {c.user!r}: check "
                "ADJUDICATOR_IMAP_PASSWORD (or imap.password in the config file) and "
                "ADJUDICATOR_IMAP_USER."
            ) from None
        client.normalise_times = False  # keep INTERNALDATE's zone: aware datetimes
        return client

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn a dropped connection into `MailConnectionError` and forget the client."""
        try:
            yield
        except MailSetupError:
            raise
        except (OSError, *_imap_errors()) as e:
            self.close()
            raise MailConnectionError(f"IMAP connection lost: {e}") from None

    def unprocessed(self, folder: str) -> list[int]:
        """UIDs of the mails in `folder` not yet marked processed, oldest first.

        Raises `MailSetupError` when the folder does not exist.
        """
        with self._guard():
            client = self.client()
            if not client.folder_exists(folder):
                raise MailSetupError(
                    f"the IMAP folder {folder!r} does not exist on {self.config.host}: create "
                    "it, or fix settings.mail.folder in game.yaml."
                )
            client.select_folder(folder)
            criteria: list[Any] = ["UNDELETED", "UNKEYWORD", QUARANTINE_KEYWORD]
            if not self.config.processed_folder:
                criteria += ["UNKEYWORD", PROCESSED_KEYWORD]
            return sorted(client.search(criteria))

    def fetch(self, folder: str, uids: list[int]) -> Iterator[FetchedMail]:
        """The mails by UID, in batches, with ``BODY.PEEK[]`` so none turns \\Seen.

        Sizes are asked first, so that no FETCH carries more than `FETCH_BYTES` and a mail
        over `MAX_MAIL_BYTES` is fetched for its header only (`FetchedMail.size` tells).
        A mail deleted meanwhile is skipped. Raises `MailConnectionError` mid-way when the
        connection drops; what was yielded before stays valid.
        """
        for start in range(0, len(uids), FETCH_BATCH):
            chunk = uids[start : start + FETCH_BATCH]
            with self._guard():
                client = self.client()
                client.select_folder(folder)
                meta = client.fetch(chunk, ["RFC822.SIZE", "INTERNALDATE"])
            for batch, part in _by_bytes(chunk, meta):
                with self._guard():
                    data = self.client().fetch(batch, [part])
                for uid in batch:
                    raw = data.get(uid, {}).get(part.replace(".PEEK", "").encode())
                    if raw is not None:
                        item = meta[uid]
                        received = _aware(item.get(b"INTERNALDATE"))
                        size = int(item.get(b"RFC822.SIZE") or len(raw))
                        yield FetchedMail(folder, uid, bytes(raw), received, size)

    def mark_processed(self, folder: str, uids: list[int]) -> None:
        """Flag the mails processed, or MOVE them to the processed folder.

        Call only after what they carried is stored: a mail marked here is never read again.
        """
        if not uids:
            return
        target = self.config.processed_folder
        with self._guard():
            client = self.client()
            client.select_folder(folder)
            if not target:
                client.add_flags(uids, [PROCESSED_KEYWORD])
                return
            self._ensure_folder(client, target)
            if client.has_capability("MOVE"):
                client.move(uids, target)
            else:  # RFC 6851 is not everywhere: copy, then flag deleted and expunge those
                client.copy(uids, target)
                client.delete_messages(uids)
                client.uid_expunge(uids)

    def quarantine(self, folder: str, uids: list[int]) -> None:
        """Set the mails aside where they are: flagged (``\\Flagged`` shows them in mail
        clients) and never read again while they carry `QUARANTINE_KEYWORD`."""
        if not uids:
            return
        with self._guard():
            client = self.client()
            client.select_folder(folder)
            client.add_flags(uids, [QUARANTINE_KEYWORD, "\\Flagged"])

    def _ensure_folder(self, client: Any, name: str) -> None:
        if name in self._created:
            return
        if not client.folder_exists(name):
            client.create_folder(name)
        self._created.add(name)


def _by_bytes(
    uids: list[int], meta: Mapping[int, Mapping[bytes, Any]]
) -> Iterator[tuple[list[int], str]]:
    """The mails of `meta` (UIDs in order) as FETCH batches of at most `FETCH_BYTES`, each
    with what to fetch: the whole mail, or the header of one over `MAX_MAIL_BYTES`."""
    batch: list[int] = []
    total = 0
    for uid in (u for u in uids if u in meta):
        size = int(meta[uid].get(b"RFC822.SIZE") or 0)
        large = size > MAX_MAIL_BYTES
        if batch and (large or total + size > FETCH_BYTES):  # the oldest mail first, always
            yield batch, "BODY.PEEK[]"
            batch, total = [], 0
        if large:
            yield [uid], "BODY.PEEK[HEADER]"
            continue
        batch.append(uid)
        total += size
    if batch:
        yield batch, "BODY.PEEK[]"


def _aware(moment: Any) -> datetime | None:
    if not isinstance(moment, datetime):
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _imap_errors() -> tuple[type[BaseException], ...]:
    """imaplib's protocol errors (IMAPClient raises them), imported only when needed."""
    import imaplib

    return (imaplib.IMAP4.error,)


class SeenMail:
    """Which Message-IDs a game has taken, with their content hash and what became of them.

    Kept in the game's ``.adjudicator/mail/seen/``, one small file per mail, written after
    the submission is stored and before the mail is marked processed on the server. A mail
    read again (a crash before marking, a copy, a replay) is recognised here: the same
    content is a harmless duplicate, other content under a known Message-ID is a replay.
    """

    def __init__(self, game_dir: Path) -> None:
        self.root = Path(game_dir) / ".adjudicator" / "mail" / "seen"

    def _path(self, message_id: str) -> Path:
        return self.root / hashlib.sha256(message_id.encode()).hexdigest()[:40]

    def get(self, message_id: str) -> dict[str, str] | None:
        """The record of `message_id`, or None when this game never took it."""
        try:
            return json.loads(self._path(message_id).read_text())
        except FileNotFoundError:
            return None
        except ValueError:  # unreadable: count it as seen with unknown content
            return {"message_id": message_id, "hash": "", "outcome": "unknown"}

    def record(self, message_id: str, content_hash: str, outcome: str) -> None:
        """Remember a mail. Atomic (rename) but not fsynced, on purpose: a record lost in a
        crash only means the mail is judged again, and the engine's source ids and the
        outbox keys already make that harmless; skipping fsync halves the cost of a mail.
        """
        data = {"message_id": message_id, "hash": content_hash, "outcome": outcome}
        atomic_write(self._path(message_id), json.dumps(data) + "\n", durable=False)
