"""Sentences said later, in the reader's language: a catalog message and its fields.

A ruleset checks an order long before anybody knows who will read the answer: the player in
their own language (a receipt, an error reply), the forum in the game's language (a report),
the GM in English (the log). So the code never builds the sentence; it builds a `Text`: the
English message, which is also the catalog's msgid, and its fields as data. `Text.say(lang,
game)` translates it (`i18n.translations`) and fills the fields, each in that language: a
`Name` becomes the game's word for it (``games/<game>/names.yaml``) with its grammar (a
`grammar.Word`: the translation may ask for ``%(area:loc)s``), a nested `Text` its
sentence. `str(text)` is the English sentence.

Write messages with `_l` ("lazy gettext") and `_ln` (with plural forms), or mark a msgid
kept in a table with `N_`: the catalog test extracts all three (``pybabel extract -k _l
-k _ln:1,2``). Both classes
turn into plain data (`to_data`, `from_data`) for submissions and game.yaml.

The catalogs, the names and the grammar are imported where a sentence is first said, not at
the top: the CLI imports this module to define its messages, and ``adjudicator --help`` must
not load YAML and gettext for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SOURCE_LANG = "en"


@dataclass(frozen=True)
class Name:
    """A game word (an area, a card, a unit, a house): its id and its English name.

    `section` is the names.yaml section when ids of different sections collide ('raid' the
    order token and 'raid' the card); '' looks the id up in every section.
    """

    ident: str
    english: str
    section: str = ""

    def __str__(self) -> str:
        return self.english

    def say(self, lang: str, game: str | None) -> str:
        if lang == SOURCE_LANG or not game:
            return self.english
        if self.section:
            from adjudicator.vocabulary import name_in

            return name_in(game, self.section, self.ident, lang) or self.english
        from adjudicator.i18n import localized_names

        return localized_names(game, lang).get(self.ident) or self.english


@dataclass(frozen=True)
class Text:
    """One sentence of a catalog with its fields, said when the reader is known."""

    msgid: str
    fields: tuple[tuple[str, Any], ...] = ()
    plural: str = ""
    """The plural msgid ('' for none); the count is the field ``n``."""

    def __str__(self) -> str:
        return self.say(SOURCE_LANG, None)

    def say(self, lang: str, game: str | None) -> str:
        """The sentence in `lang` ('en', 'ru', 'pt_BR'), names in `game`'s words."""
        values = {key: _field(value, lang, game) for key, value in self.fields}
        if lang == SOURCE_LANG:
            template = self.msgid if not self.plural or values.get("n") == 1 else self.plural
        else:
            from adjudicator.i18n import translations

            catalog = translations(lang)
            if self.plural:
                template = catalog.ngettext(self.msgid, self.plural, int(dict(self.fields)["n"]))
            else:
                template = catalog.gettext(self.msgid)
        if not values:
            return template.replace("%%", "%")
        from adjudicator.grammar import fill

        return fill(template, values, lang)

    def get(self, key: str) -> Any:
        return dict(self.fields).get(key)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"text": self.msgid}
        if self.plural:
            data["plural"] = self.plural
        if self.fields:
            data["fields"] = {key: to_data(value) for key, value in self.fields}
        return data


@dataclass(frozen=True)
class Moment:
    """A moment of game.yaml (ISO text, UTC) in a sentence, said as the reader writes a date
    (`render.format_deadline`: «4 янв. 2027 г., 12:00 UTC»); English keeps the ISO text, as
    game.yaml and `status` print it."""

    iso: str

    def __str__(self) -> str:
        return self.iso

    def say(self, lang: str, game: str | None) -> str:
        if lang == SOURCE_LANG:
            return self.iso
        from adjudicator.render import format_deadline

        return format_deadline(self.iso, lang)


@dataclass(frozen=True)
class Shift:
    """A signed amount in a sentence ('+24', '-1.5'), said with the reader's decimal mark
    («-1,5» in ru and pt_BR)."""

    amount: float

    def __str__(self) -> str:
        return f"{self.amount:+g}"

    def say(self, lang: str, game: str | None) -> str:
        if lang == SOURCE_LANG:
            return str(self)
        from adjudicator.render import format_number

        sign = "+" if self.amount >= 0 else "-"
        return sign + format_number(abs(self.amount), lang)


def _l(msgid: str, /, **fields: Any) -> Text:
    """A sentence for later: ``_l("you have no units in %(area)s", area=Name(...))``."""
    return Text(msgid, _fields(fields))


def _ln(singular: str, plural: str, n: int, /, **fields: Any) -> Text:
    """A sentence with plural forms chosen by `n` (Russian has three); `n` is a field too."""
    return Text(singular, (("n", n), *_fields(fields)), plural)


def _fields(fields: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Fields as a tuple, lists as tuples: a Text is hashable like the Instruction it is in."""
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in fields.items())


def N_(msgid: str) -> str:  # gettext's own name for "mark, translate later"
    """Marks a msgid kept in a table, for the catalog test; returns it unchanged."""
    return msgid


def say(value: Any, lang: str, game: str | None) -> str:
    """Any message value in `lang`: a Text or Name is said, a list joined, the rest str()."""
    if isinstance(value, Text | Name | Moment | Shift):
        return value.say(lang, game)
    if isinstance(value, list | tuple):
        return ", ".join(say(v, lang, game) for v in value)
    return str(value)


def _field(value: Any, lang: str, game: str | None) -> Any:
    """A field as `%` fills it: numbers stay numbers (for ``%(n)d``), a name is a
    `grammar.Word` (so the sentence may ask for its case or article), the rest is said."""
    if isinstance(value, int | float):
        return value
    if isinstance(value, Name) and lang != SOURCE_LANG:
        from adjudicator.grammar import Word, grammar_of

        return Word(value.say(lang, game), grammar_of(game, value.section, value.ident, lang))
    return say(value, lang, game)


def to_data(value: Any) -> Any:
    """`value` as plain data for YAML: Text -> {text, fields}, Name -> {name, en}."""
    if isinstance(value, Text):
        return value.to_data()
    if isinstance(value, Name):
        data = {"name": value.ident, "en": value.english}
        return {**data, "section": value.section} if value.section else data
    if isinstance(value, list | tuple):
        return [to_data(v) for v in value]
    return value


def from_data(data: Any) -> Any:
    """What `to_data` made, back; other plain data as it is."""
    if isinstance(data, Mapping) and "text" in data:
        fields = tuple((k, from_data(v)) for k, v in (data.get("fields") or {}).items())
        return Text(str(data["text"]), fields, str(data.get("plural", "")))
    if isinstance(data, Mapping) and "name" in data and "en" in data:
        return Name(str(data["name"]), str(data["en"]), str(data.get("section", "")))
    if isinstance(data, Sequence) and not isinstance(data, str):
        return tuple(from_data(v) for v in data)
    return data


QUOTE_CHARS = 60
"""The most of a value a message quotes (issue 18: a 7 MB value once made a 7 MB message)."""


def quoted(value: Any, limit: int = QUOTE_CHARS) -> str:
    """`repr(value)` for a message, its middle cut to keep it under `limit` characters.

    A value deep enough to make `repr` itself fail (a hand-written nest) is named by type.
    """
    try:
        shown = repr(value)
    except RecursionError:
        return f"<{type(value).__name__}>"
    if len(shown) <= limit:
        return shown
    half = (limit - 1) // 2
    return f"{shown[:half]}…{shown[-half:]}"
