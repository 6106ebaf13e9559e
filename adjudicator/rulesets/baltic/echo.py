"""What a receipt echoes of the action lines (13.2, 13.3): each line as it was understood.

The echo is written in the order language itself, in the reader's words, with every block
and place resolved (`Sheremetev★`, `Ingermanland` for `Narva`), so that a player can check
which block was matched before anything moves and paste the line back unchanged. It is a
`Text` of catalog sentences, one per kind of line, said when the reader is known.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adjudicator.rulesets.baltic import keywords
from adjudicator.rulesets.baltic.control import board
from adjudicator.text import Name, Text, _l, _ln


def echo_lines(lines: Sequence[dict[str, Any]]) -> Text:
    """'2 action lines:' and then each line, numbered, on a line of its own."""
    said = _ln("%(n)d action line:", "%(n)d action lines:", len(lines))
    for number, line in enumerate(lines, start=1):
        said = _l("%(lines)s\n    %(number)d. %(line)s", lines=said, number=number, line=echo(line))
    return said


def echo(line: dict[str, Any]) -> Text:
    """One action line in the syntax the parser reads (13.3)."""
    action = line["action"]
    if action == "move":
        said = part(line["parts"][0])
        for more in line["parts"][1:]:
            said = _l("%(parts)s; %(part)s", parts=said, part=part(more))
        return said
    if action == "reinforce":
        return reinforce(line)
    if action == "pass":
        return _l("pass")
    place = {"siege": "at", "recon": "at", "cede": "territory", "politics": "nation"}[action]
    value = board().said(line[place])
    return {
        "siege": _l("siege %(place)s", place=value),
        "recon": _l("recon %(place)s", place=value),
        "cede": _l("cede %(place)s", place=value),
        "politics": _l("politics %(nation)s", nation=value),
    }[action]


def echo_standing(key: str, value: Any) -> Text | None:
    """A standing line that names blocks, with the blocks resolved (the reform twins above
    all: `reform Menshikov` is echoed as the pair's hollow twin); None: echo it as written."""
    if key == "reform" and value["block"]:
        block = board().said(value["block"])
        if value["year"]:
            return _l("reform %(block)s in %(year)d", block=block, year=value["year"])
        return _l("reform %(block)s", block=block)
    if key == "hit_order":
        return _l("hit order: %(blocks)s", blocks=named(value["blocks"]))
    return None


def part(item: dict[str, Any]) -> Text:
    """One part of a Move line: move, embark, sail or disembark."""
    verb = item["verb"]
    if verb == "embark":
        blocks = named(item["blocks"])
        if item.get("fleet"):
            fleet = board().said(item["fleet"])
            return _l(
                "embark %(blocks)s on %(fleet)s at %(place)s",
                blocks=blocks,
                fleet=fleet,
                place=board().said(item["at"]),
            )
        return _l("embark %(blocks)s at %(place)s", blocks=blocks, place=board().said(item["at"]))
    if verb == "sail":
        fleets = named(item["fleets"])
        return _l("sail %(fleets)s: %(path)s", fleets=fleets, path=path(item["path"]))
    route = item["path"] if verb == "move" else [item["zone"], item["to"]]
    blocks, way = named(item["blocks"]), path(route)
    if verb == "move":
        if item.get("siege"):
            return _l("move %(blocks)s: %(path)s siege", blocks=blocks, path=way)
        return _l("move %(blocks)s: %(path)s", blocks=blocks, path=way)
    if item.get("siege"):
        return _l("disembark %(blocks)s: %(path)s siege", blocks=blocks, path=way)
    return _l("disembark %(blocks)s: %(path)s", blocks=blocks, path=way)


def reinforce(line: dict[str, Any]) -> Text:
    nation = board().said(line["nation"])
    steps = named(line.get("steps") or [])
    builds, places = line.get("builds", 0), [board().said(t) for t in line.get("at") or []]
    if builds and places:
        # One place at a time, so that each is said in its case («в Лифляндии, в Смоланде»).
        build = _l("build %(n)d at %(place)s", n=builds, place=places[0])
        for place in places[1:]:
            build = _l("%(build)s, %(place)s", build=build, place=place)
    elif builds:
        build = _l("build %(n)d", n=builds)
    else:
        return _l("reinforce %(nation)s: steps %(blocks)s", nation=nation, blocks=steps)
    if steps:
        return _l(
            "reinforce %(nation)s: steps %(blocks)s; %(build)s",
            nation=nation,
            blocks=steps,
            build=build,
        )
    return _l("reinforce %(nation)s: %(build)s", nation=nation, build=build)


def named(blocks: list[str] | str) -> list[Name] | Name:
    """Block ids as names, or the keyword `all`."""
    if blocks == "all":
        return keywords.name("all")
    return [board().said(b) for b in blocks]


def path(ids: list[str]) -> Text | Name:
    """'Livland -> Pskov -> Novgorod', each place said in the reader's language."""
    said: Text | Name = board().said(ids[0])
    for place in ids[1:]:
        said = _l("%(path)s -> %(place)s", path=said, place=board().said(place))
    return said
