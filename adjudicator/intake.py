"""Intake: how order texts become stored submissions (authentication, parsing, receipts).

The engine's `Game` holds one `Intake` for its run: files from inbox/ and texts from mail
both come through `Intake.submit`, which drops a byte order mark, reads the header lines
(`submissions.header_field`), checks the password, parses, keeps the submission on the table
(`table.submit`) and stores it before writing its receipt. A rejected text is kept with its
password removed. The intake sees the game folder, game.yaml's data and the table, and
nothing of the engine.
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from adjudicator.auth import needs_rehash, unknown_player, upgrade, verify_password
from adjudicator.clock import utc
from adjudicator.freshness import stale
from adjudicator.gamedir import GameDir, atomic_write, bounded_name, dump_yaml, safe_name
from adjudicator.gamefile import Settings
from adjudicator.guessing import LIMIT, LOCKED, Guesses
from adjudicator.i18n import check_language
from adjudicator.inbox import limits
from adjudicator.inbox.files import UnreadableFile, decode_order_file, save_as_utf8
from adjudicator.orders.errors import OrderError, OrderErrors, invalid
from adjudicator.orders.names import normalize
from adjudicator.publish.messages import NOT_RECOGNISED
from adjudicator.render import display_name
from adjudicator.requests import Instruction, Submission, standing_instructions
from adjudicator.submissions import (
    DRY_RUN,
    Receipt,
    SubmissionRejected,
    dump_submission,
    header_field,
    header_keys,
    header_values,
    loose_header_field,
    redact,
    strip_bom,
)
from adjudicator.table import Table, keep, new_submission
from adjudicator.text import N_, Name, Text, _l
from adjudicator.vocabulary import sections, spellings

NO_HEADER = N_(
    "every order file starts with two lines, 'house: <your house>' and 'password: <your password>'"
)


MAX_LINE = 4000
"""Characters an order line may hold (a comment aside); an instruction takes a few hundred."""
LINE_TOO_LONG = N_(
    "this line is over %(limit)d characters long, far longer than any instruction: "
    "split it into one instruction a line"
)


def language_of(meta: dict[str, Any], player: str | None = None) -> str:
    """The language `player` reads (their `lang`, else the game's); the game's own for
    public texts. Read at each run, so a GM's change applies to the next text."""
    players = meta.get("players", {})
    chosen = players.get(player, {}).get("lang") if player else None
    return check_language(chosen or Settings.of(meta).lang)


class Intake:
    """Order texts in, stored submissions and receipts out, for one run of one game."""

    def __init__(self, gamedir: GameDir, meta: dict[str, Any], table: Table) -> None:
        self.dir = gamedir
        self.meta = meta
        """game.yaml's data: the game's name, the players (passwords, addresses), settings."""
        self.table = table
        self.seen: dict[str, str] = {}
        """Source ids (a mail's Message-ID, a file's identity) ever accepted -> submission."""
        self.epoch_began: str | None = None
        """When the current epoch (a round) began: a mail written before it is stale
        (`freshness.stale`). None in a game older than issue 18, until its next epoch."""
        self.durable = True
        """False: `submit` does not fsync each file; the caller makes them durable at once
        (cron calls os.sync() before anything depends on them: until it marks a mail
        processed, the mail server holds the durable copy). NOTE (issue 9, performance)."""
        self._passwords: dict[tuple[str, str], bool] = {}
        """(password, stored hash) -> verdict, so a flood of mails costs one hash each."""
        self._read_ahead: dict[tuple[str, str], tuple[Instruction, ...] | OrderErrors] = {}
        """(player, body) -> its reading, made while the passwords are checked."""
        self._group_cache: dict[
            str, tuple[int, str | None, dict[tuple[str, str], list[Instruction]]]
        ] = {}
        """player -> (submissions read, the last one's id, their groups): `_groups_before`."""
        self.guesses = Guesses(gamedir)
        """The wrong-password counts of this game (`guessing`), loaded once a run."""
        self._upgraded: set[str] = set()
        """Outdated hashes already made anew in this run (`_password_ok`)."""
        self.spent_digests: dict[str, dict[str, str]] = {}
        """player -> {text digest: spent submission id}, read once a run (`freshness`)."""

    @property
    def players(self) -> dict[str, dict[str, Any]]:
        return self.meta["players"]

    @property
    def ruleset(self) -> Any:
        return self.table.ruleset

    @property
    def state(self) -> Any:
        """The game's state now: texts are parsed against it."""
        return self.table.state

    @property
    def submissions(self) -> list[Submission]:
        return self.table.ledger.submissions

    @property
    def step(self) -> int:
        return self.table.ledger.step

    def language(self, player: str | None = None) -> str:
        return language_of(self.meta, player)

    def submit(
        self,
        text: str,
        *,
        source: str,
        received: datetime,
        sender: str | None = None,
        written: datetime | None = None,
    ) -> Receipt:
        """Authenticate, parse and store one submission. Raises `SubmissionRejected`.

        Every order text comes through here (files and mail): a byte order mark is dropped.
        A mail (`sender`, its `Date` `written`) written for an earlier step is refused
        (`freshness.stale`).
        """
        text = strip_bom(text)
        player, body = self._authenticate(text, sender)
        digest = _digest(player, body)
        latest = self._latest(player)
        # The same source again (a mail or file read twice after a crash) changes nothing,
        # and so does a copy of the player's latest text; an older text sent again is a
        # player going back to it, and replaces what came between.
        if source in self.seen:
            return Receipt(self.seen[source], player, (), duplicate=True)
        if sender is not None:
            why = stale(self, player, digest, written)
            if why is not None:
                raise SubmissionRejected([invalid(why).at(0, "")], player)
        if latest is not None and latest.sha256 == digest:
            return Receipt(latest.id, player, (), duplicate=True)
        read = self._read_ahead.pop((player, body), None)
        if read is None:
            read = self._parse(player, body)
        if isinstance(read, OrderErrors):
            raise SubmissionRejected(read.errors, player)
        submission = new_submission(
            self.table,
            player,
            read,
            received=utc(received),
            source=source,
            sha256=digest,
            text=redact(text),
        )
        sub_id = submission.id
        atomic_write(
            self.dir.submissions / f"{sub_id}.yaml",
            dump_yaml(dump_submission(submission)),
            durable=self.durable,
        )
        keep(self.table.ledger, submission)
        self.seen[source] = sub_id
        receipt = self._receipt(len(self.submissions) - 1)
        # Not synced: a receipt lost to a crash is rebuilt (`write_missing_receipts`).
        atomic_write(self.dir.receipts / f"{sub_id}.txt", self._said(receipt), durable=False)
        return receipt

    def try_submission(self, text: str, *, player: str | None = None) -> Receipt:
        """The receipt `submit` would give `text` now, with nothing changed: nothing is
        stored, counted (a wrong password) or upgraded (an outdated hash), and the staged
        submissions are as before. Raises `SubmissionRejected` with the errors `submit`
        would give.

        Without `player` the header must name a player and their password, as in the
        inbox; with `player` (the GM vouches for a forum post) the header is optional and
        no password is asked. The receipt's id is `DRY_RUN`: nothing was stored under any.
        """
        text = strip_bom(text)
        if player is None:
            player, body = self._authenticate(text, None, dry=True)
        else:
            body = "\n".join(_header(text)[1])
        latest = self._latest(player)
        if latest is not None and latest.sha256 == _digest(player, body):
            return Receipt(latest.id, player, (), duplicate=True)  # as `submit` answers it
        read = self._parse(player, body)
        if isinstance(read, OrderErrors):
            raise SubmissionRejected(read.errors, player)
        staged = Submission(
            id=DRY_RUN,
            player=player,
            received="",
            source="check",
            sha256="",
            epoch=self.ruleset.epoch(self.state),
            after_step=self.step,
            text="",
            instructions=tuple(replace(i, submission=DRY_RUN) for i in read),
        )
        # Staged in memory for a moment: what it would replace is computed as for a real one.
        self.submissions.append(staged)
        try:
            return self._receipt(len(self.submissions) - 1)
        finally:
            self.submissions.pop()

    def _latest(self, player: str) -> Submission | None:
        """The player's latest staged submission: a copy of it changes nothing."""
        return next((s for s in reversed(self.submissions) if s.player == player), None)

    def said(self, receipt: Receipt) -> str:
        """A receipt's text as its player reads it (their language), without the file's
        final newline."""
        return self._said(receipt).rstrip("\n")

    def _receipt(self, index: int) -> Receipt:
        """The receipt of the staged submission at `index`, from what is stored of it.

        What it replaced: the player's standing instructions before it in the groups (kind,
        key) it sends anew (`standing_instructions`: a later submission replaces a group)."""
        submission = self.submissions[index]
        player = submission.player
        groups = self._groups_before(index, player)
        # A line told as ignored (a greeting) replaces nothing (issue 17).
        fresh = {(i.kind, i.key) for i in submission.instructions if i.kind != "ignored"}
        used = self.table.ledger.used
        replaced = [
            i for group in fresh & groups.keys() for i in groups[group] if i.ref not in used
        ]
        replaced.sort(key=lambda i: (i.submission, i.line))
        return Receipt(
            submission.id,
            player,
            tuple(i.echo for i in submission.instructions),
            tuple(i.echo for i in replaced),
            deadline=self.table.ledger.deadline_of(player),
            left=self._left_after(index),
            warnings=tuple((i.line, i.warning) for i in submission.instructions if i.warning),
        )

    def _left_after(self, index: int) -> tuple[Any, ...] | None:
        """After a submission that withdraws instructions (a ruleset's `live` drops what a
        `clear` line withdrew), what is left standing, for its receipt; else None."""
        submission = self.submissions[index]
        live = getattr(self.ruleset, "live", None)
        if live is None or all(i.kind != "clear" for i in submission.instructions):
            return None
        standing = standing_instructions(
            self.submissions[: index + 1], submission.player, self.table.ledger.used
        )
        return tuple(i.echo for i in live(standing))

    def _groups_before(self, index: int, player: str) -> dict[tuple[str, str], list[Instruction]]:
        """The player's latest instructions per group among the submissions before `index`.

        Kept per player while submissions arrive, so that a flood of mails costs the same per
        mail however many are staged (issue 9); rebuilt when the staged list changed
        otherwise (archived or expired submissions)."""
        upto, last, groups = self._group_cache.get(player, (0, None, {}))
        if upto > index or (upto and self.submissions[upto - 1].id != last):
            upto, groups = 0, {}
        for submission in self.submissions[upto:index]:
            if submission.player == player:
                fresh: dict[tuple[str, str], list[Instruction]] = {}
                for instruction in submission.instructions:
                    fresh.setdefault((instruction.kind, instruction.key), []).append(instruction)
                groups.update(fresh)
        if index:
            self._group_cache[player] = (index, self.submissions[index - 1].id, groups)
        return groups

    def write_missing_receipts(self) -> list[str]:
        """Write the receipt of every staged submission that has none (a run killed between
        storing a submission and writing its receipt). Returns their submission ids."""
        written = []
        for index, submission in enumerate(self.submissions):
            path = self.dir.receipts / f"{submission.id}.txt"
            if not path.exists() or not path.stat().st_size:
                atomic_write(path, self._said(self._receipt(index)), durable=False)
                written.append(submission.id)
        return written

    def _said(self, receipt: Receipt) -> str:
        """A receipt file's text, in the language its player reads."""
        return receipt.say(self.language(receipt.player), self.meta["game"]) + "\n"

    def _authenticate(self, text: str, sender: str | None, *, dry: bool = False) -> tuple[str, str]:
        """The player named by the header, and the text with header lines blanked.

        Header lines read like any order line: a '# comment', quotes around the value and the
        house's display name ('House Stark', 'Stark') are all fine. A `dry` check (the GM's
        `check`) counts no wrong password and upgrades no hash: it writes nothing.
        """
        header, lines = _header(text)
        if "player" not in header or "password" not in header:
            raise SubmissionRejected([invalid(_l(NO_HEADER)).at(0, "")])
        player = self.player_named(header["player"])
        if player is None:
            raise SubmissionRejected([self._unknown_player(header["player"])])
        record = self.players.get(player)
        stored = self._stored(record, sender) if record else ""
        guesses = self.guesses
        if player is not None and guesses.count(player, self.step) >= LIMIT:
            raise SubmissionRejected([invalid(_l(LOCKED)).at(0, "")], player)
        if record is None or not any(
            self._password_ok(p, stored, rehash=not dry) for p in header_values(header["password"])
        ):
            if player is not None and not dry:
                guesses.add(player, self.step)
            # Generic on purpose: never tell a stranger which half was wrong.
            raise SubmissionRejected([invalid(_l(NOT_RECOGNISED)).at(0, "")])
        if sender is not None and sender.lower() not in _addresses(record, Settings.of(self.meta)):
            raise SubmissionRejected([invalid(_l(NOT_RECOGNISED)).at(0, "")])
        return player, "\n".join(lines)

    def _unknown_player(self, value: str) -> OrderError:
        """Issue 17: a header naming no house is told the houses (a wrong password is not)."""

        game = self.meta["game"]
        names = [Name(p, display_name(game, p)) for p in self.players]
        return unknown_player(header_values(value)[0], names)

    def check_passwords_at_once(self, texts: list[str]) -> None:
        """Check the passwords of many order files side by side, and read their orders
        meanwhile, before they are taken one by one (`_password_ok` then finds each
        verdict, `submit` each reading in `_read_ahead`): argon2 releases the GIL, so a
        run with six files waits for about half of the six checks, and reads its files
        in that time (issue 10, item 21). One file too: its check (15-30 ms) and its reading
        (a baltic file's first reading builds its patterns, ~40 ms) overlap (issue 18)."""
        workers = min(os.cpu_count() or 1, 4)
        pairs, named = set(), []
        texts_of: dict[str, int] = {}
        for text in texts:
            header, lines = _header(strip_bom(text))
            player = self.player_named(header["player"]) if "player" in header else None
            record = self.players.get(player or "")
            if record is None or player is None or "password" not in header:
                continue
            # A flood of guesses for one house costs no more than the guesses `submit` will
            # check (`guessing.LIMIT`), plus the right one: the rest is checked in turn.
            texts_of[player] = texts_of.get(player, 0) + 1
            if texts_of[player] > LIMIT + 1:
                continue
            stored = self._stored(record, None)
            pairs.update((p, stored) for p in header_values(header["password"]))
            named.append((player, "\n".join(lines)))
        todo = sorted(pairs - self._passwords.keys())
        if workers < 2 or not todo:
            return
        import threading

        def check(share: list[tuple[str, str]]) -> None:
            for pair in share:
                self._passwords[pair] = verify_password(*pair)

        # Plain threads: concurrent.futures would import logging, ~5 ms of every run.
        threads = [threading.Thread(target=check, args=(todo[n::workers],)) for n in range(workers)]
        for thread in threads:
            thread.start()
        # NOTE: a file whose password then fails was read for nothing; its reading is
        # dropped with the run (`submit` takes a reading only for the player it proves).
        for player, body in named:
            self._read_ahead[(player, body)] = self._parse(player, body)
        for thread in threads:
            thread.join()

    def _parse(self, player: str, body: str) -> tuple[Instruction, ...] | OrderErrors:
        """The ruleset's reading of `body` for `player`: its instructions, or its errors.

        A line over `MAX_LINE` characters is an error of its own, and the ruleset reads only
        its start: no reader has to bear a 200 KB line (a number of 5,000 digits, a muster
        of 10,000 units, a search tried at every word), and what the start names (an area)
        still counts as named by a failed line."""
        lines = body.split("\n")
        long = {n + 1 for n, line in enumerate(lines) if len(line.split("#", 1)[0]) > MAX_LINE}
        errors = [invalid(_l(LINE_TOO_LONG, limit=MAX_LINE)).at(n, lines[n - 1]) for n in long]
        for n in long:
            lines[n - 1] = lines[n - 1][:MAX_LINE]
        try:
            found: tuple[Instruction, ...] | OrderErrors = tuple(
                self.ruleset.parse(self.state, player, "\n".join(lines))
            )
        except OrderErrors as failed:
            found = failed
        if not errors:
            return found
        others = found.errors if isinstance(found, OrderErrors) else []
        return OrderErrors(errors + [e for e in others if e.line not in long])

    def player_named(self, value: str) -> str | None:
        """The player id a header value names: the id, or its name in any of the players'
        languages ('Stark', 'Старк'), a header word before it ('House', 'дом', 'casa')
        optional. NOTE: any game's player word may stand before the name ('nation Stark'
        too): the words come from the games' header.yaml files, which a reader of one
        game's orders does not mind mixing."""
        # Here, not at the top: the names load only when a text comes in, not for every
        # game a cron run opens.

        key = normalize(header_values(value)[0])
        words = [w for w, field in header_keys().items() if field == "player"]
        wanted = {key} | {key.removeprefix(f"{word} ") for word in words}
        for player in self.players:
            if wanted & {normalize(name) for name in self._names_of_player(player)}:
                return player
        return None

    def _names_of_player(self, player: str) -> list[str]:
        """Every name of a player id: itself, its display name, its names in names.yaml."""

        game = self.meta["game"]
        local = [n for section in sections(game) for n in spellings(game, section, player)]
        return [player, display_name(game, player), *local]

    def _stored(self, record: dict[str, Any], sender: str | None) -> str:
        """The password hash a submission must match. NOTE (issue 9): the GM's address is
        public, so a mail from it for another player's house needs the GM's own password
        (settings.gm_password), never that player's; files and the player's own mail use
        the player's."""
        own = str(record.get("email", "")).lower()
        if sender is None or sender.lower() == own:
            return str(record.get("password", ""))
        return Settings.of(self.meta).gm_password or ""

    def _password_ok(self, password: str, stored: str, *, rehash: bool = True) -> bool:
        """Whether `password` matches `stored`; a match with an outdated hash makes it anew,
        unless told not to `rehash` (a dry run)."""
        key = (password, stored)
        if key not in self._passwords:
            self._passwords[key] = verify_password(password, stored)
        if not rehash:
            return self._passwords[key]
        if self._passwords[key] and stored not in self._upgraded and needs_rehash(stored):
            upgrade(self.dir, stored, password)  # issue 18: an older hash, made anew once
            self._upgraded.add(stored)
        return self._passwords[key]

    def collect_inbox(
        self, now: datetime
    ) -> tuple[list[Receipt], list[tuple[str, SubmissionRejected]]]:
        """Take every file in inbox/, oldest name first; accepted or rejected, it leaves.

        Returns the receipts, and (inbox file name, why) for each file rejected. File names
        are outside data: they are stored escaped (`safe_name`), and a file that cannot be
        read is reported and left in place without stopping the others.
        """
        receipts: list[Receipt] = []
        rejected: list[tuple[str, SubmissionRejected]] = []
        if not self.dir.inbox.is_dir():
            return receipts, rejected
        files = []
        for path in sorted(self.dir.inbox.iterdir()):
            if path.name.startswith(".") or (path.is_dir() and not path.is_symlink()):
                continue  # `warnings` names them, once, in the GM's language
            name = safe_name(path.name)
            read = read_order_file(path)
            if not isinstance(read, tuple):
                refused = SubmissionRejected([invalid(read).at(0, "")])
                rejected.append((name, refused))
                if read.msgid == TOO_LARGE:
                    self._keep_rejected(name, "", refused, now, unread=path)
                continue
            raw, info = read
            try:
                text = decode_order_file(raw)
            except UnreadableFile:  # it stays in inbox/ for the GM: its password is unreadable
                why = invalid(save_as_utf8(name)).at(0, "")
                rejected.append((name, SubmissionRejected([why])))
                continue
            files.append((path, name, info, text))
        self.check_passwords_at_once([text for *_, text in files])
        for path, name, info, text in files:
            # The file's identity, not only its content: the same file found again after a
            # crash is a duplicate, while a player dropping an old text again means it. The
            # digest is of the text without its password: nothing is derived from one.
            digest = hashlib.sha256(redact(strip_bom(text)).encode()).hexdigest()[:16]
            source = f"file:{name}:{info.st_ino}:{info.st_mtime_ns}:{digest}"
            try:
                receipts.append(self.submit(text, source=source, received=now))
            except SubmissionRejected as rejection:
                rejected.append((name, rejection))
                self._keep_rejected(name, text, rejection, now)
            path.unlink()
        return receipts, rejected

    def _keep_rejected(
        self,
        name: str,
        text: str,
        rejection: SubmissionRejected,
        now: datetime,
        unread: Path | None = None,
    ) -> None:
        """Keep a rejected file (password removed) and its errors, each under its own name;
        a file too large to read (`unread`) is moved there as it is."""
        base = f"{utc(now).replace(':', '')}-{bounded_name(name)}"
        stem, n = base, 1
        while (self.dir.rejected / stem).exists():
            n += 1
            stem = f"{base}-{n}"
        lang = self.language(rejection.player)
        atomic_write(
            self.dir.rejected / f"{stem}.errors.txt", rejection.say(lang, self.meta["game"]) + "\n"
        )
        if unread is not None:
            os.replace(unread, self.dir.rejected / stem)
            return
        atomic_write(self.dir.rejected / stem, redact(strip_bom(text)))


TOO_LARGE = N_(
    "this file holds %(size)d KB, and the limit is %(limit)d KB: it was not read, and is "
    "kept in .adjudicator/rejected/. Send only your orders."
)


def read_order_file(path: Path) -> tuple[bytes, os.stat_result] | Text:
    """The bytes and status of a regular file in inbox/, or why it is not read.

    Never follows a link (issue 18: a link to the GM secret or /etc/passwd was copied into
    rejected/), never opens a FIFO or a device, and reads nothing of a file over
    `limits.MAX_TEXT_BYTES`, the mail's limit too."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        if path.is_symlink():
            return _l("is a symbolic link: links are never followed; it stays in inbox/")
        return _l("could not be read (%(why)s); it stays in inbox/", why=error.strerror)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return _l("is not a plain file (a folder, a pipe or a device); it stays in inbox/")
        limit = limits.MAX_TEXT_BYTES
        if info.st_size > limit:
            return _l(TOO_LARGE, size=-(-info.st_size // 1024), limit=limit // 1024)
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read(limit + 1), info
    finally:
        os.close(fd)


def _digest(player: str, body: str) -> str:
    """What makes two texts of a player the same submission: its orders, not its header."""
    return hashlib.sha256(f"{player}\n{body}".encode()).hexdigest()


def _header(text: str) -> tuple[dict[str, str], list[str]]:
    """The header fields of a text ('player', 'password': the last of each), and its lines
    with the header lines blanked (line numbers stay those the player sees)."""
    header: dict[str, str] = {}
    lines = text.splitlines()
    for n, line in enumerate(lines):
        found = header_field(line)
        if found:
            header[found[0]] = found[1]
            lines[n] = ""
    # A header line without its colon ('house stark') stands in for a missing one; a
    # password line is blanked even when unused, so no order error ever quotes it.
    for n, line in enumerate(lines):
        found = loose_header_field(line)
        if found and (found[0] not in header or found[0] == "password"):
            header.setdefault(found[0], found[1])
            lines[n] = ""
    return header, lines


def _addresses(record: dict[str, Any], settings: Settings) -> set[str]:
    emails = {str(record.get("email", "")).lower()}
    emails.add((settings.gm_email or "").lower())
    return emails - {""}
