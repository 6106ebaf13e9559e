"""What baltic tells its reports: every event kind, each field with who may see it.

13.6: a block's identity is its side's secret unless a battle or a public box shows it. So
the fields naming blocks (``block``, ``blocks``, ``fleet``, ``fleets``) are declared for the
owner, except in the kinds that happen in the open (battles, sieges, the Year Track, the
Reform and set-aside boxes). `ruleset.to_events` builds the public copy of each event from
the public fields only and gives the whole event to its owner; a field not declared public
never reaches the public report."""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.audience import Declared, declare, owner, public


@declare("action_roll")
class ActionRoll:
    """A side's action die (3.3): its AP, or an event on a 6."""

    ap: int = public()
    die: int = public()
    event_roll: int | None = public()
    side: str = public()


@declare("activated")
class Activated:
    """A nation enters the war on a side (10.1)."""

    nation: str = public()
    side: str = public()


@declare("activation_roll")
class ActivationRoll:
    """A roll for a neutral nation's activation, with why it was rolled (10.1)."""

    activated: bool = public()
    die: int = public()
    nation: str = public()
    side: str = public()
    why: str = public()


@declare("arrivals")
class Arrivals:
    """Blocks from the Year Track to a nation's pool (4.3): public, as the track is."""

    blocks: list[Any] = public()
    nation: str = public()


@declare("battle")
class Battle:
    """A battle starts (6.1): the blocks in it are revealed to both sides (13.6)."""

    at: str = public()
    attacker: str = public()
    battle: str = public()
    blocks: dict[str, Any] = public()


@declare("battle_end")
class BattleEnd:
    """A battle is over, with its winner (6.6)."""

    at: str = public()
    winner: str = public()


@declare("build")
class Build:
    """A nation builds new blocks (5.3); which blocks is the builder's secret."""

    at: list[Any] = public()
    builds: list[Any] = owner()
    count: int = public()
    nation: str = public()
    rp: int = public()
    side: str = public()


@declare("build_none")
class BuildNone:
    """A nation's build that places nothing, with why."""

    nation: str = public()
    side: str = public()
    why: dict[str, Any] = public()


@declare("capture")
class Capture:
    """A territory changes hands (7.1)."""

    at: str = public()
    from_: str = public(name="from")
    nation: str = public()
    side: str = public()


@declare("cargo_landed")
class CargoLanded:
    """Blocks aboard fleets land (9.2); which blocks is their side's secret."""

    blocks: list[Any] = owner()
    count: int = public()
    side: str = public()
    to: str = public()


@declare("cession")
class Cession:
    """A territory is ceded (10.3)."""

    territory: str = public()
    to: str = public()


@declare("control_changed")
class ControlChanged:
    """Control markers that change with a nation's activation or truce."""

    markers: dict[str, Any] = public()
    nation: str = public()


@declare("converted")
class Converted:
    """A territory becomes a harbor (11.2)."""

    territory: str = public()


@declare("cube_removed")
class CubeRemoved:
    """A truced nation's cube leaves the Year Track: it may roll again (10.2i)."""

    nation: str = public()


@declare("damage_cleared")
class DamageCleared:
    """Siege damage cleared (8.4)."""

    at: str = public()


@declare("damage_relieved")
class DamageRelieved:
    """A besieged port relieved by sea repairs a damage (8.4)."""

    at: str = public()


@declare("default")
class Default:
    """A decision taken by default for a side (section 14): for that side only."""

    decision: str = public()
    nation: str = public(optional=True)
    side: str = public()
    at: str = public(optional=True)
    block: str = owner(optional=True)
    to: str = public(optional=True)
    choice: str = public(optional=True)


@declare("destroyed")
class Destroyed:
    """A block is destroyed; who it was stays secret unless a battle showed it (13.6)."""

    at: str = public()
    block: str = owner()
    cause: str = public()
    nation: str = public()
    type: str = public()


@declare("dice")
class Dice:
    """The public dice of a step, in the order rolled (13.7)."""

    rolls: list[Any] = public()


@declare("disembark")
class Disembark:
    """Blocks leave their fleets (9.2); which blocks is their side's secret."""

    blocks: list[Any] = owner()
    count: int = public()
    from_: str = public(name="from")
    side: str = public()
    to: str = public()


@declare("displaced")
class Displaced:
    """A block displaced by a truce (10.2b3); which block is its side's secret."""

    block: str = owner()
    from_: str = public(name="from")
    side: str = public()
    to: str = public()


@declare("draws")
class Draws:
    """A side's own draws (13.7): for its eyes only."""

    rolls: list[Any] = owner()


@declare("embark")
class Embark:
    """Blocks board fleets (9.2); which blocks and fleets is their side's secret."""

    blocks: list[Any] = owner()
    count: int = public()
    fleets: list[Any] = owner()
    from_: str = public(name="from")
    side: str = public()
    to: str = public()


@declare("event")
class Event:
    """An Event Table result (C.1)."""

    event: str = public()
    roll: int = public()
    side: str = public()


@declare("event_loss")
class EventLoss:
    """A block loses a step to an event (C.1); which block is its side's secret."""

    at: str = public()
    block: str = owner()
    cause: str = public()
    side: str = public()


@declare("fire")
class Fire:
    """A block fires in battle (6.3): battles show their blocks."""

    block: str = public()
    dice: list[Any] = public()
    hits: int = public()
    round: int = public()
    side: str = public()


@declare("first_player")
class FirstPlayer:
    """Who plays first this season, by AP (3.3)."""

    ap: dict[str, Any] = public()
    side: str = public()


@declare("fleet_relocated")
class FleetRelocated:
    """Fleets move from a harbor (9.3); which fleets is their side's secret."""

    blocks: list[Any] = owner()
    count: int = public()
    from_: str = public(name="from")
    side: str = public()
    to: str = public()


@declare("fleet_retreat")
class FleetRetreat:
    """A fleet retreats to a harbor (9.3b)."""

    blocks: list[Any] = public()
    from_: str = public(name="from")
    side: str = public()
    to: str = public()


@declare("fleet_set_aside")
class FleetSetAside:
    """A fleet with no friendly harbor is set aside (9.3b): public, as the box is."""

    side: str = public()
    from_: str = public(name="from")
    blocks: list[Any] = public()


@declare("fleets_expelled")
class FleetsExpelled:
    """Fleets leave a captured harbor (9.3); which fleets is their side's secret."""

    blocks: list[Any] = owner()
    count: int = public()
    side: str = public()
    territory: str = public()
    to: str = public()


@declare("fleets_withdrawn")
class FleetsWithdrawn:
    """Fleets withdraw from a harbor (9.3); which fleets is their side's secret."""

    blocks: list[Any] = owner()
    count: int = public()
    side: str = public()
    territory: str = public()
    to: str = public()


@declare("forage_losses")
class ForageLosses:
    """Steps lost to forage (12.2); which blocks is their side's secret."""

    at: str = public()
    blocks: list[Any] = owner()
    side: str = public()
    steps: int = public()


@declare("game_end")
class GameEnd:
    """The game is over: the winner, why, and the victory points."""

    reason: str = public()
    vp: dict[str, Any] = public()
    winner: str = public()


@declare("harbor_fleets")
class HarborFleets:
    """Only fleets in a harbor: no battle (9.3)."""

    count: int = public()
    side: str = public()
    territory: str = public()


@declare("hit")
class Hit:
    """A block hit in battle (6.4)."""

    block: str = public()
    side: str = public()
    strength: int = public()


@declare("intrigue")
class Intrigue:
    """Court intrigue: a nation loses RP (C.1)."""

    nation: str = public()


@declare("markers_removed")
class MarkersRemoved:
    """Garrison markers removed with a truce (10.2b2)."""

    nation: str = public()
    territories: list[Any] = public()


@declare("move")
class Move:
    """A land move (5.1); which blocks is the mover's secret."""

    blocks: list[Any] = owner()
    count: int = public()
    path: list[Any] = public()
    side: str = public()


@declare("muster")
class Muster:
    """A nation musters on activation (10.1); which blocks is its side's secret."""

    at: list[Any] = public()
    blocks: list[Any] = owner()
    count: int = public()
    nation: str = public()
    side: str = public()
    skipped: list[Any] = owner()


@declare("nyen_fleets")
class NyenFleets:
    """The Russian fleets go on the Year Track with Nyen (11.2g)."""

    year: int = public()
    blocks: list[Any] = public()


@declare("nyen_fleets_out")
class NyenFleetsOut:
    """Russia lost Nyen: its fleets go back out of play (11.2m)."""

    blocks: list[Any] = public()


@declare("objectives")
class Objectives:
    """The Coalition's objectives at the end of the game (12.1c)."""

    held: int = public()
    need: int = public()


@declare("passed")
class Passed:
    """A side passes (5.0)."""

    side: str = public()


@declare("phase")
class Phase:
    """A phase starts: its heading in the report."""

    ap: int = public(optional=True)
    nmr: bool = public(optional=True)
    phase: str = public()
    side: str = public(optional=True)
    year: int = public(optional=True)
    season: str = public(optional=True)


@declare("politics")
class Politics:
    """A politics action (5.5): the die and the RP it gives."""

    die: int = public()
    nation: str = public()
    rp: int = public()
    side: str = public()


@declare("recon")
class Recon:
    """A recon action (3.5): where, for everyone."""

    at: str = public()
    side: str = public()


@declare("recon_result")
class ReconResult:
    """What a recon saw (3.5): for the side that made it."""

    at: str = public()
    blocks: list[Any] = owner()
    side: str = public()


@declare("reform")
class Reform:
    """The Russian reform (11.1): public, as the Reform box is."""

    block: str = public()
    removed: str = public()
    year: int = public()


@declare("reform_skipped")
class ReformSkipped:
    """A Russian reform that is not possible now (11.1)."""

    block: str = public()
    year: int = public()


@declare("regroup")
class Regroup:
    """A victor's block regroups after battle (6.6)."""

    block: str = public()
    from_: str = public(name="from")
    side: str = public()
    to: str = public()


@declare("retreat")
class Retreat:
    """A block retreats from battle (6.5); a fleet that takes it aboard stays its side's secret."""

    block: str = public()
    from_: str = public(name="from")
    round: int = public()
    side: str = public()
    to: str = public()
    fleet: str = owner(optional=True)
    zone: str = public(optional=True)


@declare("rp_allotted")
class RpAllotted:
    """The RP available to each nation this year (4.2)."""

    rp: dict[str, Any] = public()


@declare("rp_at_once")
class RpAtOnce:
    """RP a nation receives at once (10.1)."""

    nation: str = public()
    rp: int = public()


@declare("sail")
class Sail:
    """Fleets sail (9.1); which fleets is their side's secret."""

    blocks: list[Any] = owner()
    cargo: int = public()
    count: int = public()
    path: list[Any] = public()
    side: str = public()


@declare("sea_retreat")
class SeaRetreat:
    """Blocks retreat to sea aboard a fleet (9.3c); the fleet stays its side's secret."""

    blocks: list[Any] = public()
    fleet: str = owner()
    from_: str = public(name="from")
    side: str = public()
    to: str = public()


@declare("separate_peace")
class SeparatePeace:
    """Separate peace: a nation is truced at the end of the phase (C.1)."""

    nation: str = public()


@declare("set_aside_returned")
class SetAsideReturned:
    """Set-aside fleets return to the pool (9.3b)."""

    blocks: list[Any] = public()
    side: str = public()


@declare("siege_declared")
class SiegeDeclared:
    """A siege round is declared (8.1)."""

    at: str = public()
    side: str = public()


@declare("siege_fire")
class SiegeFire:
    """A besieging block fires (8.2): sieges show their blocks."""

    block: str = public()
    damage: int = public()
    dice: list[Any] = public()


@declare("siege_round")
class SiegeRound:
    """A siege round (8.2): the besiegers and the garrison's dice."""

    at: str = public()
    blocks: list[Any] = public()
    garrison_dice: list[Any] = public()
    garrison_hits: int = public()
    side: str = public()


@declare("siege_void")
class SiegeVoid:
    """A siege round that is no longer legal (13.5)."""

    at: str = public()
    side: str = public()


@declare("skipped")
class Skipped:
    """A part of an action line that could not be carried out: for its side only."""

    side: str = public()
    why: list[Any] = public()


@declare("standing_skipped")
class StandingSkipped:
    """A standing line that could not be used, with why: for its side only. `text` is the
    line's echo as data (`text.to_data`), or as written for a key no echo knows."""

    side: str = public()
    text: dict[str, Any] | str = public()
    why: dict[str, Any] = public()


@declare("steps")
class Steps:
    """Steps added to blocks (5.3); which blocks is their side's secret."""

    blocks: list[Any] = owner()
    count: int = public()
    nation: str = public()
    rp: int = public()
    side: str = public()


@declare("to_pool")
class ToPool:
    """A truced nation's blocks go to the pool (10.2b1); which blocks stays secret."""

    blocks: list[Any] = owner()
    count: int = public()
    nation: str = public()


@declare("truce")
class Truce:
    """A nation is truced (10.2)."""

    cube_year: int = public()
    nation: str = public()
    side: str = public()


@declare("truce_offer")
class TruceOffer:
    """A truce offered to a nation, accepted or declined (10.2)."""

    accepted: bool = public()
    nation: str = public()
    side: str = public()


@declare("void")
class Void:
    """An action line that is void (13.5): its text and why stay the side's."""

    number: int = public()
    side: str = public()
    text: str = owner()
    why: dict[str, Any] = owner()


@declare("vp_count")
class VpCount:
    """The victory points of each side (12.1)."""

    vp: dict[str, Any] = public()


@declare("winter_loss")
class WinterLoss:
    """A block lost in winter (12.3); which block is its side's secret."""

    at: str = public()
    block: str = owner()
    cause: str = public()
    side: str = public()


EVENTS = Declared(
    ActionRoll,
    Activated,
    ActivationRoll,
    Arrivals,
    Battle,
    BattleEnd,
    Build,
    BuildNone,
    Capture,
    CargoLanded,
    Cession,
    ControlChanged,
    Converted,
    CubeRemoved,
    DamageCleared,
    DamageRelieved,
    Default,
    Destroyed,
    Dice,
    Disembark,
    Displaced,
    Draws,
    Embark,
    Event,
    EventLoss,
    Fire,
    FirstPlayer,
    FleetRelocated,
    FleetRetreat,
    FleetSetAside,
    FleetsExpelled,
    FleetsWithdrawn,
    ForageLosses,
    GameEnd,
    HarborFleets,
    Hit,
    Intrigue,
    MarkersRemoved,
    Move,
    Muster,
    NyenFleets,
    NyenFleetsOut,
    Objectives,
    Passed,
    Phase,
    Politics,
    Recon,
    ReconResult,
    Reform,
    ReformSkipped,
    Regroup,
    Retreat,
    RpAllotted,
    RpAtOnce,
    Sail,
    SeaRetreat,
    SeparatePeace,
    SetAsideReturned,
    SiegeDeclared,
    SiegeFire,
    SiegeRound,
    SiegeVoid,
    Skipped,
    StandingSkipped,
    Steps,
    ToPool,
    Truce,
    TruceOffer,
    Void,
    VpCount,
    WinterLoss,
)
"""Every event kind of the game, for `emit` and the tests."""
