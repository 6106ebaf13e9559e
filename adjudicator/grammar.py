"""Names that carry their grammar into a sentence: Russian cases, Portuguese articles.

A catalog's sentence asks for the form a name takes in it, inside the placeholder:

- Russian: ``%(area:gen)s`` (Винтерфелла), ``:dat``, ``:acc``, ``:ins``, ``:prep`` (bare
  prepositional), ``:loc`` ("в Винтерфелле", "на Каменном Берегу", "во Рву Кейлин": where),
  ``:to`` ("в Винтерфелл": whither), ``:from`` ("из Винтерфелла", "с Каменного Берега"),
  ``:with`` (the instrumental after "с" or "со": "с Вахтмейстером", "со Змаевичем"),
  ``:fam`` (a house as a family, in the genitive plural: "дом Старков", "отряды дома
  Ланнистеров").
- Portuguese: ``%(area:art)s`` (the name with its article: "a Campina", "Winterfell"),
  ``:Art`` (the same, capitalized: a sentence starts with it), ``:bare`` (without it), and
  the preposition contracted with the article: ``:de`` ("da Campina"), ``:em`` ("na
  Campina"), ``:por`` ("pela Campina"), ``:a`` ("à Rússia").
- Both: agreement with a name, ``%(block|m:перемещался|f:перемещалась|pl:перемещались)s``:
  the option for the name's gender and number (pt: ``mpl``/``fpl`` before ``pl``; then its
  gender; else the first option).

The grammar of each game word is data, in ``games/<game>/grammar.yaml`` beside names.yaml:
the same sections and ids, one line an entry (see `parse_ru`, `parse_pt`). A name is passed
into a sentence as a `Word`: a `str` (so templates and joins treat it as the name it prints)
that also holds its `Grammar`. A name without grammar (a player's own name) keeps its one
form: the sentences are written so that this reads well.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from adjudicator.data import load_game_data

RU_CASES = ("gen", "dat", "acc", "ins", "loc")
"""The forms a Russian entry lists after its gender, in this order; `loc` with its
preposition ("в Винтерфелле")."""
RU_FAMILY = "fam"
"""The optional last form of a Russian entry: a house as a family, genitive plural
("Старков": «дом Старков»); a name without it keeps its own form there."""
PT_PREPOSITIONS = {
    "de": {"o": "do", "a": "da", "os": "dos", "as": "das", "": "de"},
    "em": {"o": "no", "a": "na", "os": "nos", "as": "nas", "": "em"},
    "por": {"o": "pelo", "a": "pela", "os": "pelos", "as": "pelas", "": "por"},
    "a": {"o": "ao", "a": "à", "os": "aos", "as": "às", "": "a"},
}
ARTICLES = {("m", False): "o", ("f", False): "a", ("m", True): "os", ("f", True): "as"}


@dataclass(frozen=True)
class Grammar:
    """How one name behaves in a sentence of one language."""

    gender: str = "m"
    """'m', 'f' or 'n' (neuter: Russian only)."""
    plural: bool = False
    """A plural name (Близнецы, As Gêmeas, Стрельцы): verbs and participles agree in plural."""
    forms: Mapping[str, str] = field(default_factory=dict)
    """ru: gen, dat, acc, ins, loc (with its preposition), fam for a house; pt: unused."""
    article: str = ""
    """pt: the definite article the name takes ('a', 'o', 'as', 'os'), '' for none."""

    def around(self, inner: Any, lang: str) -> Grammar:
        """A phrase's grammar with the name it holds put in: ``{}`` in each form is
        `inner` in the genitive («гавани {}» -> «гавани Ниена»)."""
        held = inflect(inner, "gen", lang) if lang == "ru" else str(inner)
        forms = {case: form.replace("{}", held) for case, form in self.forms.items()}
        return Grammar(self.gender, self.plural, forms, self.article)

    @property
    def category(self) -> str:
        """What an agreement option is keyed by: 'm', 'f', 'n', or 'mpl'/'fpl'."""
        return f"{self.gender}pl" if self.plural else self.gender


class Word(str):
    """A name as printed, holding its grammar for the sentence it goes into.

    `frame` is markup around the name itself (bold: ``("**", "**")``): a form keeps its
    preposition or article outside it ("в **Винтерфелле**", "da **Campina**")."""

    grammar: Grammar | None
    frame: tuple[str, str]

    def __new__(
        cls, text: str, grammar: Grammar | None = None, frame: tuple[str, str] = ("", "")
    ) -> Word:
        made = super().__new__(cls, f"{frame[0]}{text}{frame[1]}")
        made.grammar = grammar
        made.frame = frame
        return made

    @property
    def plain(self) -> str:
        """The name without its frame."""
        pre, post = self.frame
        return str(self)[len(pre) : len(self) - len(post)]

    def framed(self, pre: str, post: str) -> Word:
        """The same name inside `pre` … `post` (markup), keeping its grammar."""
        return Word(self.plain, self.grammar, (pre + self.frame[0], self.frame[1] + post))


def parse_ru(spec: str) -> Grammar:
    """'m; Винтерфелла; Винтерфеллу; Винтерфелл; Винтерфеллом; в Винтерфелле' -> Grammar.

    The first part is the gender ('m', 'f', 'n') or 'pl' (a plural name; 'mpl'/'fpl' give
    its gender too); then genitive, dative, accusative, instrumental, and where (the
    prepositional with its preposition); a house adds its family name in the genitive
    plural ("Старков"). Raises ValueError for a wrong count."""
    parts = [p.strip() for p in spec.split(";")]
    if len(parts) not in (1 + len(RU_CASES), 2 + len(RU_CASES)):
        raise ValueError(f"{spec!r}: a gender and {len(RU_CASES)} forms, ';' between them")
    kind = parts[0]
    plural = kind.endswith("pl")
    gender = kind[:-2] or "m" if plural else kind
    if gender not in ("m", "f", "n"):
        raise ValueError(f"{spec!r}: the gender is m, f, n, pl, mpl or fpl")
    cases = (*RU_CASES, RU_FAMILY)[: len(parts) - 1]
    return Grammar(gender, plural, dict(zip(cases, parts[1:], strict=True)))


def parse_pt(spec: str) -> Grammar:
    """'f' (takes 'a'), 'm', 'fpl', 'mpl'; with '-' (e.g. 'm-') for a name used without an
    article (Winterfell, Nyen). Raises ValueError for anything else."""
    bare = spec.endswith("-")
    kind = spec.rstrip("-")
    plural = kind.endswith("pl")
    gender = kind[:-2] if plural else kind
    if gender not in ("m", "f"):
        raise ValueError(f"{spec!r}: m, f, mpl or fpl, with '-' when it takes no article")
    return Grammar(gender, plural, {}, "" if bare else ARTICLES[gender, plural])


PARSERS = {"ru": parse_ru, "pt_BR": parse_pt}


@functools.cache
def grammars(game: str, lang: str) -> dict[tuple[str, str], Grammar]:
    """(section, id) -> Grammar of every entry of the game's grammar.yaml in `lang`."""
    if lang not in PARSERS:
        return {}
    if not resources.files("adjudicator.games").joinpath(game, "grammar.yaml").is_file():
        return {}

    found = {}
    for section, entries in load_game_data(game, "grammar.yaml").items():
        for ident, entry in (entries or {}).items():
            if isinstance(entry, Mapping) and entry.get(lang):
                found[section, str(ident)] = PARSERS[lang](str(entry[lang]))
    return found


def grammar_of(game: str | None, section: str, ident: str, lang: str) -> Grammar | None:
    """The grammar of `ident` (in `section`, or the first section that has it when '')."""
    if not game:
        return None
    if section:
        return grammars(game, lang).get((section, ident))
    return _by_ident(game, lang).get(ident)


@functools.cache
def _by_ident(game: str, lang: str) -> dict[str, Grammar]:
    """id -> the grammar of its first section (grammar.yaml's order), `phrases` left out."""
    found: dict[str, Grammar] = {}
    for (section, ident), grammar in grammars(game, lang).items():
        if section != "phrases":
            found.setdefault(ident, grammar)
    return found


def inflect(word: Any, form: str, lang: str) -> str:
    """`word` in `form` (see the module's docstring); a name without grammar keeps its one
    form, with the preposition a form asks for. Raises KeyError for an unknown form."""
    text = word.plain if isinstance(word, Word) else str(word)
    grammar = getattr(word, "grammar", None)
    pre, post = getattr(word, "frame", ("", ""))
    if lang == "ru":
        if form not in (*RU_CASES, RU_FAMILY, "to", "from", "prep", "with"):
            raise KeyError(form)
        lead, core = _ru_form(text, grammar, form)
    elif form in ("art", "Art", "bare"):
        bare = _pt_bare(text, grammar)
        article = grammar.article if grammar and form != "bare" else ""
        if article:
            lead, core = article, bare
        else:
            lead, core = "", text if form != "bare" else bare
        if form == "Art" and lead:
            lead = lead.capitalize()
    elif form in PT_PREPOSITIONS:
        article = grammar.article if grammar else ""
        lead, core = PT_PREPOSITIONS[form][article], _pt_bare(text, grammar)
    else:
        raise KeyError(form)
    return f"{lead} {pre}{core}{post}" if lead else f"{pre}{core}{post}"


def _ru_form(text: str, grammar: Grammar | None, form: str) -> tuple[str, str]:
    """A Russian form as (preposition, name); 'to'/'from'/'prep'/'with' come from 'loc' and
    the cases."""
    forms = grammar.forms if grammar else {}
    preposition, _, prep = (forms.get("loc") or f"в {text}").partition(" ")
    if form == "loc":
        return preposition, prep
    if form == "prep":
        return "", prep
    if form == "to":
        acc = forms.get("acc", text)
        return ("на" if preposition == "на" else _v_or_vo(acc)), acc
    if form == "with":
        ins = forms.get("ins", text)
        return _s_or_so(ins), ins
    if form == "from":
        gen = forms.get("gen", text)
        return (_s_or_so(gen) if preposition == "на" else "из"), gen
    return "", forms.get(form, text)


def _v_or_vo(word: str) -> str:
    """'во' before в/ф and a consonant (во Владимир, во Францию), else 'в'."""
    low = word.lower()
    return "во" if len(low) > 1 and low[0] in "вф" and low[1] not in "аеёиоуыэюяь" else "в"


def _s_or_so(word: str) -> str:
    """'со' before с/з/ж/ш and a consonant (со Скагеррака), else 'с'."""
    low = word.lower()
    return "со" if len(low) > 1 and low[0] in "сзжш" and low[1] not in "аеёиоуыэюяь" else "с"


def _pt_bare(text: str, grammar: Grammar | None) -> str:
    """The name without the article it is printed with ('A Campina' -> 'Campina')."""
    if grammar and grammar.article:
        head, _, rest = text.partition(" ")
        if head.lower() == grammar.article and rest:
            return rest
    return text


def select(word: Any, options: str, lang: str) -> str:
    """The option of ``m:…|f:…|pl:…`` that agrees with `word` (see the module docstring)."""
    choices = dict(part.split(":", 1) for part in options.split("|"))
    grammar = getattr(word, "grammar", None) or Grammar()
    order = [grammar.category]
    if grammar.plural:
        order.append("pl")
    order.append(grammar.gender)
    for key in order:
        if key in choices:
            return choices[key]
    return next(iter(choices.values()))


class Fields(Mapping[str, Any]):
    """The fields of a sentence as ``%`` reads them: ``%(x)s`` the value itself,
    ``%(x:form)s`` a form of it, ``%(x|m:…|f:…)s`` the option agreeing with it."""

    def __init__(self, values: Mapping[str, Any], lang: str) -> None:
        self.values = values
        self.lang = lang

    def __getitem__(self, key: str) -> Any:
        if key in self.values:
            return self.values[key]
        if "|" in key:
            name, _, options = key.partition("|")
            return select(self.values[name], options, self.lang)
        name, _, form = key.partition(":")
        return inflect(self.values[name], form, self.lang)

    def __iter__(self) -> Any:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)


def fill(template: str, values: Mapping[str, Any], lang: str) -> str:
    """`template` with its fields, in the forms it asks for; '%%' is '%'."""
    return template % Fields(values, lang)
