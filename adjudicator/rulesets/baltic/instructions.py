"""The baltic order language (13.2-13.5): action lines and standing lines.

A submission becomes one ``orders`` instruction holding its action lines (a later
submission replaces the whole list, 13.2) and one ``standing`` instruction per standing line,
keyed so that a later line replaces it key by key. Action lines are checked when received
by running them, in order, on a copy of the current state (actions.execute): what is illegal
then is an error of the submission, and the same check voids a line at execution.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from adjudicator.dice import Dice
from adjudicator.orders.errors import LineError, OrderError, OrderErrors, illegal, invalid
from adjudicator.orders.lines import ARROW, order_lines
from adjudicator.requests import Instruction
from adjudicator.rulesets.baltic import actions, control, keywords, sequence, words
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.echo import echo_lines, echo_standing
from adjudicator.rulesets.baltic.standing import ANY, key
from adjudicator.rulesets.baltic.state import State, Turn
from adjudicator.rulesets.baltic.terms import season_name
from adjudicator.rulesets.baltic.void import Void
from adjudicator.text import _l

K = keywords.pattern

ACTION_VERBS = keywords.ACTION_VERBS
_VERB = re.compile(r"\s*([^\W\d_]+)\s*(.*)$", re.DOTALL)
"""The first word of a line (the verb, in any language) and the rest."""


# -- action lines (13.3) ------------------------------------------------------------------------
def parse_part(side: str, verb: str, rest: str) -> dict[str, Any]:
    """One part of a Move line."""
    if verb == "move":
        head, tail = words.split_head(rest)
        tail, siege = words.strip_siege(tail)
        route = words.path(tail)
        if not all(board().is_territory(t) for t in route):
            raise invalid(_l("a land move goes from territory to territory"))
        found = words.blocks(head, side, near=route[0])
        return {"verb": "move", "blocks": found, "path": route, "siege": siege}
    if verb == "embark":
        match = re.match(
            rf"^(.*?)(?:\s+{K('on')}\s+(.+?))?\s+{K('at')}\s+(.+)$", rest, re.IGNORECASE
        )
        if not match:
            raise invalid(_l("expected 'embark <blocks> [on <fleet>] at <territory|port>'"))
        fleet = words.block(without(match.group(2), "fleet"), side) if match.group(2) else None
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
        raise invalid(_l("expected 'disembark <blocks>: <sea zone> -> <territory|port>'"))
    return {
        "verb": "disembark",
        "blocks": words.blocks(head, side, near=route[0]),
        "zone": route[0],
        "to": route[1],
        "siege": siege,
    }


def parse_action(side: str, verb: str, rest: str, text: str) -> dict[str, Any]:
    """One action line (13.3) as plain data."""
    if verb in keywords.MOVE_VERBS:
        parts = []
        for piece in text.split(";"):
            if not piece.strip(" \t.,;!"):  # 'move ...;' ends with the separator: no part
                continue
            match = _VERB.match(piece)
            part_verb = keywords.verb(match.group(1)) if match else ""
            if part_verb not in keywords.MOVE_VERBS:
                raise invalid(
                    _l("each part of a move line starts with move, embark, sail or disembark"),
                    [keywords.name(v) for v in keywords.MOVE_VERBS],
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
        if keywords.matches("politics_at_home", text):
            return politics_at_home(side)
        return {"action": "politics", "nation": words.nation(without(rest, "toward", "with"))}
    if verb == "pass":
        if rest:
            raise invalid(_l("'pass' takes nothing after it"))
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
        match = re.match(rf"^{K('steps')}\s+(.+)$", piece, re.IGNORECASE)
        if match:
            found = words.blocks(without(match.group(1), "for"), side, allow_all=False)
            line["steps"] = list(found)
            continue
        match = re.match(rf"^{K('build')}\s+(\d+)(?:\s+{K('at')}\s+(.+))?$", piece, re.IGNORECASE)
        if not match:
            raise invalid(_l("expected 'steps <blocks>' or 'build <n> at <territories>'"))
        line["builds"] = int(match.group(1))
        if not line["builds"]:
            most = board().tables["costs"]["builds_per_action"]
            raise invalid(Void("build_zero", n=most).message)
        line["at"] = words.territories(match.group(2) or "")
    return line


def without(text: str, *heads: str) -> str:
    """`text` without a first keyword of `heads`, the words an echo says a name with: blocks
    after `for` («для Карла XII», «passos para Golitsyn»), a Politics nation after `toward`
    or `with` as the report says it («политика в отношении Польши», «política com a
    Polônia»), a fleet after `fleet` («на флот Вахтмейстера»)."""
    either = "|".join(K(head) for head in heads)
    return re.sub(rf"^(?:{either})\s+", "", text.strip(), flags=re.IGNORECASE)


# -- standing lines (13.4) ----------------------------------------------------------------------
Standing = tuple[str, Any]
"""(key, value)."""


def loc_or_any(text: str) -> str:
    """A location, or `any` («везде», «em qualquer lugar»: with its preposition too)."""
    bare = words.unprefixed(text, lambda rest: keywords.matches("any", rest))
    return ANY if keywords.matches("any", bare) else words.location(text)


def split_location_blocks(side: str, head: str) -> tuple[str, list[str]]:
    """'Pskov Karl XII, Livgardet' -> ('pskov', [...]): the longest location prefix that
    leaves valid block names (or nothing). The blocks may follow the word `for`, as an
    echo says them («в Пскове для Карла XII, Лейб-гвардии», «em Pskov para Carlos XII»)."""
    tokens = head.split()
    last: LineError | None = None
    for cut in range(len(tokens), 0, -1):
        place, rest = " ".join(tokens[:cut]), " ".join(tokens[cut:])
        rest = without(rest, "for")
        try:
            where = loc_or_any(place)
            found = words.blocks(rest, side, allow_all=False) if rest else []
            return where, list(found)
        except LineError as error:
            last = error
    raise last or invalid(_l("expected a location or 'any'"))


def parse_battle(side: str, rest: str) -> Standing:
    head, tail = words.split_head(rest)
    where, blocks = split_location_blocks(side, head)
    return battle_mode(where, blocks, tail)


def parse_any_battle(side: str, rest: str) -> Standing:
    """`any battle [<blocks>]: <mode>`, the way a native says `battle any` («в любом
    сражении для Стенбока: сражаться», «em qualquer batalha: lutar»)."""
    head, tail = words.split_head(rest)
    found = words.blocks(without(head, "for"), side, allow_all=False) if head else []
    return battle_mode(ANY, list(found), tail)


def battle_mode(where: str, blocks: list[str], tail: str) -> Standing:
    """A `battle` line's key and value from its location, blocks and mode (D3)."""
    mode = tail.strip()
    value: dict[str, Any] = {"location": where, "blocks": blocks, "mode": "fight", "round": 0}
    match = re.match(rf"^{K('retreat_round')}\s+([1-3])$", mode, re.IGNORECASE)
    if match:
        value.update(mode="retreat_round", round=int(match.group(1)))
    elif keywords.matches("retreat_weaker", mode):
        value["mode"] = "retreat_weaker"
    elif not keywords.matches("fight", mode):
        raise invalid(_l("expected 'fight', 'retreat round <1-3>' or 'retreat when weaker'"))
    return key("battle", where, ",".join(sorted(blocks))), value


def parse_retreat_priority(side: str, rest: str) -> Standing:
    head, tail = words.split_head(rest)
    where = loc_or_any(head)
    choices = []
    for item in [i.strip() for i in tail.split(",") if i.strip()]:
        match = re.match(rf"^{K('sea')}\s*(.*)$", item, re.IGNORECASE)
        if match:
            fleets = [f for f in match.group(1).split() if not is_joint(f)]
            found = [words.block(f, side) for f in fleets] if fleets else []
            choices.append({"sea": True, "fleets": found})
        else:
            choices.append({"to": words.territory(item)})
    return key("retreat", where), {"choices": choices}


def is_joint(word: str) -> bool:
    """Whether `word` joins the fleets of a `sea` choice as an echo says them («море с
    Вахтмейстером и Анкарштерной», «mar com Wachtmeister e Anckarstierna»): read away."""
    return keywords.matches("with", word) or keywords.matches("and", word)


Build = Callable[[str, re.Match[str]], Standing]
STANDING_LINES: list[tuple[str, Build]] = [
    (
        r"^{battle_order}\s*:\s*(.+)$",
        lambda side, m: ("battle_order", {"locations": words.locations(m.group(1))}),
    ),
    (r"^(?!{battle_order}){battle}\s+(.+)$", lambda side, m: parse_battle(side, m.group(1))),
    (r"^{any_battle}\s*(.+)$", lambda side, m: parse_any_battle(side, m.group(1))),
    (
        r"^{hit_order}\s*:\s*(.+)$",
        lambda side, m: ("hit_order", {"blocks": list(words.blocks(m.group(1), side, False))}),
    ),
    (
        r"^{fleet_retreat_priority}\s*:\s*(.+)$",
        lambda side, m: ("fleet_retreat", {"harbors": words.territories(m.group(1))}),
    ),
    (r"^{retreat_priority}\s+(.+)$", lambda side, m: parse_retreat_priority(side, m.group(1))),
    (r"^{regroup}\s+(.+)$", lambda side, m: parse_regroup(side, m.group(1))),
    (
        r"^{withdraw_fleets}\s+(.+)$",
        lambda side, m: (key("fleets", words.territory(m.group(1))), {"withdraw": True}),
    ),
    (
        r"^{keep_fleets}\s+(.+)$",
        lambda side, m: (key("fleets", words.territory(m.group(1))), {"withdraw": False}),
    ),
    (r"^{forage_losses}\s+(.+)$", lambda side, m: parse_forage(side, m.group(1))),
    (
        r"^{displace_priority}\s*:\s*(.+)$",
        lambda side, m: ("displace", {"territories": words.territories(m.group(1))}),
    ),
    (r"^{build_priority}\s+(.+)$", lambda side, m: parse_build_priority(m.group(1))),
    (r"^{no_reform}$", lambda side, m: parse_reform(side, keywords.ENGLISH["none"][0])),
    (r"^{reform}\s+(.+)$", lambda side, m: parse_reform(side, m.group(1))),
    (r"^{offer_truce}\s+(.+)$", lambda side, m: parse_offer(side, m.group(1))),
    (r"^{accept_truce}\s+(.+)$", lambda side, m: parse_truce(m.group(1), True)),
    (r"^{decline_truce}\s+(.+)$", lambda side, m: parse_truce(m.group(1), False)),
    (
        r"^{cede}\s+(.+?)\s+{at_entry}$",
        lambda side, m: parse_cede(side, m.group(1), "entry", None),
    ),
    (
        r"^{cede}\s+(.+?)\s+{if}\s+(.+?)\s+{activates}$",
        lambda side, m: parse_cede(side, m.group(1), "activates", m.group(2)),
    ),
    (r"^{clear}\s+(.+)$", lambda side, m: parse_clear(m.group(1))),
]
"""Standing lines (13.4): the head's keywords by id (`keywords`), in this order: the longer
heads first ('fleet retreat priority' before 'retreat priority', 'battle order' before
'battle')."""


@functools.cache
def _standing_patterns() -> list[tuple[re.Pattern[str], Build]]:
    """STANDING_LINES with every keyword's spellings in, compiled once."""
    spelled = {ident: keywords.pattern(ident) for ident in keywords.ENGLISH}
    return [(re.compile(p.format(**spelled), re.IGNORECASE), b) for p, b in STANDING_LINES]


def parse_standing(side: str, text: str) -> Standing | None:
    """A standing line, or None when `text` is not one. Keywords in any language."""
    line = text.strip()
    for pattern, build in _standing_patterns():
        match = pattern.match(line)
        if match:
            return build(side, match)
    return None


def parse_truce(rest: str, accept: bool) -> Standing:
    """`accept truce <nation>` / `decline truce <nation>` (10.2j)."""
    nation = words.nation(rest)
    return key("truce", nation), {"nation": nation, "accept": accept}


def parse_regroup(side: str, rest: str) -> Standing:
    head, tail = words.split_head(rest)
    where = words.territory(head)
    parts = ARROW.split(tail, maxsplit=1)
    if len(parts) < 2 or not parts[1].strip():
        raise invalid(_l("expected 'regroup <territory>: <blocks> -> <territory>'"))
    found, target = parts
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
        raise illegal(_l("only the Coalition reforms the Russian army (11.2c)"))
    if keywords.matches("none", rest):
        return "reform", {"block": None, "year": None}
    # 'in 1703' is 'в 1703' / 'em 1703': the words of 'at', which names.yaml holds once
    # and a Russian writes the year's own word after it: «в 1704 году»
    year_word = f"(?:{K('in')}|{K('at')})"
    match = re.match(
        rf"^(.+?)(?:\s+{year_word}\s+(\d{{4}})(?:\s+{K('year')})?)?$",
        rest.strip(),
        re.IGNORECASE,
    )
    assert match
    block = words.reform_pair(match.group(1))
    year = int(match.group(2)) if match.group(2) else None
    return "reform", {"block": block, "year": year}


def parse_offer(side: str, rest: str) -> Standing:
    """`offer truce <nation>` (10.2j): to an active enemy nation that may be offered one."""
    nation = words.nation(rest)
    info = board().nations[nation]
    if info.side == side or not info.truce_offer:
        raise illegal(
            _l(
                "%(nation)s may not be offered a truce by you (10.2c, 10.2j)",
                nation=board().said(nation),
            )
        )
    return key("offer", nation), {"nation": nation}


def parse_cede(side: str, place: str, when: str, nation: str | None) -> Standing:
    if side != "sweden":
        raise illegal(_l("only Sweden may cede territory (11.1c)"))
    territory = words.territory(place)
    allowed = {c["territory"] for c in board().tables["cessions"]}
    if territory not in allowed:
        raise illegal(
            _l("only these territories may be ceded (11.1c)"),
            [board().said(t) for t in sorted(allowed)],
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
    """`clear <keyword> [<location>]` or `clear all` (13.4); the keyword in any language."""
    kind, rest = clear_kind(rest)
    if kind is None:
        raise invalid(
            _l("expected 'clear <keyword> [<location>]' or 'clear all'"),
            [keywords.name(head) for head in keywords.CLEAR_PHRASES],
        )
    if not rest.strip() or kind == "all":
        return key("clear", kind), None
    target = words.nation(rest) if kind in ("build", "offer", "truce") else loc_or_any(rest)
    return key("clear", kind, target), None


def clear_kind(rest: str) -> tuple[str | None, str]:
    """The kind a `clear` line names and the rest: a head keyword in any language, longest
    first ('clear fleet retreat priority', 'очистить приоритет отступления Псков'), else an
    English first word as always ('clear battle Pskov', 'clear fleets').

    NOTE (13.4): the whole head is read before a first word, so that `clear battle order`
    clears the `battle order` line (it cleared the `battle` lines) and `clear fleet retreat
    priority` reads (it was taken for `clear fleet` and a place 'retreat priority')."""
    for head, kind in keywords.CLEAR_ANY.items():
        if keywords.matches(head, rest):
            return kind, keywords.ENGLISH["any"][0]
    kinds = {**keywords.CLEAR_PHRASES, **keywords.CLEAR_NOUNS}
    heads = sorted(kinds, key=lambda h: -max(map(len, keywords.words_of(h))))
    for head in heads:
        match = re.match(rf"^{K(head)}\s*(.*)$", rest.strip(), re.IGNORECASE | re.DOTALL)
        if match:
            return kinds[head], match.group(1)
    tokens = rest.split(None, 1)
    kind = CLEAR_KINDS.get(tokens[0].lower()) if tokens else None
    if kind is not None:
        tail = tokens[1] if len(tokens) > 1 else ""
        return kind, re.sub(r"^(order|priority|losses|truce|fleets)\s*", "", tail, flags=re.I)
    return None, rest


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
        verb = keywords.verb(match.group(1)) if match else ""
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
                        echo_standing(name, value) or line,
                    )
                )
                continue
            action = read_action(side, verb, match, line)
            lines.append({**action, "line": number, "text": line})
        except LineError as error:
            errors.append(error.at(number, line))
    if not errors and lines:
        errors = check_at_receipt(state, side, lines)
    if errors:
        raise OrderErrors(errors)
    summary = echo_lines(lines, side) if lines else _l("pass")
    first = lines[0]["line"] if lines else 0
    # NOTE (13.2, 13.5): a submission without action lines does not replace an earlier
    # action list (its key differs); with none sent, it answers the orders as `pass`.
    key = "" if lines else "pass"
    orders = Instruction("orders", key, {"lines": lines}, first, "", summary)
    return [orders, *standing]


def read_action(side: str, verb: str, match: re.Match[str] | None, line: str) -> dict[str, Any]:
    """An action line: one that starts with its verb, or `politics at home` («внутренняя
    политика» starts with no verb)."""
    if verb not in ACTION_VERBS or match is None:
        if keywords.matches("politics_at_home", line):
            return politics_at_home(side)
        raise invalid(
            _l("not an action or standing line (13.3, 13.4)"),
            [keywords.name(v) for v in ACTION_VERBS],
        )
    return parse_action(side, verb, match.group(2).strip(), line)


def politics_at_home(side: str) -> dict[str, Any]:
    """`politics at home` («внутренняя политика», «política interna»): the report's words
    for Sweden's Politics on Sweden (C.2); the Coalition has no nation of its name."""
    nation = control.namesake(side)
    if nation is None:
        raise invalid(_l("only Sweden plays politics at home: name the nation"))
    return {"action": "politics", "nation": nation}


def check_at_receipt(state: State, side: str, lines: list[dict[str, Any]]) -> list[OrderError]:
    """13.5: in order, against the current state, AP and RP."""

    errors: list[OrderError] = []
    phase = sequence.phase_of(state, side)
    if phase is None:
        fault = (
            Void("game_over")
            if state.phase == "ended"
            else Void("phase_done", year=state.year, season=season_name(state.season))
        )
        return [illegal(fault.message).at(lines[0]["line"], lines[0]["text"])]
    costly = [x for x in lines if x["action"] not in actions.FREE]
    ap = state.ap.get(side, 0)
    if len(costly) > ap:
        fault = Void("ap", ap=ap) if ap else Void("ap_zero")
        line = costly[ap]
        errors.append(illegal(fault.message).at(line["line"], line["text"]))
    trial = state.copy()
    if trial.phase != phase:
        trial.turn = Turn(moved=trial.turn.moved, politics=trial.turn.politics)
    rng = Dice(b"receipt", "check", 0)
    for line in lines:
        try:
            actions.execute(trial, side, line, rng, [])
        except Void as fault:
            errors.append(illegal(fault.message).at(line["line"], line["text"]))
    return errors
