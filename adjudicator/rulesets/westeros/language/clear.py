"""Withdrawing standing instructions: `clear <keyword> [<area or track>]` and `clear all`.

A player's standing instructions live until used or until the round's mail ends; a later
file replaces a group (the same keyword for the same area), but until issue 17 nothing took
one back. A `clear` line withdraws every instruction sent before it (earlier files, earlier
lines of the same file) of that keyword, for that area or track when one is named:

    clear march Winterfell        clear card        clear bid iron throne        clear all

The engine keeps standing instructions as data and knows no game, so the clearing happens
where the ruleset reads them (`live`): an instruction some later `clear` line covers is no
longer there, neither to answer a request nor in the receipt's list of what is left.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.orders.errors import invalid
from adjudicator.orders.names import normalize
from adjudicator.requests import Instruction
from adjudicator.rulesets.westeros.language.action_lines import track_names
from adjudicator.rulesets.westeros.language.keywords import split_verb
from adjudicator.rulesets.westeros.state import State
from adjudicator.rulesets.westeros.words import said
from adjudicator.text import Name, _l

CLEAR = "clear"
"""The kind of a `clear` line (it answers no request)."""
KINDS = {
    "orders": ("orders",),
    "order": ("orders",),
    "retreat losses": ("retreat-losses",),
    "card in any battle": ("card",),
    "bid wildlings": ("wildling-bid",),
    "bid wildlings again": ("wildling-bid",),
    "tie wildlings": ("wildling-tie",),
    "a throne of blades": ("throne_of_blades",),
    "dark wings dark words": ("dark_wings",),
    "put to the sword": ("put_to_the_sword",),
}
"""Keywords whose instructions are of another kind than the keyword itself."""
SIMPLE = [
    "raid",
    "march",
    "support",
    "card",
    "blade",
    "retreat",
    "casualties",
    "consolidate",
    "muster",
    "port",
    "tyrion",
    "replace",
    "aeron",
    "mace",
    "queen",
    "doran",
    "renly",
    "cersei",
    "patchface",
    "robb",
    "bid",
    "tie",
    "reduce",
    "raven",
    "bury",
]
"""Keywords whose instructions are of the kind of the same name."""


def kinds_of(keyword: str) -> tuple[str, ...] | None:
    """The instruction kinds an English keyword stands for ('retreat losses' ->
    'retreat-losses'), or None when it is none."""
    if keyword in KINDS:
        return KINDS[keyword]
    return (keyword,) if keyword in SIMPLE else None


def parse_clear(state: State, rest: str) -> Instruction:
    """'march Winterfell', 'card', 'all' (the words after `clear`), in any language."""

    if normalize(rest) in ("all", "everything", "все", "всё", "tudo", "todas", "todos"):
        return Instruction(CLEAR, "all", {"kinds": None, "key": ""}, understood=_l("clear all"))
    found = split_verb(rest) or _english_head(rest)
    kinds = kinds_of(found[0]) if found else None
    if found is None or kinds is None:
        raise invalid(
            _l("expected 'clear <keyword> [<area>]' or 'clear all'"),
            [Name(k, k, "verbs") for k in sorted({*SIMPLE, "orders"})],
        )
    keyword, where = found
    key, shown = _target(state, where)
    word = Name(keyword.replace(" ", "_"), keyword, "verbs")
    understood = (
        _l("clear %(keyword)s %(target)s", keyword=word, target=shown)
        if key
        else _l("clear %(keyword)s", keyword=word)
    )
    value = {"kinds": list(kinds), "key": key}
    return Instruction(CLEAR, f"{'+'.join(kinds)}|{key}", value, understood=understood)


def _english_head(rest: str) -> tuple[str, str] | None:
    """The longest English keyword `rest` starts with, and what follows it."""
    words = rest.split()
    for count in range(min(4, len(words)), 0, -1):
        head = normalize(" ".join(words[:count]))
        if kinds_of(head) is not None:
            return head, " ".join(words[count:])
    return None


def _target(state: State, text: str) -> tuple[str, object]:
    """The area or track a clear line names ('' for every one), and how it is said."""

    text = text.strip().strip(":").strip()
    if not text:
        return "", ""
    track = track_names().lookup(text)
    if track is not None:
        return track, Name(track, track.replace("_", " "), "tracks")
    area = state.board.names.find(text)
    return area, said.area(state, area)


def live(instructions: Iterable[Instruction]) -> list[Instruction]:
    """The standing instructions no later `clear` line withdrew, without the clear lines."""
    instructions = list(instructions)
    clears = [i for i in instructions if i.kind == CLEAR]
    return [i for i in instructions if i.kind != CLEAR and not _cleared(i, clears)]


def _cleared(ins: Instruction, clears: Sequence[Instruction]) -> bool:
    return any(
        _order(c) > _order(ins)
        and (c.value["kinds"] is None or ins.kind in c.value["kinds"])
        and (not c.value["key"] or ins.key == c.value["key"] or _area_of(ins) == c.value["key"])
        for c in clears
    )


def _order(ins: Instruction) -> tuple[int, int]:
    """When an instruction was sent: its submission's number, then its line."""
    number = ins.submission.split("-", 1)[0]
    return (int(number) if number.isdigit() else 0, ins.line)


def _area_of(ins: Instruction) -> str:
    """The area an order line orders (order lines share one group key, '')."""
    return ins.value.get("area", "") if isinstance(ins.value, dict) else ""
