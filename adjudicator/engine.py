"""One run of a game: collect -> authenticate -> parse -> resolve until blocked -> publish.

The engine knows no game: everything game-specific comes from the ruleset named in
game.yaml. A run holds the game's lock, first finishes any interrupted run (`recover`), and
writes everything it changes through one `Transaction`, so a run killed at any point is
completed by the next one without losing or double-counting a submission.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from adjudicator.auth import verify_password
from adjudicator.clock import parse_time, utc
from adjudicator.dice import Dice
from adjudicator.gamedir import (
    GameDir,
    GameError,
    Transaction,
    atomic_write,
    dump_yaml,
    recover,
)
from adjudicator.orders.errors import OrderErrors, invalid
from adjudicator.requests import (
    Answer,
    AnswerSource,
    Event,
    Instruction,
    Request,
    Submission,
    standing_instructions,
)
from adjudicator.rulesets import Ruleset, find_ruleset
from adjudicator.submissions import (
    Receipt,
    SubmissionRejected,
    dump_submission,
    load_submission,
    redact,
)

MAX_STEPS_PER_RUN = 10_000
"""A whole game is a few hundred steps; more in one run means a ruleset that never stops."""


@dataclass
class RunResult:
    """What one run did."""

    receipts: list[Receipt] = field(default_factory=list)
    rejected: list[tuple[str, SubmissionRejected]] = field(default_factory=list)
    """(inbox file name, why) for each rejected file."""
    steps: int = 0
    """How many steps were resolved."""
    reports: list[str] = field(default_factory=list)
    """Paths (relative to the game folder) of the reports written, public and private."""
    waiting: list[dict[str, Any]] = field(default_factory=list)
    """The open requests after the run, with deadlines."""
    commit: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.receipts or self.rejected or self.steps)


class Game:
    """A game loaded for one run, under its lock."""

    def __init__(
        self,
        gamedir: GameDir,
        meta: dict[str, Any] | None = None,
        private: dict[str, Any] | None = None,
        submissions: list[Submission] | None = None,
    ) -> None:
        """Load from the folder, or (for replay) from the data given."""
        self.dir = gamedir
        self.meta = meta if meta is not None else gamedir.read_meta()
        self.ruleset: Ruleset = find_ruleset(self.meta["game"])
        private = private if private is not None else gamedir.read_private()
        self.step: int = private["step"]
        self.state = self.ruleset.restore(private["state"])
        self.requests: dict[str, dict[str, Any]] = private.get("requests", {})
        self.used: set[str] = set(private.get("used", []))
        if submissions is None:
            submissions = [load_submission(p) for p in sorted(gamedir.submissions.glob("*.yaml"))]
        self.submissions = submissions
        # A staged submission's file is its own durable record: a submission is stored by
        # writing that one file, and state.yaml catches up when the run commits.
        self.next_submission: int = max(
            [private.get("next_submission", 1)] + [int(s.id.split("-")[0]) + 1 for s in submissions]
        )
        self.seen: dict[str, str] = dict(private.get("seen", {}))
        """Source ids (a mail's Message-ID, a file's identity) ever accepted -> submission."""
        for staged in submissions:
            self.seen[staged.source] = staged.id
        self._passwords: dict[tuple[str, str], bool] = {}
        """(password, stored hash) -> verdict, so a flood of mails costs one hash each."""

    # -- settings -------------------------------------------------------------------------
    @property
    def settings(self) -> dict[str, Any]:
        return self.meta.setdefault("settings", {})

    @property
    def players(self) -> dict[str, dict[str, Any]]:
        return self.meta["players"]

    def dice(self, purpose: str = "") -> Dice:
        """The step's dice. Defaults draw from their own stream (`purpose`), so that a random
        default never shares numbers with the step's own rolls and shuffles."""
        return Dice(self.dir.secret(), self.meta["id"] + purpose, self.step)

    # -- intake ---------------------------------------------------------------------------
    def submit(
        self, text: str, *, source: str, received: datetime, sender: str | None = None
    ) -> Receipt:
        """Authenticate, parse and store one submission. Raises `SubmissionRejected`."""
        player, body = self._authenticate(text, sender)
        digest = hashlib.sha256(f"{player}\n{body}".encode()).hexdigest()
        latest = next((s for s in reversed(self.submissions) if s.player == player), None)
        # The same source again (a mail or file read twice after a crash) changes nothing,
        # and so does a copy of the player's latest text; an older text sent again is a
        # player going back to it, and replaces what came between.
        if source in self.seen:
            return Receipt(self.seen[source], player, (), duplicate=True)
        if latest is not None and latest.sha256 == digest:
            return Receipt(latest.id, player, (), duplicate=True)
        try:
            instructions = self.ruleset.parse(self.state, player, body)
        except OrderErrors as errors:
            raise SubmissionRejected(errors.errors, player) from None
        sub_id = f"{self.next_submission:04d}-{player}"
        instructions = tuple(replace(i, submission=sub_id) for i in instructions)
        before = standing_instructions(self.submissions, player, self.used)
        submission = Submission(
            sub_id,
            player,
            utc(received),
            source,
            digest,
            self.ruleset.epoch(self.state),
            self.step,
            redact(text),
            instructions,
        )
        atomic_write(
            self.dir.submissions / f"{sub_id}.yaml", dump_yaml(dump_submission(submission))
        )
        self.submissions.append(submission)
        self.seen[source] = sub_id
        self.next_submission += 1
        kept = {i.ref for i in standing_instructions(self.submissions, player, self.used)}
        receipt = Receipt(
            sub_id,
            player,
            tuple(str(i) for i in instructions),
            tuple(str(i) for i in before if i.ref not in kept),
            deadline=self._deadline_of(player),
        )
        atomic_write(self.dir.receipts / f"{sub_id}.txt", str(receipt) + "\n")
        return receipt

    def _authenticate(self, text: str, sender: str | None) -> tuple[str, str]:
        """The player named by the header, and the text with header lines blanked."""
        header: dict[str, str] = {}
        lines = text.splitlines()
        for n, line in enumerate(lines):
            key, sep, value = line.partition(":")
            if sep and key.strip().lower() in ("house", "player", "nation", "side", "password"):
                header["player" if key.strip().lower() != "password" else "password"] = (
                    value.strip()
                )
                lines[n] = ""
        player = header.get("player", "").lower()
        if not player or "password" not in header:
            raise SubmissionRejected(
                [
                    invalid(
                        "every order file starts with two lines, 'house: <your house>' and "
                        "'password: <your password>'"
                    ).at(0, "")
                ]
            )
        record = self.players.get(player)
        if record is None or not self._password_ok(header["password"], record.get("password", "")):
            # Generic on purpose: never tell a stranger which half was wrong.
            raise SubmissionRejected(
                [invalid("house or password not recognised; check the two header lines").at(0, "")]
            )
        if sender is not None and sender.lower() not in _addresses(record, self.settings):
            raise SubmissionRejected(
                [invalid("house or password not recognised; check the two header lines").at(0, "")]
            )
        return player, "\n".join(lines)

    def _password_ok(self, password: str, stored: str) -> bool:
        key = (password, stored)
        if key not in self._passwords:
            self._passwords[key] = verify_password(password, stored)
        return self._passwords[key]

    def collect_inbox(self, now: datetime, result: RunResult) -> None:
        """Take every file in inbox/, oldest name first; accepted or rejected, it leaves."""
        if not self.dir.inbox.is_dir():
            return
        for path in sorted(p for p in self.dir.inbox.iterdir() if p.is_file()):
            if path.name.startswith("."):
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                text = path.read_text(encoding="latin-1")
            # The file's identity, not only its content: the same file found again after a
            # crash is a duplicate, while a player dropping an old text again means it.
            info = path.stat()
            digest = hashlib.sha256(text.encode()).hexdigest()[:16]
            source = f"file:{path.name}:{info.st_ino}:{info.st_mtime_ns}:{digest}"
            try:
                result.receipts.append(self.submit(text, source=source, received=now))
                path.unlink()
            except SubmissionRejected as rejection:
                result.rejected.append((path.name, rejection))
                target = self.dir.rejected / f"{utc(now).replace(':', '')}-{path.name}"
                atomic_write(target, redact(text))
                atomic_write(target.with_suffix(".errors.txt"), str(rejection) + "\n")
                path.unlink()

    # -- resolution -----------------------------------------------------------------------
    def advance(self, now: datetime, force_defaults: bool = False) -> list[tuple[int, list[Event]]]:
        """Resolve steps until a request has no answer. Returns (step, events) per step.

        `force_defaults` answers the requests open before this run with their defaults now
        (the GM's `run --nmr`); requests that open later wait for their own deadlines.
        """
        resolved = []
        forced = set(self.requests) if force_defaults else set()
        for _ in range(MAX_STEPS_PER_RUN):
            open_requests = self.register_requests(now)
            if not open_requests or self.settings.get("paused"):
                break
            answers, notes = self._collect_answers(open_requests, now, forced)
            if answers is None:
                break  # blocked: `status` shows who must answer and why an instruction failed
            epoch = self.ruleset.epoch(self.state)
            events = self.ruleset.step(self.state, answers, self.dice())
            resolved.append((self.step, notes + events))
            self.step += 1
            if self.ruleset.epoch(self.state) != epoch:
                self._expire(epoch)
        else:
            raise GameError(
                f"{self.meta['game']} resolved {MAX_STEPS_PER_RUN} steps without stopping: a "
                "bug in the ruleset. Nothing was written; please report it with this game."
            )
        return resolved

    def register_requests(self, now: datetime) -> list[Request]:
        """The ruleset's open requests; newly opened ones get their deadline now."""
        requests = self.ruleset.requests(self.state)
        hours = float(self.settings.get("deadline_hours", 48))
        current = {}
        for request in requests:
            if not request.player or not request.wait:
                continue  # automatic or answered at once: nobody is waited for
            record = self.requests.get(request.id) or {
                "player": request.player,
                "kind": request.kind,
                "summary": request.summary,
                "opened": utc(now),
                "deadline": utc(now + timedelta(hours=hours)),
            }
            current[request.id] = record
        self.requests = current
        return requests

    def _collect_answers(
        self, requests: list[Request], now: datetime, forced: set[str]
    ) -> tuple[dict[str, Answer] | None, list[Event]]:
        answers: dict[str, Answer] = {}
        notes: list[Event] = []
        missing = []
        taken: list[str] = []
        """Refs of the further instructions answers take in (`Choice.uses`)."""
        for request in requests:
            if not request.player:
                answers[request.id] = Answer(request.id, None, AnswerSource.AUTOMATIC)
                continue
            standing = standing_instructions(self.submissions, request.player, self.used)
            choice = self.ruleset.answer(self.state, request, standing)
            for instruction, why in choice.skipped:
                notes.append(
                    Event(
                        "instruction_skipped",
                        {
                            "player": request.player,
                            "line": instruction.line,
                            "submission": instruction.submission,
                            "text": instruction.text,
                            "why": why,
                        },
                        public=False,
                        to=request.player,
                    )
                )
            if choice.instruction is None and not request.wait:
                value = self.ruleset.default(self.state, request, self.dice("/defaults"))
                answers[request.id] = Answer(request.id, value, AnswerSource.DEFAULT)
                continue
            if choice.instruction is None:
                missing.append(request)
                continue
            taken.extend(i.ref for i in choice.uses)
            answers[request.id] = Answer(
                request.id,
                choice.value,
                AnswerSource.INSTRUCTION,
                choice.instruction.line,
                choice.instruction.submission,
            )
            notes.append(
                Event(
                    "instruction_used",
                    {
                        "player": request.player,
                        "text": str(choice.instruction),
                    },
                    public=False,
                    to=request.player,
                )
            )
        if missing and not (
            all(r.id in forced for r in missing) or self._defaults_due(missing, now)
        ):
            return None, notes
        if not missing and self._too_early(answers, now):
            return None, notes
        dice = self.dice("/defaults")
        for request in missing:
            answers[request.id] = Answer(
                request.id, self.ruleset.default(self.state, request, dice), AnswerSource.DEFAULT
            )
            notes.append(
                Event(
                    "nmr",
                    {"player": request.player, "request": request.kind, "summary": request.summary},
                )
            )
        for answer in answers.values():
            if answer.source is AnswerSource.INSTRUCTION:
                self.used.update(
                    i.ref
                    for s in self.submissions
                    if s.id == answer.submission
                    for i in s.instructions
                    if i.line == answer.line or _same_group(i, s, answer.line)
                )
        self.used.update(taken)
        return answers, notes

    def _defaults_due(self, missing: list[Request], now: datetime) -> bool:
        """Whether the NMR policy lets defaults answer the missing requests now."""
        policy = self.settings.get("nmr", "defaults")
        if policy == "wait":
            return False
        grace = float(self.settings.get("grace_hours", 0))
        if policy == "wait-then-defaults":
            grace += float(self.settings.get("wait_hours", 24))
        return all(
            now >= parse_time(self.requests[r.id]["deadline"]) + timedelta(hours=grace)
            for r in missing
        )

    def _too_early(self, answers: dict[str, Answer], now: datetime) -> bool:
        """Everything is in, but settings.early_delay_minutes after the last submission used
        has not passed: players may still change their minds (a GM's choice, default 0)."""
        delay = float(self.settings.get("early_delay_minutes", 0))
        if delay <= 0:
            return False
        used = {a.submission for a in answers.values() if a.submission}
        received = [parse_time(s.received) for s in self.submissions if s.id in used]
        return bool(received) and now < max(received) + timedelta(minutes=delay)

    def _expire(self, epoch: str) -> None:
        """The epoch ended: its submissions' standing instructions are spent."""
        for submission in self.submissions:
            if submission.epoch == epoch:
                self.used.update(i.ref for i in submission.instructions)

    def _deadline_of(self, player: str) -> str | None:
        deadlines = sorted(r["deadline"] for r in self.requests.values() if r["player"] == player)
        return deadlines[0] if deadlines else None

    def waiting(self) -> list[dict[str, Any]]:
        """Open requests for status and reports, sorted by deadline then player."""
        return sorted(
            ({"id": rid, **r} for rid, r in self.requests.items()),
            key=lambda r: (r["deadline"], r["player"], r["id"]),
        )

    def waiting_status(self) -> list[dict[str, Any]]:
        """`waiting()` rows, each with `answered`: whether a legal instruction is in."""
        requests = {r.id: r for r in self.ruleset.requests(self.state)}
        rows = []
        for row in self.waiting():
            request = requests.get(row["id"])
            answered, skipped = False, []
            if request is not None:
                standing = standing_instructions(self.submissions, request.player, self.used)
                choice = self.ruleset.answer(self.state, request, standing)
                answered = choice.instruction is not None
                skipped = [f"line {i.line} ({i.text}): {why}" for i, why in choice.skipped]
            rows.append({**row, "answered": answered, "skipped": skipped})
        return rows

    # -- archive --------------------------------------------------------------------------
    def revealed_submissions(self) -> list[Submission]:
        """Staged submissions all of whose instructions are used or expired: now public.

        A ruleset with ``secret_submissions`` (a game of hidden blocks) keeps every
        submission private until the game has ended."""
        if getattr(self.ruleset, "secret_submissions", False) and self.ruleset.requests(self.state):
            return []
        return [s for s in self.submissions if all(i.ref in self.used for i in s.instructions)]

    # -- saving ---------------------------------------------------------------------------
    def private_data(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "next_submission": self.next_submission,
            "requests": self.requests,
            "used": sorted(self.used),
            "seen": dict(sorted(self.seen.items())),
            "state": self.ruleset.save(self.state),
        }

    def save_private(self) -> None:
        atomic_write(self.dir.state_file, dump_yaml(self.private_data()))

    def public_meta(self, now: datetime) -> dict[str, Any]:
        """game.yaml: identity, players, settings, what is awaited, and the public view."""
        meta = {
            k: v
            for k, v in self.meta.items()
            if k not in ("step", "updated", "waiting", "position")
        }
        meta["step"] = self.step
        meta["updated"] = utc(now)
        meta["waiting"] = [
            {"player": r["player"], "summary": r["summary"], "deadline": r["deadline"]}
            for r in self.waiting()
        ]
        meta["position"] = self.ruleset.view(self.state, None)
        return meta


def _same_group(instruction: Instruction, submission: Submission, line: int) -> bool:
    """Instructions answered as one block (a whole set of orders) are used together."""
    chosen = next((i for i in submission.instructions if i.line == line), None)
    return chosen is not None and chosen.kind == "orders" and instruction.kind == "orders"


def _addresses(record: dict[str, Any], settings: dict[str, Any]) -> set[str]:
    emails = {str(record.get("email", "")).lower()}
    emails.add(str(settings.get("gm_email", "")).lower())
    return emails - {""}


# -- the public entry points -----------------------------------------------------------------


@contextlib.contextmanager
def open_game(path: Path | str) -> Iterator[Game]:
    """Lock a game folder, finish any interrupted run, and load it."""
    gamedir = GameDir(path)
    gamedir.require()
    with gamedir.lock():
        recover(gamedir)
        yield Game(gamedir)


def submit(
    path: Path | str, text: str, *, source: str, received: datetime, sender: str | None = None
) -> Receipt:
    """Store one submission (from mail, say). Raises `SubmissionRejected`; see `Game.submit`."""
    with open_game(path) as game:
        return game.submit(text, source=source, received=received, sender=sender)


def run(path: Path | str, now: datetime, *, force_defaults: bool = False) -> RunResult:
    """Collect the inbox, resolve until blocked, publish and commit. Idempotent."""
    from adjudicator.publish.reports import publish

    with open_game(path) as game:
        result = RunResult()
        game.collect_inbox(now, result)
        resolved = game.advance(now, force_defaults)
        result.steps = sum(1 for _, events in resolved if events)
        if resolved:
            tx = Transaction(game.dir)
            result.reports = publish(game, resolved, now, tx)
            tx.apply()
            result.commit = True
        result.waiting = game.waiting_status()
        return result


def status(path: Path | str) -> tuple[Game, list[dict[str, Any]]]:
    """The loaded game and its open requests, each marked whether an answer is in."""
    with open_game(path) as game:
        return game, game.waiting_status()
