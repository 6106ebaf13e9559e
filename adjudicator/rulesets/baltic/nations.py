"""The nations' special rules (section 11) that the sequence of play calls by name.

Sweden's Attrition Track (11.1d) is read in control.py and counted in losses.py; placement
(11.1a-b, 11.2a, 11.4b, 11.5b-c, g, i) is placement.py's; the forbidden and closed
territories (11.3b, 11.5a, e, 11.6c) are control.py's. Here: the Year Track arrivals and the
truce cubes (11.2d, h; 10.3d), the Russian reform (11.2b-e, k), Nyen (11.2f-i, m), what
Poland's and Ukraine's activations change (11.5h, 11.7d), and Mazepa's defection (11.7c).
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import politics, standing
from adjudicator.rulesets.baltic.control import board, controller, home_nation, land_blocks
from adjudicator.rulesets.baltic.state import OUT, POOL, REFORM_BOX, REMOVED, YEAR, State, year_box

Events = list[dict[str, Any]]


# -- the Year Track (11.2d, h; 10.3d) -----------------------------------------------------------
def year_track_arrivals(state: State, events: Events) -> None:
    """Entry Phase step 1: Russian armies in this year's box go to the pool (11.2d); a Russian
    fleet there converts Nyen into Sankt-Peterburg, and the fleets join the pool (11.2h);
    truce cubes of this year are removed, and their nations may roll again (10.3b, d)."""
    nyen = board().tables["nyen"]
    arrived = []
    for block, place in state.blocks.items():
        if not _due(place.at, state.year) or board().blocks[block].nation != "RUS":
            continue
        if board().blocks[block].is_fleet and nyen["territory"] not in state.converted:
            state.converted.append(nyen["territory"])  # 11.2h, i: a harbor of 4 for good
            events.append({"kind": "converted", "territory": nyen["territory"]})
        place.at = POOL
        arrived.append(block)
    if arrived:
        events.append({"kind": "arrivals", "nation": "RUS", "blocks": arrived})
    for nation, info in state.nations.items():
        if info.status == "truce" and info.cube_year is not None and info.cube_year <= state.year:
            info.status, info.cube_year = "inactive", None
            events.append({"kind": "cube_removed", "nation": nation})


def _due(place: str, year: int) -> bool:
    return place.startswith(YEAR) and int(place[len(YEAR) :]) <= year


# -- the Russian reform (11.2b-e, k, l) ---------------------------------------------------------
def reform_pair(block: str) -> tuple[str, str] | None:
    """(hollow-star original, black-star reformed) for either block of a pair (11.2k)."""
    info = board().blocks.get(block)
    if info is None or info.star is None or info.twin is None:
        return None
    return (block, info.twin) if info.star == "hollow" else (info.twin, block)


def reform_years(state: State) -> list[int]:
    """11.2c: boxes at least two years ahead with no Russian army block, up to the last year
    of the scenario (11.2k)."""
    ahead = board().tables["reform"]["years_ahead"]
    taken = {
        state.blocks[b].at
        for b in board().nation_blocks("RUS")
        if board().blocks[b].is_army and state.blocks[b].at.startswith(YEAR)
    }
    return [y for y in range(state.year + ahead, state.last_year + 1) if year_box(y) not in taken]


def can_reform(state: State, block: str, year: int | None) -> tuple[str, str, int] | None:
    """The (original, reformed, year) a `reform` line would apply now, or None if illegal."""
    pair = reform_pair(block)
    if not state.reform_eligible or pair is None:
        return None
    original, reformed = pair
    if state.blocks[reformed].at != REFORM_BOX:
        return None
    if not (state.is_on_map(original) or state.blocks[original].at == POOL):
        return None  # 11.2c: removed "from the map or from the pool"
    years = reform_years(state)
    chosen = year if year is not None else (years[0] if years else None)
    if chosen is None or chosen not in years:
        return None
    return original, reformed, chosen


def russian_reform(state: State, events: Events) -> None:
    """Entry Phase step 2 (11.2c): the Coalition's `reform <block> [in <year>]` line, if it is
    legal now (default: no reform). Truces do not affect it (11.2e)."""
    line = standing.reform(state)
    if not line or not line.get("block"):
        return
    found = can_reform(state, line["block"], line.get("year"))
    if found is None:
        # 13.6, 14: a standing line is secret until applied; a skipped one stays private.
        events.append(
            {
                "kind": "reform_skipped",
                "block": line["block"],
                "year": line.get("year"),
                "_to": "coalition",
            }
        )
        return
    original, reformed, year = found
    standing.use_up(state, "coalition", "reform")
    state.blocks[original].at = REMOVED
    state.blocks[reformed].at = year_box(year)
    events.append({"kind": "reform", "removed": original, "block": reformed, "year": year})


# -- Nyen and Sankt-Peterburg (11.2f-i, m) -------------------------------------------------------
def nyen_changes_hands(
    state: State, territory: str, loser: str | None, new: str, events: Events
) -> None:
    """11.2g, m: before conversion, Russia capturing Nyen puts its fleets on the Year Track
    two years ahead; Russia losing it sends them back out of play."""
    nyen = board().tables["nyen"]
    if territory != nyen["territory"] or territory in state.converted:
        return
    if new == "RUS" and loser != "RUS":
        when = state.year + nyen["years_ahead"]
        placed = [f for f in nyen["fleets"] if state.blocks[f].at == OUT]
        for fleet in placed:
            state.blocks[fleet].at = year_box(when)
        if placed:
            events.append({"kind": "nyen_fleets", "year": when, "blocks": placed})
    else:
        check_nyen(state, events)


def check_nyen(state: State, events: Events) -> None:
    """11.2g, m: once Russia no longer holds an unconverted Nyen, by any means, its fleets on
    the Year Track go back out of play."""
    nyen = board().tables["nyen"]
    territory = nyen["territory"]
    if territory in state.converted or controller(state, territory) == "RUS":
        return
    back = [f for f in nyen["fleets"] if state.blocks[f].at.startswith(YEAR)]
    for fleet in back:
        state.blocks[fleet].at = OUT
    if back:
        events.append({"kind": "nyen_fleets_out", "blocks": back})


# -- activations (11.5h, 11.7c, d) --------------------------------------------------------------
def on_activation(state: State, nation: str, events: Events) -> None:
    """What a nation's activation changes on the map before its muster.

    11.5h: Poland: markers of Swedish-side nations in Polish home territories are removed
    (Coalition markers stay). 11.7d: Ukraine: each home territory holding Russian land
    blocks gets a RUS marker; the others pass to Ukraine (so Russia loses their RP).
    """
    side = board().side_of(nation)
    home = [t for t in board().territories if home_nation(state, t) == nation]
    changed = []
    if nation == "POL":
        for territory in home:
            owner = state.markers.get(territory)
            if owner and board().side_of(owner) == side:
                del state.markers[territory]
                changed.append(territory)
    if nation == "UKR":
        for territory in home:
            russians = [
                b for b in land_blocks(state, territory) if board().blocks[b].nation == "RUS"
            ]
            if russians:
                state.markers[territory] = "RUS"
            else:
                state.markers.pop(territory, None)
            changed.append(territory)
    if changed:
        events.append(
            {
                "kind": "control_changed",
                "nation": nation,
                "markers": {t: state.markers.get(t) for t in changed},
            }
        )


def mazepa_defection(state: State, rng: Dice, events: Events) -> None:
    """11.7c: at the end of each Swedish Action Phase in which Karl XII is in Ukraine and
    Ukraine may roll, Sweden rolls 1d6; on a 6 Ukraine activates at once (RP at once, 10.1c).
    The block and region are nations.yaml's `defection`."""

    territories = board().territories
    for nation, info in board().nations.items():
        rule = info.defection
        if not rule:
            continue
        at = state.blocks[rule["block"]].at
        there = at in territories and territories[at].region == rule["region"]
        if there and politics.can_roll(state, nation):
            politics.roll_for(state, nation, rng, events, "defection")
