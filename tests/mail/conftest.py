"""Real mail servers for the mail tests: Dovecot (IMAP) and aiosmtpd (SMTP) on 127.0.0.1.

A test that needs a server and cannot start it fails: a skipped mail test would hide a
broken mail setup. Ports are picked free at start-up, so several test runs can share a host.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default as default_policy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

HERE = Path(__file__).parent
HELPER = HERE / "imap-test-server.sh"
IMAP_USER, IMAP_PASS = "tester", "s3cret-imap"
SMTP_USER, SMTP_PASS = "gm", "gm-smtp-pass"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_greeting(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
                if s.recv(64).startswith(b"* OK"):
                    return
        except OSError:
            time.sleep(0.05)
    detail = log.read_text(errors="replace") if log.exists() else "(no log)"
    raise RuntimeError(f"dovecot did not greet on 127.0.0.1:{port}:\n{detail}")


@dataclass
class ImapServer:
    host: str
    port: int
    ssl_port: int
    user: str
    password: str
    cafile: str
    dir: Path
    pid: int

    def client(self, *, tls: bool = True) -> Any:
        """A logged-in IMAPClient for the test's own setup and checks."""
        from imapclient import IMAPClient

        ctx = ssl.create_default_context(cafile=self.cafile)
        c = IMAPClient(self.host, port=self.ssl_port, ssl=True, ssl_context=ctx)
        c.login(self.user, self.password)
        return c

    def env(self, **extra: str) -> dict[str, str]:
        """ADJUDICATOR_IMAP_* settings for this server (IMAPS, verified)."""
        env = {
            "ADJUDICATOR_IMAP_HOST": self.host,
            "ADJUDICATOR_IMAP_PORT": str(self.ssl_port),
            "ADJUDICATOR_IMAP_USER": self.user,
            "ADJUDICATOR_IMAP_PASSWORD": self.password,
            "ADJUDICATOR_IMAP_SECURITY": "ssl",
            "ADJUDICATOR_IMAP_CAFILE": self.cafile,
        }
        env.update({f"ADJUDICATOR_IMAP_{k.upper()}": v for k, v in extra.items()})
        return env


@pytest.fixture(scope="session")
def imap_server() -> Iterator[ImapServer]:
    """One Dovecot for the session, from the helper script's self-contained config."""
    if shutil.which("dovecot") is None:
        raise RuntimeError("dovecot is not installed: apt-get install dovecot-imapd")
    # Not tmp_path: as root it lies under pytest's 0700 base dir, which dovecot's
    # unprivileged processes cannot traverse.
    d = Path(tempfile.mkdtemp(prefix="adjudicator-dovecot-"))
    os.chmod(d, 0o755)
    ports = {
        "IMAP_TEST_PORT": free_port(),
        "IMAPS_TEST_PORT": free_port(),
        "LMTP_TEST_PORT": free_port(),
    }
    env = {**os.environ, **{k: str(v) for k, v in ports.items()}}
    env.update(IMAP_TEST_USER=IMAP_USER, IMAP_TEST_PASS=IMAP_PASS)
    script = 'source "$0" && imap_test_server_config "$1"'
    subprocess.run(["bash", "-c", script, str(HELPER), str(d)], check=True, env=env)
    proc = subprocess.Popen(["dovecot", "-F", "-c", str(d / "dovecot.conf")])
    try:
        _wait_greeting(ports["IMAP_TEST_PORT"], proc, d / "dovecot.log")
        yield ImapServer(
            "127.0.0.1",
            ports["IMAP_TEST_PORT"],
            ports["IMAPS_TEST_PORT"],
            IMAP_USER,
            IMAP_PASS,
            str(d / "cert.pem"),
            d,
            proc.pid,
        )
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def folder(imap_server: ImapServer) -> Iterator[str]:
    """A fresh IMAP folder for one test, so tests never see each other's mail."""
    name = f"t{uuid.uuid4().hex[:10]}"
    c = imap_server.client()
    c.create_folder(name)
    c.logout()
    yield name


class Collector:
    """aiosmtpd handler: keeps every accepted mail; can be told to refuse the next ones."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.refuse: list[str] = []
        """Responses ('451 ...', '554 ...') for the next DATA commands, used up in order."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse:
            return self.refuse.pop(0)
        msg = message_from_bytes(envelope.content, policy=default_policy)
        assert isinstance(msg, EmailMessage)
        self.messages.append(msg)
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        """The mails whose envelope went to `address`."""
        pairs = zip(self.messages, self.envelopes, strict=True)
        return [m for m, (_, rcpt) in pairs if address in rcpt]


@dataclass
class SmtpServer:
    host: str
    port: int
    cafile: str
    handler: Collector
    security: str
    user: str = SMTP_USER
    password: str = SMTP_PASS
    extra: dict[str, str] = field(default_factory=dict)

    def env(self, **extra: str) -> dict[str, str]:
        env = {
            "ADJUDICATOR_SMTP_HOST": self.host,
            "ADJUDICATOR_SMTP_PORT": str(self.port),
            "ADJUDICATOR_SMTP_USER": self.user,
            "ADJUDICATOR_SMTP_PASSWORD": self.password,
            "ADJUDICATOR_SMTP_SECURITY": self.security,
            "ADJUDICATOR_SMTP_CAFILE": self.cafile,
            "ADJUDICATOR_SMTP_FROM": "Westeros GM <gm@example.org>",
            "ADJUDICATOR_SMTP_MIN_INTERVAL": "0",
        }
        env.update({f"ADJUDICATOR_SMTP_{k.upper()}": v for k, v in extra.items()})
        return env


def _smtp(imap_server: ImapServer, *, implicit_tls: bool) -> Iterator[SmtpServer]:
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(imap_server.dir / "cert.pem", imap_server.dir / "key.pem")

    def auth(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        ok = (data.login, data.password) == (SMTP_USER.encode(), SMTP_PASS.encode())
        # handled=False: aiosmtpd then answers 535 itself (handled=True would send nothing).
        return AuthResult(success=ok, handled=False)

    handler = Collector()
    port = free_port()
    options: dict[str, Any] = dict(authenticator=auth, auth_required=True)
    if implicit_tls:
        # aiosmtpd 1.4 counts only STARTTLS as TLS for AUTH, and warns about this setting;
        # with implicit TLS the whole connection is encrypted anyway.
        options.update(ssl_context=tls, auth_require_tls=False)
    else:
        options.update(tls_context=tls, require_starttls=True)
    ctl = Controller(handler, hostname="127.0.0.1", port=port, **options)
    ctl.start()
    try:
        security = "ssl" if implicit_tls else "starttls"
        yield SmtpServer("127.0.0.1", port, imap_server.cafile, handler, security)
    finally:
        ctl.stop()


@pytest.fixture
def smtp_server(imap_server: ImapServer) -> Iterator[SmtpServer]:
    """aiosmtpd with STARTTLS required and AUTH, using Dovecot's test certificate."""
    yield from _smtp(imap_server, implicit_tls=False)


@pytest.fixture
def smtps_server(imap_server: ImapServer) -> Iterator[SmtpServer]:
    """aiosmtpd with implicit TLS (SMTPS) and AUTH."""
    yield from _smtp(imap_server, implicit_tls=True)


class FakeForum(ThreadingHTTPServer):
    """Records every POST; answers with the next status in `statuses` (default 200)."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.posts: list[tuple[str, dict[str, str], dict]] = []
        self.statuses: list[int] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    server: FakeForum

    def do_POST(self) -> None:
        status = self.server.statuses.pop(0) if self.server.statuses else 200
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if status < 300:
            self.server.posts.append((self.path, dict(self.headers), body))
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"id": 1}')

    def log_message(self, *args: object) -> None:  # keep pytest output clean
        pass


@pytest.fixture
def forum() -> Iterator[FakeForum]:
    """A local HTTP server on 127.0.0.1 standing in for Discourse and Discord."""
    server = FakeForum()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def unused_port() -> int:
    """A local port nobody listens on (a server that is down)."""
    return free_port()


@pytest.fixture
def make_mail() -> Any:
    """Builds a player's mail as bytes (see `build_mail`)."""
    return build_mail


def build_mail(
    sender: str,
    body: str = "",
    *,
    subject: str = "orders",
    message_id: str | None = None,
    html: str | None = None,
    attachment: tuple[str, str] | None = None,
    in_reply_to: str | None = None,
    to: str = "gm@example.org",
    headers: dict[str, str] | None = None,
    references: str | None = None,
) -> bytes:
    """A player's mail as bytes, the way a mail client would build it."""
    msg = EmailMessage()
    for name, value in (headers or {}).items():
        msg[name] = value
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = "Mon, 30 Nov 2026 06:00:00 +0000"
    msg["Message-ID"] = message_id or f"<{uuid.uuid4().hex}@player.example>"
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
        msg["References"] = references or in_reply_to
    if html is not None and not body:
        msg.set_content(html, subtype="html")
    else:
        msg.set_content(body)
        if html is not None:
            msg.add_alternative(html, subtype="html")
    if attachment:
        name, text = attachment
        msg.add_attachment(text.encode(), maintype="text", subtype="plain", filename=name)
    return msg.as_bytes()


GM = "gm@example.org"


def email(house: str) -> str:
    return f"{house}@players.example"


@pytest.fixture
def mail_game(new_game, folder):
    """A 6-player westeros game 'w1' whose mail comes to its own IMAP folder."""

    def make(name: str = "w1", extra: dict[str, Any] | None = None, **mail_settings) -> Path:
        from tests.conftest import SIX

        roster = {h: {"name": h.title(), "email": email(h)} for h in SIX}
        settings = {"gm_email": GM, "mail": {"folder": folder, **mail_settings}, **(extra or {})}
        return new_game(name, roster=roster, settings=settings)

    return make


@pytest.fixture
def env(imap_server, smtp_server):
    return {**imap_server.env(), **smtp_server.env()}
