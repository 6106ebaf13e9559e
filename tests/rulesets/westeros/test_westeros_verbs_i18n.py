"""Every westeros instruction in the players' languages (issue 12, item 4).

A Russian or Brazilian player writes every instruction — not only the orders — in their
language, or in English, mixed in one file; what a receipt echoes in that language reads
back as the same instruction; no keyword is taken for a name.
"""

from __future__ import annotations

import textwrap

import pytest

from adjudicator.rulesets.westeros import RULESET
from tests.rulesets.westeros.action.helpers import describe, sorted_units
from tests.rulesets.westeros.harness import play
from tests.rulesets.westeros.verbs_round import DEFAULTED, ENGLISH, PORTUGUESE, POSITION, RUSSIAN


def _files(files: dict[str, str]) -> dict[str, str]:
    return {house: textwrap.dedent(text) for house, text in files.items()}


def _round(files: dict[str, str]):
    return play(POSITION, _files(files), defaults=DEFAULTED)


def test_the_english_round_plays_every_kind_of_instruction() -> None:
    played = _round(ENGLISH)
    shown = describe(played)
    assert played.rejected == {}, shown
    assert (played.state.phase, played.state.round) == ("planning", 2), shown
    kinds = set(played.kinds())
    for kind in (
        "raid_removed",
        "march",
        "support_declared",
        "retreat",
        "power_token_placed",
        "consolidated",
        "mustered",
        "supply_reduced",
        "bids_revealed",
        "tie_ordered",
        "wildling_bids",
        "wildling_card",
        "wildling_units_destroyed",
    ):
        assert kind in kinds, (kind, shown)
    ended = next(e for e in played.events if e.kind == "battle_ended" and e.data["n"] == 1)
    assert ended.data["cards"] == {"attacker": "victarion-greyjoy", "defender": "tyrion-lannister"}
    winterfell = sorted_units(played.state.units)["winterfell"]
    assert winterfell == {"stark": ["footman", "knight", "knight"]}  # a footman upgraded


@pytest.mark.parametrize("files", [RUSSIAN, PORTUGUESE], ids=["ru", "pt_BR"])
def test_a_whole_round_in_another_language_ends_where_the_english_one_does(files) -> None:
    english, other = _round(ENGLISH), _round(files)
    assert other.rejected == {}, describe(other)
    assert sorted_units(other.state.units) == sorted_units(english.state.units)
    assert RULESET.export(other.state) == RULESET.export(english.state)
    assert [(e.kind, e.data) for e in other.events] == [(e.kind, e.data) for e in english.events]
