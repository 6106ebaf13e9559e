"""Standing lines (13.4) as the state keeps them, and the lookups the rules make.

A side's standing lines live in ``state.standing[side]``: key -> {text, value}. The key
says what a line replaces (13.2: "key by key"); ``instructions.py`` writes the keys with
the functions below, and every rule reads its decision (D2-D16) through one lookup here.
A line for a named location beats an ``any`` line (13.4).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from adjudicator.rulesets.baltic.echo import echo_standing
from adjudicator.rulesets.baltic.keywords import ANY
from adjudicator.rulesets.baltic.state import SEASONS, State
from adjudicator.text import N_, Text, _l, from_data, to_data

ONCE = ("offer", "reform", "cede")
"""Keys whose lines are used up when applied (13.4)."""

PASSED_OVER = N_('Your standing line "%(text)s" was not used: %(why)s.')
"""The sentence of `standing_skipped` (templates/baltic/events/sequence.j2), said again in
a reminder."""


def key(kind: str, *parts: str) -> str:
    """'battle|pskov|swe_karl,swe_livgardet', 'hit_order', 'retreat|any' ..."""
    return "|".join([kind, *parts])


def lines(state: State, side: str) -> dict[str, dict[str, Any]]:
    return state.standing.get(side, {})


def value(state: State, side: str, name: str) -> Any:
    line = lines(state, side).get(name)
    return line["value"] if line else None


def first_key(state: State, side: str, names: Iterable[str]) -> str | None:
    """The first of `names` the side has a line for (the line `first_of` reads)."""
    return next((name for name in names if name in lines(state, side)), None)


def first_of(state: State, side: str, names: Iterable[str]) -> Any:
    """The value of the first key present: a location's line before the `any` line."""
    for name in names:
        found = value(state, side, name)
        if found is not None:
            return found
    return None


def use_up(state: State, side: str, name: str) -> None:
    """An `offer`, `reform` or `cede` line is used up when applied (13.4)."""
    lines(state, side).pop(name, None)


def merge(state: State, side: str, new: Iterable[dict[str, Any]]) -> None:
    """Apply standing lines in the order sent: each replaces its key; `clear` lines remove
    a key, every key of a kind (and location), or all (13.4)."""
    book = state.standing.setdefault(side, {})
    for line in new:
        if line["key"].startswith("clear|"):
            prefix = line["key"][len("clear|") :]
            for name in [
                k for k in book if prefix == "all" or k == prefix or k.startswith(prefix + "|")
            ]:
                del book[name]
        else:
            book[line["key"]] = {"text": line["text"], "value": line["value"]}
    state.standing[side] = dict(sorted(book.items()))


def applied_default(out: list[dict[str, Any]], side: str, decision: str, **data: Any) -> None:
    """Report to `side` alone that a decision took its default (13.1c, 13.6, section 14)."""
    out.append({"kind": "default", "side": side, "decision": decision, **data, "_to": side})


def skipped(out: list[dict[str, Any]], state: State, side: str, name: str, why: Text) -> None:
    """Tell `side` alone that its standing line `name` was not used, with the reason (13.5:
    a line illegal when used is skipped, never in silence). Call it before `use_up`. The
    line is kept in `State.passed_over` too, for the reminders before the side's next orders.

    The line is named by its echo, in the reader's language as the receipt said it, built
    again from the key and value the state keeps (the state's format is unchanged); a key
    no echo knows is named by the text as written."""
    line = lines(state, side).get(name)
    said = echo_standing(name, line["value"]) if line else None
    text = to_data(said) if said is not None else line["text"] if line else name
    out.append(
        {"kind": "standing_skipped", "side": side, "text": text, "why": to_data(why), "_to": side}
    )
    told = {"season": season_number(state), "text": text, "why": to_data(why)}
    state.passed_over.setdefault(side, []).append(told)


def season_number(state: State) -> int:
    """The seasons counted on from year 0: the previous season is one less."""
    return state.year * len(SEASONS) + SEASONS.index(state.season)


def passed_over(state: State, side: str) -> list[Text]:
    """`side`'s standing lines passed over this season and the last, each said as its
    report said it (13.5)."""
    return [
        _l(PASSED_OVER, text=from_data(line["text"]), why=from_data(line["why"]))
        for line in state.passed_over.get(side, [])
        if line["season"] >= season_number(state) - 1
    ]


def forget_passed_over(state: State) -> None:
    """Drop the lines passed over before the last season: no reminder tells them again.

    NOTE: 13.5 says a line passed over is told, not for how long. The reminders of this
    season and the next tell it again, whether or not the side sent orders since: a side's
    orders may be carried out by a submission sent before the line was passed over (then no
    reminder came between), and the state cannot tell that case from a fresh one."""
    keep = season_number(state) - 1
    for side, lines_ in list(state.passed_over.items()):
        kept = [line for line in lines_ if line["season"] >= keep]
        if kept:
            state.passed_over[side] = kept
        else:
            del state.passed_over[side]


# -- the lookups of D2-D16 --------------------------------------------------------------------
def battle_order_for(state: State, side: str, where: str, block: str) -> dict[str, Any] | None:
    """D3: the `battle` line for `block` in `where`: a named location beats `any`, and a line
    naming the block beats one for all blocks."""
    book = lines(state, side)
    for place in (where, ANY):
        named = [
            v["value"]
            for k, v in book.items()
            if k.startswith(f"battle|{place}|") and block in v["value"]["blocks"]
        ]
        if named:
            return named[0]
        general = book.get(key("battle", place, ""))
        if general:
            return general["value"]
    return None


def hit_order(state: State, side: str) -> list[str]:
    """D4: `hit order:` blocks, first named first."""
    found = value(state, side, "hit_order")
    return list(found["blocks"]) if found else []


def retreat_priority(state: State, side: str, where: str) -> list[dict[str, Any]]:
    """D5: `retreat priority <territory|any>:` choices, {to} or {sea, fleets}."""
    found = first_of(state, side, [key("retreat", where), key("retreat", ANY)])
    return list(found["choices"]) if found else []


def regroups(state: State, side: str, where: str) -> dict[str, dict[str, Any]]:
    """D7: `regroup <territory>: <blocks> -> <territory>` lines for `where`, in key order,
    by key (a line not used is named by it, `skipped`)."""
    return {
        k: v["value"] for k, v in lines(state, side).items() if k.startswith(f"regroup|{where}|")
    }


def withdraws(state: State, side: str, territory: str) -> bool:
    """D8: `withdraw fleets <territory>` (default keep)."""
    found = value(state, side, key("fleets", territory))
    return bool(found and found["withdraw"])


def fleet_retreat_priority(state: State, side: str) -> list[str]:
    """D9: `fleet retreat priority:` harbor territories."""
    found = value(state, side, "fleet_retreat")
    return list(found["harbors"]) if found else []


def forage_losses(state: State, side: str, territory: str) -> list[str]:
    """D10: `forage losses <territory|any>:` blocks."""
    found = first_of(state, side, [key("forage", territory), key("forage", ANY)])
    return list(found["blocks"]) if found else []


def displace_priority(state: State, side: str) -> list[str]:
    """D11: `displace priority:` territories."""
    found = value(state, side, "displace")
    return list(found["territories"]) if found else []


def build_priority(state: State, side: str, nation: str) -> list[str]:
    """D12: `build priority <nation>:` territories."""
    found = value(state, side, key("build", nation))
    return list(found["territories"]) if found else []


def battle_order(state: State, side: str) -> list[str]:
    """D2: `battle order:` locations."""
    found = value(state, side, "battle_order")
    return list(found["locations"]) if found else []


def reform(state: State) -> dict[str, Any] | None:
    """D13: {block, year} or {block: None} for `reform none`; None without a line."""
    return value(state, "coalition", "reform")


def offers(state: State, side: str) -> list[str]:
    """D14: nations `side` offers a truce to, in nation-key order."""
    return [v["value"]["nation"] for k, v in lines(state, side).items() if k.startswith("offer|")]


def accepts(state: State, side: str, nation: str) -> bool:
    """D15: `accept truce <nation>` (default decline)."""
    found = value(state, side, key("truce", nation))
    return bool(found and found["accept"])


def cessions(state: State, when: str, nation: str | None = None) -> list[str]:
    """D16: Swedish `cede <territory> at entry` (when='entry') or `... if <nation>
    activates` (when='activates') territories."""
    found = []
    for k, v in lines(state, "sweden").items():
        wanted = when == "entry" or v["value"].get("nation") == nation
        if k.startswith("cede|") and v["value"]["when"] == when and wanted:
            found.append(v["value"]["territory"])
    return found
