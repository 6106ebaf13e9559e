"""The games one cron run looks after: their mail settings, when each needs the engine,
the log line each gets, and the lock that keeps two cron runs apart.

Our other modules are imported inside the functions on purpose: `adjudicator --help` loads
the cron command, and with it this module; the game folder, YAML and the catalogs load only
when a cron run starts."""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from adjudicator.clock import parse_time
from adjudicator.gamedir import GameDir, atomic_write, file_lock, load_yaml_text
from adjudicator.gamefile import Settings
from adjudicator.i18n import UnknownLanguage, check_language
from adjudicator.inbox.imap import MailSetupError

MAIL_STATE = Path(".adjudicator") / "mail"
"""Cron's own state inside a game folder (git-ignored with the rest of .adjudicator/)."""


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
    FORGED = "forged"
    """The receiving server found ``dmarc=fail`` for its From: no reply, nothing applied."""
    QUARANTINED = "quarantined"
    """Could not be read safely, or reading it failed: set aside unread, flagged on the
    server, named in the GM's log and `status` (`adjudicator.inbox.quarantine`)."""


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
    def from_game(cls, settings: Settings) -> MailSettings:
        """The game's ``settings.mail`` (checked by `gamefile.MAIL`), its defaults filled in."""
        mail = dict(settings.mail)
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
    settings: Settings
    """game.yaml's settings, typed (`gamefile.Settings`: the engine reads the same)."""
    mail: MailSettings
    waiting: list[dict[str, Any]]
    resolved: str = ""
    """When a step was last resolved (game.yaml ``updated``), before this run."""
    ruleset: str | None = None
    """game.yaml ``game``: whose names (``games/<game>/names.yaml``) our mails use."""
    lang: str = "en"
    """The game's language (``settings.lang``): the GM's, and a reader's we cannot tell."""
    langs: dict[str, str] = field(default_factory=dict)
    """Player id -> the language they read (their ``lang``, else the game's)."""

    @property
    def gm(self) -> tuple[str, ...]:
        """The GM's address (``settings.gm_email``), if the game gives one."""
        return (self.settings.gm_email,) if self.settings.gm_email else ()

    @property
    def nmr(self) -> str:
        """What happens at a deadline (``settings.nmr``): the notices say it."""
        return self.settings.nmr

    @property
    def forum(self) -> Mapping[str, Any]:
        """Where the game's reports are posted (``settings.forum``); empty: nowhere."""
        return self.settings.forum

    def language(self, player: str | None = None) -> str:
        """The language `player` reads; the game's for the GM or an unknown reader."""
        return self.langs.get(player or "", self.lang)

    def reader_language(self, roles: frozenset[str], player: str | None = None) -> str:
        """The language of an answer to a mail from an address with `roles` (`sender_roles`)
        about `player`'s orders: that player's if the address is theirs, else the language
        of the player the address belongs to, else (the GM, a stranger) the game's."""
        if player in roles:
            return self.language(player)
        players = sorted(r for r in roles if r != "gm")
        return self.language(players[0]) if players and "gm" not in roles else self.lang

    @classmethod
    def load(cls, path: Path) -> GameInfo:
        """Raises `GameError` for a broken game.yaml."""

        meta = GameDir(path).read_meta()
        settings = Settings.of(meta)
        players = dict(meta.get("players") or {})
        lang = _language(settings.lang, "en")
        return cls(
            path=path,
            id=str(meta.get("id") or path.name),
            emails={p: str((r or {}).get("email") or "") for p, r in players.items()},
            zones={p: str(r["tz"]) for p, r in players.items() if (r or {}).get("tz")},
            settings=settings,
            mail=MailSettings.from_game(settings),
            waiting=list(meta.get("waiting") or []),
            resolved=str(meta.get("updated") or ""),
            ruleset=str(meta.get("game") or "") or None,
            lang=lang,
            langs={p: _language((r or {}).get("lang"), lang) for p, r in players.items()},
        )


def _language(value: Any, default: str) -> str:
    """A language as game.yaml gives it ('pt-br' -> 'pt_BR'); `default` when unset. The
    engine names a wrong one to the GM when it loads the game; a mail is never lost to it."""

    try:
        return check_language(str(value)) if value else default
    except UnknownLanguage:
        return default


LOG_LINE_LIMIT = 500
"""The most characters of one log line about one mail: its fields are the sender's words."""


def log_line(line: object) -> str:
    """One line of the GM's log (English), at most `LOG_LINE_LIMIT` characters."""
    text = " ".join(str(line).split())
    return text if len(text) <= LOG_LINE_LIMIT else text[: LOG_LINE_LIMIT - 1] + "…"


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

    Raises `MailSetupError` when it is unreadable, readable by other users, not a mapping,
    or inside a game folder (it would end up next to what git commits).
    """

    if path is None:
        return {}
    import yaml

    resolved = path.resolve()
    for game in games:
        if resolved.is_relative_to(game.resolve()):
            raise MailSetupError(
                f"the config file {path} lies inside the game folder {game}: move it out of "
                "every game repo (it holds passwords), e.g. to ~/.config/adjudicator.yaml."
            )
    try:
        mode = path.stat().st_mode
        if mode & 0o077:
            # As ssh does with keys: a file of passwords others can read is refused.
            raise MailSetupError(
                f"the config file {path} can be read by other users (mode {mode & 0o777:o}) "
                f"and it holds passwords: run 'chmod 600 {path}'"
            )
        data = load_yaml_text(path.read_text(encoding="utf-8"))
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


# -- when to run the engine -------------------------------------------------------------------


def _fingerprint(path: Path) -> str:
    """Changes whenever the engine or the GM changed the game's files, or a submission was
    staged (its folder's mtime): a run killed before the engine saw it is finished next time.
    """
    parts = []
    for name in ("game.yaml", ".adjudicator/state.yaml", ".adjudicator/submissions"):
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

    atomic_write(path / MAIL_STATE / "last-run", _fingerprint(path))


def remember_read(path: Path, now: datetime) -> None:
    """This run read the game's mail through. Not fsynced: an older time after a crash only
    holds a deadline a little longer."""

    atomic_write(path / MAIL_STATE / "last-read", now.isoformat(), durable=False)


def held_time(game: GameInfo, now: datetime) -> tuple[datetime, str]:
    """The moment the engine may act as of when the game's mail could not be read.

    NOTE (issue 9): a mail that reached the server before a deadline is in time, but we
    cannot see it while the server is down. So a deadline that fell since the last run
    that read the mail is not applied: the engine runs as of that read (its reports and
    new deadlines count from then) until a run reads the mail again. Returns the moment
    and a GM log line ('' when nothing is held).
    """

    try:
        last = datetime.fromisoformat((game.path / MAIL_STATE / "last-read").read_text().strip())
    except (OSError, ValueError):
        return now, ""
    held = sorted(
        str(r["deadline"]) for r in game.waiting if last < parse_time(str(r["deadline"])) <= now
    )
    if not held:
        return now, ""
    line = (
        f"deadline {held[0]} not applied: the inbox could not be read since "
        f"{last:%Y-%m-%dT%H:%MZ}; it applies once a run has read it"
    )
    return last, line


# -- locking ----------------------------------------------------------------------------------


def game_lock(path: Path) -> contextlib.AbstractContextManager[None]:
    """Cron's own lock per game, held across mail, engine and sending.

    The engine takes the game's lock for each of its calls; this one (a different file)
    keeps two overlapping cron runs from taking the same mails or sending the same outbox.
    """

    return file_lock(path / MAIL_STATE / "cron.lock", path)
