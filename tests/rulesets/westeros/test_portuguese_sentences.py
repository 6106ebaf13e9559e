"""Westeros sentences a Brazilian reader finds natural (issue 20): names with their article,
contracted prepositions, agreement with the name's gender, echoes that read back.

Each sentence is said the way the ruleset says it to a player (the same `Text` its code
builds), in pt_BR; a wrong article («Fosso Cailin é sua»), an uncontracted preposition
(«empate em Feudos») or a participle of the wrong gender («Cavaleiro (derrotada)») fails.
"""

from __future__ import annotations

import pytest

from adjudicator.rulesets.westeros.language import said
from adjudicator.rulesets.westeros.language.westeros_phase_lines import format_bid, format_tie
from adjudicator.text import Name, _l


def area(ident: str) -> Name:
    return Name(ident, ident, "areas")


@pytest.mark.parametrize(
    ("ident", "expected"),
    [
        ("moat_cailin", "o Fosso Cailin é seu"),
        ("shipbreaker_bay", "a Baía dos Naufrágios é sua"),
        ("white_harbor", "Porto Branco é seu"),
        ("the_twins", "as Gêmeas são suas"),
    ],
)
def test_p6_a_raid_on_your_own_area_names_it_with_its_article_and_agreement(
    ident: str, expected: str
) -> None:
    """Raid (rules p. 13): a raid removes another house's order; the warning names the area."""
    text = _l("%(area)s is yours: a raid removes another house's order", area=area(ident))
    assert text.say("pt_BR", "westeros") == (
        f"{expected}: uma invasão remove a ordem de outra Casa"
    )


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("routed knight", "Cavaleiro (derrotado)"), ("routed siege_engine", "Catapulta (derrotada)")],
)
def test_a_routed_unit_agrees_with_its_gender(kind: str, expected: str) -> None:
    assert said.unit(kind).say("pt_BR", "westeros") == expected


@pytest.mark.parametrize(
    ("track", "expected"),
    [
        ("fiefdoms", "empate nos Feudos: Stark, Lannister"),
        ("kings_court", "empate na Corte do Rei: Stark, Lannister"),
        ("iron_throne", "empate no Trono de Ferro: Stark, Lannister"),
    ],
)
def test_a_tie_echo_contracts_the_track(track: str, expected: str) -> None:
    assert format_tie(track, ["stark", "lannister"]).say("pt_BR", "westeros") == expected


def test_a_bid_echo_says_the_track_after_pelo() -> None:
    assert format_bid("fiefdoms", "all").say("pt_BR", "westeros") == "lance pelos Feudos: todas"
    assert format_bid("kings_court", 2).say("pt_BR", "westeros") == "lance pela Corte do Rei: 2"


def test_movement_the_unreachable_area_takes_its_article() -> None:
    """Movement (rules p. 10): a march goes to an adjacent area (or by ship)."""
    text = _l(
        "a %(unit)s in %(from)s cannot reach %(to)s",
        unit=said.unit("siege_engine"),
        to=area("the_reach"),
        **{"from": area("moat_cailin")},
    )
    assert text.say("pt_BR", "westeros") == "uma Catapulta no Fosso Cailin não alcança a Campina"
    adjacent = _l(
        "%(to)s is not adjacent to %(from)s", to=area("the_reach"), **{"from": area("the_twins")}
    )
    assert adjacent.say("pt_BR", "westeros") == "a Campina não é adjacente às Gêmeas"
