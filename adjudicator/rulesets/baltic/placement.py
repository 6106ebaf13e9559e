"""Placement of built and mustered blocks (8.6, 8.7, 11.1b, 11.2j, 11.4b-c, 11.5b-c, g, i).

A block goes to the first legal territory of the builder's list, else to the first legal
territory of its own list. The builder's list may name only territories of the block's own
list (WE-12): an entry that is not, or is not legal now, is skipped, and `trace` says why, so
that the builder's report names every entry it passed over (13.5). Fleets go to a harbor of
their nation with room.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.rulesets.baltic import control
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.state import HARBOR, State, harbor
from adjudicator.rulesets.baltic.void import PLACEMENT
from adjudicator.rulesets.baltic.where import has_enemy_land
from adjudicator.text import Text, _l


@dataclass(frozen=True)
class Skip:
    """A builder's entry passed over, and why (a `void`-style reason id)."""

    territory: str
    """The territory the builder named."""
    reason: str
    """not_listed | own_territory | not_controlled | enemy_blocks | closed | no_harbor."""


def possible_list(block: str) -> list[str]:
    """Every territory the block may ever be placed in, in order: its own territories, their
    Polish neighbours (11.5g) and its fallback (11.1b, 11.4b), or its nation's list."""
    info = board().blocks[block]
    nation = board().nations[info.nation]
    rule = info.placement
    if rule is None:
        return list(nation.placement)
    found = list(rule.territories)
    if rule.neighbours:  # 11.5g: the named territory first, then its neighbours by id
        for territory in rule.territories:
            found += [n for n in board().neighbours[territory] if n not in found]
    return found + [t for t in fallback(block) if t not in found]


def fallback(block: str) -> list[str]:
    """Where the block goes when the enemy occupies its own territories (11.1b, 11.4b-c)."""
    info = board().blocks[block]
    rule = info.placement
    if rule is None or not rule.fallback:
        return []
    if rule.fallback == "nation":
        return list(board().nations[info.nation].placement)
    return list(rule.fallback)


def own_list(state: State, block: str) -> list[str]:
    """The block's placement list now (8.6 and section 11).

    11.1b: "the Estländska, Savolax and Pommerska blocks are placed in their own territories
    ... If the enemy occupies that territory, the block is placed in the Swedish homeland
    instead"; 11.4b: "the Bergenhus block is placed in Bergenhus; if the enemy occupies it,
    anywhere in Norway". So the fallback is a place only while the block's own territory
    cannot take it.

    NOTE: the seed names the enemy's occupation (1.2e: enemy blocks or enemy control), which
    is how the own territory becomes illegal in play; a Pommern ceded to an inactive Prussia
    (11.1f) cannot take Pommerska either, and it goes to the homeland the same way.
    """
    info = board().blocks[block]
    if info.placement is None or not info.placement.fallback:
        return possible_list(block)
    own = list(info.placement.territories)
    if any(is_legal_land(state, block, t) for t in own):
        return own
    return own + [t for t in fallback(block) if t not in own]


def why_not_land(state: State, block: str, territory: str) -> str | None:
    """None when `territory` is a legal placement of the land block now, else the reason.

    8.6: legal if the block's nation controls it and it holds no enemy land blocks (and 4.4:
    not closed or forbidden to it). 11.2j: the Cossacks may also go to a territory of
    `ukraine` friendly to the Coalition.
    """
    info = board().blocks[block]
    side = board().side_of(info.nation)
    owner = control.controller(state, territory)
    # NOTE (11.2a, j): "in Ukraine if it is friendly" -- for a block whose list reaches into
    # Ukraine (the Cossacks), a Ukrainian territory held by any active Coalition nation counts.
    in_ukraine = board().territories[territory].region == "ukraine"
    friendly_ukraine = in_ukraine and info.nation == "RUS" and info.placement is not None
    if owner != info.nation and not (
        friendly_ukraine and control.is_friendly(state, territory, side)
    ):
        return "not_controlled"
    if has_enemy_land(state, territory, side):
        return "enemy_blocks"
    if not control.can_enter(state, info.nation, territory):
        return "closed"
    return None


def is_legal_land(state: State, block: str, territory: str) -> bool:
    """8.6: the block's nation controls it and no enemy land blocks are there (and 4.4)."""
    return why_not_land(state, block, territory) is None


def fleet_harbors(state: State, block: str) -> list[str]:
    """Harbors a fleet may be placed in now (8.6, 11.2j): those of the nation's placement list
    first, in its order, then the rest in map order.

    NOTE (B3): 8.6 gives no order among a nation's harbors; WE-7 musters both Danish fleets
    in København (Sjælland, first of Denmark's list), not in Akershus (first on the map).
    """
    return [t for t in fleet_candidates(state, block) if why_not_harbor(state, block, t) is None]


def fleet_candidates(state: State, block: str) -> list[str]:
    """The harbors the fleet's nation may ever place fleets in (8.6, 11.2j), in order."""
    nation = board().nations[board().blocks[block].nation]
    if nation.fleet_placement == "none":
        return []
    if nation.fleet_placement == "own_harbors":
        listed = [t for t in nation.placement if t in board().territories]
        return listed + [t for t in board().territories if t not in listed]
    return [t for t in nation.fleet_placement]  # 11.2j: the listed harbors


def why_not_harbor(state: State, block: str, territory: str) -> str | None:
    """None when the fleet may be placed in `territory`'s harbor now, else the reason."""
    nation = board().blocks[block].nation
    if territory not in fleet_candidates(state, block):
        return "not_listed"
    listed = board().nations[nation].fleet_placement != "own_harbors"
    unconverted = listed and territory not in state.converted
    if unconverted or not board().harbor_strength(territory, state.converted):
        return "no_harbor"  # 11.2j: "the harbor of nyen, only after conversion"
    if control.controller(state, territory) != nation:
        return "not_controlled"
    if control.harbor_room(state, territory) <= 0:
        return "harbor_full"
    return None


def trace(state: State, block: str, wanted: list[str]) -> tuple[str | None, list[Skip]]:
    """Where `block` goes now (a territory, or H:<territory> for a fleet), or None, and the
    builder's entries passed over before it, each with its reason (8.6, 13.5)."""
    skipped: list[Skip] = []
    if board().blocks[block].is_fleet:
        for territory in wanted:
            why = why_not_harbor(state, block, territory)
            if why is None:
                return harbor(territory), skipped
            skipped.append(Skip(territory, why))
        harbors = fleet_harbors(state, block)
        return (harbor(harbors[0]) if harbors else None), skipped
    own = own_list(state, block)
    for territory in wanted:
        if territory not in own:
            listed = territory in possible_list(block)
            skipped.append(Skip(territory, "own_territory" if listed else "not_listed"))
            continue
        why = why_not_land(state, block, territory)
        if why is None:
            return territory, skipped
        skipped.append(Skip(territory, why))
    for territory in own:
        if is_legal_land(state, block, territory):
            return territory, skipped
    return None, skipped


def said_skip(state: State, block: str, skip: Skip) -> Text:
    """Why the builder's entry `skip` was passed over for `block` (8.6, 13.5)."""
    info = board().blocks[block]
    own = possible_list(block) if skip.reason == "not_listed" else None
    if skip.reason == "own_territory":
        own = own_list(state, block)
    return _l(
        PLACEMENT[skip.reason],
        block=board().said(block),
        place=board().said(skip.territory),
        nation=board().said(info.nation),
        own=[board().said(t) for t in own or []],
    )


def place_for(state: State, block: str, wanted: list[str]) -> str | None:
    """Where `block` would go now (a territory, or H:<territory> for a fleet), or None."""
    return trace(state, block, wanted)[0]


def has_placement(state: State, block: str) -> bool:
    return place_for(state, block, []) is not None


def builder_territories(state: State, nation: str) -> set[str]:
    """Every territory a builder of `nation` may name (8.6): the land blocks' placement lists
    and the harbors its fleets may use."""
    found: set[str] = set()
    for block in board().nation_blocks(nation):
        if board().blocks[block].is_fleet:
            found.update(
                t
                for t in fleet_candidates(state, block)
                if board().harbor_strength(t, [*state.converted, "nyen"])
            )
        else:
            found.update(possible_list(block))
    return found


def territory_of(place: str) -> str:
    """A placement as its territory: 'H:smaland' -> 'smaland'."""
    return place[len(HARBOR) :] if place.startswith(HARBOR) else place
