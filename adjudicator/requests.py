"""What flows between the engine and a ruleset: requests, instructions, answers, events.

A game advances through decisions. Each decision the rules ask of a player is a `Request`.
A player's submission is parsed into `Instruction`s; the engine keeps them as the player's
standing instructions and, whenever the ruleset opens a request, asks the ruleset whether one
of them answers it legally (`Ruleset.answer`). The chosen instruction becomes an `Answer`; when
nothing came before the deadline, `Ruleset.default` makes one and marks it NMR. `step` turns
answers into `Event`s, which the templates write out as prose.

All four are frozen and hold only plain data (str, int, bool, tuples, mappings of those), so
that they round-trip YAML and the same inputs always give the same bytes.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from adjudicator.text import Text, from_data, to_data


class AnswerSource(StrEnum):
    """Where an answer came from; the report prints it."""

    INSTRUCTION = "instruction"
    """A player's instruction, sent for this request or standing from an earlier submission."""
    DEFAULT = "default"
    """Nothing legal came before the deadline: the ruleset's default (NMR)."""
    AUTOMATIC = "automatic"
    """The rules left no choice."""


@dataclass(frozen=True)
class Request:
    """A decision the rules ask of one player."""

    id: str
    """Unique within the game and stable across runs, e.g. ``r3/orders/stark``."""
    player: str
    """Who must answer (a house, a nation); '' for a step the rules take alone (automatic)."""
    kind: str
    """The ruleset's name for the step, e.g. ``orders``, ``march``, ``card``."""
    context: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    """What the player needs to answer: the area, the battle, the legal options."""
    secret: bool = False
    """Answers stay unrevealed until every open secret request is answered."""
    summary: str | Text = ""
    """One line for status and reports, in the players' words ('place orders'): a
    `text.Text`, said in each reader's language (`summary_in`)."""
    wait: bool = True
    """False: never waited for. Answered at once from the player's standing instructions,
    else from the ruleset's default, with no deadline and no NMR (a game whose players
    answer its decisions in advance, e.g. with standing lines)."""

    def __str__(self) -> str:
        return f"{self.player}: {self.summary or self.kind}"


@dataclass(frozen=True)
class Instruction:
    """One understood line of a player's submission."""

    kind: str
    """The request kind it can answer (``orders``, ``march``, ``card`` ...)."""
    key: str
    """Narrows which request of that kind it answers ('' = any), e.g. an area id."""
    value: Any
    """The ruleset's parsed content; plain data."""
    line: int = 0
    """Line number in the submission (1-based) for messages; 0 when not from text."""
    text: str = ""
    """The line as the player wrote it."""
    understood: str | Text = ""
    """What the ruleset understood, in canonical words, for the receipt: a `text.Text` so
    that the receipt says it in the player's language."""
    submission: str = ""
    """The id of the submission it came from (set by the engine)."""
    warning: str | Text = ""
    """Why the line cannot be carried out as the board stands now (issue 17): the receipt
    says so, while the line stands and is checked again when its request opens."""

    def __str__(self) -> str:
        return str(self.understood or self.text)

    @property
    def echo(self) -> str | Text:
        """What a receipt echoes: what was understood, else the line as written."""
        return self.understood or self.text

    @property
    def ref(self) -> str:
        """'<submission>:<line>', unique within a game: how the engine marks it used."""
        return f"{self.submission}:{self.line}"

    def to_data(self) -> dict[str, Any]:

        return {
            "kind": self.kind,
            "key": self.key,
            "value": self.value,
            "line": self.line,
            "text": self.text,
            "understood": to_data(self.understood),
            **({"warning": to_data(self.warning)} if self.warning else {}),
        }


@dataclass(frozen=True)
class Answer:
    """The decision taken for one request."""

    request_id: str
    value: Any
    source: AnswerSource = AnswerSource.INSTRUCTION
    line: int = 0
    """The instruction's line (0 for defaults)."""
    submission: str = ""
    """The submission id the instruction came from ('' for defaults)."""


@dataclass(frozen=True)
class Event:
    """Something that happened, as data; the templates write the prose.

    ``public`` events go into the public report; otherwise only ``to`` sees it.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    public: bool = True
    to: str | None = None
    shape: str = ""
    """Which declared shape of its kind this is (`rulesets.audience`), when the kind has
    several: its template macro is then named ``<kind>_<shape>``."""


@dataclass(frozen=True)
class Choice:
    """The ruleset's verdict on a player's standing instructions for one open request."""

    instruction: Instruction | None
    """The instruction that answers the request, or None when none does (yet)."""
    value: Any = None
    """The answer's value, checked legal now."""
    skipped: tuple[tuple[Instruction, str | Text], ...] = ()
    """Instructions meant for this request that are illegal now, each with why; reported."""
    uses: tuple[Instruction, ...] = ()
    """Further instructions the answer takes in with `instruction` (marked used with it)."""


@dataclass(frozen=True)
class Submission:
    """One accepted order file or mail, as the engine stores it."""

    id: str
    """'0007-stark': a game-wide sequence number and the player."""
    player: str
    received: str
    """UTC time, ISO 8601."""
    source: str
    """Where it came from ('file:stark.txt', 'mail:<message-id>'); duplicates are refused."""
    sha256: str
    """Of the text; a second identical text from the same player is a duplicate."""
    epoch: str
    """The ruleset's epoch when it arrived; its standing instructions expire with it."""
    after_step: int
    """The engine's step counter when it arrived (replay feeds it in at that point)."""
    text: str
    """The text as received, with the password removed."""
    instructions: tuple[Instruction, ...]


def standing_instructions(
    submissions: list[Submission], player: str, used: set[str]
) -> list[Instruction]:
    """A player's live instructions: later submissions replace earlier ones group by group.

    A group is all instructions of one (kind, key): a new set of orders replaces the whole
    old set, a new list of marches the old list, a card for one battle the old card for it.
    Instructions already used to answer a request are gone.
    """
    groups: dict[tuple[str, str], list[Instruction]] = {}
    for submission in submissions:
        if submission.player != player:
            continue
        fresh: dict[tuple[str, str], list[Instruction]] = {}
        for instruction in submission.instructions:
            fresh.setdefault((instruction.kind, instruction.key), []).append(instruction)
        groups.update(fresh)
    return [i for group in groups.values() for i in group if i.ref not in used]


def refs_used_by(
    answer: Answer, submissions: list[Submission], whole: Collection[str] = ()
) -> set[str]:
    """The instructions an answer uses up: its own line and, when its kind is one of
    `whole` (a ruleset's ``whole_kinds``: a set of orders), every instruction of that kind
    in its submission (they answer as one block)."""
    for submission in submissions:
        if submission.id != answer.submission:
            continue
        chosen = next((i for i in submission.instructions if i.line == answer.line), None)
        kind = chosen.kind if chosen is not None and chosen.kind in whole else None
        return {i.ref for i in submission.instructions if i.line == answer.line or i.kind == kind}
    return set()


def summary_record(summary: str | Text) -> dict[str, Any]:
    """How a request's summary is kept in game.yaml: `summary` in English for the GM's eye,
    and `said`, the sentence as data, for saying it in each reader's language."""

    if isinstance(summary, Text):
        return {"summary": str(summary), "said": summary.to_data()}
    return {"summary": summary}


def summary_in(record: dict[str, Any], lang: str, game: str | None) -> str:
    """A waiting request's summary (a `summary_record`) in `lang`."""

    said = record.get("said")
    return from_data(said).say(lang, game) if said else str(record.get("summary", ""))
