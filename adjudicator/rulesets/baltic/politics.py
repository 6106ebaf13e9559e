"""Politics (section 10): activation, truce, reactivation, and the Swedish cessions (11.1c).

Each public function is a step the sequence of play calls by name: `activation_rolls`
(Entry Phase step 3), `truce_offers` (step 4, with the cessions ordered for the phase),
`impose_truce` (3.7 step 2), `cede` (a free `cede` line), `diplomatic_opening` (C.1 roll 10).
Every roll goes through `rolls.roll`, labelled (13.7); every event is a plain dict.
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import control, nations, naval, placement, resources, standing
from adjudicator.rulesets.baltic.control import board, controller, home_nation, is_active
from adjudicator.rulesets.baltic.rolls import roll
from adjudicator.rulesets.baltic.state import POOL, SET_ASIDE, SIDES, State, other_side
from adjudicator.rulesets.baltic.supply import forage_demand, forage_points
from adjudicator.text import N_, _l, to_data

Events = list[dict[str, Any]]
ACTIVATES_ON = 6
"""10.1a: on a 6 the nation becomes active."""


# -- activation (10.1) --------------------------------------------------------------------------
def can_roll(state: State, nation: str) -> bool:
    """10.1d: inactive, not permanently inactive, no cube in a future box, and the nation's
    own condition (nations.yaml `activation`)."""
    info = state.nations[nation]
    rule = board().nations[nation].activation
    if rule is None or info.status != "inactive":
        return False
    if info.cube_year is not None and info.cube_year > state.year:
        return False
    from_year = rule.get("from_year")
    by_year = from_year is not None and state.year >= from_year
    condition = rule.get("condition", "none")
    if condition == "none":
        return from_year is None or by_year
    return by_year or _condition_holds(state, condition)


def _condition_holds(state: State, condition: str) -> bool:
    """The 10.1d conditions: where Swedish blocks stand (Swedish-nation blocks, 11.1g)."""
    swedes = [b for b in board().nation_blocks("SWE") if board().blocks[b].is_land]
    places = {b: state.blocks[b].at for b in swedes}
    territories = board().territories
    if condition == "sweden_in_mazowsze":
        return controller(state, "mazowsze") == "SWE" or "mazowsze" in places.values()
    if condition == "karl_in_ottoman":
        return any(
            b in board().nations["SWE"].royal
            and at in territories
            and home_nation(state, at) == "OTT"
            for b, at in places.items()
        )
    if condition == "swedish_army_in_ukraine":
        return any(
            board().blocks[b].is_army and at in territories and territories[at].region == "ukraine"
            for b, at in places.items()
        )
    raise ValueError(f"unknown activation condition {condition!r}")


def roller(nation: str) -> str:
    """The side that rolls for `nation` (10.1d): its own side."""
    rule = board().nations[nation].activation or {}
    return rule.get("rolled_by", board().side_of(nation))


def activation_rolls(state: State, rng: Dice, events: Events) -> None:
    """Entry Phase step 3 (10.1a): a die for each nation that may roll, in nation order."""
    for nation in board().nations:
        if can_roll(state, nation):
            roll_for(state, nation, rng, events, "activation")


ROLL_LABELS = {
    "activation": N_("activation %(nation)s"),
    "defection": N_("defection %(nation)s"),
    "diplomatic opening": N_("diplomatic opening %(nation)s"),
}
"""Why a nation rolls to activate -> the dice label (13.7)."""


def roll_for(state: State, nation: str, rng: Dice, events: Events, why: str) -> bool:
    """One activation roll; on a 6 the nation activates. True if it did."""
    (die,) = roll(state, rng, 1, _l(ROLL_LABELS[why], nation=board().said(nation)))
    activated = die == ACTIVATES_ON
    events.append(
        {
            "kind": "activation_roll",
            "nation": nation,
            "side": roller(nation),
            "die": die,
            "activated": activated,
            "why": why,
        }
    )
    if activated:
        activate(state, nation, rng, events)
    return activated


def diplomatic_opening(state: State, side: str, rng: Dice, events: Events) -> None:
    """C.1 roll 10 (10.1e): roll now for each nation that may roll for `side`; a nation that
    activates gets its RP at once (10.1c)."""
    for nation in board().nations:
        if roller(nation) == side and can_roll(state, nation):
            roll_for(state, nation, rng, events, "diplomatic opening")


def activate(state: State, nation: str, rng: Dice, events: Events) -> None:
    """10.1f: the nation becomes active on its side; the cessions ordered for this activation
    are made before anything else follows (11.1e); 11.5h and 11.7d apply; the muster is placed
    (8.7); outside the Entry Phase its RP available is set at once (10.1c, 8.2)."""

    info = state.nations[nation]
    info.status = "active"
    info.cube_year = None
    events.append({"kind": "activated", "nation": nation, "side": board().side_of(nation)})
    for territory in standing.cessions(state, "activates", nation):
        standing.use_up(state, "sweden", standing.key("cede", territory))
        cede(state, territory, rng, events)
    if state.nations[nation].status != "active":
        return  # WE-13: a cession made it permanently inactive: it musters nothing
    nations.on_activation(state, nation, events)
    muster(state, nation, events)
    if state.phase != "entry":
        resources.allot_rp(state, nation)
        events.append(
            {"kind": "rp_at_once", "nation": nation, "rp": state.nations[nation].rp_available}
        )


def muster(state: State, nation: str, events: Events) -> None:
    """8.7: the nation's muster, placed at once and free under 8.6; a block not in the pool,
    or with no legal place, is skipped. Russia musters the royal block it has in the pool."""
    side = board().side_of(nation)
    wanted = standing.build_priority(state, side, nation)
    placed, skipped = [], []
    for entry in board().nations[nation].muster:
        block = entry.get("block")
        if entry.get("royal"):
            block = next(
                (b for b in board().nations[nation].royal if state.blocks[b].at == POOL), None
            )
        if block is None or state.blocks[block].at != POOL:
            continue
        where, passed = placement.trace(state, block, wanted)
        if where is None:
            continue
        state.blocks[block].at = where
        state.blocks[block].strength = min(entry["strength"], board().blocks[block].max)
        placed.append([block, where])
        skipped += [to_data(placement.said_skip(state, block, s)) for s in passed]
    events.append(
        {
            "kind": "muster",
            "nation": nation,
            "side": side,
            "count": len(placed),
            "at": [w for _, w in placed],
            "blocks": [b for b, _ in placed],
            "skipped": skipped,
        }
    )


# -- truce (10.2) -------------------------------------------------------------------------------
def impose_truce(state: State, nation: str, rng: Dice, events: Events, cube: bool = True) -> None:
    """10.2b: blocks to the pool and inactive (b1), markers removed (b2), other nations'
    blocks displaced (b3; not for Ukraine, 11.7e), the cube four years ahead (b4, 10.2i).

    Sweden's truce ends the game (10.2d) before this is called (3.7 step 1).
    """
    home = [t for t in board().territories if home_nation(state, t) == nation]
    _to_pool(state, nation, events)
    info = state.nations[nation]
    info.status = "truce" if cube else "permanent"
    info.rp_available = 0
    if cube:
        info.cube_year = state.year + board().tables["truce_cube_years"]
    events.append(
        {
            "kind": "truce",
            "nation": nation,
            "side": board().side_of(nation),
            "cube_year": info.cube_year,
        }
    )
    _remove_markers(state, nation, home, events)
    if board().nations[nation].counts_as_while_inactive is None:
        displace(state, [t for t in home if not board().territories[t].transit], events)
    naval.relocate_fleets(state, events)  # 10.2g, 9.4g

    nations.check_nyen(state, events)  # 10.2f: the Nyen fleets follow 11.2g
    resources.cap_rp_available(state)


def _to_pool(state: State, nation: str, events: Events) -> None:
    """10.2b1, 10.2f: its blocks on the map, aboard fleets and set aside go to its pool; other
    nations' cargo aboard its fleets goes to their own pools, not destroyed. Year Track and
    Reform-box blocks stay."""
    moved = []
    for block in board().nation_blocks(nation):
        at = state.blocks[block].at
        if state.is_on_map(block) or at == SET_ASIDE:
            for carried in state.cargo(block):
                state.blocks[carried].at = POOL
                moved.append(carried)
            state.blocks[block].at = POOL
            moved.append(block)
    if moved:
        events.append({"kind": "to_pool", "nation": nation, "count": len(moved), "blocks": moved})


def _remove_markers(state: State, nation: str, home: list[str], events: Events) -> None:
    """10.2b2, 10.2g: its markers everywhere; enemy markers on its home territories. An
    unmarked territory reverts to its home nation; damage is cleared where a marker went."""
    side = board().side_of(nation)
    removed = []
    for territory, owner in list(state.markers.items()):
        enemy_on_home = territory in home and board().side_of(owner) != side
        if owner == nation or enemy_on_home:
            del state.markers[territory]
            state.damage.pop(territory, None)
            state.damage_side.pop(territory, None)
            removed.append(territory)
    if removed:
        events.append({"kind": "markers_removed", "nation": nation, "territories": removed})


def displace(state: State, territories: list[str], events: Events) -> None:
    """10.2h: other nations' land blocks in `territories` move one at a time (royals, then
    armies, then regiments and irregulars, each in roster order) to the nearest friendly
    territory free of enemy land blocks where their side's forage stays within the points;
    else to the nearest friendly one; a block that can reach none returns to its pool.

    Not a move (4.1b). NOTE: the seed says the excess "may" move on to the next nearest
    territory; no instruction lets a player keep it, so it always moves on (10.2h default).
    """
    blocks = [b for t in territories for b in control.land_blocks(state, t)]
    blocks = [
        b for b in blocks if home_nation(state, state.blocks[b].at) != board().blocks[b].nation
    ]

    def order(block: str) -> tuple[int, int]:
        info = board().blocks[block]
        return (0 if info.is_royal else 1 if info.is_army else 2, info.roster)

    told: set[tuple[str, str]] = set()
    for block in sorted(blocks, key=order):
        start = state.blocks[block].at
        passed: list[str] = []
        target = displacement_target(state, block, start, passed)
        state.blocks[block].at = target or POOL
        events.append(
            {
                "kind": "displaced",
                "side": control.side_of_block(block),
                "block": block,
                "from": start,
                "to": target or POOL,
            }
        )
        _displace_entries_passed_over(state, block, start, passed, told, events)


def _displace_entries_passed_over(
    state: State,
    block: str,
    start: str,
    passed: list[str],
    told: set[tuple[str, str]],
    events: Events,
) -> None:
    """13.5 (D11): each entry of the side's `displace priority` line passed over for a block
    is told to the side, once a displacement, with why."""
    side = control.side_of_block(block)
    for territory in passed:
        if (side, territory) in told:
            continue
        told.add((side, territory))
        why = _l(
            "%(place)s is not one of the nearest friendly territories %(block)s could go to "
            "from %(start)s (10.2h)",
            place=board().said(territory),
            block=board().said(block),
            start=board().said(start),
        )
        standing.skipped(events, state, side, "displace", why)


def displacement_target(
    state: State, block: str, start: str, passed: list[str] | None = None
) -> str | None:
    """10.2h: where `block` goes from `start`, or None (its pool). The entries of the side's
    `displace priority` line passed over (all of them, when the default chooses) are added
    to `passed`."""

    side = control.side_of_block(block)
    nation = board().blocks[block].nation

    def passable(t: str) -> bool:
        return (
            control.relation(state, t, side) != control.ENEMY
            and control.can_enter(state, nation, t)
            and not control.land_blocks(state, t, other_side(side))
        )

    distances = board().land_distances(start, passable)
    friendly = [t for t in distances if t != start and control.is_friendly(state, t, side)]
    wanted = standing.displace_priority(state, side)
    if not friendly:
        if passed is not None:
            passed.extend(wanted)
        return None
    fed = [
        t
        for t in friendly
        if forage_demand(state, t, side, (block,)) <= forage_points(state, t, side)
    ]
    pool = fed or friendly
    nearest = min(distances[t] for t in pool)
    tied = [t for t in pool if distances[t] == nearest]
    for territory in wanted:
        if territory in tied:
            return territory
        if passed is not None:
            passed.append(territory)
    return min(tied, key=lambda t: (-forage_points(state, t, side), t))


def truce_offers(state: State, rng: Dice, events: Events) -> None:
    """Entry Phase step 4 (10.2c, j): Sweden's offers, then the Coalition's; the target's side
    accepts with `accept truce` (default decline), and an accepted truce takes effect at once.
    Then the Swedish cessions ordered for this phase (`cede <t> at entry`, 11.1e)."""
    for side in SIDES:
        for nation in standing.offers(state, side):
            name = standing.key("offer", nation)
            if not can_be_offered(state, side, nation):  # 13.5: illegal when used: skipped
                why = _l(
                    "a truce cannot be offered to %(nation)s now: only to an active enemy "
                    "nation (10.2c, j)",
                    nation=board().said(nation),
                )
                standing.skipped(events, state, side, name, why)
                standing.use_up(state, side, name)
                continue
            standing.use_up(state, side, name)
            accepted = standing.accepts(state, other_side(side), nation)
            events.append(
                {"kind": "truce_offer", "side": side, "nation": nation, "accepted": accepted}
            )
            if accepted:
                impose_truce(state, nation, rng, events)
    for territory in standing.cessions(state, "entry"):
        standing.use_up(state, "sweden", standing.key("cede", territory))
        cede(state, territory, rng, events)


def can_be_offered(state: State, side: str, nation: str) -> bool:
    """10.2c, j: an active enemy nation that may be offered a truce (not SWE, UKR, POL)."""
    return (
        nation in board().nations
        and board().nations[nation].truce_offer
        and board().side_of(nation) == other_side(side)
        and is_active(state, nation)
    )


# -- cessions (11.1c, e, f) ---------------------------------------------------------------------
def cession_of(territory: str) -> dict[str, str] | None:
    return next((c for c in board().tables["cessions"] if c["territory"] == territory), None)


def can_cede(state: State, territory: str) -> bool:
    """11.1c, f: Bremen-Verden (to Hannover) or Pommern (to Prussia), each once."""
    return cession_of(territory) is not None and all(
        c["territory"] != territory for c in state.cessions
    )


def cede(state: State, territory: str, rng: Dice, events: Events) -> str | None:
    """11.1f: the receiver becomes the home nation (markers and damage cleared) and is
    permanently inactive (10.2b1-b3 without a cube if it was active); Sweden's level falls
    by exactly 4; blocks there are displaced (10.2h), fleets follow 9.4g.

    Returns None when made, else why not (the line is void).
    """
    if not can_cede(state, territory):
        return "cede"
    to = cession_of(territory)["to"]
    swedish = controller(state, territory) == "SWE"
    value = board().territories[territory].rp
    state.nations["SWE"].rp_adjust += -board().tables["cession_rp"] + (value if swedish else 0)
    state.cessions.append({"territory": territory, "to": to})
    state.markers.pop(territory, None)
    state.damage.pop(territory, None)
    state.damage_side.pop(territory, None)
    events.append({"kind": "cession", "territory": territory, "to": to})
    if is_active(state, to):
        impose_truce(state, to, rng, events, cube=False)
    else:
        info = state.nations[to]
        info.status, info.cube_year, info.rp_available = "permanent", None, 0
    displace(state, [territory], events)
    naval.relocate_fleets(state, events)
    resources.cap_rp_available(state)
    return None
