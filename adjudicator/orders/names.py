"""Lenient name matching: case, punctuation, aliases, unique prefixes and small typos.

Players type "KL", "kings landing", "Winterfel" or "port of winterfell". A guess is accepted
only when exactly one candidate fits; otherwise the error lists the candidates.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from adjudicator.orders.errors import ambiguous, invalid
from adjudicator.text import N_, Name, _l


@dataclass(frozen=True)
class Noun:
    """What one kind of name is called in `NameIndex`'s errors: three whole sentences, never
    a noun put into a sentence (its gender and case differ per language)."""

    missing: str
    """Nothing typed where a name belongs: 'a house name is missing here'."""
    ambiguous: str
    """A text fitting several: "'%(text)s' could be more than one house"."""
    unknown: str
    """A text fitting none: "no house called '%(text)s'"."""


NAME = Noun(
    N_("a name is missing here"),
    N_("'%(text)s' could be more than one name"),
    N_("no name called '%(text)s'"),
)
"""The engine's only noun; a game's own (house, block...) are declared by its ruleset."""

_NOUNS: dict[str, Noun] = {"name": NAME}


def declare(nouns: Mapping[str, Noun]) -> None:
    """Make each word of `nouns` a kind of name `NameIndex` knows: a ruleset declares its
    nouns (``rulesets/<game>/nouns.py``) when its package is imported. A word two games
    declare must mean the same three sentences, as the catalog holds one translation each."""
    for word, noun in nouns.items():
        known = _NOUNS.setdefault(word, noun)
        if known != noun:
            raise ValueError(f"the noun {word!r} is declared twice, differently")


_NOISE = re.compile(r"[^\w ]+|_")
_SPACES = re.compile(r"\s+")
_ARTICLE = re.compile(r"^(the|o|a|os|as) ")
_LATIN_END = 0x250
"""Code points below this are Latin letters: only their accents are optional."""


@functools.lru_cache(maxsize=8192)
def normalize(name: str) -> str:
    """Case-folded, Latin accents and 'ё' optional, no punctuation, no leading article.

    Players of the Russian and Brazilian forums type names in their own alphabet, often
    without accents or 'ё'; Cyrillic letters keep their marks ('й' is not 'и').

    >>> normalize("  The Storm's_End ")
    'storms end'
    >>> normalize("Солнечное Копьё"), normalize("A Campina"), normalize("Lançassolar")
    ('солнечное копье', 'campina', 'lancassolar')
    """
    text = name.casefold().replace("ё", "е").replace("-", " ").replace("'", "").replace("’", "")
    text = unicodedata.normalize("NFC", _strip_latin_accents(text))
    text = _SPACES.sub(" ", _NOISE.sub(" ", text)).strip()
    return _ARTICLE.sub("", text)


def _strip_latin_accents(text: str) -> str:
    """'ç' -> 'c', 'ã' -> 'a'; marks on other scripts stay."""
    out: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char) and out and ord(out[-1]) < _LATIN_END:
            continue
        out.append(char)
    return "".join(out)


class NameIndex:
    """Resolves what players type to canonical ids.

    `names` maps each id to the display name and aliases that stand for it; the id itself
    always matches too. `what` names the thing in messages: a `Noun`, or the word of one a
    ruleset has declared ("area", "block").
    """

    def __init__(self, names: Mapping[str, Iterable[str]], what: str | Noun = NAME) -> None:
        noun = what if isinstance(what, Noun) else _NOUNS.get(what)
        if noun is None:
            raise KeyError(f"no noun {what!r}: a ruleset declares its own (orders.names.declare)")
        self._missing, self._ambiguous, self._unknown = noun.missing, noun.ambiguous, noun.unknown
        self.display: dict[str, str] = {}
        self._exact: dict[str, set[str]] = {}
        self._counts: dict[str, Counter[str]] = {}
        self._scores: dict[str, dict[str, float]] = {}
        """Key -> typo scores (`_typo_scores`)."""
        """Normalized name -> its letters, for the typo test's cheap bound."""
        for ident, spellings in names.items():
            spellings = list(spellings)
            self.display[ident] = spellings[0] if spellings else ident
            for spelling in [ident, *spellings]:
                self._exact.setdefault(normalize(spelling), set()).add(ident)

    def __contains__(self, ident: str) -> bool:
        return ident in self.display

    def find(self, text: str, among: Iterable[str] | None = None) -> str:
        """The one id `text` stands for, optionally among a subset of ids.

        Raises `LineError` (invalid: no match, with close names; ambiguous: several).
        """
        allowed = set(self.display) if among is None else set(among)
        key = normalize(text)
        if not key:
            raise invalid(_l(self._missing), self._names(allowed))
        exact = self._exact.get(key, set()) & allowed
        if len(exact) == 1:
            return next(iter(exact))
        # A small typo first ("Winterfel"), then a unique prefix ("white" for White Harbor).
        for candidates in (self._close(key, allowed), self._prefixed(key, allowed)):
            if exact:
                break
            exact = candidates
            if len(exact) == 1:
                return next(iter(exact))
        if exact:
            raise ambiguous(_l(self._ambiguous, text=text), self._names(exact))
        raise invalid(_l(self._unknown, text=text), self._suggest(key, allowed))

    def lookup(self, text: str, among: Iterable[str] | None = None) -> str | None:
        """What `find` returns, or None where it raises: for "is this line one of mine?"
        tests on every line, which must not pay for the error's suggestions."""
        allowed = set(self.display) if among is None else set(among)
        key = normalize(text)
        exact = self._exact.get(key, set()) & allowed if key else set()
        if not exact and key:
            exact = self._close(key, allowed) or self._prefixed(key, allowed)
        return next(iter(exact)) if len(exact) == 1 else None

    def is_spelled(self, text: str) -> bool:
        """Whether `text` is exactly one of the names (no typo, no prefix): for "does this
        line name anything of the game?" on lines that may be a player's chat."""
        key = normalize(text)
        return bool(key) and key in self._exact

    def _close(self, key: str, allowed: set[str]) -> set[str]:
        """Ids whose names are a small typo away; a clearly closer one wins alone."""
        scores = {i: r for i, r in self._typo_scores(key).items() if i in allowed}
        best = max(scores.values(), default=0.0)
        return {ident for ident, ratio in scores.items() if ratio >= best - 0.05}

    def _typo_scores(self, key: str) -> dict[str, float]:
        """Id -> its best difflib ratio of at least 0.85 to `key`; remembered per key (the
        same words come back on every line of every submission)."""
        if key in self._scores:
            return self._scores[key]
        scores: dict[str, float] = {}
        letters = Counter(key)
        for name, ids in self._exact.items():
            # Upper bounds of ratio() first, without building a matcher (that is the costly
            # part): difflib's real_quick_ratio() from the lengths, quick_ratio() from the
            # letters in common.
            total = len(key) + len(name)
            if 2 * min(len(key), len(name)) < 0.85 * total:
                continue
            if 2 * sum((letters & self._letters(name)).values()) < 0.85 * total:
                continue
            ratio = difflib.SequenceMatcher(None, key, name).ratio()
            if ratio >= 0.85:
                for ident in ids:
                    scores[ident] = max(ratio, scores.get(ident, 0.0))
        if len(self._scores) >= 4096:
            self._scores.clear()
        self._scores[key] = scores
        return scores

    def _letters(self, name: str) -> Counter[str]:
        if name not in self._counts:
            self._counts[name] = Counter(name)
        return self._counts[name]

    def _prefixed(self, key: str, allowed: set[str]) -> set[str]:
        return {i for k, ids in self._exact.items() if k.startswith(key) for i in ids} & allowed

    def _names(self, ids: Iterable[str]) -> list[Name]:
        """The candidates as names said in the reader's language (sorted in English)."""
        return sorted((Name(i, self.display[i]) for i in ids), key=lambda n: n.english)

    def _suggest(self, key: str, allowed: set[str]) -> list[Name]:
        keys = [k for k, ids in self._exact.items() if ids & allowed]
        close = difflib.get_close_matches(key, keys, n=5, cutoff=0.5)
        found = {i for k in close for i in self._exact[k] & allowed}
        return self._names(found) if found else self._names(allowed)
