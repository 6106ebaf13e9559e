"""A battle against a neutral force names that side in the reader's words, never by the
state's id 'neutral' (it leaked into Russian and Portuguese support errors)."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.westeros.words import said
from adjudicator.text import _l

NOT_FIGHTING = (
    "%(house)s is not fighting in %(area)s: the battle is %(attacker)s against %(defender)s"
)


@pytest.mark.parametrize(
    ("lang", "said_as"),
    [("en", "the neutral force"), ("ru", "нейтральный лорд"), ("pt_BR", "a força neutra")],
)
def test_the_neutral_side_is_said_in_the_readers_language(lang: str, said_as: str) -> None:
    text = _l(
        NOT_FIGHTING,
        house=said.house("tyrell"),
        area="Harrenhal",
        attacker=said.side("stark"),
        defender=said.side("neutral"),
    ).say(lang, "westeros")
    assert said_as in text and "neutral" not in text.replace(said_as, "")
