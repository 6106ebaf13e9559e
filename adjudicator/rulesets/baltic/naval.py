"""Naval operations (section 9): sailing, sea transport, fleets in harbor, naval retreats.

The seed (9.2-9.5) is the source; the design clauses fill its gaps. Each public function is a
rule step the sequence of play calls: `plan_*` checks an action part against the position
now and returns either the plan or the reason it is illegal (13.5: checked at receipt and
again at execution), `embark`/`sail`/`disembark` execute a plan. Naval battles are fought by
the battle rules (9.3a: "the same rules as battles between army and regiment blocks"); this
module gives them the naval exceptions: where a retreating fleet goes (9.3b, e) and what
becomes of its cargo (9.3c).

Events are plain dicts with a ``kind``; ``blocks`` lists identities, which only the owner's
view shows (13.6), the rest is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import control, standing
from adjudicator.rulesets.baltic.battle import Battle
from adjudicator.rulesets.baltic.control import board, harbor_fleets, sea_fleets, side_of_block
from adjudicator.rulesets.baltic.state import HARBOR, POOL, SET_ASIDE, SIDES, State, aboard

Events = list[dict[str, Any]]


class Why(StrEnum):
    """Why a naval action part is illegal (13.5); the templates print each one."""

    WINTER = "winter"
    """3.6a: no fleet moves, no block embarks or disembarks in Winter."""
    MOVED = "moved"
    """4.1b, 9.2e: the block has already moved this season."""
    NOT_THERE = "not_there"
    """The block is not where the part starts, or is not the side's."""
    NOT_CARGO = "not_cargo"
    """9.2a: only army and regiment blocks (royals, irregulars: 9.2h) go by sea."""
    NOT_FLEET = "not_fleet"
    NO_PORT = "no_port"
    """9.2b, j: the territory has no port on that sea zone."""
    PORT_NOT_FRIENDLY = "port_not_friendly"
    """9.2b: loading only from a territory with a friendly port."""
    ENEMY_FLEET = "enemy_fleet"
    """9.2f: no loading or unloading while an enemy fleet is in the zone."""
    NO_ROOM = "no_room"
    """9.2d, h: one army, or two regiments, per fleet; never both."""
    FORBIDDEN = "forbidden"
    """9.2j, 4.4: the territory is closed or forbidden to the block's nation."""
    TOO_FAR = "too_far"
    """9.1a: at most 3 sea steps."""
    NOT_ADJACENT = "not_adjacent"
    """9.1a: each step enters an adjacent zone, the port's zone, or a harbor on the zone."""
    STOPPED = "stopped"
    """9.1b: a fleet stops in a zone holding enemy fleets at sea."""
    LOADED = "loaded"
    """9.1c: a fleet with blocks aboard may not enter a harbor."""
    HARBOR = "harbor"
    """9.1a, d: a harbor entered must be friendly, with room for every fleet."""


# -- capacity (9.2d, 9.2h) and the D6 default ---------------------------------------------------
def cargo_kind(block: str) -> str:
    """9.2h: royals count as armies, irregulars as regiments."""
    return "army" if board().blocks[block].is_army else "regiment"


def can_carry(state: State, fleet: str, blocks: Sequence[str]) -> bool:
    """9.2d, h: a fleet carries one army or two regiments, never an army and a regiment."""
    load = [*state.cargo(fleet), *blocks]
    kinds = {cargo_kind(b) for b in load}
    if len(kinds) > 1:
        return False
    capacity = board().tables["cargo"]
    return not kinds or len(load) <= capacity[kinds.pop()]


def default_carrier(state: State, fleets: Sequence[str], block: str) -> str | None:
    """D6: an army goes onto the first empty fleet (roster order); a regiment onto a fleet
    holding one regiment, else onto the first empty fleet."""
    roster = sorted(fleets, key=lambda f: board().blocks[f].roster)
    if cargo_kind(block) == "regiment":
        for fleet in roster:
            cargo = state.cargo(fleet)
            if len(cargo) == 1 and can_carry(state, fleet, [block]):
                return fleet
    for fleet in roster:
        if not state.cargo(fleet):
            return fleet
    return None


def _assign(
    state: State, fleets: Sequence[str], blocks: Sequence[str], named: str | None
) -> dict[str, str] | None:
    """Carrier of each block (`named` fleet or D6), tried on a copy of the cargo; None if
    some block finds no room."""
    plan: dict[str, str] = {}
    saved = {b: state.blocks[b].at for b in blocks}
    try:
        for block in blocks:
            fleet = named if named else default_carrier(state, fleets, block)
            if fleet is None or not can_carry(state, fleet, [block]):
                return None
            plan[block] = fleet
            state.blocks[block].at = aboard(fleet)
        return plan
    finally:
        for block, at in saved.items():
            state.blocks[block].at = at


# -- embark (9.2a, b, d-f, h, i) ----------------------------------------------------------------
def plan_embark(
    state: State, side: str, blocks: Sequence[str], territory: str, fleet: str | None = None
) -> dict[str, str] | Why:
    """`embark <blocks> [on <fleet>] at <territory>`: block -> carrier, or why it is illegal."""
    if state.season == "winter":
        return Why.WINTER
    for block in blocks:
        if state.blocks[block].at != territory or side_of_block(block) != side:
            return Why.NOT_THERE
        if not board().blocks[block].is_land:
            return Why.NOT_CARGO
        if block in state.turn.moved:
            return Why.MOVED  # 9.2b: loading is a move (4.1b)
    zone = board().port_sea(territory)
    if zone is None:
        return Why.NO_PORT
    if not control.is_friendly(state, territory, side):
        return Why.PORT_NOT_FRIENDLY
    if _enemy_at_sea(state, zone, side):
        return Why.ENEMY_FLEET
    fleets = sea_fleets(state, zone, side)
    if fleet is not None and fleet not in fleets:
        return Why.NOT_FLEET
    if not fleets:
        return Why.NOT_FLEET
    plan = _assign(state, fleets, blocks, fleet)
    return plan if plan is not None else Why.NO_ROOM


def embark(state: State, side: str, plan: dict[str, str], territory: str, events: Events) -> None:
    """Load the blocks: the loading is each block's whole move (9.2i); no border limit (9.2k)."""
    for block, fleet in plan.items():
        state.blocks[block].at = aboard(fleet)
        state.turn.moved.append(block)
    events.append(
        {
            "kind": "embark",
            "side": side,
            "from": territory,
            "to": board().port_sea(territory),
            "count": len(plan),
            "blocks": list(plan),
            "fleets": sorted(set(plan.values()), key=lambda f: board().blocks[f].roster),
            "_secret": ["blocks", "fleets"],
        }
    )


# -- sail (9.1) ---------------------------------------------------------------------------------
def plan_sail(
    state: State, side: str, fleets: Sequence[str], path: Sequence[str]
) -> list[str] | Why:
    """`sail <fleets>: <start> -> ...`: the locations entered, or why the part is illegal.

    9.1a: each step leaves a harbor into its port's zone, enters an adjacent zone, or enters
    a friendly harbor with room from its port's zone (which ends the move); at most 3 steps.
    9.1b: a fleet stops when it enters a zone holding enemy fleets at sea.
    9.1c: a fleet with blocks aboard may not enter a harbor.
    """
    if state.season == "winter":
        return Why.WINTER
    start = path[0]
    where = HARBOR + start if board().is_territory(start) else start
    for fleet in fleets:
        if state.blocks[fleet].at != where or side_of_block(fleet) != side:
            return Why.NOT_THERE
        if not board().blocks[fleet].is_fleet:
            return Why.NOT_FLEET
        if fleet in state.turn.moved:
            return Why.MOVED
    steps = path[1:]
    if not steps:
        return Why.NOT_ADJACENT
    if len(steps) > board().tables["movement"]["fleet"]:
        return Why.TOO_FAR
    here = start
    for i, nxt in enumerate(steps):
        last = i == len(steps) - 1
        if board().is_territory(here):
            if board().port_sea(here) != nxt:
                return Why.NOT_ADJACENT
        elif board().is_sea(nxt):
            if nxt not in board().seas[here].adjacent:
                return Why.NOT_ADJACENT
        else:
            why = _harbor_entry(state, side, fleets, here, nxt, last)
            if why:
                return why
        if board().is_sea(nxt) and _enemy_at_sea(state, nxt, side) and not last:
            return Why.STOPPED
        here = nxt
    return list(steps)


def _harbor_entry(
    state: State, side: str, fleets: Sequence[str], zone: str, territory: str, last: bool
) -> Why | None:
    if not board().is_territory(territory) or board().port_sea(territory) != zone:
        return Why.NOT_ADJACENT
    if not last:
        return Why.NOT_ADJACENT  # entering a harbor ends the move (9.1a)
    if any(state.cargo(f) for f in fleets):
        return Why.LOADED
    strength = board().harbor_strength(territory, state.converted)
    if not strength or not control.is_friendly(state, territory, side):
        return Why.HARBOR
    if control.harbor_room(state, territory) < len(fleets):
        return Why.HARBOR
    return None


def sail(
    state: State, side: str, fleets: Sequence[str], path: Sequence[str], events: Events
) -> None:
    """Move the fleets along a planned path; their cargo travels with them (9.1c, 4.1b)."""
    end = path[-1]
    for fleet in fleets:
        state.blocks[fleet].at = HARBOR + end if board().is_territory(end) else end
        state.turn.moved.append(fleet)
    cargo = [b for f in fleets for b in state.cargo(f)]
    events.append(
        {
            "kind": "sail",
            "side": side,
            "path": list(path),
            "count": len(fleets),
            "cargo": len(cargo),
            "blocks": [*fleets, *cargo],
            "_secret": ["blocks"],
        }
    )


# -- disembark (9.2c, e, f, j) ------------------------------------------------------------------
def plan_disembark(
    state: State, side: str, blocks: Sequence[str], zone: str, territory: str
) -> Why | None:
    """`disembark <blocks>: <zone> -> <territory>`: None when legal, else why not.

    9.2c: unloading is allowed whoever controls the port.
    """
    if state.season == "winter":
        return Why.WINTER
    if board().port_sea(territory) != zone:
        return Why.NO_PORT
    if _enemy_at_sea(state, zone, side):
        return Why.ENEMY_FLEET
    for block in blocks:
        fleet = state.carrier(block)
        if fleet is None or state.blocks[fleet].at != zone or side_of_block(block) != side:
            return Why.NOT_THERE
        if block in state.turn.moved:
            return Why.MOVED  # 9.2e: not loaded and unloaded in one season
        if not control.can_enter(state, board().blocks[block].nation, territory):
            return Why.FORBIDDEN
    return None


def disembark(
    state: State, side: str, blocks: Sequence[str], zone: str, territory: str, events: Events
) -> None:
    """Unload into `territory`: each block's whole move (9.2j). With enemy land blocks there a
    battle follows, the landed blocks having entered "from the sea" (5.5c)."""
    for block in blocks:
        state.blocks[block].at = territory
        state.turn.moved.append(block)
    state.turn.entries.extend([territory, "sea", b] for b in blocks)  # per block (5.5c)
    events.append(
        {
            "kind": "disembark",
            "side": side,
            "from": zone,
            "to": territory,
            "count": len(blocks),
            "blocks": list(blocks),
            "_secret": ["blocks"],
        }
    )
    announce_entry(state, territory, side, events)


# -- fleets in harbor (9.4) ---------------------------------------------------------------------
def announce_entry(state: State, territory: str, side: str, events: Events) -> None:
    """9.4c, e: enemy blocks end a move or a landing where the owner has only fleets in the
    harbor. The owner announces it (public) and withdraws them only by `withdraw fleets`.

    Call after each part that ends in `territory`; blocks passing through do not trigger it.
    """
    owner = next((s for s in SIDES if s != side), side)
    fleets = harbor_fleets(state, territory, owner)
    if not fleets or control.land_blocks(state, territory, owner):
        return
    events.append(
        {"kind": "harbor_fleets", "side": owner, "territory": territory, "count": len(fleets)}
    )
    if not standing.withdraws(state, owner, territory) or state.season == "winter":
        return  # D8 default: keep; 3.6a: no withdrawal in Winter
    zone = board().port_sea(territory)
    for fleet in fleets:
        state.blocks[fleet].at = zone  # not a move (4.1b), and without loss (9.4e)
    events.append(
        {
            "kind": "fleets_withdrawn",
            "side": owner,
            "territory": territory,
            "to": zone,
            "count": len(fleets),
            "blocks": fleets,
            "_secret": ["blocks"],
        }
    )


def expel_fleets(state: State, territory: str, events: Events) -> str | None:
    """9.4d, f: the harbor is captured: the fleets of the side that lost it go to the port's
    zone and each loses one step (a fleet at 1 is destroyed).

    Returns the zone when enemy fleets are at sea there: the naval battle is fought at once,
    the active player attacking (9.4f).
    """
    from adjudicator.rulesets.baltic.losses import lose_step

    zone = board().port_sea(territory)
    losers = [
        f
        for f in harbor_fleets(state, territory)
        if not control.is_friendly(state, territory, side_of_block(f))
    ]
    if not losers or zone is None:
        return None
    events.append(
        {
            "kind": "fleets_expelled",
            "side": side_of_block(losers[0]),
            "territory": territory,
            "to": zone,
            "count": len(losers),
            "blocks": list(losers),
            "_secret": ["blocks"],
        }
    )
    for fleet in losers:
        state.blocks[fleet].at = zone
        lose_step(state, fleet, "expelled", events)
    side = side_of_block(losers[0])
    return zone if _enemy_at_sea(state, zone, side) and sea_fleets(state, zone, side) else None


def relocate_fleets(state: State, events: Events) -> None:
    """9.4g: a harbor no longer friendly for another reason than a capture (a truce removing
    markers, a cession): its fleets go without loss to the nearest friendly harbor with room
    (as 9.3e), else they are set aside (9.3b). Harbors in Appendix A order, fleets in roster
    order."""
    for territory in board().territories:
        for fleet in harbor_fleets(state, territory):
            side = side_of_block(fleet)
            if control.is_friendly(state, territory, side):
                continue
            start = board().port_sea(territory) or ""
            target = choose_harbor(state, side, start, exclude=territory)
            if target:
                state.blocks[fleet].at = HARBOR + target
                events.append(
                    {
                        "kind": "fleet_relocated",
                        "side": side,
                        "from": territory,
                        "to": target,
                        "blocks": [fleet],
                        "_secret": ["blocks"],
                    }
                )
            else:
                state.blocks[fleet].at = SET_ASIDE
                events.append(
                    {"kind": "fleet_set_aside", "side": side, "from": territory, "blocks": [fleet]}
                )


# -- naval retreat (9.3b, c, e, f) --------------------------------------------------------------
def choose_harbor(state: State, side: str, zone: str, exclude: str | None = None) -> str | None:
    """The harbor a retreating or displaced fleet of `side` goes to (9.3e, D9).

    The `fleet retreat priority` line first (an entry that is illegal now is skipped, 13.5);
    else the fewest sea steps from `zone` to the harbor's port zone, then the higher harbor
    strength, then the lower id. A fleet with cargo may use any friendly harbor (9.3e).
    """
    legal = [
        t
        for t in board().territories
        if t != exclude and control.is_friendly_harbor(state, t, side)
    ]
    if not legal:
        return None
    for territory in standing.fleet_retreat_priority(state, side):
        if territory in legal:
            return territory
    steps = board().sea_steps(zone) if zone in board().seas else {}

    def key(t: str) -> tuple[int, int, str]:
        distance = steps.get(board().port_sea(t) or "", 99)
        return (distance, -board().harbor_strength(t, state.converted), t)

    return min(legal, key=key)


def retreat_fleet(state: State, fleet: str, zone: str, events: Events) -> str | None:
    """9.3b: a fleet retreating from a naval battle is at once placed in a friendly harbor;
    with none, it is lost: set aside, outside the pool, until 9.3f returns it.

    9.3c, e: its cargo unloads in the harbor's territory; if enemy land blocks stand there,
    a land battle follows later in this Battle & Siege Step (the territory is recorded as an
    entry). The cargo of a lost fleet is destroyed and goes to the pool.
    Returns the harbor territory, or None when the fleet was lost.
    """
    from adjudicator.rulesets.baltic.losses import destroy

    side = side_of_block(fleet)
    target = choose_harbor(state, side, zone)
    cargo = state.cargo(fleet)
    if target is None:
        state.blocks[fleet].at = SET_ASIDE
        events.append({"kind": "fleet_set_aside", "side": side, "from": zone, "blocks": [fleet]})
        for block in cargo:
            # NOTE: seed 11.2b counts a Russian army "destroyed in battle (including in
            # retreat)"; cargo lost with its retreating fleet is destroyed in the battle.
            destroy(state, block, "battle_cargo", events)
        return None
    state.blocks[fleet].at = HARBOR + target
    events.append(
        {"kind": "fleet_retreat", "side": side, "from": zone, "to": target, "blocks": [fleet]}
    )
    if cargo:
        for block in cargo:
            state.blocks[block].at = target  # not a move (4.1b)
        events.append(
            {
                "kind": "cargo_landed",
                "side": side,
                "to": target,
                "count": len(cargo),
                "blocks": cargo,
                "_secret": ["blocks"],
            }
        )
        enemy = [b for b in control.land_blocks(state, target) if side_of_block(b) != side]
        if enemy and side == _active_side(state):
            # the active side's landed blocks attack "from the sea" (5.2 order, 5.5c); the
            # other side's cargo simply defends where it landed (9.3e)
            state.turn.entries.extend([target, "sea", b] for b in cargo)
    return target


def return_set_aside(state: State, events: Events) -> None:
    """9.3f at every end of phase (3.7 step 3): set-aside fleets return to their pools when
    their side controls a harbor again.

    NOTE: the seed says "return it to the pool when the player again controls a harbour";
    it asks no room (the fleet goes to the pool, not to the harbor), so a full friendly
    harbor is enough here, where the spec's 9.3f also asks for room. The seed wins.
    """
    for side in SIDES:
        fleets = [b for b in state.at(SET_ASIDE) if side_of_block(b) == side]
        if not fleets or not _controls_harbor(state, side):
            continue
        for fleet in fleets:
            state.blocks[fleet].at = POOL
        events.append({"kind": "set_aside_returned", "side": side, "blocks": fleets})


def _controls_harbor(state: State, side: str) -> bool:
    return any(
        board().harbor_strength(t, state.converted) and control.is_friendly(state, t, side)
        for t in board().territories
    )


# -- retreat to sea (9.5) -----------------------------------------------------------------------
def sea_retreat_fleets(state: State, block: str, territory: str) -> list[str]:
    """The fleets `block` may retreat onto from a battle in `territory` (9.5a-c, f).

    Only army and regiment blocks; only from a friendly port (9.5b, d); onto a fleet of its
    side at sea in the port's zone (never in a harbor, 9.5c) with room (9.2d); not while an
    enemy fleet is in the zone (9.2f); never in Winter (9.5f, 3.6a). Retreat is not a move,
    so blocks that landed this season may retreat to sea (9.5e, f).
    """
    side = side_of_block(block)
    zone = board().port_sea(territory)
    if (
        state.season == "winter"
        or zone is None
        or not board().blocks[block].is_land
        or not control.is_friendly(state, territory, side)
        or _enemy_at_sea(state, zone, side)
    ):
        return []
    return [f for f in sea_fleets(state, zone, side) if can_carry(state, f, [block])]


def retreat_to_sea(
    state: State, block: str, territory: str, preferred: Sequence[str], events: Events
) -> str | None:
    """Put `block` aboard: the first legal fleet of `preferred` (`retreat priority ... : sea
    <fleets>`), else D6. Border limits do not apply (9.5f). Returns the fleet, or None."""
    legal = sea_retreat_fleets(state, block, territory)
    if not legal:
        return None
    fleet = next((f for f in preferred if f in legal), None)
    fleet = fleet or default_carrier(state, legal, block) or legal[0]
    state.blocks[block].at = aboard(fleet)
    events.append(
        {
            "kind": "sea_retreat",
            "side": side_of_block(block),
            "from": territory,
            "to": state.blocks[fleet].at,
            "blocks": [block],
            "fleet": fleet,
            "_secret": ["fleet"],
        }
    )
    return fleet


def has_naval_battle(state: State, zone: str) -> bool:
    """9.3a, 5.1: both sides have fleets at sea in the zone."""
    return all(sea_fleets(state, zone, side) for side in SIDES)


def _enemy_at_sea(state: State, zone: str, side: str) -> bool:
    return any(side_of_block(f) != side for f in sea_fleets(state, zone))


# -- the naval battle (9.3) ---------------------------------------------------------------------
def naval_battle(state: State, zone: str, attacker: str, rng: Dice) -> Battle:
    """9.3a: a naval battle in `zone`, fought by the battle rules with the naval exceptions."""
    return NavalBattle(state, zone, attacker, rng)


class NavalBattle(Battle):
    """9.3: the fleets at sea fight (9.3d: cargo neither fires nor takes hits); a fleet that
    retreats goes at once to a friendly harbor or is lost (9.3b, e); no regroup at sea."""

    kind = "naval"

    def combatants(self, side: str) -> list[str]:
        return sea_fleets(self.state, self.where, side)

    def retreat_destination(self, block: str) -> str | None:
        """9.3b: a retreating fleet always goes somewhere: a harbor, or set aside."""
        side = side_of_block(block)
        return choose_harbor(self.state, side, self.where) or SET_ASIDE

    def retreat(self, block: str, destination: str) -> None:
        target = retreat_fleet(self.state, block, self.where, self.events)
        self.events.append(
            {
                "kind": "retreat",
                "block": block,
                "side": side_of_block(block),
                "from": self.where,
                "to": HARBOR + target if target else SET_ASIDE,
                "round": self.round,
            }
        )

    def forced_retreat(self, block: str) -> None:
        """5.6b with 9.3e: after round 3 an attacking fleet retreats like any other."""
        self.retreat(block, SET_ASIDE)

    def after(self) -> None:
        """No regroup at sea: 5.6c moves blocks to adjacent territories."""


def _active_side(state: State) -> str | None:
    from adjudicator.rulesets.baltic.sequence import active_side

    return active_side(state)
