"""The sequence of play (3.1): Entry Phase, Action Roll Phase, two Action Phases, Supply.

Each phase is one engine step; only an Action Phase waits for orders (13.1). The steps of
politics and nations (10, 11) are naval.py's, politics.py's and nations.py's, called here
through functions named for the rule steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.baltic import (
    actions,
    events,
    nations,
    naval,
    politics,
    resources,
    standing,
    supply,
    victory,
)
from adjudicator.rulesets.baltic.battle import Battle
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.rolls import roll
from adjudicator.rulesets.baltic.siege import resolve_sieges
from adjudicator.rulesets.baltic.standing import battle_order
from adjudicator.rulesets.baltic.state import SEASONS, SIDES, State, Turn, other_side
from adjudicator.rulesets.baltic.terms import side_name
from adjudicator.rulesets.baltic.void import Void
from adjudicator.text import _l, to_data

Events = list[dict[str, Any]]


def phase_of(state: State, side: str) -> str | None:
    """The side's next unresolved Action Phase this season (13.2), None if it is done."""
    if state.phase in ("entry", "action_roll"):
        return "action_1" if state.first_player == side else "action_2"
    if state.phase == "action_1":
        return "action_1" if state.first_player == side else "action_2"
    if state.phase == "action_2":
        return "action_2" if state.active_side() == side else None
    return None


# -- Entry Phase (3.2) ------------------------------------------------------------------------
def entry_phase(state: State, rng: Dice, out: Events) -> None:
    out.append({"kind": "phase", "phase": "entry", "year": state.year})
    nations.year_track_arrivals(state, out)  # 3.2 step 1 (11.2d, h; 10.3d)
    nations.russian_reform(state, out)  # 3.2 step 2 (11.2c)
    politics.activation_rolls(state, rng, out)  # 3.2 step 3 (10.1, 11.1e, 8.7)
    politics.truce_offers(state, rng, out)  # 3.2 step 4 (10.2c, j; 11.1e)
    for nation, info in state.nations.items():  # 3.2 step 5 (8.2)
        if info.status == "active":
            resources.allot_rp(state, nation)
        else:
            info.rp_available = 0
    out.append(
        {
            "kind": "rp_allotted",
            "rp": {n: i.rp_available for n, i in state.nations.items() if i.status == "active"},
        }
    )
    end_of_phase(state, rng, out)
    if state.phase != "ended":
        state.phase = "action_roll"


# -- Action Roll Phase (3.3, 3.4) -------------------------------------------------------------
def action_roll_phase(state: State, rng: Dice, out: Events) -> None:
    out.append(
        {"kind": "phase", "phase": "action_roll", "year": state.year, "season": state.season}
    )
    last_event = dict(state.event)
    state.turn = Turn()
    table = board().tables["action_table"]
    ap: dict[str, int] = {}
    rolled: dict[str, int | None] = {}
    for side in SIDES:
        (die,) = roll(state, rng, 1, _l("action roll %(side)s", side=side_name(side)))
        row = table[die]
        if row.get("event") and last_event.get(side):
            row = {"ap": board().tables["event_restriction_ap"]}  # 3.4
        if row.get("event"):
            ap[side] = 0
            dice = roll(state, rng, 2, _l("event %(side)s", side=side_name(side)))
            rolled[side] = sum(dice)
        else:
            ap[side] = max(1, row["ap"] + modifiers(state, side, last_event))
            rolled[side] = None
        out.append(
            {
                "kind": "action_roll",
                "side": side,
                "die": die,
                "ap": ap[side],
                "event_roll": rolled[side],
            }
        )
    previous_first = state.first_player
    state.ap = ap
    state.ap_spent = {side: 0 for side in SIDES}
    state.event = {side: None for side in SIDES}
    for side in SIDES:  # events at once, Sweden's first
        if rolled[side] is not None:
            events.resolve_event(state, side, rolled[side], rng, out)
    if ap["sweden"] != ap["coalition"]:
        state.first_player = max(SIDES, key=lambda s: ap[s])
    elif previous_first is None:
        state.first_player = state.first_player_tie
    else:
        state.first_player = other_side(previous_first)  # last season's second player
    out.append({"kind": "first_player", "side": state.first_player, "ap": dict(ap)})
    end_of_phase(state, rng, out)
    if state.phase != "ended":
        state.phase = "action_1"


def modifiers(state: State, side: str, last_event: dict[str, str | None]) -> int:
    """3.3: +1 for Forced marches drawn last season; Sweden -1 from the Attrition Track
    (the caller keeps the result at least 1).

    NOTE: an event result is 0 AP and is not modified (3.3 modifies "an AP result")."""
    bonus = 1 if last_event.get(side) == "forced_marches" else 0
    if side == "sweden":
        bonus += resources.attrition_effect(state, "ap")
    return bonus


# -- Action Phase (3.1 step 2-3, 3.5, 5, 6) ----------------------------------------------------
def action_phase(
    state: State, side: str, lines: list[dict[str, Any]], nmr: bool, rng: Dice, out: Events
) -> None:
    """The Action Step (lines in order), then the Battle & Siege Step, then the end."""
    out.append(
        {"kind": "phase", "phase": "action", "side": side, "nmr": nmr, "ap": state.ap.get(side, 0)}
    )
    state.turn.crossings = {}
    state.turn.entries = []
    state.turn.sieges = []
    for number, line in enumerate(lines, start=1):
        costly = line["action"] not in actions.FREE
        if costly and state.ap_spent.get(side, 0) >= state.ap.get(side, 0):
            out.append(_void(side, number, line, Void("ap", ap=state.ap.get(side, 0))))
            continue
        if costly:
            state.ap_spent[side] = state.ap_spent.get(side, 0) + 1
        try:
            actions.execute(state, side, line, rng, out)
        except Void as fault:  # 13.5: void, still costs its AP
            out.append(_void(side, number, line, fault))
    battle_step(state, side, rng, out)
    resolve_sieges(state, rng, out)
    if side == "sweden":
        nations.mazepa_defection(state, rng, out)  # 11.7c
    end_of_phase(state, rng, out)


def battle_locations(state: State, attacker: str) -> list[str]:
    """5.2 default: naval battles (sea-zone order), then land in order of first entry."""
    seas = [z for z in board().seas if naval.has_naval_battle(state, z)]
    land: list[str] = []
    for territory, *_ in state.turn.entries:
        if territory not in land:
            land.append(territory)
    land += [t for t in board().territories if t not in land]
    return seas + land


def is_battle(state: State, location: str, land: set[str]) -> bool:
    """A battle is due in `location`; `land` is `contested(state)`."""
    if board().is_sea(location):
        return naval.has_naval_battle(state, location)
    return location in land


def contested(state: State) -> set[str]:
    """Territories holding land blocks of both sides (5.1), in one pass over the blocks."""
    territories = board().territories
    sides: dict[str, set[str]] = {}
    for block, info in state.blocks.items():
        if info.at in territories:
            sides.setdefault(info.at, set()).add(board().blocks[block].nation)
    nations = board().nations
    return {t for t, found in sides.items() if len({nations[n].side for n in found}) == 2}


def battle_step(state: State, attacker: str, rng: Dice, out: Events) -> None:
    """5.1, 5.2 (D2): every battle, in the attacker's `battle order`, else by default."""
    default = battle_locations(state, attacker)
    chosen = [loc for loc in battle_order(state, attacker) if loc in default]
    if not battle_order(state, attacker) and len(contested(state)) > 1:
        standing.applied_default(out, attacker, "D2")
    order = chosen + [loc for loc in default if loc not in chosen]
    fought: set[str] = set()
    while True:
        land = contested(state)
        todo = next(
            (loc for loc in order if loc not in fought and is_battle(state, loc, land)), None
        )
        if todo is None:
            break
        fought.add(todo)
        out.extend(make_battle(state, todo, attacker, rng).fight())
    battle_order_passed_over(state, attacker, fought, out)


def battle_order_passed_over(state: State, attacker: str, fought: set[str], out: Events) -> None:
    """13.5 (D2): when the order of battles was the attacker's to choose (more than one was
    fought), each entry of its `battle order` line where none was fought is told to it."""
    if len(fought) < 2:
        return
    for location in battle_order(state, attacker):
        if location not in fought:
            why = _l(
                "no battle was fought in %(place)s after this Action Phase (5.2)",
                place=board().said(location),
            )
            standing.skipped(out, state, attacker, "battle_order", why)


def make_battle(state: State, location: str, attacker: str, rng: Dice) -> Battle:
    if board().is_sea(location):
        naval_battle = getattr(naval, "NavalBattle", None)
        if naval_battle is not None:
            return naval_battle(state, location, attacker, rng)
    return Battle(state, location, attacker, rng)


# -- Supply Phase (7.5) and the end of a phase (3.7) --------------------------------------------
def supply_phase(state: State, rng: Dice, out: Events) -> None:
    out.append({"kind": "phase", "phase": "supply", "year": state.year, "season": state.season})
    supply.supply_phase(state, out)
    end_of_phase(state, rng, out)
    if state.phase == "ended":
        return
    if state.season == "winter" and state.year >= state.last_year:
        victory.final_victory(state, out)
        return
    next_season(state)


def next_season(state: State) -> None:
    index = SEASONS.index(state.season)
    if index == len(SEASONS) - 1:
        state.year += 1
        state.season = SEASONS[0]
        state.phase = "entry"
    else:
        state.season = SEASONS[index + 1]
        state.phase = "action_roll"


def end_of_phase(state: State, rng: Dice, out: Events) -> None:
    """3.7: Sweden's truce ends the game; truces due in nation order; set-aside fleets
    return; sudden death."""
    for nation, info in state.nations.items():
        broke = info.status == "active" and resources.rp_level(state, nation) <= 0
        if broke and nation not in state.turn.truces_due:
            state.turn.truces_due.append(nation)  # 10.2a4
    due = [
        n
        for n in state.nations
        if n in state.turn.truces_due and state.nations[n].status == "active"
    ]
    state.turn.truces_due = []
    if "SWE" in due:
        victory.end_game(state, "coalition", "sweden_truced", out)  # 10.2d
        return
    for nation in due:
        politics.impose_truce(state, nation, rng, out)
    naval.return_set_aside(state, out)
    resources.cap_rp_available(state)
    victory.sudden_death(state, out)


def _void(side: str, number: int, line: Mapping[str, Any], fault: Void) -> dict[str, Any]:
    """The event of an action line that is void (13.5): its text and why stay the side's."""
    return {
        "kind": "void",
        "side": side,
        "number": number,
        "text": line["text"],
        "why": to_data(fault.message),
    }
