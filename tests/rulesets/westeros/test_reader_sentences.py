"""Report sentences as a native reader of Russian or Brazilian Portuguese writes them (issue 20,
read over whole games rather than catalog lines).

Each event carries the fields its rule step records (reported.py) and is rendered through the
real templates, the way a player gets it in the public report. What the reading found:
Portuguese listed units bare after a preposition («ataca … com Navio, Navio», «recua … com
Cavaleiro», «perde Catapulta»); both languages printed the port rules' ids bare («P10»);
house lists went without «и»/«e»; a quoted order type stood in lower case («приказа «поход»»).
"""

from __future__ import annotations

import pytest

from adjudicator.render import environment
from adjudicator.requests import Event


def said(lang: str, kind: str, **data: object) -> str:
    """One event as the Markdown report in `lang` says it."""
    return environment("westeros", "md", lang).globals["event"](Event(kind, data))


BATTLE = {
    "area": "the_narrow_sea",
    "attacker": "stark",
    "defender": "baratheon",
    "n": 1,
    "origin": "the_shivering_sea",
    "units": ["ship", "ship"],
}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "**Битва за Узкое море**: Старк атакует из Дрожащего моря (корабль, корабль),"
               " обороняется Баратеон."),
        ("pt_BR", "**Batalha pelo Mar Estreito**: Stark ataca do Mar Tremente (Navio, Navio);"
                  " defensor: Baratheon."),
    ],
)  # fmt: skip
def test_combat_a_battle_names_the_attackers_units_in_brackets(lang: str, expected: str) -> None:
    """Combat (rules p. 15): a march into an enemy's area starts a battle."""
    assert said(lang, "battle_started", **BATTLE) == expected


def test_combat_the_defender_is_named_as_a_label_even_a_neutral_force() -> None:
    """Neutral forces (rules p. 11): a march into King's Landing fights its neutral force."""
    battle = {**BATTLE, "area": "kings_landing", "attacker": "baratheon", "defender": "neutral"}
    battle.update(origin="the_reach", units=["knight"])
    assert said("pt_BR", "battle_started", **battle) == (
        "**Batalha por Porto Real**: Baratheon ataca da Campina (Cavaleiro);"
        " defensor: força neutra."
    )
    assert said("ru", "battle_started", **battle) == (
        "**Битва за Королевскую Гавань**: Баратеон атакует из Простора (рыцарь),"
        " обороняется нейтральный лорд."
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Baratheon 3 against the neutral force 5: **the neutral force** holds."),
        ("ru", "Баратеон — 3, нейтральный лорд — 5: **нейтральный лорд** устоял."),
        ("pt_BR", "Baratheon 3 contra a força neutra 5: **a força neutra** resiste."),
    ],
)
def test_combat_the_neutral_force_takes_its_article_in_the_score(lang: str, expected: str):
    """Neutral forces (rules p. 11): the attacker needs a strength at least the token's;
    the score names the neutral force as a sentence does, with its article («contra a força
    neutra 5», not «contra força neutra 5»)."""
    battle = {"area": "kings_landing", "attacker": "baratheon", "defender": "neutral"}
    totals = {"attacker": 3, "defender": 5}
    text = said(lang, "battle_resolved", **battle, totals=totals, winner="neutral", tie=False,
                tides=None)  # fmt: skip
    assert text.startswith(expected)


def test_combat_a_support_error_names_the_neutral_side_with_its_article() -> None:
    """Neutral forces (rules p. 11): only the attacker may be supported; a house not in the
    battle is told who fights, the neutral force with its article."""
    from adjudicator.rulesets.westeros.words import said as words
    from adjudicator.text import _l

    text = _l(
        "%(house)s is not fighting in %(area)s; the battle is %(attacker)s against %(defender)s",
        house=words.house("tyrell"),
        area="Porto Real",
        attacker=words.side("baratheon"),
        defender=words.side("neutral"),
    ).say("pt_BR", "westeros")
    assert text == "Tyrell não luta em Porto Real; a batalha é Baratheon contra a força neutra"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "Отступление: Ланнистеру некуда отступить, отряды уничтожены"),
        ("pt_BR", "Recuo: Lannister não tem para onde recuar; unidades destruídas"),
    ],
)
def test_combat_a_loser_with_nowhere_to_retreat_is_said_once(lang: str, expected: str):
    """Retreats (rules p. 19): units that cannot retreat are destroyed; the battle's summary
    says so without «Отступление: … не может отступить»."""
    from adjudicator.text import Name, _l

    line = _l(
        "Retreat: %(house)s impossible, units destroyed",
        house=Name("lannister", "Lannister", "houses"),
    )
    assert line.say(lang, "westeros") == expected


def test_combat_house_cards_are_named_each_with_its_house() -> None:
    """Combat, step 2 (rules p. 16): both house cards are revealed at once."""
    cards = {"attacker": "salladhor-saan", "defender": "tywin-lannister"}
    text = said(
        "pt_BR", "cards_revealed", area="blackwater", attacker="baratheon",
        defender="lannister", cards=cards,
    )  # fmt: skip
    assert text == (
        "Cartas de Casa na batalha pela Água Negra: *Salladhor Saan* (Baratheon)"
        " e *Tywin Lannister* (Lannister)."
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "Потери Баратеона на Черноводной: осадная башня (разбитые отряды и осадные башни"
               " не могут отступать)."),
        ("pt_BR", "Baixas da Casa Baratheon na Água Negra: Catapulta (unidades derrotadas e"
                  " Catapultas não podem recuar)."),
    ],
)  # fmt: skip
def test_combat_a_siege_engine_that_cannot_retreat_is_a_casualty(lang: str, expected: str):
    """Retreats (rules p. 19): siege engines and routed units cannot retreat."""
    text = said(
        lang, "casualties", area="blackwater", house="baratheon", reason="cannot_retreat",
        units=["siege_engine"],
    )  # fmt: skip
    assert text == expected


@pytest.mark.parametrize(
    ("units", "expected"),
    [
        (["knight"], "Lannister recua de Harrenhal para a Água Negra (Cavaleiro)."),
        (["ship", "ship"], "Lannister recua de Harrenhal para a Água Negra (Navio, Navio)."),
    ],
)
def test_combat_a_retreat_lists_its_units_in_brackets(units: list[str], expected: str) -> None:
    """Retreats (rules p. 19): the loser moves its units to an adjacent area."""
    text = said(
        "pt_BR", "retreat", house="lannister", area="harrenhal", to="blackwater",
        units=units, lost=[],
    )  # fmt: skip
    assert text == expected


def test_supply_a_house_over_its_supply_lists_its_losses() -> None:
    """Supply (rules p. 8): a house over its limits destroys units until it is within them."""
    losses = {"moat_cailin": ["siege_engine"], "white_harbor": ["footman"]}
    text = said("pt_BR", "supply_reduced", house="stark", losses=losses)
    assert text == (
        "Stark excede seus Suprimentos; baixas: Catapulta no Fosso Cailin; Soldado em Porto Branco."
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "Корабли Старка в Порту Белой Гавани (корабль) уничтожены: область, к которой"
               " относится порт, никто не контролирует (правило P9)."),
        ("pt_BR", "Os Navios da Casa Stark no Porto de Porto Branco (Navio) são destruídos:"
                  " ninguém controla a área de terra do porto (regra P9)."),
    ],
)  # fmt: skip
def test_p9_ships_in_a_port_without_a_controller_cite_the_rule_as_a_rule(lang, expected):
    """P9: if the land is left with no controller at all, ships in its port are destroyed."""
    text = said(
        lang, "ships_destroyed", area="port_of_white_harbor", house="stark",
        reason="no_controller", units=["ship"],
    )  # fmt: skip
    assert text == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "**Игра престолов** — получено жетонов власти: Старк +2 (короны: 1, порты: 1 —"
               " правило P10), Ланнистер +2."),
        ("pt_BR", "**A Guerra dos Tronos** — Fichas de Poder recebidas: Stark +2 (coroas: 1,"
                  " portos: 1 — regra P10), Lannister +2."),
    ],
)  # fmt: skip
def test_p10_game_of_thrones_counts_the_ports_and_names_the_rule(lang: str, expected: str):
    """P10: Game of Thrones also gives 1 power per port holding the house's ships."""
    gains = {
        "stark": {"gained": 2, "crowns": 1, "ports": 1},
        "lannister": {"gained": 2, "crowns": 2, "ports": 0},
    }
    assert said(lang, "game_of_thrones", gains=gains) == expected


@pytest.mark.parametrize(
    ("lang", "houses", "expected"),
    [
        ("ru", ["stark", "baratheon", "lannister"], "Старк, Баратеон и Ланнистер тайно ставят"),
        ("ru", ["stark", "lannister"], "Старк и Ланнистер тайно ставят"),
        ("pt_BR", ["stark", "baratheon", "lannister"], "Stark, Baratheon e Lannister dão lances"),
    ],
)
def test_wildling_attack_the_bidding_houses_are_joined_with_and(lang, houses, expected):
    """Wildling attack (rules p. 20): every house bids power for the Night's Watch."""
    text = said(lang, "wildling_attack", again=False, houses=houses, strength=2)
    assert expected in text


def test_clash_of_kings_bids_are_discarded_and_the_track_has_a_new_order() -> None:
    """Clash of Kings (rules p. 22): every bid token is discarded; the track is reordered."""
    bids = said("pt_BR", "bids_revealed", track="fiefdoms", bids={"stark": 2, "lannister": 0})
    assert bids == (
        "Lances pela trilha dos Feudos: Stark 2, Lannister 0. Todas as fichas apostadas são"
        " descartadas."
    )
    order = said("pt_BR", "track_set", track="iron_throne", order=["stark", "baratheon"])
    assert order == "Nova ordem na trilha do Trono de Ferro: 1. Stark, 2. Baratheon."


@pytest.mark.parametrize(
    ("lang", "power", "expected"),
    [
        ("ru", 2, "*Тайвин Ланнистер* (Ланнистер) получает 2 жетона власти."),
        ("ru", 1, "*Тайвин Ланнистер* (Ланнистер) получает 1 жетон власти."),
        ("pt_BR", 2, "*Tywin Lannister* (Lannister) ganha 2 Fichas de Poder."),
        ("pt_BR", 1, "*Tywin Lannister* (Lannister) ganha 1 Ficha de Poder."),
    ],
)
def test_tywin_lannister_gains_power_tokens_counted(lang: str, power: int, expected: str):
    """Tywin Lannister (house card): if you win this combat, gain 2 Power tokens (fewer when
    the 20-token limit is reached)."""
    text = said(
        lang, "ability_gains_power", card="tywin-lannister", house="lannister",
        area="riverrun", power=power,
    )  # fmt: skip
    assert text == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "Ваша инструкция в строке 7 отправки 0018-stark («march Castle Black ->"
               " Winterfell: footman») не использована: после этого похода армии превысят"
               " ваши лимиты снабжения."),
        ("pt_BR", "Sua instrução na linha 7 do envio 0018-stark (\"march Castle Black ->"
                  " Winterfell: footman\") não foi usada: os exércitos após esta marcha"
                  " excederiam seus limites de suprimento."),
    ],
)  # fmt: skip
def test_supply_an_unused_instruction_is_a_whole_sentence(lang: str, expected: str) -> None:
    """Supply (rules p. 8): a march may not leave armies over the limits; the player is told,
    in a sentence that ends as one."""
    from adjudicator.text import _l

    why = _l("the armies after this march would exceed your supply limits")
    text = "march Castle Black -> Winterfell: footman"
    data = {"player": "stark", "line": 7, "submission": "0018-stark", "text": text, "why": why}
    assert said(lang, "instruction_skipped", **data) == expected


@pytest.mark.parametrize("lang", ["ru", "pt_BR"])
def test_every_request_summary_is_a_statement_not_a_question(lang: str) -> None:
    """The public list of what is awaited says «- Baratheon: <summary>, <deadline>»: a summary
    ending in «?» gave «usar a Lâmina de Aço Valiriano?, até …»."""
    from adjudicator.i18n import translations
    from tests.rulesets.westeros.test_portuguese_sentences import SUMMARIES

    asked = [translations(lang).gettext(m) for m in SUMMARIES]
    assert [s for s in asked if s.endswith("?")] == []


def test_raid_on_consolidate_power_says_the_power_moved_as_tokens() -> None:
    """Raid (rules p. 13): raiding a Consolidate Power order takes 1 power from its owner."""
    text = said(
        "ru", "raid", house="greyjoy", area="ironmans_bay", target="seagard", victim="stark",
        token="consolidate-power", power_gained=1, power_lost=1,
    )  # fmt: skip
    assert text.endswith(
        "снимает у Старка приказ «Сбор власти» (жетоны власти: Грейджой +1, Старк −1)."
    )


@pytest.mark.parametrize(("num", "tokens"), [(1, "1 жетон"), (2, "2 жетона"), (5, "5 жетонов")])
def test_skinchanger_scout_the_highest_bidder_takes_back_its_bid(num: int, tokens: str) -> None:
    """Skinchanger Scout (Night's Watch wins): the highest bidder takes its bid back."""
    text = said("ru", "wildling_power", card="skinchanger-scout", house="stark", power=num)
    assert text == f"*Разведчик-оборотень*: Старк возвращает себе {tokens} власти."


@pytest.mark.parametrize("line", ["support Winterfell: none", "подмога Винтерфелл: никто"])
def test_support_for_nobody_is_echoed_in_lower_case_and_reads_back(line: str) -> None:
    """Support (rules p. 12): a support order may support no one; the receipt says
    «подмога Винтерфелл: никому», not «…: Никто», and the echo pasted back means the same."""
    from adjudicator.rulesets.westeros.ruleset import RULESET
    from tests.rulesets.westeros.test_westeros_verbs_i18n import DICE, POSITION

    state = RULESET.load_position(POSITION, DICE)
    (first,) = RULESET.parse(state, "stark", line)
    echo = first.understood.say("ru", "westeros")
    assert echo == "подмога Винтерфелл: никому"
    (again,) = RULESET.parse(state, "stark", echo)
    assert (again.kind, again.key, again.value) == (first.kind, first.key, first.value)


def test_a_replaced_standing_line_is_quoted_as_the_earlier_line() -> None:
    """A receipt names the earlier line a new one replaces, quoted, in a sentence."""
    from adjudicator.rulesets.westeros.ruleset import RULESET
    from adjudicator.text import _l
    from tests.rulesets.westeros.test_westeros_verbs_i18n import DICE, POSITION

    state = RULESET.load_position(POSITION, DICE)
    (old,) = RULESET.parse(state, "lannister", "tyrion: yes")
    replaced = _l("replaces: %(old)s", old=old.understood)
    assert replaced.say("ru", "westeros") == "заменяет прежнюю строку «Тирион: да»"
    assert replaced.say("pt_BR", "westeros") == (
        'substitui a linha anterior "Tyrion Lannister: sim"'
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("ru", "набрать войска в Просторе"), ("pt_BR", "recrutar na Campina")],
)
def test_mustering_a_pending_muster_is_one_clause_after_the_house(lang: str, expected: str):
    """Mustering (rules p. 9): the list of what is awaited reads «- Baratheon: recrutar na
    Campina, até …», not «- Baratheon: Recrutamento: recrutar na Campina»."""
    from adjudicator.text import Name, _l

    summary = _l("Mustering: recruit in %(area)s", area=Name("the_reach", "The Reach", "areas"))
    assert summary.say(lang, "westeros") == expected


def test_combat_a_tie_is_decided_by_the_fiefdoms_track_contracted() -> None:
    """Combat, ties (rules p. 17): the house higher on the Fiefdoms track wins."""
    text = said(
        "pt_BR", "battle_resolved", area="blackwater", attacker="lannister",
        defender="baratheon", totals={"attacker": 3, "defender": 3}, winner="baratheon",
        tie=True, tides=None,
    )  # fmt: skip
    assert text.startswith(
        "Lannister 3 contra Baratheon 3 (empate: decide a trilha dos Feudos): **Baratheon** vence."
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "*Арианна Мартелл* (Мартелл): нападавший остаётся в Просторе."),
        ("pt_BR", "*Arianne Martell* (Martell): o atacante fica na Campina."),
    ],
)
def test_arianne_martell_the_attacker_stays_where_it_came_from(lang: str, expected: str):
    """Arianne Martell (house card): if you are defending and lose, the attacker may not
    move into the embattled area; its units stay in the area they marched from."""
    text = said(
        lang, "ability_keeps_attacker", card="arianne-martell", house="martell",
        area="highgarden", origin="the_reach",
    )  # fmt: skip
    assert text == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ru", "*Эйерон Мокроголовый* (Грейджой): платит 2 жетона власти и играет карту"
               " Бейлон Грейджой."),
        ("pt_BR", "*Aeron Cabelo-Molhado* (Greyjoy): paga 2 Fichas de Poder e joga Balon Greyjoy."),
    ],
)  # fmt: skip
def test_aeron_damphair_pays_power_tokens_and_is_named_one_way(lang: str, expected: str):
    """Aeron Damphair (house card): you may discard 2 Power tokens to play another card; the
    card keeps one name in every sentence («Aeron Cabelo-Molhado», as the request says)."""
    text = said(
        lang, "ability_replaces", card="aeron-damphair", house="greyjoy", area="pyke",
        power=2, replacement="balon-greyjoy",
    )  # fmt: skip
    assert text == expected


def test_a_house_playing_no_card_instead_says_none_at_all() -> None:
    text = said("ru", "card_replaced", area="pyke", house="greyjoy", card=None)
    assert text == "Грейджой не играет взамен никакой карты дома."


def test_a_march_leaving_power_is_echoed_with_the_editions_term_and_reads_back() -> None:
    """March orders (rules p. 10): a house may leave a Power token in the area it leaves; the
    receipt writes «Ficha de Poder» as the reports do, and the echo reads back the same."""
    from adjudicator.rulesets.westeros.ruleset import RULESET
    from tests.rulesets.westeros.test_westeros_verbs_i18n import DICE, POSITION

    state = RULESET.load_position(POSITION, DICE)
    (first,) = RULESET.parse(
        state, "stark", "march Winterfell -> The Stony Shore: knight; leave power"
    )
    echo = first.understood.say("pt_BR", "westeros")
    assert echo.endswith("; deixar Ficha de Poder"), echo
    (again,) = RULESET.parse(state, "stark", echo)
    assert (again.kind, again.key, again.value) == (first.kind, first.key, first.value)
