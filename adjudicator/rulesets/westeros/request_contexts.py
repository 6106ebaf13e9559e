"""What each kind of open request carries for the house to answer: `OpenRequest.context`.

One small frozen record per family of kinds that share a shape (every ability of a house
card asks the same things, a retreat and Robb Stark's retreat too), so a chapter reads
`req.context.side` with its type known, and the registry `CONTEXTS` says which record a
kind carries. In the saved state a context is the plain dict the game file has always held
(`to_data`/`from_data`, called by `OpenRequest`), keys in the order of the fields; a field
that defaults to None is a key only some requests of the kind have, left out while None.
The engine's `Request` gets the same dict (`OpenRequest.as_request`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, Self, TypeVar

from adjudicator.requests import Request

if TYPE_CHECKING:
    from adjudicator.rulesets.westeros.open_request import OpenRequest

C = TypeVar("C", bound="Context")


@dataclass(frozen=True)
class Context:
    """The plain-data side shared by every request's context."""

    def to_data(self) -> dict[str, Any]:
        """As the saved state holds it (the values themselves: `State.to_data` copies)."""
        data = {}
        for name, always in _layout(type(self)):
            value = getattr(self, name)
            if always or value is not None:
                data[name] = value
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Self:
        """The context of a saved state, in any key order; a key no kind reads any more
        (from an older program) is passed over, as nothing would read it."""
        names = {name for name, _ in _layout(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})

    @classmethod
    def of(cls, req: OpenRequest) -> Self:
        """`req.context` (of an `OpenRequest`) as this record; a TypeError when the request's
        kind carries another (a kind sent to the wrong chapter)."""
        context = req.context
        if not isinstance(context, cls):
            carried = type(context).__name__
            raise TypeError(f"a {req.kind} request carries {carried}, not {cls.__name__}")
        return context


@functools.cache
def _layout(record: type[Context]) -> tuple[tuple[str, bool], ...]:
    """The record's fields in order, each with whether it is always a key (not one only
    some requests have): worked out once per record, as every step asks for the dicts."""
    return tuple((f.name, f.default is MISSING) for f in fields(record))


CONTEXTS: dict[str, type[Context]] = {}
"""Request kind -> the record its context is."""


def context_of(request: Request, record: type[C]) -> C:
    """The context of the engine's `Request` (as `OpenRequest.as_request` gave it: the
    kind's record as a dict, plus the keys) as `record`, for the bots and the lines that
    answer a request, which see it as the engine does; a TypeError for another kind's."""
    context = CONTEXTS[request.kind].from_data(request.context)
    if not isinstance(context, record):
        raise TypeError(f"a {request.kind} request carries no {record.__name__}")
    return context


def carried_by(*kinds: str) -> Callable[[type[C]], type[C]]:
    """Register the record as the context of `kinds`."""

    def register(record: type[C]) -> type[C]:
        for kind in kinds:
            CONTEXTS[kind] = record
        return record

    return register


# -- the action phase's turns ---------------------------------------------------------------
@carried_by("raid", "march")
@dataclass(frozen=True)
class OrderTurn(Context):
    """Resolve one raid (or march) order of yours, in turn order (Action phase)."""

    options: dict[str, Any]
    """Each of the house's unresolved orders of the kind: area -> what it may do there
    (a raid's targets; a march's units and destinations)."""


# -- a battle's choices (rules/choices.ask) ------------------------------------------------
@dataclass(frozen=True)
class BattleChoice(Context):
    """One option among those the rules allow now, in the battle under way (Combat)."""

    battle: int
    """The battle's number in this action phase (`Battle.n`)."""
    area: str
    """Where the battle is fought."""
    choices: list[Any]
    """The legal options (cards, areas, units, tracks, 'use' ...)."""
    optional: bool
    """Whether the house may decline (an ability it may use or not)."""


@carried_by("blade", "replace")
@dataclass(frozen=True)
class SideChoice(BattleChoice):
    """A choice made for one side: the Valyrian Steel Blade's holder's, or a new house card
    after Tyrion cancelled one."""

    side: str
    """The side ('attacker', 'defender') the choice is made for."""


@carried_by("card")
@dataclass(frozen=True)
class CardChoice(SideChoice):
    """Choose a house card (combat_sequence: both sides choose in secret)."""

    opponent: str
    """The house on the other side ('neutral' for a neutral force), for the summary."""


@carried_by("tyrion", "aeron", "mace", "queen", "doran", "renly", "cersei", "patchface")
@dataclass(frozen=True)
class AbilityChoice(SideChoice):
    """A house card's ability that asks its owner (or, for Tyrion, its rival)."""

    card: str
    """The card whose ability acts."""
    did: str
    """The step marked done in `Battle.did` once answered ('now:attacker:mace-tyrell')."""


@carried_by("casualties")
@dataclass(frozen=True)
class CasualtiesChoice(BattleChoice):
    """The units the beaten side loses (combat_sequence: casualties; a Tides skull)."""

    count: int
    """How many units it loses."""
    side: str
    """The side losing them."""
    reason: str | None = None
    """'skull' for a Tides of Battle skull; absent for the sword icons' casualties."""
    did: str | None = None
    """The step marked done once answered (a skull's); absent otherwise."""


@carried_by("retreat", "robb")
@dataclass(frozen=True)
class RetreatChoice(BattleChoice):
    """The retreat area, chosen by the loser, or by Robb Stark's owner (Retreats)."""

    losses: dict[str, int]
    """Area -> how many units retreating there would lose (the areas losing fewest)."""
    loser: str
    """The retreating house."""


@carried_by("retreat-losses")
@dataclass(frozen=True)
class RetreatLossesChoice(BattleChoice):
    """The units a retreat loses to supply (Retreats: units over supply are destroyed)."""

    pick: int
    """How many are lost."""
    to: str
    """The area retreated to."""
    default: list[str]
    """The units lost if the house says nothing (the weakest first)."""


# -- the Westeros phase's choices --------------------------------------------------------------
@carried_by("throne_of_blades", "dark_wings", "put_to_the_sword")
@dataclass(frozen=True)
class WesterosCardChoice(Context):
    """A Westeros card whose effect a dominance token's holder picks."""

    card: str
    """The Westeros card drawn."""
    track: str
    """The track whose holder chooses."""
    choices: list[str]
    """The effects the card offers ('nothing' among them)."""
    optional: bool
    """Always False: 'nothing' is one of the choices."""


Choice = BattleChoice | WesterosCardChoice
"""The contexts `rules/choices` answers: one of `choices`, or none when `optional`."""


def choice_of(req: OpenRequest) -> Choice:
    """`req.context` as a `Choice`; a TypeError for another kind's context."""
    context = req.context
    if not isinstance(context, BattleChoice | WesterosCardChoice):
        raise TypeError(f"a {req.kind} request carries no choice: {context!r}")
    return context


# -- the action phase's other requests ----------------------------------------------------------
@carried_by("support")
@dataclass(frozen=True)
class SupportCall(Context):
    """Declare (or refuse) support for a battle next to a support order (Call for Support)."""

    battle: int
    """The battle's number in this action phase."""
    area: str
    """Where the battle is fought."""
    support_area: str
    """The house's support order this declaration is for."""
    sides: dict[str, str]
    """Side -> the house fighting on it ('neutral' for a neutral force)."""


# -- mustering ----------------------------------------------------------------------------------
@carried_by("consolidate")
@dataclass(frozen=True)
class ConsolidateChoice(Context):
    """A starred Consolidate Power order in a castle: gain power or muster (P7)."""

    area: str
    """The order's area."""
    power: int
    """The Power tokens it would gain."""
    points: int
    """The mustering points of the area."""


@carried_by("muster")
@dataclass(frozen=True)
class MusterChoice(Context):
    """What to recruit at one castle (Westeros card Mustering)."""

    area: str
    """The castle or stronghold."""
    points: int
    """Its mustering points."""
    choices: list[Any]
    """The legal musters there, each a list of items."""
    optional: bool
    """Always True: a house may muster nothing."""


@carried_by("port")
@dataclass(frozen=True)
class PortChoice(Context):
    """How many enemy ships in a captured port to replace with one's own (P9)."""

    port: str
    """The port."""
    land: str
    """The land area it belongs to, now the house's."""
    enemy_ships: int
    """The enemy ships in the port."""
    choices: list[int]
    """The numbers it may replace."""
    optional: bool
    """Always False."""


# -- the Westeros phase's requests ----------------------------------------------------------------
@carried_by("bid")
@dataclass(frozen=True)
class BidChoice(Context):
    """A secret bid of Power tokens for an influence track (Clash of Kings)."""

    track: str
    """The track bid for."""
    most: int
    """The Power tokens the house holds: the highest bid."""
    choices: list[int]
    """Every legal bid, 0 to `most`."""


@carried_by("tie")
@dataclass(frozen=True)
class TieChoice(Context):
    """The Iron Throne's holder orders tied bidders (Clash of Kings: ties)."""

    track: str
    """The track bid for."""
    bids: dict[str, int]
    """House -> its bid."""
    tied: list[list[str]]
    """The groups of houses with equal bids."""
    default: list[str]
    """The new track if the holder says nothing (previous relative order)."""


@carried_by("reduce")
@dataclass(frozen=True)
class ReduceChoice(Context):
    """A house over its supply limits chooses the units it destroys (Supply)."""

    armies: dict[str, int]
    """Area -> the house's units there, for each army (2 units or more)."""
    limits: list[int]
    """The army sizes its supply allows, largest first."""
    choices: list[list[str]]
    """Every unit in an army, as [unit, area]."""
    default: list[list[str]]
    """The units destroyed if the house says nothing."""


# -- a wildling attack's requests ------------------------------------------------------------------
@carried_by("wildling-bid")
@dataclass(frozen=True)
class WildlingBid(Context):
    """A secret bid of Power tokens against the wildlings (Wildlings Attack)."""

    choices: list[int]
    """Every legal bid, 0 to `power`."""
    strength: int
    """The wildlings' strength."""
    power: int
    """The Power tokens the house holds: the highest bid."""


@carried_by("wildling-tie")
@dataclass(frozen=True)
class WildlingTie(Context):
    """The Iron Throne's holder picks the highest (or lowest) bidder among tied houses."""

    choices: list[str]
    """The tied houses, in Iron Throne order."""
    which: str
    """'highest' (a victory) or 'lowest' (a defeat)."""
    bid: int
    """The tied bid."""


@carried_by("wildling-card")
@dataclass(frozen=True)
class WildlingCardChoice(Context):
    """A decision a wildling card asks of a bidder (rules/wildling_choices: one per step)."""

    card: str
    """The wildling card."""
    role: str
    """Who the step is for: 'highest', 'lowest', 'others' (the card's text)."""
    what: str
    """What is chosen: destroy | swap | upgrade (units), penalty, track, discard, take,
    muster."""
    choices: list[Any]
    """The legal options; for units, one [unit, area] entry each."""
    pick: int
    """How many to choose (units)."""
    optional: bool
    """Whether the house may decline (a reward it may leave)."""
    units: list[list[str]] | None = None
    """A penalty: the units that may be destroyed instead of losing influence."""
    destroy: int | None = None
    """A penalty: how many units that is."""
    same_area: bool | None = None
    """True when the units chosen must stand in one area."""
