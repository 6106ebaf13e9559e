"""The map's words in the game's language: game words from names.yaml, the rest from maps.po.

`mapdraw` draws from two data files (the geometry with the areas' English names, and the
style with every label, legend and panel word, in English). For another language,
`localized` returns copies of both with every word said in that language, once per process
(`functools.cache`): the drawing code and its render time stay as they are, and English
is drawn from the data untouched, byte for byte.

Where the words come from:

- areas, the sides (houses, nations), units, order types and tracks: ``games/<game>/names.yaml``
  (`i18n.localized_names`, `vocabulary.name_in`), so a GM corrects a name in one place;
- every other word of the style (the title, kinds of area, panel headings, the legend,
  phases) and the few sentences of the code (`PHRASES`): the catalog (``maps.po``), with the
  style's English word as the msgid (`messages` lists them for the catalog test);
- the marks drawn in a chip or a badge (a unit's letter, an order's letters) and a side's
  three-letter short name: the initials of the localized name, so that a Russian map shows
  П for пехотинец; where two would look alike, the English marks stay.
"""

from __future__ import annotations

import copy
import functools
import itertools
from collections.abc import Iterator, Mapping
from typing import Any

from adjudicator.data import load_game_data
from adjudicator.i18n import localized_names, translations
from adjudicator.mapshapes import regions_of
from adjudicator.text import N_, Name, Text
from adjudicator.vocabulary import name_in, names_of, sections

PHRASES = {
    "round": N_("Round %(round)s"),
    "private": N_("Private map: %(viewer)s"),
    "gauge": N_("%(label)s: %(value)s"),
}
"""The sentences mapdraw writes itself, by key; English when the style carries none."""

PRIVATE = {"text": PHRASES["private"], "field": "viewer", "section": ""}
"""A private map's line when the style names no sentence of its own (`private_mark`)."""


def drawing_data(game: str) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """(geometry, style): ``drawing.yaml`` holds both for a game whose ``map.yaml`` is rules
    data; otherwise geometry is ``board.yaml`` and style ``map.yaml``."""
    try:
        drawing = load_game_data(game, "drawing.yaml")
    except FileNotFoundError:
        return load_game_data(game, "board.yaml"), load_game_data(game, "map.yaml")
    return drawing, drawing


@functools.cache
def localized(game: str, lang: str) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """The game's (board, style) drawing data with every drawn word in `lang` (not 'en':
    English is the data itself). Read-only, like `load_game_data`'s."""

    say = translations(lang).gettext
    names = localized_names(game, lang)
    board, style = (copy.deepcopy(data) for data in drawing_data(game))
    for area in board["areas"]:
        area["name"] = names.get(area["id"]) or area["name"]
    labels = style.get("labels", {})
    for ident, label in list(labels.items()):
        if "\n" in label:
            del labels[ident]  # the English name's line break: the local name wraps itself
        else:
            labels[ident] = say(label)
    if "title" in style:
        style["title"] = say(style["title"])
    for look in style["kinds"].values():
        look["name"] = say(look["name"])
    _sides(style.get("sides", {}), names)
    _marks(style.get("units", {}), "letter", game, "units", lang, say)
    _marks(style.get("orders", {}), "text", game, "orders", lang, say)
    for section in style.get("panel", {}).get("sections", []):
        _section(section, game, lang, say)
    # A phase by the name `status` and the reports' headings give it (names.yaml `phases`).
    style["phase_names"] = {
        k: name_in(game, "phases", k, lang) or say(v) for k, v in style.get("phases", {}).items()
    }
    style["players"] = {k: names.get(k) or say(v) for k, v in style.get("players", {}).items()}
    style["lang"] = lang  # the sentences said as the map is drawn (`moment`, `private_mark`)
    style["port_names"] = _port_names(game, lang, style.get("names", {}).get("ports"))
    named = style.get("view", {}).get("named")
    if named:  # pieces shown by name (blocks): their names, and the legend's sample's mark
        style["piece_names"] = {
            ident: name
            for ident in sections(game).get(named["names"], {})
            if (name := name_in(game, named["names"], ident, lang))
        }
        for section in style.get("panel", {}).get("sections", []):
            if section.get("labels", {}).get(named["class"]):  # Вб, not Ab
                style["sample_mark"] = chip_mark(section["labels"][named["class"]], None)
    # The new names of the view's ``renamed`` areas (Nyen, converted: Sankt-Peterburg).
    renamed = style.get("names", {}).get("renamed")
    style["renamed_names"] = {
        ident: name
        for ident in sections(game).get(renamed, {})
        if (name := name_in(game, renamed, ident, lang))
    }
    return board, style


def private_mark(game: str, viewer: str, lang: str) -> str:
    """The line that says whose private map this is, so it is not posted by mistake: the
    style's ``private`` sentence (a msgid of the game's catalog), its ``field`` the viewer as
    a `Name` of names.yaml's ``section``, said with its grammar («Личная карта дома
    Старков», «Личная карта Швеции»); else the engine's own sentence."""
    _, style = drawing_data(game)
    spec = {**PRIVATE, **style.get("private", {})}
    side = style.get("sides", {}).get(viewer, {})
    english = style.get("players", {}).get(viewer) or side.get("name") or viewer.title()
    name = Name(viewer, english, spec["section"])
    return Text(spec["text"], ((spec["field"], name),)).say(lang, game)


def moment(game: str, view: Mapping[str, Any], lang: str) -> str:
    """The title's moment, a sentence said whole: the style's ``when`` (a msgid of the
    game's catalog, its ``fields`` the view's keys of those names, a field of ``names`` an
    id said from that names.yaml section, its English word the style's table of that name:
    «Весна 1708», «Primavera de 1708»); else the engine's «Round 3». A title line starts
    with a capital letter."""
    _, style = drawing_data(game)
    spec = style.get("when")
    if not spec:
        return Text(PHRASES["round"], (("round", view.get("round", "?")),)).say(lang, game)
    fields = []
    for key in spec["fields"]:
        value = view.get(key, "?")
        section = spec.get("names", {}).get(key)
        if section:
            value = Name(str(value), style.get(section, {}).get(value, str(value)), section)
        fields.append((key, value))
    said = Text(spec["text"], tuple(fields)).say(lang, game)
    return said[:1].upper() + said[1:]


def gauge(game: str, label: str, value: Any, lang: str) -> str:
    """A gauge's heading: its label (already in `lang`) and its value («Угроза одичалых: 2»)."""
    return Text(PHRASES["gauge"], (("label", label), ("value", value))).say(lang, game)


STAR_MARKS = {"hollow": "☆", "black": "★"}
"""A twin's star on its chip (the map's font has both)."""


def chip_mark(name: str, star: str | None) -> str:
    """The two letters on a named piece's chip (a block), from its name in the map's
    language: the initials of a two-word name (Upplands regemente: Ur), else its first two
    letters (Крюйс: Кр); a twin's first letter and its star (S☆, S★; Шереметев: Ш★)."""
    if star:
        return name[0] + STAR_MARKS[star]
    words = [w for w in name.replace("-", " ").split() if w[:1].isalpha()]
    return "".join(w[0] for w in words[:2]) if len(words) > 1 else name[:2]


def _port_names(game: str, lang: str, section: str | None) -> dict[str, str]:
    """Each coastal port's name in `lang` (Reval is Ревель), by its territory: the
    territory's entry of names.yaml's `section` (the style's ``names.ports``).

    NOTE: names.yaml lists a territory's port town among its aliases, last (Смоланд,
    Карлскруна); a port named as its territory (Nyen, Danzig) takes the territory's name.
    """

    shapes = regions_of(game) or {}
    entries = sections(game).get(section, {}) if section else {}
    out = {}
    for ident, harbour in shapes.get("harbours", {}).items():
        names = names_of(entries.get(ident, {}), lang)
        if not names:
            continue
        same = harbour["name"].casefold() in {n.casefold() for n in _english(game, ident)}
        out[ident] = names[0] if same or len(names) == 1 else names[-1]
    return out


def _english(game: str, ident: str) -> set[str]:
    """A drawn area's English name (the drawing data's)."""
    board, _ = drawing_data(game)
    return {a["name"] for a in board["areas"] if a["id"] == ident}


def _sides(sides: dict[str, Any], names: Mapping[str, str]) -> None:
    """A side's name (a house, a nation) from names.yaml, and its short name from that
    one's initial letters where it is not the English name (Старк: СТА)."""
    for ident, look in sides.items():
        name = names.get(ident)
        if name and name != look.get("name"):
            look["name"] = name
            look["short"] = "".join(c for c in name if c.isalpha())[:3].upper()


def _marks(table: dict[str, Any], mark: str, game: str, section: str, lang: str, say) -> None:
    """Units or order types: each one's name, and its mark (letter, badge text) from the
    initials of one of its names in `lang` (printed first, then the aliases: поход and
    подмога both start with П, so March takes М from марш); the English marks stay where no
    choice tells every entry apart."""

    entries = sections(game).get(section, {})
    choices = {}
    for ident, look in table.items():
        local = names_of(entries.get(ident.replace("-", "_"), {}), lang) or [say(look["name"])]
        look["name"] = local[0][:1].upper() + local[0][1:]
        marks = [_initials(name) for name in local]
        # No longer than the printed name's: 'приказ подмоги' is no better mark than П.
        choices[ident] = list(dict.fromkeys(m for m in marks if len(m) <= len(marks[0])))
    keys = list(choices)
    fits = (c for c in itertools.product(*choices.values()) if len(set(c)) == len(c))
    best = min(fits, key=lambda c: sum(map(list.index, choices.values(), c)), default=None)
    for ident, text in zip(keys, best or (), strict=False):
        table[ident][mark] = text


def _initials(name: str) -> str:
    """'сбор власти': СВ; 'Máquina de Cerco': MC (short linking words left out)."""
    words = [word for word in name.split() if len(word) > 2] or name.split()
    return "".join(word[:1] for word in words).upper()


def _section(section: dict[str, Any], game: str, lang: str, say) -> None:
    """A panel section's heading, columns, tracks, gauge and legend words."""

    for key in ("title", "label"):
        if key in section:
            section[key] = say(section[key])
    section["columns"] = [[key, say(label)] for key, label in section.get("columns", [])]
    section["tracks"] = [
        [key, name_in(game, "tracks", key, lang) or say(label)]
        for key, label in section.get("tracks", [])
    ]
    section["labels"] = {k: say(v) for k, v in section.get("labels", {}).items()}
    section["value_names"] = {k: say(v) for k, v in section.get("values", {}).items()}


def messages(game: str) -> Iterator[str]:
    """Every msgid the game's map takes from the catalog (the catalog test uses it): the
    style's words, and the names of units, order types and tracks names.yaml lacks."""

    _, style = drawing_data(game)
    yield from PHRASES.values()
    if "private" in style:
        yield style["private"]["text"]
    if "title" in style:
        yield style["title"]
    yield from (look["name"] for look in style["kinds"].values())
    yield from (label for label in style.get("labels", {}).values() if "\n" not in label)
    phases = style.get("phases", {}).items()
    yield from (word for ident, word in phases if not name_in(game, "phases", ident, "ru"))
    if "when" in style:
        yield style["when"]["text"]
    names = localized_names(game, "ru")
    yield from (word for ident, word in style.get("players", {}).items() if ident not in names)
    for section, table in (("units", style.get("units", {})), ("orders", style.get("orders", {}))):
        for ident, look in table.items():
            if not name_in(game, section, ident.replace("-", "_"), "ru"):
                yield look["name"]
    for section in style.get("panel", {}).get("sections", []):
        yield from (section[key] for key in ("title", "label") if key in section)
        yield from (label for _, label in section.get("columns", []))
        for key, label in section.get("tracks", []):
            if not name_in(game, "tracks", key, "ru"):
                yield label
        yield from section.get("labels", {}).values()
        yield from section.get("values", {}).values()
