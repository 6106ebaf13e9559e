"""The kinds of name westeros's errors speak of ("no house called 'Storks'"): each a `Noun`
of three whole sentences, declared to `NameIndex` when the ruleset is imported, so the order
language names its indexes by word ("house", "house card")."""

from __future__ import annotations

from adjudicator.orders.names import Noun, declare
from adjudicator.text import N_

NOUNS = {
    "area": Noun(
        N_("an area name is missing here"),
        N_("'%(text)s' could be more than one area"),
        N_("no area called '%(text)s'"),
    ),
    "unit": Noun(
        N_("a unit name is missing here"),
        N_("'%(text)s' could be more than one unit"),
        N_("no unit called '%(text)s'"),
    ),
    "house": Noun(
        N_("a house name is missing here"),
        N_("'%(text)s' could be more than one house"),
        N_("no house called '%(text)s'"),
    ),
    "track": Noun(
        N_("a track name is missing here"),
        N_("'%(text)s' could be more than one track"),
        N_("no track called '%(text)s'"),
    ),
    "card": Noun(
        N_("a card name is missing here"),
        N_("'%(text)s' could be more than one card"),
        N_("no card called '%(text)s'"),
    ),
    "house card": Noun(
        N_("a house card name is missing here"),
        N_("'%(text)s' could be more than one house card"),
        N_("no house card called '%(text)s'"),
    ),
    "wildling card": Noun(
        N_("a wildling card name is missing here"),
        N_("'%(text)s' could be more than one wildling card"),
        N_("no wildling card called '%(text)s'"),
    ),
}

declare(NOUNS)
