"""The table: a game in progress, and the one loop that resolves it.

Everything that plays a game goes through here: the engine's runs (`engine.Game`, which
adds files, a lock, the GM secret's dice and git around it), replay, the bots and the
benchmarks, and the rule tests' harnesses. A `Table` is the ruleset, its state and the
`Ledger` (the step counter, the submissions with their standing instructions, what is used
and answered, what is awaited); `submit` adds a parsed submission and `advance` resolves
steps until a request has no answer, returning a `Resolution`: per step, the answers taken,
the engine's notes and the ruleset's events. Pure: no files, no clock (the caller passes
`now`), no randomness but the `dice` it is given.

What differs between callers is only when to stop waiting, said by a `Policy`: the engine
waits for deadlines, the bots send their orders when asked, a rule test gives defaults on
request.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from adjudicator import notes as noted
from adjudicator.clock import utc
from adjudicator.dice import Dice
from adjudicator.requests import (
    Answer,
    AnswerSource,
    Event,
    Instruction,
    Request,
    Submission,
    refs_used_by,
    standing_instructions,
    summary_record,
)

MAX_STEPS_PER_RUN = 10_000
"""A whole game is a few hundred steps; more in one run means a ruleset that never stops."""

DiceOf = Callable[[str, int], Dice]
"""(purpose, step) -> the dice of that step: '' for the step's own rolls, '/defaults' for
the defaults (their own stream, so that a default never shares numbers with the step)."""


@dataclass
class Ledger:
    """What the engine keeps of a game beside the ruleset's state (`.adjudicator/state.yaml`)."""

    step: int = 1
    """The step counter: the next step to resolve; it seeds that step's dice."""
    submissions: list[Submission] = field(default_factory=list)
    """The staged submissions, oldest first: their instructions stand until used or expired."""
    used: set[str] = field(default_factory=set)
    """Instruction refs spent: used as an answer, replaced, or expired with their epoch."""
    answered: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Instruction ref -> the answer it gave (request kind, value): what the game revealed
    of a submission (the public archive's record)."""
    awaited: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Request id -> the open request as game.yaml shows it (player, kind, summary, opened,
    deadline): only requests a player is waited for."""
    next_submission: int = 1
    """The number of the next submission: ids stay unique after spent ones are archived."""

    def forget(self, submission: Submission) -> None:
        """A spent submission (archived, or expired in memory) is no longer consulted."""
        self.submissions.remove(submission)
        refs = {i.ref for i in submission.instructions}
        self.used -= refs
        for ref in refs:
            self.answered.pop(ref, None)

    def standing(self, player: str) -> list[Instruction]:
        """`player`'s live instructions (`requests.standing_instructions`)."""
        return standing_instructions(self.submissions, player, self.used)

    def deadline_of(self, player: str) -> str | None:
        """`player`'s nearest open deadline, if any."""
        deadlines = [r["deadline"] for r in self.awaited.values() if r["player"] == player]
        return min(deadlines) if deadlines else None


@dataclass
class Table:
    """A game in progress: its ruleset, its state, the ledger and the dice."""

    ruleset: Any
    """The game's `rulesets.Ruleset`."""
    state: Any
    """The ruleset's state; only `advance` (through `Ruleset.step`) changes it."""
    ledger: Ledger
    dice: DiceOf
    keep_spent: bool = True
    """False: submissions of an ended epoch are dropped at once (a game played in memory);
    True: they stay, marked used, until the engine archives them."""
    reported: bool = True
    """False: no report or archive is written from this table (a game played in memory, a
    rule case), so the loop leaves out what only they read: the notes to the players and
    the record of what each instruction answered (`Ledger.answered`)."""


@dataclass(frozen=True)
class Collected:
    """The standing instructions' verdict on the open requests (`collect`)."""

    answers: dict[str, Answer]
    """Request id -> its answer: automatic, from an instruction, or a no-wait default."""
    missing: list[Request]
    """Requests waited for that no instruction answers yet."""
    notes: list[Event]
    """Private notes to the players: instructions used, and those skipped with why."""
    taken: tuple[str, ...] = ()
    """Refs of the further instructions answers take in (`Choice.uses`)."""


@dataclass(frozen=True)
class Resolved:
    """One step resolved: what answered it and what happened."""

    step: int
    answers: dict[str, Answer]
    notes: tuple[Event, ...]
    """The engine's notes (instructions used or skipped, NMR), before the step's events."""
    events: tuple[Event, ...]
    """What `Ruleset.step` returned."""

    @property
    def told(self) -> list[Event]:
        """The notes, then the events: the order in which the reports tell them."""
        return [*self.notes, *self.events]


@dataclass
class Resolution:
    """What one `advance` resolved: the typed record that reports are written from."""

    view_before: dict[str, Any]
    """The public view when `advance` began: reports say where their story starts (empty
    when nothing is reported from the table)."""
    steps: list[Resolved] = field(default_factory=list)
    waiting: list[Request] = field(default_factory=list)
    """The requests left unanswered when it stopped (none: the game asks nothing more, or
    the policy stopped it)."""

    def __bool__(self) -> bool:
        return bool(self.steps)

    @property
    def first_step(self) -> int:
        return self.steps[0].step

    @property
    def last_step(self) -> int:
        return self.steps[-1].step

    def events(self) -> list[Event]:
        """Every note and event of every step, in order."""
        return [e for resolved in self.steps for e in resolved.told]

    def pairs(self) -> list[tuple[int, list[Event]]]:
        """(step, notes and events) per step: the shape `engine.Game.advance` returns."""
        return [(r.step, r.told) for r in self.steps]


class Verdict(Enum):
    """What to do about requests no instruction answers."""

    WAIT = "wait"
    """Stop: the run ends here and reports who must answer."""
    DEFAULTS = "defaults"
    """The ruleset's defaults answer them now (NMR)."""
    AGAIN = "again"
    """Submissions came meanwhile (bots): look at the standing instructions once more."""


class Policy:
    """When to stop waiting. The base waits for every answer and never stops early."""

    def opened(self, table: Table, requests: list[Request]) -> None:
        """The ruleset's open requests before each step (the engine gives them deadlines)."""

    def stop(self, table: Table) -> bool:
        """Whether to stop before the next step although it could be resolved."""
        return False

    def missing(self, table: Table, missing: list[Request], attempt: int) -> Verdict:
        """What to do about `missing` at the `attempt`-th look (0 first) in one step."""
        return Verdict.WAIT

    def ready(self, table: Table, answers: dict[str, Answer]) -> bool:
        """Whether a step whose every request is answered may be resolved now."""
        return True

    def resolved(self, table: Table, resolved: Resolved) -> None:
        """After each step (the bots' and the tests' checks)."""


class Runaway(Exception):
    """`advance` resolved `MAX_STEPS_PER_RUN` steps without stopping: a bug in the ruleset."""


# -- submitting -------------------------------------------------------------------------------
def new_submission(
    table: Table,
    player: str,
    instructions: Sequence[Instruction],
    *,
    received: str = "",
    source: str = "",
    sha256: str = "",
    text: str = "",
) -> Submission:
    """A parsed submission as the table would keep it (not kept yet: `keep` does that).

    The submission gets the next id ('0007-stark'), the ruleset's epoch (its instructions
    expire with it) and the step it arrived before (replay feeds it in there)."""
    sub_id = f"{table.ledger.next_submission:04d}-{player}"
    return Submission(
        sub_id,
        player,
        received,
        source or sub_id,
        sha256,
        table.ruleset.epoch(table.state),
        table.ledger.step,
        text,
        tuple(replace(i, submission=sub_id) for i in instructions),
    )


def keep(ledger: Ledger, submission: Submission) -> None:
    """Keep `submission` as its player's newest: its instructions stand from now on."""
    ledger.submissions.append(submission)
    ledger.next_submission = max(ledger.next_submission, int(submission.id.split("-")[0]) + 1)


def submit(table: Table, player: str, text: str, **stored: str) -> Submission:
    """Parse `text` for `player` and keep it. Raises `OrderErrors` (nothing is kept)."""
    instructions = table.ruleset.parse(table.state, player, text)
    submission = new_submission(table, player, instructions, text=text, **stored)
    keep(table.ledger, submission)
    return submission


# -- the loop ---------------------------------------------------------------------------------
def await_requests(
    ledger: Ledger, requests: list[Request], now: datetime, hours: float
) -> dict[str, dict[str, Any]]:
    """Keep the open requests a player is waited for; a newly opened one is due `hours`
    after `now`. Returns (and keeps in the ledger) the awaited records."""
    current = {}
    for request in requests:
        if not request.player or not request.wait:
            continue  # automatic or answered at once: nobody is waited for
        current[request.id] = ledger.awaited.get(request.id) or {
            "player": request.player,
            "kind": request.kind,
            **summary_record(request.summary),
            "opened": utc(now),
            "deadline": utc(now + timedelta(hours=hours)),
        }
    ledger.awaited = current
    return current


def collect(table: Table, requests: list[Request]) -> Collected:
    """Answer each open request from its player's standing instructions, if one does.

    A request nobody is waited for (`Request.wait` false) without an instruction takes its
    default at once, with no NMR. Nothing is marked used yet (`settle` does)."""
    ruleset, state, ledger = table.ruleset, table.state, table.ledger
    answers: dict[str, Answer] = {}
    notes: list[Event] = []
    missing: list[Request] = []
    taken: list[str] = []
    for request in requests:
        if not request.player:
            answers[request.id] = Answer(request.id, None, AnswerSource.AUTOMATIC)
            continue
        choice = ruleset.answer(state, request, ledger.standing(request.player))
        if table.reported:
            notes.extend(noted.skipped(request.player, i, why) for i, why in choice.skipped)
        if choice.instruction is None and not request.wait:
            value = ruleset.default(state, request, table.dice("/defaults", ledger.step))
            answers[request.id] = Answer(request.id, value, AnswerSource.DEFAULT)
        elif choice.instruction is None:
            missing.append(request)
        else:
            taken.extend(i.ref for i in choice.uses)
            chosen = choice.instruction
            answers[request.id] = Answer(
                request.id,
                choice.value,
                AnswerSource.INSTRUCTION,
                chosen.line,
                chosen.submission,
            )
            if table.reported:
                notes.append(noted.used(request.player, chosen))
    return Collected(answers, missing, notes, tuple(taken))


def settle(table: Table, requests: list[Request], collected: Collected) -> Collected:
    """Give the missing requests their defaults (NMR) and mark every instruction used.

    Returns the answers of the whole step, with an 'nmr' note per default."""
    ledger = table.ledger
    answers = dict(collected.answers)
    notes = list(collected.notes)
    dice = table.dice("/defaults", ledger.step) if collected.missing else None
    for request in collected.missing:
        value = table.ruleset.default(table.state, request, dice)
        answers[request.id] = Answer(request.id, value, AnswerSource.DEFAULT)
        if table.reported:
            notes.append(noted.nmr(request))
    kinds = {r.id: r.kind for r in requests}
    whole = getattr(table.ruleset, "whole_kinds", ())
    for answer in answers.values():
        if answer.source is AnswerSource.INSTRUCTION:
            ledger.used.update(refs_used_by(answer, ledger.submissions, whole))
            if table.reported:
                ledger.answered[f"{answer.submission}:{answer.line}"] = {
                    "kind": kinds[answer.request_id],
                    "value": plain(answer.value),
                }
    ledger.used.update(collected.taken)
    return Collected(answers, [], notes)


def resolve(table: Table, answers: dict[str, Answer], notes: Sequence[Event] = ()) -> Resolved:
    """Step the ruleset with `answers`; an epoch that ended takes its instructions along."""
    ruleset, ledger = table.ruleset, table.ledger
    epoch = ruleset.epoch(table.state)
    step = ledger.step
    events = ruleset.step(table.state, answers, table.dice("", step))
    ledger.step += 1
    if ruleset.epoch(table.state) != epoch:
        expire(table, epoch)
    return Resolved(step, answers, tuple(notes), tuple(events))


def expire(table: Table, epoch: str) -> None:
    """The epoch ended: its submissions' standing instructions are spent."""
    ledger = table.ledger
    ended = [s for s in ledger.submissions if s.epoch == epoch]
    if table.keep_spent:
        for submission in ended:
            ledger.used.update(i.ref for i in submission.instructions)
    else:
        for submission in ended:
            ledger.forget(submission)


def advance(
    table: Table,
    policy: Policy | None = None,
    *,
    max_steps: int = MAX_STEPS_PER_RUN,
    record: bool = True,
) -> Resolution:
    """Resolve steps until a request has no answer the policy will wait for.

    Returns the `Resolution` (without its steps unless `record`: a whole game played in
    memory reads them in `Policy.resolved`). Raises `Runaway` after `max_steps` steps
    without stopping."""
    policy = policy or Policy()
    reported = record and table.reported  # only reports read where the story began
    resolution = Resolution(table.ruleset.view(table.state, None) if reported else {})
    for _ in range(max_steps):
        requests = table.ruleset.requests(table.state)
        policy.opened(table, requests)
        if not requests or policy.stop(table):
            return resolution
        settled = _settled(table, policy, requests)
        if isinstance(settled, list):
            resolution.waiting = settled
            return resolution
        resolved = resolve(table, settled.answers, settled.notes)
        if record:
            resolution.steps.append(resolved)
        policy.resolved(table, resolved)
    raise Runaway(max_steps)


def _settled(table: Table, policy: Policy, requests: list[Request]) -> Collected | list[Request]:
    """The step's answers, settled; or the requests it waits for."""
    collected = collect(table, requests)
    attempt = 0
    while collected.missing:
        verdict = policy.missing(table, collected.missing, attempt)
        if verdict is Verdict.WAIT:
            return collected.missing
        if verdict is Verdict.DEFAULTS:
            break
        collected = collect(table, requests)
        attempt += 1
    else:
        if not policy.ready(table, collected.answers):
            return [r for r in requests if r.player and r.wait]
    return settle(table, requests, collected)


def plain(value: Any) -> Any:
    """`value` as YAML-safe plain data (tuples become lists), for the state and archive."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value
