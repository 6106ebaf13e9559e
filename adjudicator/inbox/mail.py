"""Reading one e-mail (RFC 822 bytes) into the order text a player meant to send.

Players write from every mail client there is: HTML-only, odd charsets, replies that quote
the whole turn report, signatures, orders as a ``.txt`` attachment. `parse_mail` reduces all
of that to a small frozen `Mail`; the engine then reads ``text`` exactly as an order file.

The module also holds the address side of authentication (`sender_role`): the engine checks
the password, we check that the From address is the player's (or the GM's). Passwords are
never quoted back: `redact_passwords` hides them wherever text leaves the machine or a log.
"""

from __future__ import annotations

import codecs
import email
import hashlib
import re
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from email.header import decode_header, make_header
from email.message import Message
from email.parser import BytesHeaderParser
from email.utils import getaddresses, parsedate_to_datetime
from html.parser import HTMLParser
from typing import Any

from adjudicator.inbox import limits
from adjudicator.inbox.files import UnreadableFile, decode_order_file
from adjudicator.inbox.quotes import clean_body, forwarded_own
from adjudicator.submissions import header_field, header_values, loose_header_field
from adjudicator.text import Text, _l, _ln

__all__ = ["Mail", "MailTooLarge", "clean_body", "parse_mail", "unflow"]

_GAME_LINE = re.compile(r"^\s*game\s*:\s*(\S+)\s*$", re.I | re.M)
_SUBJECT_TAG = re.compile(r"\[([A-Za-z0-9][A-Za-z0-9_.-]*)\]")
_AUTO_SUBJECT = re.compile(
    r"^\s*(auto|automatic reply|auto-?reply|out of office|autoresponder|автоответ"
    r"|автоматический ответ|resposta automática|resposta automatica|ausente"
    r"|fora do escritório)\s*:",
    re.I,
)
"""Subjects autoresponders write (NOTE: issue 9 asks for en, ru and pt marks)."""
_DMARC_FAIL = re.compile(r"\bdmarc=fail\b", re.I)
_HEADER_FROM = re.compile(r"\bheader\.from=([^\s;()]+)", re.I)

MAX_TEXT_BYTES = limits.MAX_TEXT_BYTES
"""The limit's value for those who quote it (`limits`, where it is defined, for files too)."""
MAX_HTML_BYTES = 4 * MAX_TEXT_BYTES
"""HTML carries markup around the text: it may be larger before conversion."""


MAX_MAIL_BYTES = 40 * 1024 * 1024
"""The largest mail we parse (attachments included); a larger one is read for its headers
only and refused as too large, like a mail with too much text."""
MAX_CONTAINERS = 64
"""Multipart and attached-message parts a mail may hold. Real mail nests a few levels; the
parser recurses once per level, so a mail nested a thousand deep would exhaust the stack."""
MAX_PARTS = 2000
"""Boundary lines a mail with containers may hold: each part costs the parser an object."""
_CONTAINER = re.compile(
    rb"^content-type:[ \t]*(?:\r?\n[ \t]+)*(?:multipart/|message/rfc822)", re.I | re.M
)


class MailTooLarge(Exception):
    """The mail's text is over `MAX_TEXT_BYTES`; it is refused without being read."""

    def __init__(self, size: int) -> None:
        super().__init__(f"{size} bytes of text")
        self.size = size


@dataclass(frozen=True)
class Mail:
    """One player's e-mail, reduced to what the engine needs."""

    message_id: str
    """The Message-ID with its angle brackets; a stable hash id when the mail has none."""
    sender: str
    """The From address, lower case, without display name ('' when unusable)."""
    subject: str
    """The decoded Subject."""
    in_reply_to: str
    """The In-Reply-To Message-ID ('' when absent): replies thread under it."""
    date: datetime | None
    """The Date header as an aware datetime, None when missing or unreadable."""
    text: str
    """The order text: a ``.txt`` attachment, else the body without quotes and signature."""
    references: tuple[str, ...] = ()
    """The References chain, oldest first; our replies extend it."""
    automatic: bool = False
    """Sent by a machine (bounce, vacation reply): never answered (RFC 3834)."""
    body: str = ""
    """The decoded body before quotes were cut ('' when the orders came as an attachment):
    cut again once we know which of our mails it answers."""
    oversize: int = 0
    """Bytes of text when over `MAX_TEXT_BYTES` (then `text` is empty), else 0."""
    original_sender: str = ""
    """The author a mailing list names (X-Original-From, else Reply-To) when From is not."""
    dmarc_failed: tuple[str, ...] = ()
    """Domains the receiving server's Authentication-Results say failed DMARC."""
    skipped_attachments: tuple[str, ...] = ()
    """The attached files not read (a .docx, a .pdf: only plain text is), named in our
    answer so that orders sent in one are never dropped in silence."""
    unreadable: Text | None = None
    """Why the body could not be read safely (None when it was): such a mail is set aside
    (quarantined) unread, its other fields taken from its headers alone."""

    @property
    def content_hash(self) -> str:
        """SHA-256 of sender and text: the same mail re-delivered hashes the same.

        Transport headers differ between copies of one mail, so they are left out; a replay
        that reuses a Message-ID with other content is told apart by this hash.
        """
        return hashlib.sha256(f"{self.sender}\0{self.text}".encode()).hexdigest()

    @property
    def source(self) -> str:
        """The submission's dedup id for the engine."""
        return f"mail:{self.message_id}"

    def __str__(self) -> str:
        return f"{self.message_id} from {self.sender or '?'}: {self.subject!r}"


def parse_mail(raw: bytes, size: int = 0) -> Mail:
    """Parse RFC 822 bytes into a `Mail`. Never raises on malformed or hostile input: a mail
    we cannot read safely yields its header fields and `Mail.unreadable` says why.

    The parser's work is bounded before it starts (`MAX_MAIL_BYTES`, `MAX_CONTAINERS`,
    `MAX_PARTS`), so one poisoned mail costs a bounded time and never a crash. `size` is
    the mail's size on the server when `raw` may be its header only (`FetchedMail.size`).

    >>> m = parse_mail(b"From: A <a@x.org>\\r\\nMessage-ID: <1@x>\\r\\n\\r\\nhouse: stark\\r\\n")
    >>> (m.sender, m.text)
    ('a@x.org', 'house: stark')
    """
    if max(size, len(raw)) > MAX_MAIL_BYTES:
        return _from_headers(raw, oversize=max(size, len(raw)))
    problem = _structure_problem(raw)
    if problem:
        return _from_headers(raw, unreadable=problem)
    try:
        # The compat32 policy parses about twenty times faster than policy.default, which
        # matters for a mailbox of a thousand mails; headers are decoded by `_header`.
        msg = email.message_from_bytes(raw)
        oversize = 0
        try:
            text, body = order_text(msg)
        except MailTooLarge as e:
            text, body, oversize = "", "", e.size
        skipped = skipped_attachments(msg)
        return _mail(msg, raw, text=text, body=body, oversize=oversize, skipped_attachments=skipped)
    except Exception as e:  # RecursionError and any parser bug: never stop the run
        why = _l("the mail could not be parsed: %(error)s", error=type(e).__name__)
        return _from_headers(raw, unreadable=why)


def _structure_problem(raw: bytes) -> Text | None:
    """Why the parser must not be given `raw` (None when it may)."""
    containers = len(_CONTAINER.findall(raw))
    if containers > MAX_CONTAINERS:
        return _ln(
            "%(n)d nested or attached part, over the limit of %(limit)d",
            "%(n)d nested or attached parts, over the limit of %(limit)d",
            containers,
            limit=MAX_CONTAINERS,
        )
    parts = raw.count(b"\n--") if containers else 0
    if parts > MAX_PARTS:
        return _ln(
            "%(n)d part, over the limit of %(limit)d",
            "%(n)d parts, over the limit of %(limit)d",
            parts,
            limit=MAX_PARTS,
        )
    return None


def _from_headers(raw: bytes, *, unreadable: Text | None = None, oversize: int = 0) -> Mail:
    """A `Mail` from the header block alone (the body is never parsed)."""
    try:
        msg = BytesHeaderParser().parsebytes(raw)
    except Exception:  # headers too broken to read: an anonymous mail, still set aside
        msg = Message()
    return _mail(msg, raw, text="", body="", oversize=oversize, unreadable=unreadable)


def _mail(msg: Message, raw: bytes, **body: Any) -> Mail:
    """The `Mail` of a parsed message, with its order text and body given."""
    sender = _sender(msg)
    message_id = _header(msg, "Message-ID").strip()
    if not message_id:
        digest = hashlib.sha256(raw).hexdigest()[:32]
        message_id = f"<{digest}@no-message-id.invalid>"
    return Mail(
        message_id=message_id,
        sender=sender,
        subject=_header(msg, "Subject"),
        in_reply_to=_header(msg, "In-Reply-To").strip(),
        date=_date(msg),
        references=tuple(_header(msg, "References").split()),
        automatic=is_automatic(msg, sender),
        original_sender=_original_sender(msg, sender),
        dmarc_failed=_dmarc_failed(msg),
        **body,
    )


def _header(msg: Message, name: str) -> str:
    """A header's value, RFC 2047 encoded words decoded, on one line ('' when absent)."""
    value = msg.get(name)
    if value is None:
        return ""
    try:
        text = str(make_header(decode_header(str(value))))
    except (ValueError, LookupError, UnicodeError, TypeError):  # broken encoding: keep raw
        text = str(value)
    return " ".join(text.split())


def _sender(msg: Message, name: str = "From") -> str:
    """The single address of a header, or '' when there is none or more than one."""
    addresses = [a for _, a in getaddresses([_header(msg, name)]) if "@" in a]
    return addresses[0].lower() if len(addresses) == 1 else ""


def _original_sender(msg: Message, sender: str) -> str:
    """Who a mailing list says wrote the mail, when it rewrote From to its own address."""
    for name in ("X-Original-From", "Reply-To"):
        address = _sender(msg, name)
        if address and address != sender:
            return address
    return ""


def _dmarc_failed(msg: Message) -> tuple[str, ...]:
    """The From domains whose DMARC check failed, as the receiving server recorded it.

    A sender can add such a header too, but a forged 'fail' only hurts the forger; a
    'pass' is never trusted. A failure without ``header.from`` yields '*' (the From domain).
    """
    failed = []
    for value in msg.get_all("Authentication-Results") or []:
        text = " ".join(str(value).split())
        if _DMARC_FAIL.search(text):
            found = _HEADER_FROM.search(text)
            failed.append(found.group(1).lower().strip(".") if found else "*")
    return tuple(failed)


_ROBOTS = ("mailer-daemon", "postmaster", "noreply", "no-reply", "do-not-reply")


def is_automatic(msg: Message, sender: str) -> bool:
    """Whether a machine sent the mail: answering it could start a mail loop.

    RFC 3834: no automatic answer to a message marked ``Auto-Submitted`` (other than
    ``no``), to bulk mail, to bounces (``multipart/report``, null sender). Many vacation
    replies say nothing of the kind: their subject (``Automatic reply:``, ``Автоответ:``,
    ``Resposta automática:``) or Outlook's ``X-Auto-Response-Suppress`` gives them away.
    Mailing-list headers are not a sign: a GM may run a game's address as a list.
    """
    auto = _header(msg, "Auto-Submitted").lower()
    if auto and auto != "no":
        return True
    if _header(msg, "Precedence").lower() in ("bulk", "junk", "auto_reply"):
        return True
    robots = ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress")
    if any(msg.get(h) is not None for h in robots):
        return True
    if _AUTO_SUBJECT.match(_header(msg, "Subject")):
        return True
    if _header(msg, "Return-Path") == "<>" or msg.get_content_type() == "multipart/report":
        return True
    return sender.partition("@")[0] in _ROBOTS


def _date(msg: Message) -> datetime | None:
    try:
        when = parsedate_to_datetime(_header(msg, "Date"))
    except (TypeError, ValueError, IndexError):
        return None
    return when if when.tzinfo is not None else None


def order_text(msg: Message) -> tuple[str, str]:
    """The orders in a message, and the body they were cut from ('' for attachments).

    The ``*.txt`` attachments if any, else the cleaned body. An attachment is an order file
    as the player wrote it (header lines included), so line numbers in our answers match
    their file; the body is then only a covering note. Raises `MailTooLarge`.
    """
    attachments = [_decode(p, limits.MAX_TEXT_BYTES) for p in msg.walk() if _is_txt_attachment(p)]
    if attachments:
        text = "\n".join(a.strip("\n") for a in attachments)
        if len(text) > limits.MAX_TEXT_BYTES:
            raise MailTooLarge(len(text.encode()))
        return text, ""
    plain, html = _bodies(msg)
    body = plain if plain is not None else html_to_text(html) if html is not None else ""
    return forwarded_own(body, _sender(msg)) or clean_body(body), body


def _filename(part: Message) -> str:
    name = part.get_filename() or ""
    try:
        return str(make_header(decode_header(name)))
    except (ValueError, LookupError, UnicodeError):
        return name


def _is_txt_attachment(part: Message) -> bool:
    return not part.is_multipart() and _filename(part).lower().endswith(".txt")


_NOT_ORDERS = ("image/", "application/pkcs7-signature", "application/pgp-", "text/vcard")
"""Attachments no one sends orders in: signature logos, S/MIME and PGP signatures, cards."""
_NOT_ORDER_NAMES = (".p7s", ".asc", ".sig", ".vcf", ".ics")


def skipped_attachments(msg: Message) -> tuple[str, ...]:
    """The names of the attached files we do not read (a .docx, a .pdf, a .odt): only plain
    text is read (the body, or a ``.txt`` file). Pictures and signatures are left out."""
    names = []
    for part in msg.walk():
        if part.is_multipart() or _is_txt_attachment(part) or not _is_attachment(part):
            continue
        name = " ".join(_filename(part).split())
        kind = part.get_content_type()
        if kind.startswith(_NOT_ORDERS) or name.lower().endswith(_NOT_ORDER_NAMES):
            continue
        if kind == "text/calendar":
            continue
        names.append(name[:60] or kind)
    return tuple(names)


def _is_attachment(part: Message) -> bool:
    disposition = str(part.get("Content-Disposition", "")).strip().lower()
    return bool(part.get_filename()) or disposition.startswith("attachment")


def _bodies(msg: Message) -> tuple[str | None, str | None]:
    """The first inline text/plain and text/html parts (not attachments)."""
    plain = html = None
    for part in msg.walk():
        if part.is_multipart() or _is_attachment(part):
            continue
        kind = part.get_content_type()
        if kind == "text/plain" and plain is None:
            plain = _decode(part, limits.MAX_TEXT_BYTES)
        elif kind == "text/html" and html is None:
            html = _decode(part, MAX_HTML_BYTES)
    return plain, html


def _decode(part: Message, limit: int) -> str:
    """A text part as str, whatever its charset claims; raises `MailTooLarge` over `limit`.

    A part without a charset (an attached file: 'application/octet-stream', or 'text/plain'
    with a name only), or whose charset does not fit its bytes, is read as an order file in
    `inbox/` is (`decode_order_file`: Windows-1251, KOI8-R, Windows-1252 told from the
    bytes), then as Latin-1 (which decodes any bytes), so a player's mail is always read
    rather than dropped. A byte order mark (Windows Notepad) is dropped, and
    ``format=flowed`` text is joined back (RFC 3676).
    """
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    if len(payload) > limit:
        raise MailTooLarge(len(payload))
    text = _declared(payload, part.get_content_charset())
    if text is None:
        try:
            text = decode_order_file(payload)
        except UnreadableFile:  # control characters, or no one-byte reading fits
            text = _declared(payload, "utf-8") or payload.decode("latin-1")
    text = text.replace("\r\n", "\n").replace("\r", "\n").removeprefix("\ufeff")
    if str(part.get_param("format", "")).lower() == "flowed":
        text = unflow(text, delsp=str(part.get_param("delsp", "")).lower() == "yes")
    return text


def _declared(payload: bytes, charset: str | None) -> str | None:
    """The payload in the charset its part declares; None when it declares none, an unknown
    one, or one its bytes are not in."""
    if not charset:
        return None
    try:
        codecs.lookup(charset)
        return payload.decode(charset)
    except (LookupError, UnicodeDecodeError):
        return None


def unflow(text: str, *, delsp: bool = False) -> str:
    """Join the lines of a ``format=flowed`` body (RFC 3676).

    A line ending in a space continues on the next line of the same quote depth; with
    ``delsp=yes`` that space was added by the client and is removed. Space-stuffing (a
    leading space added before '>', 'From ' or a space) is undone. The signature separator
    '-- ' is never flowed.

    >>> unflow("Winterfell: \\nmarch +1\\n")
    'Winterfell: march +1\\n'
    >>> unflow("Winterfell: mar \\nch +1", delsp=True)
    'Winterfell: march +1'
    """
    out: list[str] = []
    pending: tuple[int, str] | None = None
    for raw in text.split("\n"):
        stripped = raw.lstrip(">")
        depth = len(raw) - len(stripped)
        if stripped.startswith(" "):
            stripped = stripped[1:]
        if pending is not None and pending[0] == depth:
            stripped = pending[1] + stripped
        elif pending is not None:
            out.append(_quoted(*pending))
        pending = None
        if stripped.endswith(" ") and stripped != "-- ":
            pending = (depth, stripped[:-1] if delsp else stripped)
            continue
        out.append(_quoted(depth, stripped))
    if pending is not None:
        out.append(_quoted(*pending))
    return "\n".join(out)


def _quoted(depth: int, text: str) -> str:
    return ">" * depth + (" " if depth and text else "") + text


class _HtmlText(HTMLParser):
    """Collects the visible text of an HTML mail, one line per block, without quotes."""

    _BLOCKS = frozenset(
        {"p", "div", "br", "li", "tr", "pre", "table", "ul", "ol", "dd", "dt", "hr"}
        | {"h1", "h2", "h3", "h4", "h5", "h6", "section", "article"}
    )
    _SKIP = frozenset(("script", "style", "head", "title", "blockquote"))

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping: list[str] = []
        self._pre = 0
        """How deep inside <pre>: there line breaks are the text's own (one order a line)."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = " ".join(v or "" for k, v in attrs if k == "class")
        if self._skipping or tag in self._SKIP or "gmail_quote" in classes:
            if tag not in ("br", "hr", "img", "meta", "link", "input"):
                self._skipping.append(tag)
            return
        if tag in self._BLOCKS:
            self.parts.append("\n")
        self._pre += tag == "pre"

    def handle_endtag(self, tag: str) -> None:
        if self._skipping:
            if tag == self._skipping[-1]:
                self._skipping.pop()
            return
        if tag in self._BLOCKS:
            self.parts.append("\n")
        self._pre -= tag == "pre" and self._pre > 0

    def handle_data(self, data: str) -> None:
        if self._skipping:
            return
        if "\n" in data and not self._pre:  # source line breaks are spaces in HTML
            data = " ".join(data.split())
        self.parts.append(data)


def html_to_text(html: str) -> str:
    """The visible text of an HTML body, block elements on their own lines.

    >>> html_to_text("<p>house: stark</p><p>Winterfell:&nbsp;march</p>").split("\\n")
    ['house: stark', 'Winterfell: march']
    """
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    # Mail editors put non-breaking spaces between words; the order parser wants spaces.
    text = "".join(parser.parts).replace("\xa0", " ")
    lines = (line.strip() for line in text.split("\n"))
    return re.sub(r"\n{2,}", "\n", "\n".join(lines)).strip("\n")


# -- the address side of authentication ------------------------------------------------------


def redact_passwords(text: str) -> str:
    """The text with every password line's value hidden, for logs, replies and archives.

    A password line is what authentication reads as one (`submissions.header_field`, in
    every language: 'password:', 'пароль:', 'senha:'), so nothing taken as a password is
    ever shown.

    >>> redact_passwords("house: stark\\nPassword: hunter2")
    'house: stark\\nPassword: ********'
    """

    lines = text.split("\n")
    for n, line in enumerate(lines):
        found = header_field(line)
        if found and found[0] == "password":
            lines[n] = line.partition(":")[0] + ": ********"
        elif (found := loose_header_field(line)) and found[0] == "password":
            # 'password 3kF9' or 'password=3kF9', written without ':'
            lines[n] = line.rpartition(found[1])[0].rstrip(" \t=") + " ********"
    return "\n".join(lines)


def claimed_player(text: str) -> str | None:
    """The value of the text's player header line ('house:', 'nation:', 'дом:', 'casa:'
    ...), as written: `Game.player_named` says which player it is."""

    for line in text.splitlines():
        found = header_field(line)
        if found and found[0] == "player":
            return header_values(found[1])[0]
    return None


def named_game(mail: Mail, known: Collection[str] | None = None) -> str | None:
    """The game a mail names: ``[game-id]`` in the subject, else a ``game:`` line.

    With `known` (the game ids under the root, lower case) only a tag naming one of them
    counts: gateways and people tag subjects too (``[EXTERNAL]``, ``[Ordens]``).
    """
    for tag in _SUBJECT_TAG.findall(mail.subject):
        if known is None or tag.lower() in known:
            return tag.lower()
    line = _GAME_LINE.search(mail.text)
    return line.group(1).lower() if line else None


def without_game_line(text: str) -> str:
    """The text with a ``game:`` line blanked (not removed: line numbers stay right)."""
    return _GAME_LINE.sub("", text)


def sender_roles(address: str, players: dict[str, str], gm: tuple[str, ...]) -> frozenset[str]:
    """Who an address belongs to: ``"gm"`` and/or player ids; empty for a stranger.

    `players` maps player id -> e-mail. Case is ignored. One person may play two houses
    from one address, so an address can stand for several players.
    """
    address = address.strip().lower()
    if not address:
        return frozenset()
    roles = {p for p, a in players.items() if a and a.strip().lower() == address}
    if address in {g.strip().lower() for g in gm}:
        roles.add("gm")
    return frozenset(roles)


def may_submit_for(roles: frozenset[str], player: str | None) -> bool:
    """The address check: a player submits only for themselves, the GM for anyone."""
    return player is not None and ("gm" in roles or player in roles)
