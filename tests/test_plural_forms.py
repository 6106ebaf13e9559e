"""Every counted noun has its plural forms (issue 20): no «order(s)», «ordem(ns)
especial(is)», «прислал(а)» in any message, and Brazilian Portuguese says zero in the
plural («0 acertos»), as its writers do, not in the singular that CLDR's rule gives it."""

from __future__ import annotations

import re

import pytest

from adjudicator.i18n import LANGUAGES, catalog, translations
from tests.test_i18n import _used_messages

PARENTHESISED_ENDING = re.compile(r"[^\W\d_]\((s|es|ns|is|а|ы|и|о)\)(?!\w)")


def test_no_english_message_counts_with_an_s_in_brackets() -> None:
    assert sorted(m for m in _used_messages() if PARENTHESISED_ENDING.search(m)) == []


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_no_translation_counts_with_an_ending_in_brackets(lang: str) -> None:
    faults = []
    for message in catalog(lang):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        faults += [s for s in strings if s and PARENTHESISED_ENDING.search(s)]
    assert faults == []


@pytest.mark.parametrize(("n", "expected"), [(0, "0 acertos"), (1, "1 acerto"), (2, "2 acertos")])
def test_portuguese_says_zero_in_the_plural(n: int, expected: str) -> None:
    said = translations("pt_BR").ngettext("%(num)s hit", "%(num)s hits", n) % {"num": n}
    assert said == expected
