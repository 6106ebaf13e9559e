"""A random but legal baltic player, for `adjudicator bot`, demos and the whole-game tests.

The bot writes order text, as a player would, and keeps a line only if the ruleset's own
receipt check accepts it (13.5: lines are checked in order against the current state, AP and
RP), so it can never send what a player could not. All its choices come from the `Dice`
it is given: the same state and seed give the same orders.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from adjudicator.dice import Dice
from adjudicator.orders.errors import LineError, OrderErrors
from adjudicator.rulesets.baltic import actions, control, instructions, sequence, words
from adjudicator.rulesets.baltic.board import Board, load_board
from adjudicator.rulesets.baltic.state import HARBOR, SIDES, State, Turn
from adjudicator.rulesets.baltic.void import Void

TRIES_PER_ACTION = 6
"""Candidate lines tried for each AP before the bot settles for fewer actions."""


def bot(state: State, player: str, requests: list[Any], rng: Dice, ahead: bool) -> str | None:
    """Order lines (no header) answering what `player` is asked now (its orders, D1); with
    `ahead`, also standing lines for later decisions. None when nothing is asked of it."""
    asked = [r for r in requests if r.player == player and r.kind == "orders"]
    if player not in SIDES or not asked:
        return None
    lines = action_lines(state, player, rng)
    if ahead:
        lines += standing_lines(state, player, rng)
    return "\n".join(lines or ["pass"]) + "\n"


# -- action lines --------------------------------------------------------------------------
def action_lines(state: State, side: str, rng: Dice) -> list[str]:
    """Up to the side's AP of random lines, each legal after the ones before it.

    Each candidate is run on a trial copy of the state, as the receipt check runs a whole
    submission (13.5); the whole list is then checked once more by the ruleset itself.
    """
    chosen: list[str] = []
    trial = _trial(state, side)
    if trial is None:
        return chosen
    makers = _makers()
    check = Dice(b"bot", "trial", 0)
    for _ in range(state.ap.get(side, 0)):
        for _ in range(TRIES_PER_ACTION):
            make = makers[rng.below(len(makers))]
            line = make(trial, side, rng)
            if line is not None and _runs(trial, side, line, check):
                chosen.append(line)
                break
    while chosen and not _accepted(state, side, chosen):
        chosen.pop()  # never send what the ruleset would reject
    return chosen


def _trial(state: State, side: str) -> State | None:
    """A copy of `state` as the side's Action Phase will find it (instructions 13.5)."""

    phase = sequence.phase_of(state, side)
    if phase is None:
        return None
    trial = copy.deepcopy(state)
    if trial.phase != phase:
        trial.turn = Turn(moved=trial.turn.moved, politics=trial.turn.politics)
    return trial


def _runs(trial: State, side: str, text: str, rng: Dice) -> bool:
    """Whether the line reads and runs on `trial`; if so, `trial` now shows its effect."""
    verb, _, rest = text.partition(" ")
    words.CURRENT.append(trial)
    try:
        line = instructions.parse_action(side, verb, rest.strip(), text)
        actions.execute(trial, side, line, rng, [])
    except (LineError, Void):
        return False
    finally:
        words.CURRENT.pop()
    return True


def _accepted(state: State, side: str, lines: list[str]) -> bool:
    try:
        instructions.parse_submission(state, side, "\n".join(lines))
    except OrderErrors:
        return False
    return True


def _makers() -> list[Callable[[State, str, Dice], str | None]]:
    """Line makers, weighted by repetition: moving is what a war is mostly made of."""
    return [
        _move,
        _move,
        _move,
        _move,
        _siege,
        _siege,
        _reinforce,
        _reinforce,
        _recon,
        _sail,
        _embark,
        _disembark,
        _politics,
    ]


def name(board: Board, block: str) -> str:
    """A name that finds exactly this block: twins (11.2b) go by their star alias."""
    info = board.blocks[block]
    twin = info.twin
    if twin is not None:
        return f"{info.name} {info.star}"
    return info.name


def _own(state: State, side: str, place: str) -> list[str]:
    board = load_board()
    return [b for b in state.at(place) if board.block_side(b) == side]


def _pick(rng: Dice, items: list[Any]) -> Any:
    return items[rng.below(len(items))] if items else None


def _some(rng: Dice, items: list[str], most: int) -> list[str]:
    """A random non-empty subset of at most `most` items, in their given order."""
    count = 1 + rng.below(min(most, len(items)))
    picked = set(rng.shuffled(items)[:count])
    return [i for i in items if i in picked]


def _land_groups(state: State, side: str) -> list[str]:
    """Territories holding the side's land blocks that have not moved this season."""
    board = load_board()
    return [
        t for t in board.territories if any(b not in state.turn.moved for b in _own(state, side, t))
    ]


def _move(state: State, side: str, rng: Dice) -> str | None:
    board = load_board()
    start = _pick(rng, _land_groups(state, side))
    if start is None:
        return None
    ready = [b for b in _own(state, side, start) if b not in state.turn.moved]
    group = _some(rng, ready, 3)
    route = [start]
    for _ in range(1 + rng.below(2)):
        nxt = _pick(rng, [t for t in board.neighbours[route[-1]] if t not in route])
        if nxt is None:
            break
        route.append(nxt)
    siege = " siege" if rng.below(3) == 0 else ""
    names = ", ".join(name(board, b) for b in group)
    return f"move {names}: " + " -> ".join(board.name(t) for t in route) + siege


def _siege(state: State, side: str, rng: Dice) -> str | None:
    board = load_board()
    targets = [
        t
        for t in board.territories
        if _own(state, side, t) and not control.is_friendly(state, t, side)
    ]
    target = _pick(rng, targets)
    return f"siege {board.name(target)}" if target else None


def _reinforce(state: State, side: str, rng: Dice) -> str | None:
    board = load_board()
    nations = [
        n
        for n, info in state.nations.items()
        if info.status == "active" and board.side_of(n) == side and info.rp_available > 0
    ]
    nation = _pick(rng, nations)
    if nation is None:
        return None
    parts = []
    weak = [
        b
        for b in board.nation_blocks(nation)
        if state.is_on_map(b) and state.blocks[b].strength < board.blocks[b].max
    ]
    if weak and rng.below(2):
        parts.append("steps " + ", ".join(name(board, b) for b in _some(rng, weak, 2)))
    if rng.below(3) or not parts:
        parts.append(f"build {1 + rng.below(2)}")
    return f"reinforce {board.name(nation)}: " + "; ".join(parts)


def _recon(state: State, side: str, rng: Dice) -> str | None:
    board = load_board()
    places = {state.location(b) for b in board.blocks if state.is_on_map(b)}
    here = [p for p in places if not p.startswith(HARBOR) and _own(state, side, p)]
    near = [n for p in here if p in board.territories for n in board.neighbours[p]]
    target = _pick(rng, sorted(set(near)))
    return f"recon {board.name(target)}" if target else None


def _fleets(state: State, side: str) -> list[str]:
    board = load_board()
    return [
        b
        for b, info in board.blocks.items()
        if info.is_fleet and board.block_side(b) == side and state.is_on_map(b)
    ]


def _sail(state: State, side: str, rng: Dice) -> str | None:
    board = load_board()
    fleet = _pick(rng, _fleets(state, side))
    if fleet is None or fleet in state.turn.moved:
        return None
    at = state.blocks[fleet].at
    if at.startswith(HARBOR):
        territory = at[len(HARBOR) :]
        route = [board.name(territory), board.name(board.port_sea(territory))]
        zone = board.port_sea(territory)
    else:
        route, zone = [board.name(at)], at
    for _ in range(rng.below(3)):
        nxt = _pick(rng, list(board.seas[zone].adjacent))
        route.append(board.name(nxt))
        zone = nxt
    if len(route) < 2:
        route.append(board.name(_pick(rng, list(board.seas[zone].adjacent))))
    return f"sail {name(board, fleet)}: " + " -> ".join(route)


def _embark(state: State, side: str, rng: Dice) -> str | None:
    board = load_board()
    zones = {state.blocks[f].at for f in _fleets(state, side)} & set(board.seas)
    ports = [t for z in sorted(zones) for t in board.ports_on[z] if _own(state, side, t)]
    port = _pick(rng, ports)
    if port is None:
        return None
    block = _pick(rng, [b for b in _own(state, side, port) if b not in state.turn.moved])
    return f"embark {name(board, block)} at {board.name(port)}" if block else None


def _disembark(state: State, side: str, rng: Dice) -> str | None:
    board = load_board()
    carried = [b for b in board.blocks if (state.carrier(b) or "") in _fleets(state, side)]
    block = _pick(rng, carried)
    if block is None:
        return None
    zone = state.location(block)
    to = _pick(rng, list(board.ports_on.get(zone, ())))
    return f"disembark {name(board, block)}: {board.name(zone)} -> {board.name(to)}" if to else None


def _politics(state: State, side: str, rng: Dice) -> str | None:
    board = load_board()
    active = [n for n, info in state.nations.items() if info.status == "active"]
    target = _pick(rng, active)
    return f"politics {board.name(target)}" if target and rng.below(2) == 0 else None


# -- standing lines ------------------------------------------------------------------------
def standing_lines(state: State, side: str, rng: Dice) -> list[str]:
    """A few random standing lines (13.4); each kept only if it reads legally now."""
    board = load_board()
    candidates = [
        _pick(
            rng,
            [
                "battle any: fight",
                "battle any: retreat when weaker",
                "battle any: retreat round 2",
                "battle any: retreat round 3",
            ],
        ),
    ]
    if side == "coalition" and state.reform_eligible and rng.below(2) == 0:
        hollow = [b for b, info in board.blocks.items() if info.star == "hollow"]
        usable = [b for b in hollow if state.blocks[b].at not in ("removed",)]
        block = _pick(rng, usable)
        if block:
            candidates.append(f"reform {name(board, block)}")
    enemies = [
        n
        for n, info in board.nations.items()
        if info.side != side and info.truce_offer and state.nations[n].status == "active"
    ]
    if enemies and rng.below(4) == 0:
        candidates.append(f"offer truce {board.name(_pick(rng, enemies))}")
    mine = [n for n, info in board.nations.items() if info.side == side and info.truce_offer]
    if mine and rng.below(2) == 0:
        # Accepting ends a war early (Russia's truce can end the game): rarely, for variety.
        verb = "accept" if rng.below(25) == 0 else "decline"
        candidates.append(f"{verb} truce {board.name(_pick(rng, mine))}")
    candidates += [line for line in _more_standing(state, side, rng) if line]
    kept = []
    for line in candidates:
        if _accepted(state, side, [*kept, line]):
            kept.append(line)
    return kept


def _more_standing(state: State, side: str, rng: Dice) -> list[str | None]:
    """Lists and priorities of 13.4, each about a third of the time, naming the side's own
    blocks and places so that most of them apply somewhere."""
    board = load_board()
    mine = [b for b in board.blocks if board.block_side(b) == side and state.is_on_map(b)]
    land = [b for b in mine if board.blocks[b].is_land]
    fleets = [b for b in mine if board.blocks[b].is_fleet]
    spots = sorted({state.blocks[b].at for b in land if state.blocks[b].at in board.territories})
    harbors = [t for t in board.territories if board.harbor_strength(t, state.converted)]
    nations = [n for n, info in board.nations.items() if info.side == side]
    lines: list[str | None] = []
    if land and rng.below(3) == 0:
        lines.append("hit order: " + ", ".join(name(board, b) for b in _some(rng, land, 3)))
    if land and rng.below(3) == 0:
        picked = ", ".join(name(board, b) for b in _some(rng, land, 3))
        lines.append(f"forage losses any: {picked}")
    spot = _pick(rng, spots)
    if spot and rng.below(3) == 0:
        to = _pick(rng, list(board.neighbours[spot]))
        sea = f", sea {name(board, _pick(rng, fleets))}" if fleets and rng.below(2) else ""
        lines.append(f"retreat priority {board.name(spot)}: {board.name(to)}{sea}")
    if spot and rng.below(4) == 0:
        block = _pick(rng, _own(state, side, spot))
        to = _pick(rng, list(board.neighbours[spot]))
        lines.append(f"regroup {board.name(spot)}: {name(board, block)} -> {board.name(to)}")
    if spot and rng.below(4) == 0:
        lines.append(f"battle {board.name(spot)}: retreat round {1 + rng.below(3)}")
    if spot and rng.below(4) == 0:
        lines.append(f"battle order: {board.name(spot)}")
    nation = _pick(rng, nations)
    if nation and board.nations[nation].placement and rng.below(3) == 0:
        where = _pick(rng, list(board.nations[nation].placement))
        lines.append(f"build priority {board.name(nation)}: {board.name(where)}")
    if harbors and rng.below(4) == 0:
        verb = _pick(rng, ["withdraw", "keep"])
        lines.append(f"{verb} fleets {board.name(_pick(rng, harbors))}")
    if harbors and rng.below(4) == 0:
        lines.append(f"fleet retreat priority: {board.name(_pick(rng, harbors))}")
    if spot and rng.below(5) == 0:
        lines.append(f"displace priority: {board.name(spot)}")
    if side == "sweden" and rng.below(40) == 0:
        cession = _pick(rng, board.tables["cessions"])
        when = _pick(rng, ["at entry", f"if {board.name(cession['to'])} activates"])
        lines.append(f"cede {board.name(cession['territory'])} {when}")
    if rng.below(12) == 0:
        lines.append(_pick(rng, ["clear battle", "clear retreat", "clear all"]))
    return lines
