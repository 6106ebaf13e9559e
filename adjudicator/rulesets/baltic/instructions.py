"""The baltic order language (13.2-13.5): action lines and standing lines.

A submission becomes one ``orders`` instruction holding its action lines (a later
submission replaces the whole list, 13.2) and one ``standing`` instruction per standing line,
keyed so that a later line replaces it key by key. Action lines are checked when received
by running them, in order, on a copy of the current state (actions.execute): what is illegal
then is an error of the submission, and the same check voids a line at execution.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from adjudicator.dice import Dice
from adjudicator.orders.errors import LineError, OrderError, OrderErrors, illegal, invalid
from adjudicator.orders.lines import order_lines
from adjudicator.requests import Instruction
from adjudicator.rulesets.baltic import actions, words
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.standing import ANY, key
from adjudicator.rulesets.baltic.state import State, Turn
from adjudicator.rulesets.baltic.void import Void

ACTION_VERBS = (
    "move",
    "embark",
    "sail",
    "disembark",
    "siege",
    "reinforce",
    "recon",
    "politics",
    "pass",
    "cede",
)
_VERB = re.compile(r"\s*([A-Za-z]+)\s*(.*)$", re.DOTALL)


# -- action lines (13.3) ------------------------------------------------------------------------
def parse_part(side: str, verb: str, rest: str) -> dict[str, Any]:
    """One part of a Move line."""
    if verb == "move":
        head, tail = words.split_head(rest)
        tail, siege = words.strip_siege(tail)
        route = words.path(tail)
        if not all(board().is_territory(t) for t in route):
            raise invalid("a land move goes from territory to territory")
        found = words.blocks(head, side, near=route[0])
        return {"verb": "move", "blocks": found, "path": route, "siege": siege}
    if verb == "embark":
        match = re.match(r"^(.*?)(?:\s+on\s+(.+?))?\s+at\s+(.+)$", rest, re.IGNORECASE)
        if not match:
            raise invalid("expected 'embark <blocks> [on <fleet>] at <territory|port>'")
        fleet = words.block(match.group(2), side) if match.group(2) else None
        at = words.territory(match.group(3))
        return {
            "verb": "embark",
            "blocks": words.blocks(match.group(1), side, near=at),
            "fleet": fleet,
            "at": at,
        }
    if verb == "sail":
        head, tail = words.split_head(rest)
        route = words.path(tail)
        start = "H:" + route[0] if board().is_territory(route[0]) else route[0]
        return {"verb": "sail", "fleets": words.blocks(head, side, near=start), "path": route}
    head, tail = words.split_head(rest)
    tail, siege = words.strip_siege(tail)
    route = words.path(tail)
    if len(route) != 2 or not board().is_sea(route[0]) or not board().is_territory(route[1]):
        raise invalid("expected 'disembark <blocks>: <sea zone> -> <territory|port>'")
    return {
        "verb": "disembark",
        "blocks": words.blocks(head, side, near=route[0]),
        "zone": route[0],
        "to": route[1],
        "siege": siege,
    }


def parse_action(side: str, verb: str, rest: str, text: str) -> dict[str, Any]:
    """One action line (13.3) as plain data."""
    if verb in ("move", "embark", "sail", "disembark"):
        parts = []
        for piece in text.split(";"):
            match = _VERB.match(piece)
            part_verb = match.group(1).lower() if match else ""
            if part_verb not in ("move", "embark", "sail", "disembark"):
                raise invalid(
                    "each part of a move line starts with move, embark, sail or disembark"
                )
            parts.append(parse_part(side, part_verb, match.group(2).strip()))
        return {"action": "move", "parts": parts}
    if verb == "siege":
        return {"action": "siege", "at": words.territory(rest)}
    if verb == "reinforce":
        return parse_reinforce(side, rest)
    if verb == "recon":
        return {"action": "recon", "at": words.location(rest)}
    if verb == "politics":
        return {"action": "politics", "nation": words.nation(rest)}
    if verb == "pass":
        if rest:
            raise invalid("'pass' takes nothing after it")
        return {"action": "pass"}
    return {"action": "cede", "territory": words.territory(rest)}


def parse_reinforce(side: str, rest: str) -> dict[str, Any]:
    """`reinforce <nation>: [steps <blocks>] [; build <n> at <territories>]` (13.3)."""
    head, tail = words.split_head(rest)
    line: dict[str, Any] = {
        "action": "reinforce",
        "nation": words.nation(head),
        "steps": [],
        "builds": 0,
        "at": [],
    }
    for piece in [p.strip() for p in tail.split(";") if p.strip()]:
        match = re.match(r"^steps?\s+(.+)$", piece, re.IGNORECASE)
        if match:
            found = words.blocks(match.group(1), side, allow_all=False)
            line["steps"] = list(found)
            continue
        match = re.match(r"^build\s+(\d+)(?:\s+at\s+(.+))?$", piece, re.IGNORECASE)
        if not match:
            raise invalid("expected 'steps <blocks>' or 'build <n> at <territories>'")
        line["builds"] = int(match.group(1))
        line["at"] = words.territories(match.group(2) or "")
    return line


# -- standing lines (13.4) ----------------------------------------------------------------------
Standing = tuple[str, Any]
"""(key, value)."""


def loc_or_any(text: str) -> str:
    return ANY if text.strip().lower() == ANY else words.location(text)


def split_location_blocks(side: str, head: str) -> tuple[str, list[str]]:
    """'Pskov Karl XII, Livgardet' -> ('pskov', [...]): the longest location prefix that
    leaves valid block names (or nothing)."""
    tokens = head.split()
    last: LineError | None = None
    for cut in range(len(tokens), 0, -1):
        place, rest = " ".join(tokens[:cut]), " ".join(tokens[cut:])
        try:
            where = loc_or_any(place)
            found = words.blocks(rest, side, allow_all=False) if rest else []
            return where, list(found)
        except LineError as error:
            last = error
    raise last or invalid("expected a location or 'any'")


def parse_battle(side: str, rest: str) -> Standing:
    head, tail = words.split_head(rest)
    where, blocks = split_location_blocks(side, head)
    mode = tail.lower().strip()
    value: dict[str, Any] = {"location": where, "blocks": blocks, "mode": "fight", "round": 0}
    match = re.match(r"^retreat\s+round\s+([1-3])$", mode)
    if match:
        value.update(mode="retreat_round", round=int(match.group(1)))
    elif re.match(r"^retreat\s+when\s+weaker$", mode):
        value["mode"] = "retreat_weaker"
    elif mode != "fight":
        raise invalid("expected 'fight', 'retreat round <1-3>' or 'retreat when weaker'")
    return key("battle", where, ",".join(sorted(blocks))), value


def parse_retreat_priority(side: str, rest: str) -> Standing:
    head, tail = words.split_head(rest)
    where = loc_or_any(head)
    choices = []
    for item in [i.strip() for i in tail.split(",") if i.strip()]:
        match = re.match(r"^sea\b\s*(.*)$", item, re.IGNORECASE)
        if match:
            fleets = match.group(1).split()
            found = [words.block(f, side) for f in fleets] if fleets else []
            choices.append({"sea": True, "fleets": found})
        else:
            choices.append({"to": words.territory(item)})
    return key("retreat", where), {"choices": choices}


def parse_standing(side: str, text: str) -> Standing | None:
    """A standing line, or None when `text` is not one."""
    lower = text.lower()
    patterns: list[tuple[str, Callable[[re.Match[str]], Standing]]] = [
        (
            r"^battle\s+order\s*:\s*(.+)$",
            lambda m: ("battle_order", {"locations": words.locations(m.group(1))}),
        ),
        (r"^battle\s+(.+)$", lambda m: parse_battle(side, m.group(1))),
        (
            r"^hit\s+order\s*:\s*(.+)$",
            lambda m: ("hit_order", {"blocks": list(words.blocks(m.group(1), side, False))}),
        ),
        (r"^retreat\s+priority\s+(.+)$", lambda m: parse_retreat_priority(side, m.group(1))),
        (r"^regroup\s+(.+)$", lambda m: parse_regroup(side, m.group(1))),
        (
            r"^(withdraw|keep)\s+fleets\s+(.+)$",
            lambda m: (
                key("fleets", words.territory(m.group(2))),
                {"withdraw": m.group(1).lower() == "withdraw"},
            ),
        ),
        (
            r"^fleet\s+retreat\s+priority\s*:\s*(.+)$",
            lambda m: ("fleet_retreat", {"harbors": words.territories(m.group(1))}),
        ),
        (r"^forage\s+losses\s+(.+)$", lambda m: parse_forage(side, m.group(1))),
        (
            r"^displace\s+priority\s*:\s*(.+)$",
            lambda m: ("displace", {"territories": words.territories(m.group(1))}),
        ),
        (r"^build\s+priority\s+(.+)$", lambda m: parse_build_priority(m.group(1))),
        (r"^reform\s+(.+)$", lambda m: parse_reform(side, m.group(1))),
        (r"^offer\s+truce\s+(.+)$", lambda m: parse_offer(side, m.group(1))),
        (
            r"^(accept|decline)\s+truce\s+(.+)$",
            lambda m: (
                key("truce", words.nation(m.group(2))),
                {"nation": words.nation(m.group(2)), "accept": m.group(1) == "accept"},
            ),
        ),
        (r"^cede\s+(.+?)\s+at\s+entry$", lambda m: parse_cede(side, m.group(1), "entry", None)),
        (
            r"^cede\s+(.+?)\s+if\s+(.+?)\s+activates$",
            lambda m: parse_cede(side, m.group(1), "activates", m.group(2)),
        ),
        (r"^clear\s+(.+)$", lambda m: parse_clear(m.group(1))),
    ]
    for pattern, build in patterns:
        match = re.match(pattern, text.strip(), re.IGNORECASE)
        if match and (pattern != r"^battle\s+(.+)$" or not lower.startswith("battle order")):
            return build(match)
    return None


def parse_regroup(side: str, rest: str) -> Standing:
    head, tail = words.split_head(rest)
    where = words.territory(head)
    found, _, target = tail.partition("->")
    if not target.strip():
        raise invalid("expected 'regroup <territory>: <blocks> -> <territory>'")
    to = words.territory(target)
    return key("regroup", where, to), {"blocks": list(words.blocks(found, side, False)), "to": to}


def parse_forage(side: str, rest: str) -> Standing:
    head, tail = words.split_head(rest)
    return key("forage", loc_or_any(head)), {"blocks": list(words.blocks(tail, side, False))}


def parse_build_priority(rest: str) -> Standing:
    head, tail = words.split_head(rest)
    nation = words.nation(head)
    return key("build", nation), {"territories": words.territories(tail)}


def parse_reform(side: str, rest: str) -> Standing:
    """`reform <block> [in <year>]` | `reform none` (11.2k); Coalition only."""
    if side != "coalition":
        raise illegal("only the Coalition reforms the Russian army (11.2c)")
    if rest.strip().lower() == "none":
        return "reform", {"block": None, "year": None}
    match = re.match(r"^(.+?)(?:\s+in\s+(\d{4}))?$", rest.strip(), re.IGNORECASE)
    assert match
    block = words.block(match.group(1), side)
    if board().blocks[block].star != "hollow":
        raise illegal("only a hollow-star Russian army is reformed (11.2b)")
    year = int(match.group(2)) if match.group(2) else None
    return "reform", {"block": block, "year": year}


def parse_offer(side: str, rest: str) -> Standing:
    """`offer truce <nation>` (10.2j): to an active enemy nation that may be offered one."""
    nation = words.nation(rest)
    info = board().nations[nation]
    if info.side == side or not info.truce_offer:
        raise illegal(f"{info.name} may not be offered a truce by you (10.2c, 10.2j)")
    return key("offer", nation), {"nation": nation}


def parse_cede(side: str, place: str, when: str, nation: str | None) -> Standing:
    if side != "sweden":
        raise illegal("only Sweden may cede territory (11.1c)")
    territory = words.territory(place)
    allowed = {c["territory"] for c in board().tables["cessions"]}
    if territory not in allowed:
        raise illegal(
            "only these territories may be ceded (11.1c)",
            [board().name(t) for t in sorted(allowed)],
        )
    value = {"territory": territory, "when": when}
    if nation:
        value["nation"] = words.nation(nation)
    return key("cede", territory), value


CLEAR_KINDS = {
    "battle": "battle",
    "hit": "hit_order",
    "retreat": "retreat",
    "regroup": "regroup",
    "fleets": "fleets",
    "withdraw": "fleets",
    "keep": "fleets",
    "fleet": "fleet_retreat",
    "forage": "forage",
    "displace": "displace",
    "build": "build",
    "reform": "reform",
    "offer": "offer",
    "accept": "truce",
    "decline": "truce",
    "cede": "cede",
    "all": "all",
}


def parse_clear(rest: str) -> Standing:
    """`clear <keyword> [<location>]` or `clear all` (13.4)."""
    tokens = rest.split(None, 1)
    kind = CLEAR_KINDS.get(tokens[0].lower())
    if kind is None:
        raise invalid("expected 'clear <keyword> [<location>]' or 'clear all'", sorted(CLEAR_KINDS))
    if len(tokens) == 1 or kind == "all":
        return key("clear", kind), None
    rest = re.sub(r"^(order|priority|losses|truce|fleets)\s*", "", tokens[1], flags=re.I)
    if not rest.strip():
        return key("clear", kind), None
    target = words.nation(rest) if kind in ("build", "offer", "truce") else loc_or_any(rest)
    return key("clear", kind, target), None


# -- the submission -----------------------------------------------------------------------------
def parse_submission(state: State, side: str, text: str) -> list[Instruction]:
    """Every line; raises `OrderErrors` listing every fault (13.2: rejected whole)."""
    words.CURRENT.append(state)
    try:
        return read_submission(state, side, text)
    finally:
        words.CURRENT.pop()


def read_submission(state: State, side: str, text: str) -> list[Instruction]:
    errors: list[OrderError] = []
    lines: list[dict[str, Any]] = []
    standing: list[Instruction] = []
    for number, line in order_lines(text):
        match = _VERB.match(line)
        verb = match.group(1).lower() if match else ""
        try:
            found = parse_standing(side, line)
            if found is not None:
                name, value = found
                standing.append(
                    Instruction(
                        "standing",
                        name,
                        {"key": name, "text": line, "value": value},
                        number,
                        line,
                        line,
                    )
                )
                continue
            if verb not in ACTION_VERBS:
                raise invalid("not an action or standing line (13.3, 13.4)", ACTION_VERBS)
            action = parse_action(side, verb, match.group(2).strip(), line)
            lines.append({**action, "line": number, "text": line})
        except LineError as error:
            errors.append(error.at(number, line))
    if not errors and lines:
        errors = check_at_receipt(state, side, lines)
    if errors:
        raise OrderErrors(errors)
    summary = f"{len(lines)} action line(s)" if lines else "pass"
    first = lines[0]["line"] if lines else 0
    # NOTE (13.2, 13.5): a submission without action lines does not replace an earlier
    # action list (its key differs); with none sent, it answers the orders as `pass`.
    key = "" if lines else "pass"
    orders = Instruction("orders", key, {"lines": lines}, first, "", summary)
    return [orders, *standing]


def check_at_receipt(state: State, side: str, lines: list[dict[str, Any]]) -> list[OrderError]:
    """13.5: in order, against the current state, AP and RP."""
    from adjudicator.rulesets.baltic import sequence

    errors: list[OrderError] = []
    phase = sequence.phase_of(state, side)
    if phase is None:
        fault = (
            Void("game_over") if state.phase == "ended" else Void("phase_done", season=state.label)
        )
        return [illegal(fault.text).at(lines[0]["line"], lines[0]["text"])]
    costly = [x for x in lines if x["action"] not in actions.FREE]
    ap = state.ap.get(side, 0)
    if len(costly) > ap:
        fault = Void("ap", ap=ap)
        line = costly[ap]
        errors.append(illegal(fault.text).at(line["line"], line["text"]))
    trial = state.copy()
    if trial.phase != phase:
        trial.turn = Turn(moved=trial.turn.moved, politics=trial.turn.politics)
    rng = Dice(b"receipt", "check", 0)
    for line in lines:
        try:
            actions.execute(trial, side, line, rng, [])
        except Void as fault:
            errors.append(illegal(fault.text).at(line["line"], line["text"]))
    return errors
