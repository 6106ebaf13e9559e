"""What a receipt echoes of the action and standing lines (13.2-13.4): each line as it was
understood.

The echo is written in the order language itself, in the reader's words, with every block
and place resolved (`Sheremetev★`, `Ingermanland` for `Narva`), so that a player can check
which block was matched before anything moves and paste the line back unchanged. It is a
`Text` of catalog sentences, one per kind of line, said when the reader is known; a ru or
pt_BR sentence uses the keywords the parser reads and says each name as a native would, in
the forms the parser reads back (`keywords.PREPOSITIONS`): a Russian case with its
preposition («сражение в Карелии», «из Бергенхуса», a nation's dative), a Portuguese article
contracted with its preposition («na Carélia», «da Rússia», «à Dinamarca-Noruega»), so the
echo, pasted back, is the same line.
A standing line's echo is built from its key and value alone (`echo_standing`), so the
reports that name a line passed over build it again from the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from adjudicator.rulesets.baltic import keywords, words
from adjudicator.rulesets.baltic.control import named_now, namesake
from adjudicator.text import N_, Name, Text, _l, _ln


def now_named(ident: str) -> Name:
    """A name as the reports give it now, in the state being read (`control.named_now`): an
    echo said «Ингерманландия -> Ниен» beside a report's «Санкт-Петербург»."""
    return named_now(words.CURRENT[-1] if words.CURRENT else None, ident)


def echo_lines(lines: Sequence[dict[str, Any]], side: str) -> Text:
    """'2 action lines:' and then each line of `side`, numbered, on a line of its own."""
    said = _ln("%(n)d action line:", "%(n)d action lines:", len(lines))
    for number, line in enumerate(lines, start=1):
        said = _l(
            "%(lines)s\n    %(number)d. %(line)s", lines=said, number=number, line=echo(line, side)
        )
    return said


def echo(line: dict[str, Any], side: str = "") -> Text:
    """One action line of `side` in the syntax the parser reads (13.3); Sweden's Politics on
    Sweden as the report says it, «внутренняя политика», `politics_at_home`."""
    action = line["action"]
    if action == "politics":
        return politics_said(side, line["nation"])
    if action == "move":
        said = part(line["parts"][0])
        for more in line["parts"][1:]:
            said = _l("%(parts)s; %(part)s", parts=said, part=part(more))
        return said
    if action == "reinforce":
        return reinforce(line)
    if action == "pass":
        return _l("pass")
    place = {"siege": "at", "recon": "at", "cede": "territory"}[action]
    value = now_named(line[place])
    return {
        "siege": _l("siege %(place)s", place=value),
        "recon": _l("recon %(place)s", place=value),
        "cede": _l("cede %(place)s", place=value),
    }[action]


def politics_said(side: str, nation: str) -> Text:
    """A Politics action of `side` as the report says it, in its echo and its dice label:
    Sweden's on Sweden is played at home («внутренняя политика», C.2), any other names its
    nation («политика в отношении Польши»)."""
    if nation == namesake(side):
        return _l("politics at home")
    return _l("politics %(nation)s", nation=now_named(nation))


def echo_standing(key: str, value: Any) -> Text | None:
    """A standing line (13.4) as understood, in the reader's words: blocks resolved (the
    reform twins above all: `reform Menshikov` is echoed as the pair's hollow twin), places
    and nations named. Read back, it gives the same key and value. None for a key no line
    of today's language writes (an old game file's): show its text as written."""
    kind, *parts = key.split("|")
    said = STANDING.get(kind)
    return said(parts, value) if said else None


BATTLE = {
    "fight": (
        N_("battle %(place)s: fight"),
        N_("battle %(place)s %(blocks)s: fight"),
        N_("battle any: fight"),
        N_("battle any %(blocks)s: fight"),
    ),
    "retreat_round": (
        N_("battle %(place)s: retreat round %(round)d"),
        N_("battle %(place)s %(blocks)s: retreat round %(round)d"),
        N_("battle any: retreat round %(round)d"),
        N_("battle any %(blocks)s: retreat round %(round)d"),
    ),
    "retreat_weaker": (
        N_("battle %(place)s: retreat when weaker"),
        N_("battle %(place)s %(blocks)s: retreat when weaker"),
        N_("battle any: retreat when weaker"),
        N_("battle any %(blocks)s: retreat when weaker"),
    ),
}
"""A `battle` line's mode -> its sentence at a place, at a place for the blocks named, and
the same two for any place: a place is said with its preposition («в Карелии», «na
Carélia»), `any` as a sentence says it («везде», «em qualquer lugar»), the blocks as the
ones the line is for («для Карла XII, Лейб-гвардии», «para Carlos XII, a Guarda Real»:
`listed`)."""


def _battle(parts: list[str], value: dict[str, Any]) -> Text:
    """`battle <location|any> [<blocks>]: fight | retreat round N | retreat when weaker` (D3)."""
    sentences = BATTLE[value["mode"]]
    anywhere = value["location"] == keywords.ANY
    blocks, round_ = value["blocks"], value["round"]
    sentence = sentences[2 * anywhere + bool(blocks)]
    fields: dict[str, Any] = {"round": round_}
    if blocks:
        fields["blocks"] = listed(blocks)
    if not anywhere:
        fields["place"] = now_named(value["location"])
    return _l(sentence, **fields)


def listed(blocks: list[str] | str) -> Text | Name:
    """Blocks one at a time, so that each takes the form its sentence asks: a Russian
    genitive after a noun or «для» («перемещение Карла XII, Лейб-гвардии», «сражение в Пскове
    для Карла XII»), a Portuguese article after a verb or «para» («mover Carlos XII, a Guarda
    Real»); in English the list as written, `Karl XII, Livgardet`. `all` is the keyword."""
    if blocks == "all":
        return keywords.name("all")
    return chained(blocks, N_("%(blocks)s, %(block)s"), "blocks", "block")


def chained(ids: Sequence[str], msgid: str, so_far: str, then: str) -> Text | Name:
    """Names one after another, each joined to those before by `msgid` (its fields `so_far`
    and `then`), so that each takes the form the joining sentence asks of it: a list of
    blocks in the genitive or the dative, fleets in the instrumental, a path's places."""
    said: Text | Name = now_named(ids[0])
    for ident in ids[1:]:
        said = _l(msgid, **{so_far: said, then: now_named(ident)})
    return said


def _battle_order(parts: list[str], value: dict[str, Any]) -> Text:
    """`battle order: <locations>` (D2)."""
    return _l("battle order: %(places)s", places=[place(p) for p in value["locations"]])


def _hit_order(parts: list[str], value: dict[str, Any]) -> Text:
    """`hit order: <blocks>` (D4)."""
    return _l("hit order: %(blocks)s", blocks=named(value["blocks"]))


def _retreat(parts: list[str], value: dict[str, Any]) -> Text:
    """`retreat priority <territory|any>: <territory>, sea [<fleets>], ...` (D5)."""
    choices = [_choice(choice) for choice in value["choices"]]
    if parts[0] == keywords.ANY:
        return _l("retreat priority any: %(choices)s", choices=choices)
    return _l("retreat priority %(place)s: %(choices)s", place=now_named(parts[0]), choices=choices)


def _choice(choice: dict[str, Any]) -> Text | Name:
    """A territory, or `sea` with the fleets to board, one after another (the parser reads
    them apart by spaces: commas part the choices)."""
    if not choice.get("sea"):
        return now_named(choice["to"])
    fleets = choice["fleets"]
    if not fleets:
        return _l("sea")
    said = chained(fleets, N_("%(fleets)s %(fleet)s"), "fleets", "fleet")
    return _l("sea %(fleets)s", fleets=said)


def _regroup(parts: list[str], value: dict[str, Any]) -> Text:
    """`regroup <territory>: <blocks> -> <territory>` (D7)."""
    return _l(
        "regroup %(place)s: %(blocks)s -> %(to)s",
        place=place(parts[0]),
        blocks=named(value["blocks"]),
        to=place(value["to"]),
    )


def _fleets(parts: list[str], value: dict[str, Any]) -> Text:
    """`withdraw fleets <territory>` / `keep fleets <territory>` (D8)."""
    where = now_named(parts[0])
    if value["withdraw"]:
        return _l("withdraw fleets %(place)s", place=where)
    return _l("keep fleets %(place)s", place=where)


def _fleet_retreat(parts: list[str], value: dict[str, Any]) -> Text:
    """`fleet retreat priority: <harbors>` (D9)."""
    return _l("fleet retreat priority: %(places)s", places=[place(p) for p in value["harbors"]])


def _forage(parts: list[str], value: dict[str, Any]) -> Text:
    """`forage losses <territory|any>: <blocks>` (D10)."""
    blocks = named(value["blocks"])
    if parts[0] == keywords.ANY:
        return _l("forage losses any: %(blocks)s", blocks=blocks)
    return _l("forage losses %(place)s: %(blocks)s", place=now_named(parts[0]), blocks=blocks)


def _displace(parts: list[str], value: dict[str, Any]) -> Text:
    """`displace priority: <territories>` (D11)."""
    return _l("displace priority: %(places)s", places=[place(p) for p in value["territories"]])


def _build(parts: list[str], value: dict[str, Any]) -> Text:
    """`build priority <nation>: <territories>` (D12)."""
    places = [place(p) for p in value["territories"]]
    return _l("build priority %(nation)s: %(places)s", nation=place(parts[0]), places=places)


def _reform(parts: list[str], value: dict[str, Any]) -> Text:
    """`reform <block> [in <year>]` or `reform none` (D13)."""
    if not value["block"]:
        return _l("reform none")
    block = now_named(value["block"])
    if value["year"]:
        return _l("reform %(block)s in %(year)d", block=block, year=value["year"])
    return _l("reform %(block)s", block=block)


def _offer(parts: list[str], value: dict[str, Any]) -> Text:
    """`offer truce <nation>` (D14)."""
    return _l("offer truce %(nation)s", nation=place(value["nation"]))


def _truce(parts: list[str], value: dict[str, Any]) -> Text:
    """`accept truce <nation>` / `decline truce <nation>` (D15)."""
    nation = now_named(value["nation"])
    if value["accept"]:
        return _l("accept truce %(nation)s", nation=nation)
    return _l("decline truce %(nation)s", nation=nation)


def _cede(parts: list[str], value: dict[str, Any]) -> Text:
    """`cede <territory> at entry` / `cede <territory> if <nation> activates` (D16)."""
    territory = now_named(value["territory"])
    if value["when"] == "entry":
        return _l("cede %(place)s at entry", place=territory)
    return _l(
        "cede %(place)s if %(nation)s activates",
        place=territory,
        nation=now_named(value["nation"]),
    )


CLEAR = {
    "battle": (N_("clear battle %(place)s"), N_("clear battle any")),
    "retreat": (N_("clear retreat priority %(place)s"), N_("clear retreat priority any")),
    "regroup": (N_("clear regroup %(place)s"), ""),
    "fleets": (N_("clear withdraw fleets %(place)s"), ""),
    "forage": (N_("clear forage losses %(place)s"), N_("clear forage losses any")),
    "build": (N_("clear build priority %(nation)s"), ""),
    "offer": (N_("clear offer truce %(nation)s"), ""),
    "truce": (N_("clear accept truce %(nation)s"), ""),
    "cede": (N_("clear cede %(place)s"), ""),
}
"""A `clear` line's kind -> its sentence for one place or nation, and for `any` ('' for a
kind no line keeps for any place): the name in the case its own line says it in («отменить
сражение в Пскове», «limpar prioridade de construção da Suécia»)."""

CLEAR_WHOLE = {
    "battle_order": N_("clear battle order"),
    "battle": N_("clear battle"),
    "hit_order": N_("clear hit order"),
    "retreat": N_("clear retreat priority"),
    "regroup": N_("clear regroup"),
    "fleets": N_("clear withdraw fleets"),
    "fleet_retreat": N_("clear fleet retreat priority"),
    "forage": N_("clear forage losses"),
    "displace": N_("clear displace priority"),
    "build": N_("clear build priority"),
    "reform": N_("clear reform"),
    "offer": N_("clear offer truce"),
    "truce": N_("clear accept truce"),
    "cede": N_("clear cede"),
}
"""A `clear` line's kind -> its sentence for every line of the kind: what is cleared said as
a noun, as its object («отменить реформу», «limpar saída das frotas»), not the keyword of its
own line, often a verb («отменить реформа», «limpar retirar as frotas»). `clear all` says
its keyword («отменить все»)."""

NATION_KINDS = ("build", "offer", "truce")
"""The kinds whose lines are kept per nation, not per place."""


def _clear(parts: list[str], value: None) -> Text:
    """`clear <keyword> [<location|nation>]`, `clear all` (13.4): the keyword of the first
    head that clears that kind (`keywords.CLEAR_PHRASES`)."""
    kind, target = parts[0], parts[1:]
    head = keywords.name(next(h for h, k in keywords.CLEAR_PHRASES.items() if k == kind))
    if not target:
        return (
            _l(CLEAR_WHOLE[kind]) if kind in CLEAR_WHOLE else _l("clear %(keyword)s", keyword=head)
        )
    one, anywhere = CLEAR.get(kind, ("", ""))
    if target[0] == keywords.ANY and anywhere:
        return _l(anywhere)
    if one and target[0] != keywords.ANY:
        field = "nation" if kind in NATION_KINDS else "place"
        return _l(one, **{field: now_named(target[0])})
    return _l("clear %(keyword)s %(target)s", keyword=head, target=place(target[0]))


STANDING: dict[str, Callable[[list[str], Any], Text]] = {
    "battle_order": _battle_order,
    "battle": _battle,
    "hit_order": _hit_order,
    "retreat": _retreat,
    "regroup": _regroup,
    "fleets": _fleets,
    "fleet_retreat": _fleet_retreat,
    "forage": _forage,
    "displace": _displace,
    "build": _build,
    "reform": _reform,
    "offer": _offer,
    "truce": _truce,
    "cede": _cede,
    "clear": _clear,
}
"""A standing line's key kind (`standing.key`) -> its echo, one catalog sentence each."""


def place(ident: str) -> Name:
    """A location, nation or block by its name, or the keyword `any`."""
    return keywords.name("any") if ident == keywords.ANY else now_named(ident)


def part(item: dict[str, Any]) -> Text:
    """One part of a Move line: move, embark, sail or disembark."""
    verb = item["verb"]
    if verb == "embark":
        blocks = listed(item["blocks"])
        if item.get("fleet"):
            fleet = now_named(item["fleet"])
            return _l(
                "embark %(blocks)s on %(fleet)s at %(place)s",
                blocks=blocks,
                fleet=fleet,
                place=now_named(item["at"]),
            )
        return _l("embark %(blocks)s at %(place)s", blocks=blocks, place=now_named(item["at"]))
    if verb == "sail":
        fleets = listed(item["fleets"])
        return _l("sail %(fleets)s: %(path)s", fleets=fleets, path=path(item["path"]))
    route = item["path"] if verb == "move" else [item["zone"], item["to"]]
    blocks, way = listed(item["blocks"]), path(route)
    if verb == "move":
        if item.get("siege"):
            return _l("move %(blocks)s: %(path)s siege", blocks=blocks, path=way)
        return _l("move %(blocks)s: %(path)s", blocks=blocks, path=way)
    if item.get("siege"):
        return _l("disembark %(blocks)s: %(path)s siege", blocks=blocks, path=way)
    return _l("disembark %(blocks)s: %(path)s", blocks=blocks, path=way)


def reinforce(line: dict[str, Any]) -> Text:
    nation = now_named(line["nation"])
    steps = given_steps(line.get("steps") or [])
    builds, places = line.get("builds", 0), [now_named(t) for t in line.get("at") or []]
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


def given_steps(blocks: list[str]) -> Text | Name | list[Name]:
    """The blocks a Reinforce action adds steps to, one at a time, so that each takes the
    form its sentence asks («шаги Любомирскому, Собескому», «passos para Lubomirski»)."""
    if not blocks:
        return []
    return chained(blocks, N_("%(steps)s, %(block)s"), "steps", "block")


def named(blocks: list[str] | str) -> list[Name] | Name:
    """Block ids as names, or the keyword `all`."""
    if blocks == "all":
        return keywords.name("all")
    return [now_named(b) for b in blocks]


def path(ids: list[str]) -> Text | Name:
    """'Livland -> Pskov -> Novgorod', each place said in the reader's language."""
    return chained(ids, N_("%(path)s -> %(place)s"), "path", "place")
