"""Baltic report lines a Brazilian reader finds natural (issue 20): a nation or side with
its article («A Suécia não realiza nenhuma ação»), a list of places not forced behind a
preposition («constrói 2 blocos (3 RP): Svealand, Escânia»), a battle's place contracted in
the dice log («batalha na Carélia»)."""

from __future__ import annotations

import pytest

from adjudicator.render import render
from adjudicator.requests import Event
from adjudicator.text import _l
from tests.rulesets.baltic.test_reports import context, moved_state


def report(events: list[Event]) -> str:
    return render("baltic", "report", "md", context(moved_state(), None, events), "pt_BR")


def test_13_3_a_side_that_takes_no_action_is_named_with_its_article() -> None:
    """13.3: a side with AP may pass; the report says it took no action."""
    text = report([Event("phase", {"phase": "action", "side": "sweden", "nmr": False, "ap": 2})])
    assert "A Suécia não realiza nenhuma ação." in text


def test_8_4_several_builds_list_their_places_after_the_count() -> None:
    """8.4: a Reinforce action builds blocks in the territories it names."""
    build = {"side": "sweden", "nation": "SWE", "rp": 3, "count": 2, "at": ["svealand", "skane"]}
    text = report([Event("build", build)])
    assert "A Suécia constrói 2 blocos (3 RP): Svealand, Escânia." in text


def test_5_a_battle_in_the_dice_log_contracts_its_place() -> None:
    from adjudicator.rulesets.baltic.control import board

    label = _l("battle %(place)s", place=board().said("karelen"))
    assert label.say("pt_BR", "baltic") == "batalha na Carélia"


def test_11_1c_a_cession_to_a_masculine_nation_reads_whole() -> None:
    """11.1c: the nation Sweden cedes a territory to becomes permanently inactive; «Hanôver»
    is masculine, so the sentence says «essa nação», not «Hanôver, que se torna … inativa»."""
    cession = {"side": "sweden", "territory": "bremen_verden", "to": "HAN"}
    text = report([Event("cession", cession)])
    assert "**A Suécia cede Bremen-Verden a Hanôver**; essa nação fica inativa para sempre." in text


def test_5_a_battle_names_its_attacker_with_the_article() -> None:
    """5.1: the side that moves in attacks; «ataque da Suécia», not «Suécia ataca»."""
    battle = {
        "at": "polotsk",
        "battle": "land",
        "attacker": "sweden",
        "blocks": {"sweden": ["swe_vastgota"], "coalition": ["rus_preobrazhensky"]},
    }
    text = report([Event("battle", battle)])
    assert "**Batalha em Polotsk** — ataque da Suécia: Suécia: " in text


def test_10_2j_a_truce_is_offered_with_its_article_and_contraction() -> None:
    """10.2j: a side offers a truce to an enemy nation: «oferece uma trégua à Rússia», never
    «oferecer trégua a a Rússia» (an article after the preposition `a`, uncontracted)."""
    from adjudicator.rulesets.baltic.control import board

    offer = {"side": "sweden", "nation": "RUS", "accepted": False}
    assert "A Suécia oferece uma trégua à Rússia: recusada." in report(
        [Event("truce_offer", offer)]
    )
    why = _l(
        "a truce cannot be offered to %(nation)s now: only to an active enemy nation (10.2c, j)",
        nation=board().said("RUS"),
    )
    assert why.say("pt_BR", "baltic").startswith(
        "não é possível oferecer uma trégua à Rússia agora"
    )
    refused = _l(
        "%(nation)s may not be offered a truce by you (10.2c, 10.2j)", nation=board().said("POL")
    )
    assert (
        refused.say("pt_BR", "baltic")
        == "você não pode oferecer uma trégua à Polônia (10.2c, 10.2j)"
    )


def test_3_3_an_action_roll_in_the_dice_log_names_its_side_with_de() -> None:
    """3.3: each side rolls for its AP; the dice log said «rolagem de ação: Suécia: [1]» (a
    label after a label), as the phase is named, «rolagem de ações da Suécia»."""
    from adjudicator.rulesets.baltic.terms import side_name

    label = _l("action roll %(side)s", side=side_name("sweden"))
    assert label.say("pt_BR", "baltic") == "rolagem de ações da Suécia"


@pytest.mark.parametrize(
    ("kind", "said"),
    [
        ("activation", "ativação da Dinamarca-Noruega"),
        ("defection", "mudança de lado da Dinamarca-Noruega"),
        ("diplomatic opening", "abertura diplomática para a Dinamarca-Noruega"),
    ],
)
def test_10_1_a_nation_roll_in_the_dice_log_names_its_nation_with_its_article(kind, said) -> None:
    """10.1a, 10.3: a die rolled for a nation; the dice log said «ativação: Dinamarca-Noruega:
    [6]» (a label after a label), now «ativação da Dinamarca-Noruega: [6]»."""
    from adjudicator.rulesets.baltic.control import board
    from adjudicator.rulesets.baltic.politics import ROLL_LABELS

    label = _l(ROLL_LABELS[kind], nation=board().said("DEN"))
    assert label.say("pt_BR", "baltic") == said
