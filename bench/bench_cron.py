"""Benchmark `adjudicator cron` against a real Dovecot (and aiosmtpd) on 127.0.0.1.

Targets (issues 4 and 9):
  idle:  200 game folders, nothing new, one IMAP session   -> under 5 s wall
  flood: one game whose folder holds 1,000 mails            -> under 5 s wall, whatever
         is already staged (--staged N submissions stored before the flood), with the
         cost per mail flat as N grows; fsyncs per mail are counted

    python bench/bench_cron.py [--games 200] [--mails 1000] [--staged 0] [--keep DIR]

Needs dovecot-imapd (see tests/mail/imap-test-server.sh) and aiosmtpd. Not a test: it
prints the numbers and exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HELPER = ROOT / "tests" / "mail" / "imap-test-server.sh"
sys.path.insert(0, str(ROOT))
from tests.conftest import SAMPLE_ORDERS as ORDERS  # noqa: E402  (the same sample orders)
from tests.conftest import SIX, START  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_dovecot(workdir: Path) -> tuple[subprocess.Popen[bytes], dict[str, str]]:
    d = workdir / "dovecot"
    d.mkdir()
    os.chmod(workdir, 0o755)
    os.chmod(d, 0o755)
    ports = {"IMAP_TEST_PORT": free_port(), "IMAPS_TEST_PORT": free_port()}
    ports["LMTP_TEST_PORT"] = free_port()
    env = {**os.environ, **{k: str(v) for k, v in ports.items()}}
    env.update(IMAP_TEST_USER="gm", IMAP_TEST_PASS="bench-pw")
    script = 'source "$0" && imap_test_server_config "$1"'
    subprocess.run(["bash", "-c", script, str(HELPER), str(d)], check=True, env=env)
    proc = subprocess.Popen(["dovecot", "-F", "-c", str(d / "dovecot.conf")])
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", ports["IMAPS_TEST_PORT"]), timeout=1):
                break
        except OSError:
            time.sleep(0.05)
    imap_env = {
        "ADJUDICATOR_IMAP_HOST": "127.0.0.1",
        "ADJUDICATOR_IMAP_PORT": str(ports["IMAPS_TEST_PORT"]),
        "ADJUDICATOR_IMAP_USER": "gm",
        "ADJUDICATOR_IMAP_PASSWORD": "bench-pw",
        "ADJUDICATOR_IMAP_CAFILE": str(d / "cert.pem"),
    }
    return proc, imap_env


def start_smtp(cafile_dir: Path) -> tuple[Any, dict[str, str]]:
    """aiosmtpd that accepts everything (STARTTLS, AUTH), so replies cost a real send."""
    import ssl

    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    class Sink:
        count = 0

        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
            Sink.count += 1
            return "250 OK"

    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(cafile_dir / "cert.pem", cafile_dir / "key.pem")
    port = free_port()
    ctl = Controller(
        Sink(),
        hostname="127.0.0.1",
        port=port,
        tls_context=tls,
        require_starttls=True,
        authenticator=lambda *a: AuthResult(success=True),
        auth_required=True,
    )
    ctl.start()
    return ctl, {
        "ADJUDICATOR_SMTP_HOST": "127.0.0.1",
        "ADJUDICATOR_SMTP_PORT": str(port),
        "ADJUDICATOR_SMTP_SECURITY": "starttls",
        "ADJUDICATOR_SMTP_USER": "gm",
        "ADJUDICATOR_SMTP_PASSWORD": "x",
        "ADJUDICATOR_SMTP_CAFILE": str(cafile_dir / "cert.pem"),
        "ADJUDICATOR_SMTP_FROM": "GM <gm@example.org>",
        "ADJUDICATOR_SMTP_MIN_INTERVAL": "0",
    }


def imap_client(env: dict[str, str]) -> Any:
    import ssl

    from imapclient import IMAPClient

    ctx = ssl.create_default_context(cafile=env["ADJUDICATOR_IMAP_CAFILE"])
    c = IMAPClient("127.0.0.1", port=int(env["ADJUDICATOR_IMAP_PORT"]), ssl_context=ctx)
    c.login("gm", "bench-pw")
    return c


def make_games(root: Path, count: int, prefix: str) -> list[Path]:
    from adjudicator.create import create_game

    paths = []
    for i in range(count):
        path = root / f"{prefix}{i:03d}"
        roster = {h: {"name": h.title(), "email": f"{h}@{prefix}{i}.example"} for h in SIX}
        create_game(
            path,
            "westeros",
            now=START,
            players=6,
            roster=roster,
            passwords={h: f"pw-{h}" for h in SIX},
            settings={"gm_email": "gm@example.org", "mail": {"folder": path.name}},
        )
        paths.append(path)
    return paths


def mail(sender: str, body: str, n: int) -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, "gm@example.org", f"orders {n}"
    msg["Message-ID"] = f"<bench-{n}@players.example>"
    msg.set_content(body)
    return msg.as_bytes()


def cron(root: Path, env: dict[str, str], now: str = "2027-01-01T13:00Z") -> tuple[float, str]:
    from click.testing import CliRunner

    from adjudicator.cron.command import cron_command

    t0 = time.perf_counter()
    result = CliRunner().invoke(cron_command, [str(root), "--now", now], env=env)
    elapsed = time.perf_counter() - t0
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return elapsed, result.output + result.stderr


def bench_idle(work: Path, env: dict[str, str], games: int) -> float:
    root = work / "idle"
    root.mkdir()
    t0 = time.perf_counter()
    paths = make_games(root, games, "g")
    c = imap_client(env)
    for path in paths:
        c.create_folder(path.name)
    c.logout()
    print(f"idle: created {games} games in {time.perf_counter() - t0:.1f} s")
    first, _ = cron(root, env)  # first run: every game runs the engine once
    print(f"idle: first cron (engine runs everywhere) {first:.2f} s")
    logins = _logins(env)
    elapsed, out = cron(root, env)
    print(
        f"idle: cron over {games} games with nothing new: {elapsed:.2f} s, "
        f"IMAP logins {_logins(env) - logins}, output {out!r}"
    )
    return elapsed


def _logins(env: dict[str, str]) -> int:
    log = Path(env["ADJUDICATOR_IMAP_CAFILE"]).parent / "dovecot.log"
    return log.read_text(errors="replace").count("Login: user=<") if log.exists() else 0


@contextlib.contextmanager
def _timing() -> Iterator[dict[str, float]]:
    """Time spent in the engine's parts, to tell the mail side's cost from the engine's."""
    from adjudicator import engine, intake

    spent = {"submit": 0.0, "verify": 0.0, "save": 0.0, "run": 0.0}
    patches = [
        (engine.Game, "submit", "submit"),
        (engine.Game, "save_private", "save"),
        (intake, "verify_password", "verify"),
        (engine, "run", "run"),
    ]
    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]

    def timed(real: Any, label: str) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return real(*args, **kwargs)
            finally:
                spent[label] += time.perf_counter() - t0

        return wrapper

    for (owner, name, label), (_, _, real) in zip(patches, originals, strict=True):
        setattr(owner, name, timed(real, label))
    try:
        yield spent
    finally:
        for owner, name, real in originals:
            setattr(owner, name, real)


def stage(game: Path, count: int) -> None:
    """Store `count` submissions in the game's current round, as a long flood would."""
    from adjudicator import engine

    t0 = time.perf_counter()
    with engine.open_game(game) as loaded:
        for n in range(count):
            house = SIX[n % 6]
            text = f"house: {house}\npassword: pw-{house}\n# staged {n}\n{ORDERS[house]}"
            loaded.submit(text, source=f"bench:staged:{n}", received=START)
    print(f"flood: staged {count} submissions in {time.perf_counter() - t0:.1f} s")


@contextlib.contextmanager
def _fsyncs() -> Iterator[list[int]]:
    """Count os.fsync calls (files and folders) during the block."""
    count = [0]
    real = os.fsync

    def counting(fd: int) -> None:
        count[0] += 1
        real(fd)

    os.fsync = counting
    try:
        yield count
    finally:
        os.fsync = real


def bench_flood(work: Path, env: dict[str, str], mails: int, staged: int = 0) -> float:
    root = work / f"flood{staged}"
    root.mkdir()
    [game] = make_games(root, 1, "f")
    if staged:
        stage(game, staged)
    c = imap_client(env)
    c.create_folder(game.name)
    t0 = time.perf_counter()
    for n in range(mails):
        house = SIX[n % 6]
        if n % 10 == 9:
            raw = mail(f"stranger{n}@spam.example", "buy now", n)
        elif n % 10 == 8:
            raw = mail(f"{house}@f0.example", f"house: {house}\npassword: nope\n", n)
        else:
            text = f"house: {house}\npassword: pw-{house}\n# copy {n}\n{ORDERS[house]}"
            raw = mail(f"{house}@f0.example", text, n)
        c.append(game.name, raw)
    c.logout()
    print(f"flood: appended {mails} mails in {time.perf_counter() - t0:.1f} s")
    cpu = time.process_time()
    with _timing() as spent, _fsyncs() as fsyncs:
        elapsed, out = cron(root, env)
    cpu = time.process_time() - cpu  # this process only (aiosmtpd's thread included)
    print(
        f"flood: cron over one game with {mails} mails, {staged} staged before: "
        f"{elapsed:.2f} s wall, {cpu:.2f} s CPU ({1000 * elapsed / mails:.2f} ms a mail), "
        f"{fsyncs[0]} fsyncs ({fsyncs[0] / mails:.2f} a mail)\n  {out.strip()}"
    )
    print(
        f"  of which in engine Game.submit {spent['submit']:.2f} s "
        f"(password checks {spent['verify']:.2f} s, state saves {spent['save']:.2f} s), "
        f"engine.run {spent['run']:.2f} s"
    )
    again, out2 = cron(root, env)
    print(f"flood: second cron: {again:.2f} s, output {out2.strip()!r}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--mails", type=int, default=1000)
    parser.add_argument("--staged", type=int, default=0, help="submissions stored before the flood")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it")
    args = parser.parse_args()
    import logging

    logging.getLogger("mail.log").setLevel(logging.ERROR)  # aiosmtpd's deprecation chatter
    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-cron-"))
    work.mkdir(parents=True, exist_ok=True)
    proc, imap_env = start_dovecot(work)
    ctl, smtp_env = start_smtp(work / "dovecot")
    env = {**imap_env, **smtp_env}
    try:
        idle = bench_idle(work, env, args.games)
        flood = bench_flood(work, env, args.mails, args.staged)
    finally:
        ctl.stop()
        proc.terminate()
        proc.wait(timeout=15)
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    ok = idle < 5 and flood < 5
    print(
        f"idle {idle:.2f} s (target < 5), flood {flood:.2f} s (target < 5): "
        + ("OK" if ok else "MISSED")
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
