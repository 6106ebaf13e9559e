"""Who controls a territory and what that makes it for each side (1.2, 4.4, 11.3-11.7).

Every answer is recomputed from the state's markers, cessions and nation statuses: nothing is
cached. The national exceptions live here because every rule asks them: Polish home
territories are never closed (11.5e), Moldavia is open to Swedish-nation blocks (11.6c),
inactive Ukraine counts as Russian (11.7a), Saxon and Wettin blocks never enter Russia,
Ukraine or Hannover (11.3b, 11.5a).
"""

from __future__ import annotations

from adjudicator.rulesets.baltic.board import Board, load_board
from adjudicator.rulesets.baltic.state import HARBOR, State
from adjudicator.text import Name

FRIENDLY = "friendly"
ENEMY = "enemy"
NEUTRAL = "neutral"


def board() -> Board:
    return load_board()


def named_now(state: State | None, ident: str) -> Name:
    """A place, nation or block by the name it has now: a converted Nyen is Sankt-Peterburg
    (11.2h, m), as the reports name it (their view's `renamed`); both names read back. With
    no state (a report naming a line passed over), the board's name."""
    if state is not None and ident in state.converted:
        return Name(ident, board().territory_name(ident, state.converted), "converted")
    return board().said(ident)


def namesake(side: str) -> str | None:
    """The nation that bears `side`'s own name (Sweden's Sweden), whose Politics the report
    says is played at home; None for the Coalition, which has none."""
    for nation, info in board().nations.items():
        if info.side == side and info.name.casefold() == side:
            return nation
    return None


def is_active(state: State, nation: str) -> bool:
    return state.nations[nation].status == "active"


def side_of_block(block: str) -> str:
    return board().block_side(block)


def nation_of(block: str) -> str:
    return board().blocks[block].nation


def home_nation(state: State, territory: str) -> str | None:
    """The home nation now: a ceded territory's is its receiver (11.1f); None for transit."""
    for cession in state.cessions:
        if cession["territory"] == territory:
            return cession["to"]
    return board().territories[territory].home


def controller(state: State, territory: str) -> str | None:
    """1.2a: the nation whose marker lies there, else the home nation; None for transit.

    11.7a: while Ukraine is inactive, Russia controls its unmarked home territories.
    """
    info = board().territories[territory]
    if info.transit:
        return None
    marker = state.markers.get(territory)
    if marker:
        return marker
    home = home_nation(state, territory)
    if home is None:
        return None
    stand_in = board().nations[home].counts_as_while_inactive
    if stand_in and not is_active(state, home):
        return stand_in
    return home


def relation(state: State, territory: str, side: str) -> str:
    """1.2c: friendly, enemy or neutral for `side`."""
    owner = controller(state, territory)
    if owner is None or not is_active(state, owner):
        return NEUTRAL
    return FRIENDLY if board().side_of(owner) == side else ENEMY


def is_friendly(state: State, territory: str, side: str) -> bool:
    return relation(state, territory, side) == FRIENDLY


def is_enemy_controlled(state: State, territory: str, side: str) -> bool:
    return relation(state, territory, side) == ENEMY


def is_closed(state: State, territory: str, nation: str | None = None) -> bool:
    """1.2d: closed while its controller is inactive, with three exceptions.

    Polish home territories (11.5e: the home nation's `never_closed`), transit territories,
    and Moldavia for Swedish-nation blocks while the Ottomans are inactive (11.6c: `open_to`).
    """
    info = board().territories[territory]
    if info.transit:
        return False
    owner = controller(state, territory)
    if owner is None or is_active(state, owner):
        return False
    home = home_nation(state, territory)
    if home and board().nations[home].never_closed:
        return False
    return not (home and nation and (territory, nation) in board().nations[home].open_to)


def is_forbidden(state: State, nation: str, territory: str) -> bool:
    """11.3b, c and 11.5a: the nation's blocks may never enter these territories.

    "Hannover" means every territory whose home nation is HAN, Bremen-Verden included once
    ceded (11.3c), so the home nation is read through `home_nation`.
    """
    info = board().nations[nation]
    if board().territories[territory].region in info.forbidden_regions:
        return True
    return home_nation(state, territory) in info.forbidden_home_nations


def can_enter(state: State, nation: str, territory: str) -> bool:
    """4.4: neither closed (1.2d) nor forbidden to the nation (11.3b, 11.5a)."""
    return not is_closed(state, territory, nation) and not is_forbidden(state, nation, territory)


def land_blocks(state: State, territory: str, side: str | None = None) -> list[str]:
    """Land blocks standing in `territory` (not fleets in its harbor), roster order."""
    blocks = state.at(territory)
    if side is None:
        return blocks
    return [b for b in blocks if side_of_block(b) == side]


def harbor_fleets(state: State, territory: str, side: str | None = None) -> list[str]:
    """Fleets in `territory`'s harbor, roster order."""
    fleets = state.at(HARBOR + territory)
    if side is None:
        return fleets
    return [f for f in fleets if side_of_block(f) == side]


def sea_fleets(state: State, zone: str, side: str | None = None) -> list[str]:
    """Fleets at sea in `zone`, roster order."""
    fleets = state.at(zone)
    if side is None:
        return fleets
    return [f for f in fleets if side_of_block(f) == side]


def is_occupied_by_enemy(state: State, territory: str, side: str) -> bool:
    """1.2e: it holds enemy land blocks or is enemy-controlled."""
    enemy = [b for b in land_blocks(state, territory) if side_of_block(b) != side]
    return bool(enemy) or is_enemy_controlled(state, territory, side)


def harbor_room(state: State, territory: str) -> int:
    """Free places in `territory`'s harbor (1.5, 9.1d): strength minus every fleet in it."""
    strength = board().harbor_strength(territory, state.converted)
    return max(0, strength - len(harbor_fleets(state, territory)))


def is_friendly_harbor(state: State, territory: str, side: str) -> bool:
    """9.3e: a harbor with room, in a territory friendly to `side`."""
    return (
        board().harbor_strength(territory, state.converted) > 0
        and is_friendly(state, territory, side)
        and harbor_room(state, territory) > 0
    )


def blocks_on_map(state: State, nation: str) -> list[str]:
    """The nation's blocks on the map: land, harbor, sea and aboard (10.2e), roster order."""
    return [b for b in board().nation_blocks(nation) if state.is_on_map(b)]


def is_swede_in_russia(state: State) -> bool:
    """11.1g: a Swedish-nation land block in region `russia` or `ukraine` (cargo excluded)."""
    regions = ("russia", "ukraine")
    territories = board().territories
    return any(
        state.blocks[b].at in territories and territories[state.blocks[b].at].region in regions
        for b in board().nation_blocks("SWE")
    )


def attrition_row(state: State) -> str:
    """11.1d: the bottom row while a Swede is in Russia (Ukraine included), else the top row.

    The row follows the position at every moment (11.1g), so it is never stored.
    """
    return "bottom" if is_swede_in_russia(state) else "top"


def attrition_effect(state: State, kind: str) -> int:
    """The sum of the `kind` effects of the marker's box and every lower box of its row (C.3).

    Kinds: rp_level, ap, forage_in_russia, no_reinforce_in_russia (1 when in force).
    """
    effects = board().attrition_effects(state.attrition, attrition_row(state))
    return sum(e["value"] for e in effects if e["kind"] == kind)
