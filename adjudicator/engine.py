"""One run of a game: collect -> authenticate -> parse -> resolve until blocked -> publish.

The engine knows no game: everything game-specific comes from the ruleset named in
game.yaml. A run holds the game's lock, first finishes any interrupted run (`recover`), and
writes everything it changes through one `Transaction`, so a run killed at any point is
completed by the next one without losing or double-counting a submission.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from adjudicator.auth import lay_over, read_hashes, without_hashes
from adjudicator.clock import parse_time, utc
from adjudicator.dice import Dice
from adjudicator.form import form_text
from adjudicator.gamedir import (
    GameDir,
    GameError,
    atomic_write,
    dump_yaml,
    load_yaml_text,
    remove_temp_files,
)
from adjudicator.gamefile import Settings
from adjudicator.guessing import Guesses
from adjudicator.inbox.files import ignored_in_inbox
from adjudicator.inbox.quarantine import Quarantine
from adjudicator.intake import Intake, language_of
from adjudicator.migrate import move_hashes_out
from adjudicator.publish import git
from adjudicator.publish.reports import Edition, publish
from adjudicator.requests import Answer, Event, Request, Submission, standing_instructions
from adjudicator.rulesets import Ruleset, find_ruleset
from adjudicator.submissions import (
    Receipt,
    SubmissionRejected,
    dump_submission,
    load_submission,
)
from adjudicator.table import (
    MAX_STEPS_PER_RUN,
    Ledger,
    Policy,
    Resolution,
    Runaway,
    Table,
    Verdict,
    advance,
    await_requests,
)
from adjudicator.text import Text, _l
from adjudicator.transaction import Transaction, recover


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


class Game:
    """A game loaded for one run, under its lock: the shell of files, dice and git around
    its `table.Table`, whose loop resolves it."""

    def __init__(
        self,
        gamedir: GameDir,
        meta: dict[str, Any] | None = None,
        private: dict[str, Any] | None = None,
        submissions: list[Submission] | None = None,
    ) -> None:
        """Load from the folder, or (for replay) from the data given."""
        self.dir = gamedir
        if meta is None:
            meta = gamedir.read_meta()
            lay_over(meta, read_hashes(gamedir))
        self.meta = meta
        self.ruleset: Ruleset = find_ruleset(self.meta["game"])
        private = private if private is not None else gamedir.read_private()
        if submissions is None:
            submissions = [load_submission(p) for p in sorted(gamedir.submissions.glob("*.yaml"))]
        # A staged submission's file is its own durable record: a submission is stored by
        # writing that one file, and state.yaml catches up when the run commits.
        ledger = Ledger(
            step=private["step"],
            submissions=submissions,
            used=set(private.get("used", [])),
            answered=dict(private.get("answered", {})),
            awaited=private.get("requests", {}),
            next_submission=max(
                [private.get("next_submission", 1)]
                + [int(s.id.split("-")[0]) + 1 for s in submissions]
            ),
        )
        self.table = Table(self.ruleset, self.ruleset.restore(private["state"]), ledger, self.dice)
        self.intake = Intake(gamedir, self.meta, self.table)
        self.intake.seen.update(private.get("seen", {}))
        self.intake.epoch_began = private.get("epoch_began")
        for staged in submissions:
            self.intake.seen[staged.source] = staged.id
        self.view_before: dict[str, Any] | None = None
        """The public view when `advance` began: reports say where their story starts."""

    # -- the table's ledger, by the names the GM commands use -----------------------------
    @property
    def state(self) -> Any:
        return self.table.state

    @property
    def ledger(self) -> Ledger:
        return self.table.ledger

    @property
    def step(self) -> int:
        return self.table.ledger.step

    @property
    def submissions(self) -> list[Submission]:
        return self.table.ledger.submissions

    @property
    def used(self) -> set[str]:
        return self.table.ledger.used

    @property
    def requests(self) -> dict[str, dict[str, Any]]:
        """The open requests a player is waited for, with deadlines (`Ledger.awaited`)."""
        return self.table.ledger.awaited

    # -- settings -------------------------------------------------------------------------
    @property
    def settings(self) -> dict[str, Any]:
        return self.meta.setdefault("settings", {})

    @property
    def config(self) -> Settings:
        """The settings as read now, with their defaults (`gamefile.Settings`)."""
        return Settings.of(self.meta)

    @property
    def players(self) -> dict[str, dict[str, Any]]:
        return self.meta["players"]

    def language(self, player: str | None = None) -> str:
        """The language `player` reads (their `lang`, else the game's); the game's own for
        public texts. Read at each run, so a GM's change applies to the next text."""
        return language_of(self.meta, player)

    def dice(self, purpose: str = "", step: int | None = None) -> Dice:
        """The step's dice. Defaults draw from their own stream (`purpose`), so that a random
        default never shares numbers with the step's own rolls and shuffles."""
        step = self.table.ledger.step if step is None else step
        return Dice(self.dir.secret(), self.meta["id"] + purpose, step)

    # -- intake ---------------------------------------------------------------------------
    @property
    def seen(self) -> dict[str, str]:
        """Source ids ever accepted -> submission (`Intake.seen`)."""
        return self.intake.seen

    @property
    def durable(self) -> bool:
        """False: `submit` does not fsync each file (`Intake.durable`)."""
        return self.intake.durable

    @durable.setter
    def durable(self, value: bool) -> None:
        self.intake.durable = value

    @property
    def epoch_began(self) -> str | None:
        """When the current epoch began (`Intake.epoch_began`)."""
        return self.intake.epoch_began

    @epoch_began.setter
    def epoch_began(self, value: str | None) -> None:
        self.intake.epoch_began = value

    def submit(
        self,
        text: str,
        *,
        source: str,
        received: datetime,
        sender: str | None = None,
        written: datetime | None = None,
    ) -> Receipt:
        """Authenticate, parse and store one submission. Raises `SubmissionRejected`."""
        return self.intake.submit(
            text, source=source, received=received, sender=sender, written=written
        )

    @property
    def guesses(self) -> Guesses:
        """Wrong passwords per house in this step (`Intake.guesses`)."""
        return self.intake.guesses

    def player_named(self, value: str) -> str | None:
        """The player id a header value names (`Intake.player_named`)."""
        return self.intake.player_named(value)

    def check_passwords_at_once(self, texts: list[str]) -> None:
        """Check many order files' passwords side by side (`Intake.check_passwords_at_once`)."""
        self.intake.check_passwords_at_once(texts)

    # -- resolution -----------------------------------------------------------------------
    def resolve(self, now: datetime, force_defaults: bool = False) -> Resolution:
        """Resolve steps until a request has no answer; the record of what was resolved.

        `force_defaults` answers the requests open before this run with their defaults now
        (the GM's `run --nmr`); requests that open later wait for their own deadlines.
        """
        forced = set(self.requests) if force_defaults else set()
        epoch = self.ruleset.epoch(self.state)
        try:
            resolution = advance(self.table, Deadlines(now, self.config, forced))
        except Runaway:
            runaway = _l(
                "%(game)s resolved %(n)d steps without stopping: a bug in the ruleset. Nothing "
                "was written; please report it with this game.",
                game=str(self.meta["game"]),
                n=MAX_STEPS_PER_RUN,
            )
            raise GameError(runaway) from None
        if self.ruleset.epoch(self.state) != epoch:
            self.epoch_began = utc(now)
        self.view_before = resolution.view_before
        return resolution

    def advance(self, now: datetime, force_defaults: bool = False) -> list[tuple[int, list[Event]]]:
        """`resolve`, as (step, notes and events) per step."""
        return self.resolve(now, force_defaults).pairs()

    def register_requests(self, now: datetime) -> list[Request]:
        """The ruleset's open requests; newly opened ones get their deadline now."""
        requests = self.ruleset.requests(self.state)
        await_requests(self.ledger, requests, now, self.config.deadline_hours)
        return requests

    def waiting(self) -> list[dict[str, Any]]:
        """Open requests for status and reports, sorted by deadline then player."""
        return sorted(
            ({"id": rid, **r} for rid, r in self.requests.items()),
            key=lambda r: (r["deadline"], r["player"], r["id"]),
        )

    def waiting_status(self) -> list[dict[str, Any]]:
        """`waiting()` rows, each with `answered`: whether a legal instruction is in;
        `skipped`: the player's instructions that cannot answer it, each with why; and
        `passed_over`: the player's standing lines the rules passed over inside their steps
        (`Ruleset.passed_over`, optional), for the reminders."""
        requests = {r.id: r for r in self.ruleset.requests(self.state)}
        passed = getattr(self.ruleset, "passed_over", None)
        rows = []
        for row in self.waiting():
            request = requests.get(row["id"])
            answered, skipped = False, []
            if request is not None:
                standing = self.ledger.standing(request.player)
                choice = self.ruleset.answer(self.state, request, standing)
                answered = choice.instruction is not None
                skipped = [
                    _l("line %(line)d (%(text)s): %(why)s", line=i.line, text=i.text, why=why)
                    for i, why in choice.skipped
                ]
            passed_over = passed(self.state, row["player"]) if passed else []
            rows.append(
                {**row, "answered": answered, "skipped": skipped, "passed_over": passed_over}
            )
        return rows

    def warnings(self) -> list[Text]:
        """What the GM should know before this run changes anything: files in inbox/ that
        are never read, a hand edit of game.yaml's `position:`, which is overwritten, and
        mails set aside unread (`Quarantine`).
        `str()` of each is English (cron's log); the CLI says them in the GM's language."""

        found = ignored_in_inbox(self.dir.inbox)
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
        found += [entry.warning() for entry in Quarantine(self.dir.path).entries()]
        return found

    def _written_position(self) -> Any:
        """The position as game.yaml holds it when nobody edited it (after a YAML trip)."""
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
        whole = dump_yaml(dump_submission(submission))
        digest = hmac.new(self.dir.secret(), whole.encode("utf-8"), hashlib.sha256)
        answered = self.ledger.answered
        record = {
            "id": submission.id,
            "player": submission.player,
            "received": submission.received,
            "epoch": submission.epoch,
            "after_step": submission.after_step,
            "commitment": digest.hexdigest(),
            "revealed": [
                {"line": i.line, **answered[i.ref]}
                for i in submission.instructions
                if i.ref in answered
            ],
        }
        return dump_yaml(record), whole

    def forget(self, submission: Submission) -> None:
        """An archived submission is no longer consulted."""
        self.ledger.forget(submission)

    # -- writing a run --------------------------------------------------------------------
    def write_run(self, resolution: Resolution, now: datetime, tx: Transaction) -> list[str]:
        """Queue every file of a run into `tx`: the reports (`publish`), the archive of
        the spent submissions, game.yaml and the private state. Returns the report paths."""
        # Here, not at the top: the templates and maps load only in a run that resolved
        # something, not for `status` or a run with nothing to do.

        written = publish(resolution, self.edition(now), tx)
        stem = f"{resolution.first_step:04d}"
        for submission in self.revealed_submissions():
            public, whole = self.archive_entry(submission)
            tx.write(f"archive/{stem}/{submission.id}.yaml", public)
            tx.write(f".adjudicator/spent/{submission.id}.yaml", whole)  # for replay and reveal
            tx.delete(f".adjudicator/submissions/{submission.id}.yaml")
            self.forget(submission)
        tx.write("game.yaml", dump_yaml(self.public_meta(now)))
        tx.write(".adjudicator/state.yaml", dump_yaml(self.private_data()))
        return written

    def edition(self, now: datetime) -> Edition:
        """What the reports of a run are written from, besides what it resolved."""

        players = self.ruleset.players(self.state)
        return Edition(
            game=self.meta["game"],
            game_id=self.meta["id"],
            now=now,
            players=self.players,
            settings=self.config,
            lang=self.language(),
            languages={p: self.language(p) for p in players},
            views={None: self.ruleset.view(self.state, None)}
            | {p: self.ruleset.view(self.state, p) for p in players},
            waiting=self.waiting_status(),
            forms={p: self.form(p) for p in players},
        )

    def form(self, player: str) -> str:
        """`player`'s order form now, in their language (`adjudicator.form`)."""

        standing = standing_instructions(self.submissions, player, self.used)
        return form_text(self.ruleset, self.state, player, standing, self.language(player))

    # -- saving ---------------------------------------------------------------------------
    def private_data(self) -> dict[str, Any]:
        ledger = self.ledger
        return {
            "step": ledger.step,
            "next_submission": ledger.next_submission,
            "requests": ledger.awaited,
            "used": sorted(ledger.used),
            "answered": dict(sorted(ledger.answered.items())),
            "seen": dict(sorted(self.intake.seen.items())),
            "state": self.ruleset.save(self.state),
            **({"epoch_began": self.epoch_began} if self.epoch_began else {}),
        }

    def save_private(self) -> None:
        atomic_write(self.dir.state_file, dump_yaml(self.private_data()))

    def public_meta(self, now: datetime) -> dict[str, Any]:
        """game.yaml: identity, players, settings, what is awaited, and the public view
        (never a password hash: `auth.without_hashes`)."""

        meta = {
            k: v
            for k, v in without_hashes(self.meta).items()
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


# -- when the engine stops waiting -----------------------------------------------------------


class Deadlines(Policy):
    """The engine's policy: wait for answers until the deadlines (and the GM's NMR
    settings) let the defaults answer; a paused game resolves nothing."""

    def __init__(self, now: datetime, settings: Settings, forced: set[str]) -> None:
        self.now = now
        self.settings = settings
        self.forced = forced
        """Requests the GM answers with their defaults now (`run --nmr`)."""

    def opened(self, table: Table, requests: list[Request]) -> None:
        await_requests(table.ledger, requests, self.now, float(self.settings.deadline_hours))

    def stop(self, table: Table) -> bool:
        return bool(self.settings.paused)

    def missing(self, table: Table, missing: list[Request], attempt: int) -> Verdict:
        if all(r.id in self.forced for r in missing) or self._defaults_due(table, missing):
            return Verdict.DEFAULTS
        return Verdict.WAIT  # `status` shows who must answer and why an instruction failed

    def _defaults_due(self, table: Table, missing: list[Request]) -> bool:
        """Whether the NMR policy lets defaults answer the missing requests now."""
        policy = self.settings.nmr
        if policy == "wait":
            return False
        grace = float(self.settings.grace_hours)
        if policy == "wait-then-defaults":
            grace += float(self.settings.wait_hours)
        awaited = table.ledger.awaited
        return all(
            self.now >= parse_time(awaited[r.id]["deadline"]) + timedelta(hours=grace)
            for r in missing
        )

    def ready(self, table: Table, answers: dict[str, Answer]) -> bool:
        """Everything is in, but settings.early_delay_minutes after the last submission used
        has not passed: players may still change their minds (a GM's choice, default 0)."""
        delay = float(self.settings.early_delay_minutes)
        if delay <= 0:
            return True
        used = {a.submission for a in answers.values() if a.submission}
        submissions = table.ledger.submissions
        received = [parse_time(s.received) for s in submissions if s.id in used]
        return not received or self.now >= max(received) + timedelta(minutes=delay)


# -- the public entry points -----------------------------------------------------------------


@contextlib.contextmanager
def open_game(path: Path | str) -> Iterator[Game]:
    """Lock a game folder, finish any interrupted run, bring an older game up to date
    (`migrate`), and load it."""
    gamedir = GameDir(path)
    gamedir.require()
    gamedir.check_writable()
    git.check_repository(gamedir.path)  # a broken .git is found before anything is written
    with gamedir.lock():
        git.remove_stale_locks(gamedir.path, time.time())
        remove_temp_files(gamedir.path)
        recover(gamedir)
        move_hashes_out(gamedir)
        yield Game(gamedir)


def submit(
    path: Path | str,
    text: str,
    *,
    source: str,
    received: datetime,
    sender: str | None = None,
    written: datetime | None = None,
) -> Receipt:
    """Store one submission (from mail, say). Raises `SubmissionRejected`; see `Game.submit`."""
    with open_game(path) as game:
        return game.submit(text, source=source, received=received, sender=sender, written=written)


def run(
    path: Path | str, now: datetime, *, force_defaults: bool = False, loaded: Game | None = None
) -> RunResult:
    """Collect the inbox, resolve until blocked, publish and commit. Idempotent.

    `loaded`: the game already opened by the caller (its lock held), so that every staged
    submission is not loaded twice (cron first takes the mail into it). NOTE (issue 9).
    """
    with open_game(path) if loaded is None else contextlib.nullcontext(loaded) as game:
        result = RunResult(warnings=game.warnings())
        result.receipts, result.rejected = game.intake.collect_inbox(now)
        game.intake.write_missing_receipts()
        resolution = game.resolve(now, force_defaults)
        result.steps = sum(1 for resolved in resolution.steps if resolved.told)
        if resolution:
            tx = Transaction(game.dir)
            result.reports = game.write_run(resolution, now, tx)
            tx.apply()
            result.commit = True
        result.waiting = game.waiting_status()
        return result


def status(path: Path | str) -> tuple[Game, list[dict[str, Any]]]:
    """The loaded game and its open requests, each marked whether an answer is in.

    Read without the game's lock (issue 18): a `run` or `cron` at the same moment is neither
    refused nor skipped. Every file is replaced whole, so each one read is consistent; an
    interrupted run is finished by the next run, not here."""
    gamedir = GameDir(path)
    gamedir.require()
    game = Game(gamedir)
    return game, game.waiting_status()
