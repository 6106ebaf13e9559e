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
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from adjudicator.clock import parse_time, utc
from adjudicator.dice import Dice
from adjudicator.gamedir import (
    GameDir,
    GameError,
    Transaction,
    atomic_write,
    dump_yaml,
    recover,
    remove_temp_files,
    safe_name,
)
from adjudicator.intake import Intake
from adjudicator.requests import (
    Answer,
    AnswerSource,
    Event,
    Request,
    Submission,
    refs_used_by,
    standing_instructions,
    summary_record,
)
from adjudicator.rulesets import Ruleset, find_ruleset
from adjudicator.submissions import (
    Receipt,
    SubmissionRejected,
    dump_submission,
    load_submission,
)
from adjudicator.text import Text, _l, to_data

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
    warnings: list[Text] = field(default_factory=list)
    """What the GM should know about the folder (`Game.warnings`)."""

    @property
    def changed(self) -> bool:
        return bool(self.receipts or self.rejected or self.steps)


class Game(Intake):
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
        """Instruction refs spent: used as an answer, replaced, or expired with their epoch."""
        self.answered: dict[str, dict[str, Any]] = dict(private.get("answered", {}))
        """Instruction ref -> the answer it gave (request kind, value): what the game revealed
        of a submission (see `archive_entry`)."""
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
        self.view_before: dict[str, Any] | None = None
        """The public view when `advance` began: reports say where their story starts."""
        self._passwords: dict[tuple[str, str], bool] = {}
        """(password, stored hash) -> verdict, so a flood of mails costs one hash each."""
        self._read_ahead = {}
        """(player, body) -> its reading, made while the passwords are checked."""
        self._group_cache = {}
        self.durable = True
        """False: `submit` does not fsync each file; the caller makes them durable at once
        (cron calls os.sync() before anything depends on them: until it marks a mail
        processed, the mail server holds the durable copy). NOTE (issue 9, performance)."""

    # -- settings -------------------------------------------------------------------------
    @property
    def settings(self) -> dict[str, Any]:
        return self.meta.setdefault("settings", {})

    @property
    def players(self) -> dict[str, dict[str, Any]]:
        return self.meta["players"]

    def language(self, player: str | None = None) -> str:
        """The language `player` reads (their `lang`, else the game's); the game's own for
        public texts. Read at each run, so a GM's change applies to the next text."""
        from adjudicator.i18n import check_language

        chosen = self.players.get(player, {}).get("lang") if player else None
        return check_language(chosen or self.settings.get("lang") or "en")

    def dice(self, purpose: str = "") -> Dice:
        """The step's dice. Defaults draw from their own stream (`purpose`), so that a random
        default never shares numbers with the step's own rolls and shuffles."""
        return Dice(self.dir.secret(), self.meta["id"] + purpose, self.step)

    # -- resolution -----------------------------------------------------------------------
    def advance(self, now: datetime, force_defaults: bool = False) -> list[tuple[int, list[Event]]]:
        """Resolve steps until a request has no answer. Returns (step, events) per step.

        `force_defaults` answers the requests open before this run with their defaults now
        (the GM's `run --nmr`); requests that open later wait for their own deadlines.
        """
        resolved = []
        self.view_before = self.ruleset.view(self.state, None)
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
            runaway = _l(
                "%(game)s resolved %(n)d steps without stopping: a bug in the ruleset. Nothing "
                "was written; please report it with this game.",
                game=str(self.meta["game"]),
                n=MAX_STEPS_PER_RUN,
            )
            raise GameError(runaway)
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
                **summary_record(request.summary),
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
                        # What was understood, said later in the player's language.
                        "text": to_data(choice.instruction.echo),
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
        kinds = {r.id: r.kind for r in requests}
        for answer in answers.values():
            if answer.source is AnswerSource.INSTRUCTION:
                self.used.update(refs_used_by(answer, self.submissions))
                self.answered[f"{answer.submission}:{answer.line}"] = {
                    "kind": kinds[answer.request_id],
                    "value": plain(answer.value),
                }
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
                skipped = [
                    _l("line %(line)d (%(text)s): %(why)s", line=i.line, text=i.text, why=why)
                    for i, why in choice.skipped
                ]
            rows.append({**row, "answered": answered, "skipped": skipped})
        return rows

    def warnings(self) -> list[Text]:
        """What the GM should know before this run changes anything: files in inbox/ that
        are never read, and a hand edit of game.yaml's `position:`, which is overwritten.
        `str()` of each is English (cron's log); the CLI says them in the GM's language."""
        found = []
        if self.dir.inbox.is_dir():
            for path in sorted(self.dir.inbox.glob(".*")):
                if path.is_file():
                    ignored = _l(
                        "inbox/%(file)s is ignored: files whose names start with '.' are never "
                        "read; rename it without the dot to have it read",
                        file=safe_name(path.name),
                    )
                    found.append(ignored)
        if "position" in self.meta and self.meta["position"] != self._written_position():
            edited = _l(
                "game.yaml: the position was edited by hand, and the next commit will overwrite "
                "it: adjudicator writes it from its own state. To change the position, run "
                "'adjudicator export %(dir)s > position.yaml', edit that file and start a new "
                "game from it with 'adjudicator new NEWDIR --game %(game)s --position "
                "position.yaml'",
                dir=str(self.dir.path),
                game=str(self.meta["game"]),
            )
            found.append(edited)
        return found

    def _written_position(self) -> Any:
        """The position as game.yaml holds it when nobody edited it (after a YAML trip)."""
        from adjudicator.gamedir import load_yaml_text

        return load_yaml_text(dump_yaml(self.ruleset.view(self.state, None)))

    # -- archive ---
    def revealed_submissions(self) -> list[Submission]:
        """Staged submissions all of whose instructions are used or expired: to archive.

        The name is historical: what of them the game revealed is `archive_entry`'s. A
        ruleset with ``secret_submissions`` (a game of hidden blocks, whose answers name
        them) keeps every submission private until the game has ended."""
        if getattr(self.ruleset, "secret_submissions", False) and self.ruleset.requests(self.state):
            return []
        return [s for s in self.submissions if all(i.ref in self.used for i in s.instructions)]

    def archive_entry(self, submission: Submission) -> tuple[str, str]:
        """(the public archive record, the whole stored submission) of a spent submission.

        What the game revealed is the answers it took from the submission, each with its
        line: the orders placed, the card played (not the second choice written after it),
        the retreat made. Every answer is applied by a step, and a step reveals the answers
        to secret requests all at once, so by the time a submission is spent its answers
        are public. The rest (a card never played, a replaced draft, an unused retreat plan,
        the comments) stays private, committed to by an HMAC-SHA256 under
        the GM secret of the whole stored submission, so that after `reveal` anyone can
        check the published submissions against the commitments and replay the game.
        """
        import hmac

        whole = dump_yaml(dump_submission(submission))
        digest = hmac.new(self.dir.secret(), whole.encode("utf-8"), hashlib.sha256)
        record = {
            "id": submission.id,
            "player": submission.player,
            "received": submission.received,
            "epoch": submission.epoch,
            "after_step": submission.after_step,
            "commitment": digest.hexdigest(),
            "revealed": [
                {"line": i.line, **self.answered[i.ref]}
                for i in submission.instructions
                if i.ref in self.answered
            ],
        }
        return dump_yaml(record), whole

    def forget(self, submission: Submission) -> None:
        """An archived submission is no longer consulted."""
        self.submissions.remove(submission)
        refs = {i.ref for i in submission.instructions}
        self.used -= refs
        for ref in refs:
            self.answered.pop(ref, None)

    # -- saving ---------------------------------------------------------------------------
    def private_data(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "next_submission": self.next_submission,
            "requests": self.requests,
            "used": sorted(self.used),
            "answered": dict(sorted(self.answered.items())),
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
            {
                "player": r["player"],
                **{k: r[k] for k in ("summary", "said") if k in r},
                "deadline": r["deadline"],
            }
            for r in self.waiting()
        ]
        meta["position"] = self.ruleset.view(self.state, None)
        return meta


def plain(value: Any) -> Any:
    """`value` as YAML-safe plain data (tuples become lists), for the state and archive."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


# -- the public entry points -----------------------------------------------------------------


@contextlib.contextmanager
def open_game(path: Path | str) -> Iterator[Game]:
    """Lock a game folder, finish any interrupted run, and load it."""
    import time

    from adjudicator.publish import git

    gamedir = GameDir(path)
    gamedir.require()
    gamedir.check_writable()
    with gamedir.lock():
        git.remove_stale_locks(gamedir.path, time.time())
        remove_temp_files(gamedir.path)
        recover(gamedir)
        yield Game(gamedir)


def submit(
    path: Path | str, text: str, *, source: str, received: datetime, sender: str | None = None
) -> Receipt:
    """Store one submission (from mail, say). Raises `SubmissionRejected`; see `Game.submit`."""
    with open_game(path) as game:
        return game.submit(text, source=source, received=received, sender=sender)


def run(
    path: Path | str, now: datetime, *, force_defaults: bool = False, loaded: Game | None = None
) -> RunResult:
    """Collect the inbox, resolve until blocked, publish and commit. Idempotent.

    `loaded`: the game already opened by the caller (its lock held), so that every staged
    submission is not loaded twice (cron first takes the mail into it). NOTE (issue 9).
    """
    from adjudicator.publish.reports import publish

    with open_game(path) if loaded is None else contextlib.nullcontext(loaded) as game:
        result = RunResult(warnings=game.warnings())
        game.collect_inbox(now, result)
        game.write_missing_receipts()
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
