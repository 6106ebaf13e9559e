"""Baltic report lines a native reader finds natural in English, Russian and Portuguese
(issue 20), each sentence one catalog entry: a roll says its die and what follows from it
(it said «…: [5], доступно RP: -2», a dice list after a colon and a negative «available»),
a cession names the nation that leaves the war, a build its places after the count, a loss
to forage says «фуражировка», as the forage lines do (it said «(фураж)», fodder), the end of
the game its reason as a phrase (it said "(vp)", «(победные очки)»)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.render import render
from adjudicator.requests import Event
from tests.rulesets.baltic.test_reports import context, moved_state

LINES = [
    # (event kind, its data): the line in en, ru, pt_BR
    (
        ("politics", {"side": "sweden", "nation": "POL", "die": 4, "rp": 2}),
        "Sweden plays politics on Poland and rolls a 4: Poland gains 2 RP available.",
        "Швеция ведёт политику в отношении Польши и выбрасывает 4: Польша получает 2 доступных RP.",
        "A Suécia faz política com a Polônia e tira 4: a Polônia ganha 2 RP disponíveis.",
    ),
    (
        ("politics", {"side": "coalition", "nation": "POL", "die": 5, "rp": -2}),
        "Coalition plays politics on Poland and rolls a 5: Poland loses 2 RP available.",
        "Коалиция ведёт политику в отношении Польши и выбрасывает 5: Польша теряет 2 доступных RP.",
        "A Coalizão faz política com a Polônia e tira 5: a Polônia perde 2 RP disponíveis.",
    ),
    (
        ("politics", {"side": "sweden", "nation": "POL", "die": 3, "rp": 0}),
        "Sweden plays politics on Poland and rolls a 3: no effect.",
        "Швеция ведёт политику в отношении Польши и выбрасывает 3: безрезультатно.",
        "A Suécia faz política com a Polônia e tira 3: sem efeito.",
    ),
    (
        ("politics", {"side": "sweden", "nation": "SWE", "die": 6, "rp": 2}),
        "Sweden plays politics at home and rolls a 6: it gains 2 RP available.",
        "Швеция ведёт внутреннюю политику и выбрасывает 6: она получает 2 доступных RP.",
        "A Suécia faz política interna e tira 6: ela ganha 2 RP disponíveis.",
    ),
    (
        ("politics", {"side": "sweden", "nation": "SWE", "die": 1, "rp": 0}),
        "Sweden plays politics at home and rolls a 1: no effect.",
        "Швеция ведёт внутреннюю политику и выбрасывает 1: безрезультатно.",
        "A Suécia faz política interna e tira 1: sem efeito.",
    ),
    (
        (
            "activation_roll",
            {"side": "coalition", "nation": "DEN", "die": 6, "activated": True, "why": "x"},
        ),
        "Coalition rolls a 6 for Denmark-Norway: it enters the war.",
        "Коалиция бросает кубик за Данию-Норвегию и выбрасывает 6: она вступает в войну.",
        "A Coalizão rola o dado pela Dinamarca-Noruega e tira 6: ela entra na guerra.",
    ),
    (
        (
            "activation_roll",
            {"side": "coalition", "nation": "HAN", "die": 2, "activated": False, "why": "x"},
        ),
        "Coalition rolls a 2 for Hannover: it stays out of the war.",
        "Коалиция бросает кубик за Ганновер и выбрасывает 2: он остаётся вне войны.",
        "A Coalizão rola o dado por Hanôver e tira 2: ele continua fora da guerra.",
    ),
    (
        ("cession", {"side": "sweden", "territory": "bremen_verden", "to": "HAN"}),
        "**Sweden cedes Bremen-Verden to Hannover**, which becomes permanently inactive.",
        "**Швеция уступает Бремен-Верден Ганноверу**; эта нация навсегда становится неактивной.",
        "**A Suécia cede Bremen-Verden a Hanôver**; essa nação fica inativa para sempre.",
    ),
    (
        (
            "destroyed",
            {"side": "coalition", "block": "rus_streltsy", "at": "karelen", "cause": "forage"},
        ),
        "Streltsy is destroyed in Karelen (forage).",
        "Уничтожены Стрельцы в Карелии (фуражировка).",
        "Os Streltsy são destruídos na Carélia (forragem).",
    ),
    (
        ("game_end", {"winner": "coalition", "reason": "vp"}),
        "**The game is over: Coalition wins** (on victory points).",
        "**Игра окончена: победила Коалиция** (по победным очкам).",
        "**O jogo terminou: a Coalizão vence** (por pontos de vitória).",
    ),
    (
        ("game_end", {"winner": "sweden", "reason": "russia_truced"}),
        "**The game is over: Sweden wins** (a truce imposed on Russia).",
        "**Игра окончена: победила Швеция** (перемирие навязано России).",
        "**O jogo terminou: a Suécia vence** (trégua imposta à Rússia).",
    ),
    (
        ("winter_loss", {"side": "coalition", "at": "gulf_of_finland", "cause": "winter_at_sea"}),
        "Winter: a Coalition block in the Gulf of Finland loses a step (winter at sea).",
        "Зима: блок Коалиции в Финском заливе теряет шаг (зимовка в море).",
        "Inverno: um bloco da Coalizão no Golfo da Finlândia perde um passo (ficou no mar).",
    ),
    (
        ("destroyed", {"block": "rus_zmaevich", "at": "gulf_of_finland", "cause": "winter_at_sea"}),
        "Zmaevich is destroyed in Gulf of Finland (winter at sea).",
        "Уничтожен Змаевич в Финском заливе (зимовка в море).",
        "Zmaevich é destruído no Golfo da Finlândia (ficou no mar).",
    ),
    (
        ("event_loss", {"side": "coalition", "cause": "plague", "at": "pskov"}),
        "Plague: a Coalition block in Pskov loses a step.",
        "Чума: блок Коалиции в Пскове теряет шаг.",
        "Peste: um bloco da Coalizão em Pskov perde um passo.",
    ),
    (
        ("displaced", {"side": "coalition", "from": "karelen", "to": "ingermanland"}),
        "A Coalition block is displaced from Karelen to Ingermanland.",
        "Блок Коалиции вытеснен из Карелии в Ингерманландию.",
        "Um bloco da Coalizão é deslocado da Carélia para a Íngria.",
    ),
    (
        ("cargo_landed", {"side": "sweden", "count": 2, "to": "livland"}),
        "2 Sweden blocks land in Livland.",
        "2 блока Швеции высаживаются в Лифляндии.",
        "2 blocos da Suécia desembarcam na Livônia.",
    ),
    (
        ("siege_fire", {"block": "rus_apraksin", "dice": [4, 3], "damage": 0}),
        "Apraksin rolls [4, 3]: no damage.",
        "Апраксин бросает [4, 3]: урона нет.",
        "Apraksin rola [4, 3]: nenhum dano.",
    ),
    (
        ("siege_fire", {"block": "rus_streltsy", "dice": [1, 5], "damage": 1}),
        "Streltsy rolls [1, 5]: 1 damage.",
        "Стрельцы бросают [1, 5]: урон 1.",
        "Os Streltsy rolam [1, 5]: 1 de dano.",
    ),
    (
        (
            "build",
            {"side": "coalition", "nation": "DEN", "rp": 3, "count": 2, "at": ["sjaelland"]},
        ),
        "Denmark-Norway builds 2 blocks in Sjælland (3 RP).",
        "Дания-Норвегия строит 2 блока (3 RP): Зеландия.",
        "A Dinamarca-Noruega constrói 2 blocos (3 RP): Zelândia.",
    ),
]


@pytest.mark.parametrize(("event", "en", "ru", "pt_BR"), LINES, ids=[x[1] for x in LINES])
def test_c_2_10_1_a_report_line_reads_as_a_native_writes_it(
    event: tuple[str, dict[str, Any]], en: str, ru: str, pt_BR: str
) -> None:
    """C.2 (Politics), 10.1a (activation on a 6), 11.1c (a cession), 8.4 (builds), 7.5 (a
    step lost wintering at sea: «Inverno: … (ficou no mar)», not winter twice, «(inverno no
    mar)»); an English line says "a Coalition block in the Gulf of Finland", not "a block of
    Coalition in Gulf of Finland"."""
    kind, data = event
    for lang, said in (("en", en), ("ru", ru), ("pt_BR", pt_BR)):
        text = render(
            "baltic", "report", "md", context(moved_state(), None, [Event(kind, data)]), lang
        )
        assert said in text, (lang, text)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Default applied (D7, regroup) in Polotsk: no block regroups."),
        (
            "ru",
            "Применено решение по умолчанию (D7, перегруппировка) в Полоцке: "
            "никто не перегруппировывается.",
        ),
        (
            "pt_BR",
            "Aplicou-se a decisão padrão (D7, reagrupamento) em Polotsk: nenhum bloco se reagrupa.",
        ),
    ],
)
def test_d7_a_regroup_left_to_its_default_says_nobody_regroups(lang: str, said: str) -> None:
    """D7: with no regroup line, the winner does not regroup. The private report said «…
    в Полоцке: нет.», «Padrão aplicado (…) em Polotsk: nenhum.»"""
    data = {"side": "coalition", "decision": "D7", "at": "polotsk", "choice": "none"}
    event = Event("default", data, public=False, to="coalition")
    text = render("baltic", "private", "md", context(moved_state(), "coalition", [event]), lang)
    assert said in text, text


@pytest.mark.parametrize(
    ("lang", "heading", "label"),
    [
        ("en", "Your draws:", "build Russia 1: Zmaevich"),
        ("ru", "Блоки, вытянутые из пула:", "постройка России, блок 1: Змаевич"),
        ("pt_BR", "Blocos sorteados da reserva:", "construção da Rússia, bloco 1: Zmaevich"),
    ],
)
def test_8_4_a_block_drawn_for_a_build_is_told_as_the_nth_block(
    lang: str, heading: str, label: str
) -> None:
    """8.4: a Reinforce action draws the blocks it builds from the pool; the private report
    said «Seus sorteios: … construção: Rússia, 1: Zmaevich» (a label of labels)."""
    from adjudicator.rulesets.baltic.control import board
    from adjudicator.text import _l, to_data

    said = to_data(_l("build %(nation)s %(n)d", nation=board().said("RUS"), n=1))
    data = {"side": "coalition", "rolls": [{"label": "x", "said": [said], "drawn": "rus_zmaevich"}]}
    event = Event("draws", data, public=False, to="coalition")
    text = render("baltic", "private", "md", context(moved_state(), "coalition", [event]), lang)
    assert heading in text and label in text, text
