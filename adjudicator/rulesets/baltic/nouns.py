"""The kinds of name baltic's errors speak of ("no block called 'Lewenhaupt'"): each a `Noun`
of three whole sentences, declared to `NameIndex` when the ruleset is imported, so the order
language names its indexes by word ("location", "block")."""

from __future__ import annotations

from adjudicator.orders.names import Noun, declare
from adjudicator.text import N_

NOUNS = {
    "location": Noun(
        N_("a location name is missing here"),
        N_("'%(text)s' could be more than one location"),
        N_("no location called '%(text)s'"),
    ),
    "block": Noun(
        N_("a block name is missing here"),
        N_("'%(text)s' could be more than one block"),
        N_("no block called '%(text)s'"),
    ),
    "nation": Noun(
        N_("a nation name is missing here"),
        N_("'%(text)s' could be more than one nation"),
        N_("no nation called '%(text)s'"),
    ),
    "scenario": Noun(
        N_("a scenario name is missing here"),
        N_("'%(text)s' could be more than one scenario"),
        N_("no scenario called '%(text)s'"),
    ),
}

declare(NOUNS)
