"""The action phase's instruction language: one forum-style line per decision.

    raid Bay of Ice -> Karhold                  raid Bay of Ice: none
    march Winterfell -> Moat Cailin: knight, footman; leave power
    march Winterfell -> Moat Cailin: knight; Winterfell -> Castle Black: footman
    support Castle Black: Stark                 (a house, attacker, defender or none)
    card Moat Cailin: Greatjon Umber            card: Catelyn Stark   (any battle)
    blade Moat Cailin: no                       retreat Moat Cailin: Winterfell, Castle Black
    retreat losses Moat Cailin: knight          (the units a retreat loses to supply)
    casualties: footman, footman, knight        consolidate Winterfell: power
    consolidate Winterfell: muster knight in Winterfell; ship in Port of Winterfell
    port Winterfell: replace 2                  doran Moat Cailin: fiefdoms

Each line is checked against the board, the house's units and its hand now; what can only
be judged later (is the target still there?) is checked when the request opens.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from adjudicator.orders.errors import LineError, illegal, invalid
from adjudicator.orders.lines import path_steps
from adjudicator.orders.names import NameIndex, normalize
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros import flow
from adjudicator.rulesets.westeros.language.consolidate_lines import parse_consolidate, parse_port
from adjudicator.rulesets.westeros.language.names import (
    area_named,
    card_in_hand,
    card_names,
    is_no,
    parse_units,
    yes_no,
)
from adjudicator.rulesets.westeros.rules.marches import land_reach, ship_reach
from adjudicator.rulesets.westeros.state import HOUSES, State
from adjudicator.rulesets.westeros.vocabulary import spellings
from adjudicator.rulesets.westeros.words import said
from adjudicator.rulesets.westeros.words.said import TRACK_NAMES
from adjudicator.text import N_, Name, Text, _l

Parsed = tuple[str, str, Any, Text]
"""kind, key, value, what was understood."""
_VERB = re.compile(r"\s*([A-Za-z']+)\s*(.*)$", re.DOTALL)
CARD_VERBS = {
    "tyrion": "lannister",
    "replace": "",
    "aeron": "damphair",
    "mace": "tyrell",
    "queen": "of thorns",
    "doran": "martell",
    "renly": "baratheon",
    "cersei": "lannister",
    "patchface": "",
    "robb": "stark",
}
"""Card-decision verbs -> the rest of the card's name a player may also write."""


@functools.cache
def house_names() -> NameIndex:
    return NameIndex({h: [h.title(), *spellings("houses", h)] for h in HOUSES}, "house")


@functools.cache
def track_names() -> NameIndex:
    names = {t: [n, t.split("_")[0], *spellings("tracks", t)] for t, n in TRACK_NAMES.items()}
    return NameIndex(names, "track")


def split_head(rest: str) -> tuple[str, str]:
    """'Moat Cailin: Greatjon' -> ('Moat Cailin', 'Greatjon'); 'Greatjon' -> ('', 'Greatjon')."""
    head, sep, tail = rest.partition(":")
    return (head.strip(), tail.strip()) if sep else ("", head.strip())


def parse_action_line(state: State, house: str, text: str) -> Instruction:
    """One action-phase instruction. Raises LineError (invalid / illegal / ambiguous)."""
    match = _VERB.match(text)
    verb, rest = (match.group(1).lower(), match.group(2)) if match else ("", text)
    if verb not in PARSERS:
        raise invalid(_l("unknown instruction '%(text)s'", text=verb), sorted(PARSERS))
    if verb == "card" and normalize(rest).startswith("in any battle"):
        rest = rest.strip()[len("in any battle") :]
    tail = CARD_VERBS.get(verb, "")
    if tail and normalize(rest).startswith(tail):
        rest = rest.strip()[len(tail) :]
    kind, key, value, understood = PARSERS[verb](state, house, rest.strip(), verb)
    return Instruction(kind, key, value, understood=understood)


def own_area(state: State, house: str, text: str, order: str) -> str:
    """An area holding the house's units (and, once revealed, its `order`)."""
    area = area_named(state, text)
    name = said.area(state, area)
    if not state.house_units(area, house):
        raise illegal(_l("you have no units in %(area)s", area=name))
    if state.phase == "action" and area in state.orders:
        token = state.orders[area]
        if flow.order_type(token) != order:
            raise illegal(
                _l(
                    "the order in %(area)s is %(token)s, not %(order)s",
                    area=name,
                    token=said.token(token),
                    order=said.order(order),
                )
            )
    elif state.phase == "action" and f"{order}:{area}" not in state.action.get("done", []):
        raise illegal(
            _l("there is no %(order)s order in %(area)s", order=said.order(order), area=name)
        )
    return area


def parse_raid(state: State, house: str, rest: str, verb: str) -> Parsed:
    """raid <area> -> <target> | raid <area>: none."""
    parts = path_steps(rest, maxsplit=1)
    if len(parts) == 1:
        head, tail = split_head(rest)
        parts = [head or tail, "none" if head else ""]
    source = own_area(state, house, parts[0], "raid")
    name = functools.partial(said.area, state)
    if not parts[1] or is_no(parts[1]):
        understood = _l("raid %(area)s: none", area=name(source))
        return "raid", source, {"from": source, "to": None}, understood
    target = area_named(state, parts[1])
    if target not in state.board.links[source]:
        adjacent = [name(a) for a in sorted(state.board.links[source])]
        raise illegal(
            _l("%(to)s is not adjacent to %(from)s", to=name(target), **{"from": name(source)}),
            adjacent,
        )
    info, other = state.board.areas[source], state.board.areas[target]
    if info.is_land and not other.is_land:
        raise illegal(_l("a raid from land can only target land areas (P6: never a port)"))
    if info.is_port and target != info.port_sea:
        raise illegal(
            _l("P6: a raid in a port raids only its sea, %(sea)s", sea=name(info.port_sea))
        )
    understood = _l("raid %(from)s -> %(to)s", to=name(target), **{"from": name(source)})
    return "raid", source, {"from": source, "to": target}, understood


def parse_march(state: State, house: str, rest: str, verb: str) -> Parsed:
    """march A -> B[: units]; A -> C: units; leave power | march A: none."""
    name = functools.partial(said.area, state)
    moves: list[list[Any]] = []
    leave, origin = False, None
    for segment in (s.strip() for s in rest.split(";") if s.strip()):
        if normalize(segment).startswith("leave"):
            leave = True
            continue
        parts = path_steps(segment, maxsplit=1)
        if len(parts) == 1:
            head, tail = split_head(segment)
            if head and is_no(tail):
                origin = own_area(state, house, head, "march")
                continue
            raise invalid(_l("expected 'march <from> -> <to>: <units>'"))
        source = _march_origin(state, house, parts[0])
        if origin not in (None, source):
            raise invalid(_l("one march line moves units out of one area only"))
        origin = source
        dest_text, _, unit_text = parts[1].partition(":")
        dest = area_named(state, dest_text)
        # 'all' (as a receipt echoes a march of every unit) is the same as no units named.
        units = parse_units(unit_text) if normalize(unit_text) not in ("", "all") else None
        if state.house_units(source, house):
            _check_reach(state, house, source, dest, units)
        moves.append([dest, units])
    if origin is None:
        raise invalid(_l("expected 'march <from> -> <to>: <units>'"))
    later = not state.house_units(origin, house)
    if not later:
        _check_counts(state, house, origin, moves)
    value = {"from": origin, "moves": moves, "leave": leave}
    understood = said.if_held(march_text(state, value), not later, name(origin))
    return "march", origin, value, understood


def march_text(state: State, value: dict[str, Any]) -> Text:
    """What a march instruction was understood as: 'march A -> B: knight; leave power'."""
    name = functools.partial(said.area, state)
    origin = name(value["from"])
    moves = [
        _l("%(from)s -> %(to)s: %(units)s", to=name(d), units=said.units(u), **{"from": origin})
        if u
        else _l("%(from)s -> %(to)s: all", to=name(d), **{"from": origin})
        for d, u in value["moves"]
    ]
    if not moves:
        return _l("march %(area)s: none", area=origin)
    if value.get("leave"):
        return _l("march %(moves)s; leave power", moves=said.joined(moves))
    return _l("march %(moves)s", moves=said.joined(moves))


def _march_origin(state: State, house: str, text: str) -> str:
    """The area a march leaves. Issue 8: a Ser Loras Tyrell follow-up march may name an area
    the house does not hold yet (the march order moves into the area it conquers); it is
    accepted, marked "used only if you hold <area> when asked", and checked when asked.

    NOTE: only while Ser Loras Tyrell is in the house's hand (no other way gives a house a
    march order where it has no units), so a typo in an area name is still caught.
    """
    try:
        return own_area(state, house, text, "march")
    except LineError:
        area = area_named(state, text)
        if state.house_units(area, house) or "ser-loras-tyrell" not in state.hands.get(house, []):
            raise
        return area


def _check_reach(state: State, house: str, origin: str, dest: str, units: list[str] | None) -> None:
    """Reject destinations no unit of that type could ever reach from `origin`."""
    board = state.board
    name = functools.partial(said.area, state)
    kinds = {
        u for u in (units or [u.removeprefix("routed ") for u in state.house_units(origin, house)])
    }
    if dest == origin:
        raise illegal(_l("units in %(area)s are already there", area=name(origin)))
    if dest in state.impassable:
        raise illegal(_l("%(area)s is out of play in this game", area=name(dest)))
    reach = ship_reach(state, house, origin)
    # P2: whether a port may be entered depends on who holds its land when the march resolves.
    later = board.areas[dest].is_port and dest in board.links[origin]
    if "ship" in kinds and dest not in reach and not later:
        raise illegal(
            _l("ships in %(from)s cannot reach %(to)s", to=name(dest), **{"from": name(origin)}),
            sorted((name(a) for a in reach), key=str),
        )
    if kinds - {"ship"}:
        if not board.areas[dest].is_land:
            raise illegal(_l("land units never enter %(area)s (P2: nor a port)", area=name(dest)))
        if dest not in land_reach(state, house, origin) and not _coastal(state, origin, dest):
            raise illegal(
                _l(
                    "%(to)s is neither adjacent to %(from)s nor reachable by ship",
                    to=name(dest),
                    **{"from": name(origin)},
                ),
                sorted((name(a) for a in land_reach(state, house, origin)), key=str),
            )


def _coastal(state: State, origin: str, dest: str) -> bool:
    """Both areas border a sea: a future chain of ships might carry units between them."""
    board = state.board
    touches = [any(board.areas[n].is_sea for n in board.links[a]) for a in (origin, dest)]
    return all(touches)


def _check_counts(state: State, house: str, origin: str, moves: list[list[Any]]) -> None:
    here = Counter(u.removeprefix("routed ") for u in state.house_units(origin, house))
    wanted = Counter(u for _, units in moves for u in (units or []))
    if wanted - here:
        have = said.units(sorted(here.elements()))
        raise illegal(
            _l("%(area)s holds only %(units)s", area=said.area(state, origin), units=have)
        )


def parse_support(state: State, house: str, rest: str, verb: str) -> Parsed:
    """support [<area>]: <house> | attacker | defender | none."""
    head, tail = split_head(rest)
    key = area_named(state, head) if head else ""
    word = normalize(tail)
    if word in ("attacker", "defender", "none") or is_no(tail):
        side = word if word in ("attacker", "defender") else "none"
    else:
        side = house_names().find(tail, among=state.houses)
        battle = state.action.get("battle") if state.phase == "action" else None
        if battle and key == battle.area and side not in (battle.attacker, battle.defender):
            attacker, defender = said.side(battle.attacker), said.side(battle.defender)
            raise illegal(
                _l(
                    "%(house)s is not fighting in %(area)s; the battle is %(attacker)s against"
                    " %(defender)s",
                    house=said.house(side),
                    area=said.area(state, battle.area),
                    attacker=attacker,
                    defender=defender,
                ),
                [attacker, defender, _l("none")],
            )
    return "support", key, {"side": side}, support_text(state, key, side)


SIDE_WORDS = {"attacker": N_("Attacker"), "defender": N_("Defender"), "none": N_("None")}
"""How a support instruction's side is echoed when it names no house."""


def support_text(state: State, key: str, side: str) -> Text:
    """'support Castle Black: Stark', 'support: Attacker'."""
    who = _l(SIDE_WORDS[side]) if side in SIDE_WORDS else said.house(side)
    if key:
        return _l("support %(area)s: %(side)s", area=said.area(state, key), side=who)
    return _l("support: %(side)s", side=who)


def _choice(kind: str, parse_item: Callable[[State, str, str], Any]) -> Callable[..., Parsed]:
    """A parser for '<verb> [<battle area>]: <choice>[, <choice> ...]' lines."""

    def parse(state: State, house: str, rest: str, verb: str) -> Parsed:
        head, tail = split_head(rest)
        key = area_named(state, head) if head else ""
        items = [t.strip() for t in tail.split(",") if t.strip()] or ["no"]
        prefs = [None if is_no(i) else parse_item(state, house, i) for i in items]
        shown = tuple(_display(state, p) for p in prefs)
        word = _l(VERB_WORDS[verb])
        if key:
            understood = _l(
                "%(verb)s %(area)s: %(choices)s",
                verb=word,
                area=said.area(state, key),
                choices=shown,
            )
        else:
            understood = _l("%(verb)s: %(choices)s", verb=word, choices=shown)
        return kind, key, {"prefs": prefs}, understood

    return parse


VERB_WORDS = {
    "card": N_("card"),
    "blade": N_("blade"),
    "retreat": N_("retreat"),
    "tyrion": N_("tyrion"),
    "replace": N_("replace"),
    "aeron": N_("aeron"),
    "mace": N_("mace"),
    "queen": N_("queen"),
    "doran": N_("doran"),
    "renly": N_("renly"),
    "cersei": N_("cersei"),
    "patchface": N_("patchface"),
    "robb": N_("robb"),
}
"""A choice line's first word as a receipt echoes it, in the player's language."""


def _display(state: State, choice: Any) -> Name | Text:
    """A parsed choice in the players' words, for the receipt (ids never reach players)."""
    if choice is None:
        return _l("no")
    if choice == "use":
        return _l("yes")
    if choice == "redraw":
        return _l("redraw")
    if choice in state.board.areas:
        return said.area(state, choice)
    if choice in TRACK_NAMES:  # echoed as written: 'doran: kings court'
        return Name(choice, choice.replace("_", " "), "tracks")
    if str(choice).removeprefix("routed ") in ("footman", "knight", "ship", "siege_engine"):
        return said.unit(str(choice))  # Mace Tyrell's footman
    return said.card(str(choice))


def _use(state: State, house: str, text: str) -> Any:
    return "use" if yes_no(text) else None


def _blade(state: State, house: str, text: str) -> Any:
    """yes / no, '+1', or 'redraw' (Tides of Battle, errata: redraw or +1)."""
    word = normalize(text)
    if word in ("redraw", "draw", "draw again", "new card", "new tides card"):
        return "redraw"
    if word in ("1", "plus 1", "plus one"):
        return "use"
    return _use(state, house, text)


def _card(state: State, house: str, text: str) -> str:
    return card_in_hand(state, house, text)


def _enemy_card(state: State, house: str, text: str) -> str:
    return card_names().find(text)


def _area(state: State, house: str, text: str) -> str:
    return area_named(state, text)


def _track(state: State, house: str, text: str) -> str:
    return track_names().find(text)


def _footman(state: State, house: str, text: str) -> str:
    units = parse_units(text)
    if len(units) != 1 or units[0].removeprefix("routed ") != "footman":
        raise invalid(_l("Mace Tyrell takes a footman or a routed footman"))
    return units[0]


def parse_casualties(state: State, house: str, rest: str, verb: str) -> Parsed:
    """casualties [<area>]: footman, footman, knight (in the order to lose them)."""
    head, tail = split_head(rest)
    key = area_named(state, head) if head else ""
    units = parse_units(tail)
    understood = _l("casualties: %(units)s", units=said.units(units))
    return "casualties", key, {"units": units}, understood


def parse_retreat(state: State, house: str, rest: str, verb: str) -> Parsed:
    """retreat [<area>]: <areas in order> | retreat losses [<area>]: <units>."""
    if normalize(rest).startswith("losses"):
        return parse_retreat_losses(state, house, rest, verb)
    return _choice("retreat", _area)(state, house, rest, verb)


def parse_retreat_losses(state: State, house: str, rest: str, verb: str) -> Parsed:
    """retreat losses [<area>]: knight, footman (the units to lose to supply, in order)."""
    head, tail = split_head(rest.strip()[len("losses") :])
    key = area_named(state, head) if head else ""
    units = parse_units(tail)
    shown = said.units(units)
    if key:
        understood = _l(
            "retreat losses %(area)s: %(units)s", area=said.area(state, key), units=shown
        )
    else:
        understood = _l("retreat losses: %(units)s", units=shown)
    return "retreat-losses", key, {"units": units}, understood


def retreat_losses_line(state: State, area: str, units: list[str]) -> str:
    """The line `parse_retreat_losses` reads back as these units (a round trip)."""
    where = f" {state.board.name(area)}" if area else ""
    return f"retreat losses{where}: " + ", ".join(u.replace("_", " ") for u in units)


PARSERS: dict[str, Callable[[State, str, str, str], Parsed]] = {
    "raid": parse_raid,
    "march": parse_march,
    "support": parse_support,
    "card": _choice("card", _card),
    "blade": _choice("blade", _blade),
    "retreat": parse_retreat,
    "casualties": parse_casualties,
    "consolidate": parse_consolidate,
    "muster": parse_consolidate,
    "port": parse_port,
    "tyrion": _choice("tyrion", _use),
    "replace": _choice("replace", _card),
    "aeron": _choice("aeron", _card),
    "mace": _choice("mace", _footman),
    "queen": _choice("queen", _area),
    "doran": _choice("doran", _track),
    "renly": _choice("renly", _area),
    "cersei": _choice("cersei", _area),
    "patchface": _choice("patchface", _enemy_card),
    "robb": _choice("robb", _area),
}

ACTION_VERBS: frozenset[str] = frozenset(PARSERS)
"""First words of the action phase's instruction lines, lower case."""
