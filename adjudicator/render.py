"""Reports: one Jinja2 environment per output format (Markdown, BBCode), shared filters.

Templates get views and events (ids), never a state; they hold the names. Each report kind
has one template per format (``<game>/report.md.j2`` and ``report.bbcode.j2``) which import
the format's macro library (``common/markdown.j2`` or ``common/bbcode.j2``) as ``f`` and
include a shared body, so both formats always say the same thing.

Event prose lives in ``<game>/events/*.j2`` and ``common/events.j2``: one macro per event
kind, named like the kind, called as ``macro(e, f)``. Player-supplied text goes through the
``x`` filter, which escapes it for the format it lands in; a ruleset's sentence (a
`text.Text` in an event, e.g. why an instruction was skipped) through ``said`` first.
BBCode reports use ``common/bbcode_plain.j2`` (tables as aligned [code] blocks) when
settings.bbcode_tables is false, for forums without a [table] tag.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any

from adjudicator.clock import parse_time
from adjudicator.data import cache_folder, game_folder, load_game_data, template_roots
from adjudicator.grammar import Word, fill, grammar_of
from adjudicator.i18n import check_language, localized_names, translations
from adjudicator.text import N_, from_data, say
from adjudicator.vocabulary import name_in

_RENAMED: ContextVar[Mapping[str, str]] = ContextVar("renamed", default=MappingProxyType({}))
"""The places a report's view renames (baltic: Nyen is Sankt-Peterburg once converted,
11.2h), for `name` while that report renders: event macros see no view (issue 19)."""

_MD_SPECIAL = re.compile(r"([\\`*_\[\]#|<~&])")
_MD_QUOTE = re.compile(r"^(\s*)>")
_LINE_BREAKS = re.compile(r"\s*[\r\n\v\f\x1c-\x1e\x85\u2028\u2029]+\s*")
_UNSEEN = re.compile(
    r"[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)
"""Control characters and the bidi embeddings, overrides and isolates: invisible, they
would turn the rest of a report line around (U+202E) or reach a forum as raw bytes."""


def one_line(text: Any) -> str:
    """Player text on one line: a line break inside a name would end a table row, and a
    control or bidi character would change how the text after it is shown."""
    return _LINE_BREAKS.sub(" ", _UNSEEN.sub("", str(text)))


def escape_markdown(text: Any) -> str:
    """Backslash-escape what Markdown could read as markup inside a line of text.

    Links and images need '[', headings '#', tables '|', HTML '<' and entities '&'; '+', '-'
    and '.' only mean something at the start of a line, where player text never stands in
    a report. '>' quotes only at the start: inside a line it stays as written, so a path
    ('Polotsk -> Pskov') reads the same in a mailed report and pasted back from it. Line
    breaks become spaces.
    """
    return _MD_QUOTE.sub(r"\1\\>", _MD_SPECIAL.sub(r"\\\1", one_line(text)))


def escape_bbcode(text: Any) -> str:
    """BBCode has no escape: a zero-width space after '[' stops any tag from forming."""
    return one_line(text).replace("[", "[\u200b")


_MD_LINE_START = re.compile(r"^(\d*)([-+=.)])")


def escaped_lines(text: Any, fmt: str) -> list[str]:
    """Text of several lines (a baltic echo: "2 action lines:" then each line, numbered),
    one escaped string per line, for a list macro to show each on its own (`f.nested`).

    A line stands at the start of a Markdown list item, where '-', '+', '=' and '1.' would
    open a list, a rule or a heading: they are escaped too, so a player's text stays text.
    """
    escape = escape_markdown if fmt == "md" else escape_bbcode
    lines = [escape(line.strip()) for line in _LINE_BREAKS.split(str(text)) if line.strip()]
    if fmt == "md":
        lines = [_MD_LINE_START.sub(r"\1\\\2", line) for line in lines]
    return lines or [""]


def format_number(value: Any, lang: str) -> str:
    """A number as `lang` writes it (Babel): 12 345 in ru, 12.345 in pt_BR.

    English is written as Python writes it, as the reports always were (its small numbers
    read the same either way), and so an English run never loads Babel's locale data."""
    if lang == "en" or isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    from babel.numbers import format_decimal

    return format_decimal(value, locale=lang)


def format_deadline(moment: Any, lang: str, zone: str | None = None) -> str:
    """A deadline as `lang` writes it, in UTC, with the reader's local time beside it when
    their time zone (`zone`, an IANA name) is known.

    English keeps the receipts' and reminders' form, '2027-01-07 12:00 UTC (13:00 CET in
    Europe/Berlin)'; ru: '7 янв. 2027 г., 12:00 UTC'; pt_BR: '7 de jan. de 2027 às 12:00 UTC'
    (Babel's medium date, joined to the time by the catalog's `AT_TIME`: Babel's own joint
    for pt_BR is a bare space). `moment` is an aware datetime or an ISO text
    ('2027-01-07T12:00:00Z'). An unknown zone is left out."""
    from datetime import UTC, datetime

    moment = parse_time(moment) if not isinstance(moment, datetime) else moment
    moment = moment.astimezone(UTC)
    if lang == "en":
        text = moment.strftime("%Y-%m-%d %H:%M UTC")
    else:
        from babel.dates import format_date

        date = format_date(moment, "medium", locale=lang).replace("\u202f", "\u00a0")
        text = translations(lang).gettext(AT_TIME) % {
            "date": date,
            "time": moment.strftime("%H:%M UTC"),
        }
    local = _local_time(moment, zone, lang)
    return text if local is None or zone is None else with_local_time(text, local, zone, lang)


def with_local_time(utc: str, local: str, zone: str, lang: str) -> str:
    """'<utc> (<local> …)': the reader's local time beside UTC, the zone said as the
    reader says it: «по московскому времени», «no horário de Brasília» (Babel's generic
    name of the zone in `lang`); English names the IANA zone, as it always did."""

    _ = translations(lang).gettext
    if lang == "en":
        return _(LOCAL_TIME) % {"utc": utc, "local": local, "zone": zone}
    if zone in NAMED_TIMES:
        return _(NAMED_TIMES[zone]) % {"utc": utc, "local": local}
    from babel.dates import get_timezone, get_timezone_name

    named = get_timezone_name(get_timezone(zone), "long", zone_variant="generic", locale=lang)
    named = named[:1].lower() + named[1:] if lang == "pt_BR" else named
    return _(LOCAL_TIME) % {"utc": utc, "local": local, "zone": named}


LOCAL_TIME = N_("%(utc)s (%(local)s in %(zone)s)")
AT_TIME = N_("%(date)s at %(time)s")
"""A deadline's date and time in a language other than English («7 янв. 2027 г., 12:00 UTC»,
«7 de jan. de 2027 às 12:00 UTC»); English writes '2027-01-07 12:00 UTC'."""


ROUTED = N_("%(unit)s (routed)")
"""A routed unit in a report's table (English writes the view's 'routed ship')."""
NAMED_TIMES = {"Europe/Moscow": N_("%(utc)s (%(local)s Moscow time)")}
"""Zones a language names in a phrase of its own (Russian: «по московскому времени»)."""


UNIVERSAL_ZONES = ("UTC", "UCT", "GMT", "Universal", "Zulu", "Greenwich")
"""Zones whose local time is UTC itself: said once (Babel names them «Região desconhecida»)."""


def _local_time(moment: Any, zone: str | None, lang: str) -> str | None:
    """'13:00 CET', with the weekday when the local day is not UTC's ('Mon 01:00 NZDT';
    'пн 01:00 NZDT' in ru); None without a zone or with one zoneinfo does not know."""
    if not zone or zone.removeprefix("Etc/") in UNIVERSAL_ZONES:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        local = moment.astimezone(ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        return None
    # The zone's abbreviation only in English: Babel has none for many zones ('-03').
    shown = local.strftime("%H:%M %Z" if lang == "en" else "%H:%M")
    if local.date() == moment.date():
        return shown
    if lang == "en":
        return f"{local.strftime('%a')} {shown}"
    return on_another_day(local, shown, lang)


def on_another_day(local: Any, shown: str, lang: str) -> str:
    """A local time `shown` whose day is not UTC's, as `lang` says it whole (the catalog's
    `ANOTHER_DAY`): its date in Russian («7 янв., 02:00»: «чт 02:00» read like a form), the
    weekday in Portuguese («qui. 02:00»). Not for English, which keeps 'Thu 02:00 MSK'."""
    from babel.dates import format_date

    return translations(lang).gettext(ANOTHER_DAY) % {
        "weekday": format_date(local, "EEE", locale=lang),
        "date": format_date(local, "d MMM", locale=lang),
        "time": shown,
    }


ANOTHER_DAY = N_("%(time)s on %(weekday)s, %(date)s")
"""A local time on another day than UTC's (its weekday, and its day and month); a language
says what of them it needs («7 янв., 02:00»; «qui. 02:00»)."""


@functools.cache
def names(game: str) -> dict[str, str]:
    """Every id -> display name found in the game's data files (areas, cards, ...)."""

    found: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            if isinstance(node.get("id"), str) and isinstance(node.get("name"), str):
                found.setdefault(node["id"], node["name"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    folder = game_folder(game)
    if not folder.is_dir():
        return found  # a game with no data files (a test's stand-in) has no names
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            walk(load_game_data(game, entry.name))
    return found


def display_name(game: str, ident: Any) -> str:
    """The name players know for an id; unknown ids (houses) are title-cased."""
    if ident is None:
        return "—"
    text = str(ident)
    return names(game).get(text) or text.replace("_", " ").replace("-", " ").title()


@functools.cache
def environment(game: str, fmt: str, lang: str = "en") -> Any:
    """The Jinja2 environment for one game, format ('md' or 'bbcode') and language.

    Sentences in templates are ``{{ _("...") }}`` (jinja2's i18n extension, new style:
    ``%(name)s`` placeholders, plurals with ``ngettext``); names come from the game's data
    in `lang` (`i18n.localized_names`), English where a name has no translation.
    """
    import jinja2

    lang = check_language(lang)
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_roots(game)),
        extensions=["jinja2.ext.i18n"],
        bytecode_cache=_bytecode_cache(),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    escape = escape_markdown if fmt == "md" else escape_bbcode
    env.filters["x"] = escape
    env.filters["x_lines"] = functools.partial(escaped_lines, fmt=fmt)
    _install_gettext(env, lang)
    local = localized_names(game, lang)

    def name(ident: Any, converted: bool = True) -> str:
        """The name of an id in `lang`, holding its grammar: ``%(area:loc)s`` works. A place
        the view renames has its new name (`converted=False`: the name it had before)."""
        renamed = _RENAMED.get()
        if converted and str(ident) in renamed:
            return term("converted", ident, renamed[str(ident)])
        shown = local.get(str(ident)) or display_name(game, ident)
        return Word(shown, grammar_of(game, "", str(ident), lang))

    def term(section: str, ident: Any, english: Any) -> str:
        """A word of one names.yaml section (order tokens, units, tracks) in `lang`; the
        template's English where there is none. Sections keep ids that mean different things
        apart ('raid' the order, 'raid' the token)."""
        if lang == "en":
            return str(english)

        shown = name_in(game, section, str(ident), lang) or str(english)
        return Word(shown, grammar_of(game, section, str(ident), lang))

    def named(text: Any, ident: Any) -> Any:
        """`text` (what a macro printed for `ident`) with the grammar of `ident`, so that
        a sentence may ask for its case: a territory, or a harbor ("H:<territory>", whose
        phrase is in grammar.yaml `phrases.harbor`). Other text stays as it is."""
        ident = str(ident)
        if ident.startswith("H:"):
            return phrase(text, "harbor", ident[2:])
        grammar = grammar_of(game, "", ident, lang)
        return Word(str(text), grammar) if grammar and str(text) == name(ident) else text

    def phrase(text: Any, kind: str, ident: Any) -> Any:
        """`text`, a catalog's phrase holding the name of `ident` ("the harbor of Nyen",
        "a fleet of Russia"), with the grammar of grammar.yaml `phrases.<kind>`."""
        grammar = grammar_of(game, "phrases", kind, lang)
        return Word(str(text), grammar.around(name(ident), lang)) if grammar else text

    def unit(ident: Any) -> str:
        """A unit's name in `lang`; a routed one says so in the reader's words."""
        text = str(ident)
        if text.startswith("routed ") and lang != "en":
            said = translations(lang).gettext(ROUTED)
            return fill(said, {"unit": unit(text.removeprefix("routed "))}, lang)
        return term("units", ident, text.replace("_", " "))

    def said(value: Any) -> str:
        """A ruleset's sentence (a `text.Text`, or its YAML data) in `lang`; text as is."""

        return say(from_data(value), lang, game)

    env.filters["said"] = said
    env.filters["number"] = functools.partial(format_number, lang=lang)
    env.filters["deadline"] = functools.partial(format_deadline, lang=lang)
    env.filters["name"] = name
    env.filters["named"] = named
    env.filters["phrase"] = phrase
    env.filters["bold"] = lambda word: _framed(
        word, ("**", "**") if fmt == "md" else ("[b]", "[/b]")
    )
    env.globals["name"] = name
    env.globals["term"] = term
    env.filters["unit"] = unit
    env.globals["fmt"] = fmt
    env.globals["event"] = _event_renderer(env, game, fmt)
    env.filters["aligned"] = aligned
    return env


def _framed(word: Any, frame: tuple[str, str]) -> Any:
    """A name in bold (or other markup) that keeps its grammar: «в **Винтерфелле**»."""

    if isinstance(word, Word):
        return word.framed(*frame)
    return f"{frame[0]}{word}{frame[1]}"


def _install_gettext(env: Any, lang: str) -> None:
    """``_()`` and ``ngettext()`` in templates: the catalog's sentence filled by
    `grammar.fill`, so a translation may ask for a name's case or article and agree with
    it (jinja2's own new-style gettext fills with a plain ``%``)."""
    import jinja2

    catalog = translations(lang)

    def filled(template: str, variables: dict[str, Any]) -> str:
        return fill(template, variables, lang) if variables else template.replace("%%", "%")

    @jinja2.pass_context
    def gettext(_context: Any, message: str, **variables: Any) -> str:
        return filled(catalog.gettext(message), variables)

    @jinja2.pass_context
    def ngettext(_context: Any, singular: str, plural: str, n: int, **variables: Any) -> str:
        variables.setdefault("num", n)
        return filled(catalog.ngettext(singular, plural, n), variables)

    env.add_extension("jinja2.ext.i18n")
    env.globals.update(gettext=gettext, _=gettext, ngettext=ngettext)


def _bytecode_cache() -> Any:
    """Compiled templates under ~/.cache/adjudicator: compiling them is most of a cron run's
    rendering time. Without a writable cache folder, templates are compiled each run."""
    import jinja2

    folder = cache_folder("jinja")
    return jinja2.FileSystemBytecodeCache(str(folder)) if folder else None


def _event_renderer(env: Any, game: str, fmt: str) -> Any:
    """A function `event(e, f)` that renders one Event with the macro named like its kind
    (``<kind>_<shape>`` for a declared shape of a kind that has several, `Event.shape`),
    using the format library `f` the calling template imported (default: the format's)."""
    modules = []

    def load() -> None:
        listed = env.list_templates(filter_func=lambda n: n.startswith(f"{game}/events/"))
        for template in [*sorted(listed), "common/events.j2"]:
            modules.append(env.get_template(template).module)

    def render(e: Any, f: Any = None) -> str:
        if not modules:
            load()
        if f is None:  # the format's standard library
            f = env.get_template(f"common/{'markdown' if fmt == 'md' else 'bbcode'}.j2").module
        named = f"{e.kind}_{e.shape}" if e.shape else e.kind
        for module in modules:
            macro = getattr(module, named, None)
            if macro is not None:
                return str(macro(e.data, f)).strip()
        return f"{e.kind}: {escape_markdown(e.data) if fmt == 'md' else escape_bbcode(e.data)}"

    return render


def aligned(header: list[Any], rows: list[list[Any]]) -> str:
    """A table as padded plain-text columns, for forums without a table tag."""
    table = [[str(c) for c in header], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in table if i < len(row)) for i in range(len(header))]
    lines = [
        "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)).rstrip() for row in table
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def render(game: str, kind: str, fmt: str, context: Mapping[str, Any], lang: str = "en") -> str:
    """Render report `kind` ('report', 'private') of `game` in `fmt` ('md' or 'bbcode'), in
    `lang`."""
    env = environment(game, fmt, lang)
    view = context.get("view")
    renamed = view.get("renamed", {}) if isinstance(view, Mapping) else {}
    token = _RENAMED.set(renamed)
    try:
        return env.get_template(f"{game}/{kind}.{fmt}.j2").render(**context)
    finally:
        _RENAMED.reset(token)


def has_event_macro(game: str, kind: str, shape: str = "") -> bool:
    """Whether an event kind (in a declared `shape`) has prose (tests check every kind a
    ruleset emits)."""
    env = environment(game, "md")
    listed = env.list_templates(filter_func=lambda n: n.startswith(f"{game}/events/"))
    named = f"{kind}_{shape}" if shape else kind
    return any(hasattr(env.get_template(t).module, named) for t in [*listed, "common/events.j2"])
