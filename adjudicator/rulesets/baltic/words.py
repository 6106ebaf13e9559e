"""Reading the words of baltic instruction lines: locations, blocks, nations, lists, arrows.

Names match as DESIGN.md says (case, punctuation, aliases, unique prefixes, small typos);
port names stand for their territories (1.5). Every reader raises `LineError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.orders.errors import LineError, invalid
from adjudicator.orders.lines import path_steps
from adjudicator.rulesets.baltic import keywords
from adjudicator.rulesets.baltic.control import board
from adjudicator.rulesets.baltic.state import State
from adjudicator.text import _l

ALL = "all"


def location(text: str, among: list[str] | None = None) -> str:
    """A territory (or port) or sea zone id. A place said with its preposition («на
    Зеландии», «из Бергенхуса», «na Carélia», «de Svealand»), as an echo says it, is read
    without it."""
    text = unprefixed(text, lambda rest: board().names.lookup(rest, among) is not None)
    return board().names.find(text, among)


def unprefixed(text: str, is_name: Callable[[str], bool]) -> str:
    """`text` without a first word that is a preposition (`keywords.PREPOSITIONS`) when what
    follows it is a name (`is_name`); else `text` as it is, so that a name beginning with
    such a word still reads."""
    text = text.strip()
    first, _, rest = text.partition(" ")
    if first.lower() in keywords.PREPOSITIONS and rest.strip() and is_name(rest):
        return rest.strip()
    return text


def territory(text: str) -> str:
    return location(text, list(board().territories))


def sea_zone(text: str) -> str:
    return location(text, list(board().seas))


def nation(text: str) -> str:
    """A nation id; said with a preposition («da Rússia», «ao Império Otomano») too."""
    text = unprefixed(text, lambda rest: board().nation_names.lookup(rest) is not None)
    return board().nation_names.find(text)


def side_blocks(side: str) -> list[str]:
    return [b for b, info in board().blocks.items() if board().side_of(info.nation) == side]


CURRENT: list[State] = []
"""The state being read against (set by `reading`), so that a name shared by twins
('Sheremetev') means the one on the map."""


STARS = {"☆": " hollow", "★": " black"}
"""A twin's star as typed (Sheremetev☆) -> the word of its alias (Sheremetev hollow): the
name matcher drops symbols, so the star is read as its word first."""


def starred(text: str) -> str:
    for star, word in STARS.items():
        text = text.replace(star, word)
    return text.strip()


def block(text: str, side: str, near: str | None = None) -> str:
    """One of the side's blocks by name: among those at `near` (a place, or a sea zone for
    the cargo of fleets there) first, then those on the map, then all of them. A name the
    reform twins share (Sheremetev) so means the twin standing there (11.2b)."""
    text = starred(text)
    pools: list[list[str]] = []
    if CURRENT:
        state = CURRENT[-1]
        mine = side_blocks(side)
        if near:
            pools.append(
                [b for b in mine if state.blocks[b].at == near or state.location(b) == near]
            )
        pools.append([b for b in mine if state.is_on_map(b)])
    for among in pools:
        try:
            return board().block_names.find(text.strip(), among)
        except LineError:
            pass
    return board().block_names.find(text.strip(), side_blocks(side))


def reform_pair(text: str) -> str:
    """The hollow-star block of the reform pair `text` names (11.2c, k): `reform Menshikov`
    takes the pair, whichever twin the name fits; a plain name is never ambiguous here."""
    text = starred(text)
    stars = {b: info for b, info in board().blocks.items() if info.star}
    hollow = [b for b, info in stars.items() if info.star == "hollow"]
    found = board().block_names.lookup(text, hollow)
    if found is None:
        black = board().block_names.lookup(text, [b for b in stars if b not in hollow])
        found = stars[black].twin if black else None
    return found or board().block_names.find(text, hollow)


def blocks(
    text: str, side: str, allow_all: bool = True, near: str | None = None
) -> list[str] | str:
    """'Karl XII, Rehnskiöld' -> ids; 'all' -> 'all'."""
    text = text.strip()
    if allow_all and keywords.matches("all", text):
        return ALL
    names = [t for t in (p.strip() for p in text.split(",")) if t]
    if not names:
        raise invalid(_l("expected block names separated by commas, or 'all'"))
    found = [block(n, side, near) for n in names]
    if len(set(found)) != len(found):
        raise invalid(_l("a block is named twice"))
    return found


def path(text: str) -> list[str]:
    """'Livland -> Pskov -> Novgorod' -> location ids."""
    steps = path_steps(text.strip())
    if len(steps) < 2 or not all(steps):
        raise invalid(_l("expected a path like 'Livland -> Pskov'"))
    return [location(s) for s in steps]


def split_head(text: str) -> tuple[str, str]:
    """'Karl XII: Livland -> Pskov' -> ('Karl XII', 'Livland -> Pskov')."""
    head, sep, tail = text.partition(":")
    if not sep:
        raise invalid(_l("expected ':' after the blocks"))
    return head.strip(), tail.strip()


def strip_siege(text: str) -> tuple[str, bool]:
    """A trailing 'siege' ('осада', 'cerco') marks the part's last territory for a siege
    round (6.2)."""
    match = re.match(rf"^(.*?)\s+{keywords.pattern('siege')}\s*$", text, re.IGNORECASE)
    return (match.group(1), True) if match else (text, False)


def territories(text: str) -> list[str]:
    return [territory(t) for t in text.split(",") if t.strip()]


def locations(text: str) -> list[str]:
    return [location(t) for t in text.split(",") if t.strip()]


def year(text: str, state: State) -> int:
    if not text.strip().isdigit():
        raise invalid(_l("expected a year, not '%(text)s'", text=text))
    return int(text)
