"""Fleets in harbors and fleets driven from the sea (9.3b-f, 9.4), and the naval battle.

A naval battle is fought by the battle rules (9.3a: "the same rules as battles between army
and regiment blocks"); `NavalBattle` gives them the naval exceptions: only fleets at sea fight
(9.3d), and a retreating fleet goes at once to a friendly harbor or is set aside (9.3b, e),
its cargo landing with it or lost with it (9.3c). Harbor fleets are announced when enemies
come (9.4c, e), expelled with a step loss when the harbor is captured (9.4d, f), and moved
without loss when it stops being friendly otherwise (9.4g).

Events are plain dicts with a ``kind``; `reported` declares who may see each field.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import control, standing
from adjudicator.rulesets.baltic.battle import Battle
from adjudicator.rulesets.baltic.control import board, harbor_fleets, sea_fleets, side_of_block
from adjudicator.rulesets.baltic.losses import destroy, lose_step
from adjudicator.rulesets.baltic.state import HARBOR, POOL, SET_ASIDE, SIDES, State
from adjudicator.text import _l

Events = list[dict[str, Any]]


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
        }
    )


def expel_fleets(state: State, territory: str, events: Events) -> str | None:
    """9.4d, f: the harbor is captured: the fleets of the side that lost it go to the port's
    zone and each loses one step (a fleet at 1 is destroyed).

    Returns the zone when enemy fleets are at sea there: the naval battle is fought at once,
    the active player attacking (9.4f).
    """

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
            target = choose_harbor(state, side, start, exclude=territory, events=events)
            if target:
                state.blocks[fleet].at = HARBOR + target
                events.append(
                    {
                        "kind": "fleet_relocated",
                        "side": side,
                        "from": territory,
                        "to": target,
                        "count": 1,
                        "blocks": [fleet],
                    }
                )
            else:
                state.blocks[fleet].at = SET_ASIDE
                events.append(
                    {"kind": "fleet_set_aside", "side": side, "from": territory, "blocks": [fleet]}
                )


# -- naval retreat (9.3b, c, e, f) --------------------------------------------------------------
def choose_harbor(
    state: State,
    side: str,
    zone: str,
    exclude: str | None = None,
    events: Events | None = None,
) -> str | None:
    """The harbor a retreating or displaced fleet of `side` goes to (9.3e, D9).

    The `fleet retreat priority` line first (an entry that is illegal now is skipped, 13.5);
    else the fewest sea steps from `zone` to the harbor's port zone, then the higher harbor
    strength, then the lower id. A fleet with cargo may use any friendly harbor (9.3e).

    NOTE: the seed loses a retreating fleet only "if the player has no friendly harbours"; it
    knows no capacity. Harbor capacity (1.5) is kept, so a harbor without room is no place to
    go, and a side whose friendly harbors are all full loses the fleet (spec 9.3e).

    With `events` (the fleet goes now), each entry of the line passed over is told to the
    side with why (13.5).
    """
    legal = [
        t
        for t in board().territories
        if t != exclude and control.is_friendly_harbor(state, t, side)
    ]
    for territory in standing.fleet_retreat_priority(state, side):
        if territory in legal:
            return territory
        if events is not None:
            _harbor_entry_passed_over(state, side, territory, exclude, events)
    if not legal:
        return None
    steps = board().sea_steps(zone) if zone in board().seas else {}

    def key(t: str) -> tuple[int, int, str]:
        distance = steps.get(board().port_sea(t) or "", 99)
        return (distance, -board().harbor_strength(t, state.converted), t)

    return min(legal, key=key)


def _harbor_entry_passed_over(
    state: State, side: str, territory: str, exclude: str | None, events: Events
) -> None:
    """13.5 (D9): why an entry of the `fleet retreat priority` line takes no fleet now."""
    place = board().said(territory)
    if territory == exclude:
        why = _l("%(place)s is the harbor the fleets must leave (9.4g)", place=place)
    elif board().harbor_strength(territory, state.converted) <= 0:
        why = _l("%(place)s has no harbor (1.5)", place=place)
    elif not control.is_friendly(state, territory, side):
        why = _l("%(place)s is not friendly to you now (9.3e)", place=place)
    else:
        why = _l("the harbor of %(place)s has no room for another fleet (1.5)", place=place)
    standing.skipped(events, state, side, "fleet_retreat", why)


def retreat_fleet(state: State, fleet: str, zone: str, events: Events) -> str | None:
    """9.3b: a fleet retreating from a naval battle is at once placed in a friendly harbor;
    with none, it is lost: set aside, outside the pool, until 9.3f returns it.

    9.3c, e: its cargo unloads in the harbor's territory; if enemy land blocks stand there,
    a land battle follows later in this Battle & Siege Step (the territory is recorded as an
    entry). The cargo of a lost fleet is destroyed and goes to the pool.
    Returns the harbor territory, or None when the fleet was lost.
    """

    side = side_of_block(fleet)
    target = choose_harbor(state, side, zone, events=events)
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
            }
        )
        enemy = [b for b in control.land_blocks(state, target) if side_of_block(b) != side]
        if enemy and side == state.active_side():
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


def _enemy_at_sea(state: State, zone: str, side: str) -> bool:
    return any(side_of_block(f) != side for f in sea_fleets(state, zone))
