"""Westeros sentences a Brazilian reader finds natural (issue 20): names with their article,
contracted prepositions, agreement with the name's gender, echoes that read back.

Each sentence is said the way the ruleset says it to a player (the same `Text` its code
builds), in pt_BR; a wrong article («Fosso Cailin é sua»), an uncontracted preposition
(«empate em Feudos») or a participle of the wrong gender («Cavaleiro (derrotada)») fails.
"""

from __future__ import annotations

import pytest

from adjudicator.rulesets.westeros.language.westeros_phase_lines import format_bid, format_tie
from adjudicator.rulesets.westeros.words import said
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


SUMMARIES = [
    "place orders",
    "begin the Westeros phase",
    "begin the action phase",
    "bid power for the %(track)s track (secret)",
    "order the tied houses on the %(track)s track",
    "reduce your armies to your supply",
    "Mustering: recruit in %(area)s",
    "%(card)s: choose its effect: %(choices)s",
    "bid power against the wildlings (secret)",
    "break the tie between the wildling bidders",
    "Messenger Raven: bury the wildling card you saw, or keep it",
    "Messenger Raven: swap one order, look at the wildling deck, or none",
    "declare support in the battle for %(area)s (%(attacker)s against %(defender)s)"
    " with your support order in %(support)s",
    "choose a house card for the battle in %(area)s: %(cards)s",
    "choose another house card for the battle in %(area)s: %(cards)s",
    "choose the retreat area",
    "consolidate power or muster",
    "use the Valyrian Steel Blade?",
]
"""What the game asks of a house, as the public list «Decisões pendentes» says it."""


@pytest.mark.parametrize("msgid", SUMMARIES)
def test_every_request_summary_is_said_in_the_infinitive(msgid: str) -> None:
    """One style for the requests (issue 20): «colocar ordens», «desempatar os lances …»,
    never an imperative («desempate …») beside them."""
    from adjudicator.i18n import translations

    said = translations("pt_BR").gettext(msgid)
    assert said != msgid
    label, _, rest = said.partition(": ")
    asked = rest if rest and (label[:1].isupper() or label.startswith("%(")) else said
    assert asked.split()[0].endswith(("ar", "er", "ir", "or")), said


@pytest.mark.parametrize(
    ("house", "line", "echo"),
    [
        ("lannister", "tyrion: sim", "Tyrion Lannister: sim"),
        ("tyrell", "mace: soldado", "Mace Tyrell: Soldado"),
    ],
)
def test_a_house_card_choice_is_echoed_with_the_proper_name(house: str, line: str, echo: str):
    """Tyrion Lannister, Mace Tyrell (house cards): the receipt names the card as printed,
    never «tyrion: sim» in lower case; and the echo reads back the same."""
    from adjudicator.rulesets.westeros.ruleset import RULESET
    from tests.rulesets.westeros.test_westeros_verbs_i18n import DICE, POSITION

    state = RULESET.load_position(POSITION, DICE)
    (said_line,) = RULESET.parse(state, house, line)
    assert said_line.understood.say("pt_BR", "westeros") == echo
    (again,) = RULESET.parse(state, house, echo)
    assert (again.kind, again.key, again.value) == (said_line.kind, said_line.key, said_line.value)
