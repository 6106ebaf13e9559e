"""13.5 with issue 19: a standing line that cannot be used when its decision comes is
skipped, and the side's private report says which line and why, in its language."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.baltic import harbors, politics, supply
from adjudicator.rulesets.baltic.state import State
from tests.rulesets.baltic.blank import blank_state
from tests.rulesets.baltic.loaded_dice import LoadedDice
from tests.rulesets.baltic.phase import kinds, play, reports, submit

REGROUP = "regroup Pskov: Dalregementet -> Livland"
SHOWN = {
    "en": "regroup Pskov: Dalregementet -> Livland",  # as the report writes it
    "ru": "перегруппировка в Пскове: Далекарлийский полк -> Лифляндия",
    "pt_BR": "reagrupar em Pskov: Dalregementet -> Livônia",
}
"""The line as its echo says it in the reader's language (issue 20)."""


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            f'Your standing line "{SHOWN["en"]}" was not used: Dalregementet did not fight in '
            "Pskov: only blocks that fought there regroup (5.6c).",
        ),
        ("ru", f"Ваша постоянная строка «{SHOWN['ru']}» не применена:"),
        ("pt_BR", f'Sua linha permanente "{SHOWN["pt_BR"]}" não foi usada:'),
    ],
)
def test_5_6c_a_regroup_line_for_a_block_that_did_not_fight_is_told(lang, said) -> None:
    """5.6c (D7): only blocks that fought regroup; Dalregementet stayed in Livland."""
    state = blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 4),
            "swe_dalregementet": ("livland", 2),
            "rus_streltsy": ("pskov", 1),
        },
    )
    submit(state, "sweden", REGROUP)
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", LoadedDice([1] * 4))
    assert kinds(events, "battle_end")[0]["winner"] == "sweden"
    assert kinds(events, "regroup") == []
    assert state.blocks["swe_dalregementet"].at == "livland"
    told = reports(state, events, lang)
    assert said in told["sweden"], told["sweden"]
    assert SHOWN[lang] not in told["public"] and SHOWN[lang] not in told["coalition"]


def test_10_2c_an_offer_to_a_nation_that_may_not_be_offered_is_told() -> None:
    """10.2c, j: a truce is offered only to an active enemy nation; Russia is truced already."""
    state = blank_state(phase="entry")
    submit(state, "sweden", "offer truce Russia")
    state.nations["RUS"].status = "truce"  # truced since the line was sent
    events: list = []
    politics.truce_offers(state, LoadedDice([]), events)
    assert kinds(events, "truce_offer") == []
    assert "offer|RUS" not in state.standing.get("sweden", {})  # used up all the same (13.4)
    told = reports(state, events, "en")["sweden"]
    assert 'Your standing line "offer truce Russia" was not used: a truce cannot be offered' in told


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "was not used: Lewenhaupt cannot retreat from Pskov to Polotsk now (5.5)."),
        ("ru", "не применена: Левенгаупт не может сейчас отступить из Пскова в Полоцк (5.5)."),
        ("pt_BR", "não foi usada:"),
    ],
)
def test_5_5c_a_retreat_entry_not_legal_now_is_passed_over_and_told(lang, said) -> None:
    """5.5c: the attacker retreats only the way it came; the line's Polotsk is passed over
    for the default (Livland), and Sweden is told so."""
    state = blank_state(
        year=1705,
        blocks={"swe_lewenhaupt": ("livland", 3), "rus_golitsyn": ("pskov", 4)},
    )
    submit(state, "sweden", "battle Pskov: retreat round 2\nretreat priority Pskov: Polotsk")
    dice = LoadedDice([6, 6, 6, 6, 6, 6, 6])
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", dice)
    assert [e["to"] for e in kinds(events, "retreat")] == ["livland"]
    told = reports(state, events, lang)
    assert said in told["sweden"], told["sweden"]
    assert "Polotsk" not in told["public"] and "retreat priority" not in told["coalition"]


# -- D4, D2, D10, D11, D9: the standing lines used at the rules' decision points ----------------
def _pskov_tie() -> State:
    """5.4: Lewenhaupt attacks Pskov, where Golitsyn and Weyde, both at 2, tie for the first
    hit; Apraksin is in Novgorod."""
    return blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 4),
            "rus_golitsyn": ("pskov", 2),
            "rus_weyde": ("pskov", 2),
            "rus_apraksin": ("novgorod", 2),
        },
    )


def _two_battles() -> State:
    """5.2: Lewenhaupt can attack Pskov, Stenbock Ingermanland: two battles to order."""
    return blank_state(
        blocks={
            "swe_lewenhaupt": ("livland", 1),
            "swe_stenbock": ("estland", 1),
            "rus_golitsyn": ("pskov", 1),
            "rus_weyde": ("ingermanland", 1),
        },
    )


# Each table below: the reader's language, the line sent (in a language of its own: the line
# is told as its echo, rebuilt in the reader's words), what the side alone is told, and the
# line's head as that reader reads it, which neither the public nor the other side may see.


HIT_ORDER_TOLD = [
    (
        "en",
        "hit order: Apraksin",
        [
            'Your standing line "hit order: Apraksin" was not used: it names none of the '
            "equally strong blocks that could take the hit in Pskov: Golitsyn, Weyde (5.4)."
        ],
        "hit order",
    ),
    (
        "ru",
        "порядок потерь: Апраксин",
        [
            "в ней не назван ни один из равных по силе блоков, которые могли получить "
            "попадание в Пскове: Голицын, Вейде (5.4).",
            "порядок потерь: Апраксин",
        ],
        "порядок потерь",
    ),
    (
        "pt_BR",
        "порядок потерь: Апраксин",
        [
            "ela não nomeia nenhum dos blocos igualmente fortes que podiam sofrer o "
            "acerto em Pskov: Golitsyn, Weyde (5.4).",
            "ordem das perdas: Apraksin",
        ],
        "ordem das perdas",
    ),
]


@pytest.mark.parametrize(("lang", "sent", "said", "head"), HIT_ORDER_TOLD)
def test_5_4_a_hit_order_naming_none_of_the_tied_blocks_is_told(
    lang: str, sent: str, said: list[str], head: str
) -> None:
    """5.4 (D4): Golitsyn and Weyde, both at 2, tie for the first hit; the Coalition's hit
    order names only Apraksin, who is not in Pskov: the default order chooses, and the
    Coalition is told its line settled nothing there."""
    state = _pskov_tie()
    submit(state, "coalition", sent)
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", LoadedDice([1] * 4))
    assert [e["block"] for e in kinds(events, "hit")][:1] == ["rus_golitsyn"]  # 5.4 default
    told = reports(state, events, lang)
    for sentence in said:
        assert sentence in told["coalition"], told["coalition"]
    assert head not in told["public"] and head not in told["sweden"]
    assert len(kinds(events, "standing_skipped")) == 1  # once a battle


def test_5_4_a_hit_order_naming_a_tied_block_is_used_and_not_told() -> None:
    state = _pskov_tie()
    submit(state, "coalition", "hit order: Apraksin, Weyde")
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", LoadedDice([1] * 4))
    assert [e["block"] for e in kinds(events, "hit")][:1] == ["rus_weyde"]
    assert kinds(events, "standing_skipped") == []


BATTLE_ORDER_TOLD = [
    (
        "en",
        "battle order: Ingermanland, Novgorod",
        'Your standing line "battle order: Ingermanland, Novgorod" was not used: no battle '
        "was fought in Novgorod after this Action Phase (5.2).",
        "battle order",
    ),
    (
        "ru",
        "ordem das batalhas: Íngria, Novgorod",
        "после этой фазы действий в Новгороде не было сражения (5.2).",
        "порядок сражений",
    ),
    (
        "pt_BR",
        "ordem das batalhas: Íngria, Novgorod",
        "nenhuma batalha foi travada em Novgorod depois desta Fase de Ação (5.2).",
        "ordem das batalhas",
    ),
]


@pytest.mark.parametrize(("lang", "sent", "said", "head"), BATTLE_ORDER_TOLD)
def test_5_2_a_battle_order_entry_without_a_battle_is_told(
    lang: str, sent: str, said: str, head: str
) -> None:
    """5.2 (D2): Sweden fights in Pskov and Ingermanland, Ingermanland first as its battle
    order says; the line's Novgorod saw no battle, and Sweden is told so."""
    state = _two_battles()
    submit(state, "sweden", sent)
    moves = "move Lewenhaupt: Livland -> Pskov\nmove Stenbock: Estland -> Ingermanland"
    events = play(state, "sweden", moves, LoadedDice([1, 1]))
    assert [e["at"] for e in kinds(events, "battle")] == ["ingermanland", "pskov"]
    told = reports(state, events, lang)
    assert said in told["sweden"], told["sweden"]
    assert head not in told["public"] and head not in told["coalition"]


def test_5_2_one_battle_asks_no_order_and_tells_nothing() -> None:
    state = blank_state(blocks={"swe_lewenhaupt": ("livland", 1), "rus_golitsyn": ("pskov", 1)})
    submit(state, "sweden", "battle order: Novgorod")
    events = play(state, "sweden", "move Lewenhaupt: Livland -> Pskov", LoadedDice([1]))
    assert kinds(events, "standing_skipped") == []


def _pskov_foraging() -> State:
    """7.3: Pskov feeds 1 of Sweden's 3 armies there (two steps are lost); Karl XII is a
    royal block at strength 1, Armfeldt is in Livland."""
    return blank_state(
        blocks={
            "swe_karl": ("pskov", 1),
            "swe_lybecker": ("pskov", 1),
            "swe_upplands": ("pskov", 2),
            "swe_stenbock": ("pskov", 3),
            "swe_armfeldt": ("livland", 2),
        },
    )


FORAGE_LINE = (
    'Your standing line "forage losses Pskov: Karl XII, Armfeldt, Lybecker" was not used: '
)
FORAGE_TOLD = [
    (
        "en",
        "forage losses Pskov: Karl XII, Armfeldt, Lybecker",
        [
            FORAGE_LINE + "Karl XII is a royal block at strength 1: forage never takes its last "
            "step (7.3).",
            FORAGE_LINE + "Armfeldt is not in Pskov, where the forage steps were lost (7.3).",
        ],
        ("forage losses", "Armfeldt"),
    ),
    (
        "ru",
        "потери от фуража Псков: Карл XII, Армфельт, Любекер",
        [
            "Армфельта нет в Пскове, где шаги были потеряны при фуражировке (7.3).",
            "Карл XII — королевский блок с силой 1, а последнего шага королевский блок",
        ],
        ("потери от фуража", "Армфельт"),
    ),
    (
        "pt_BR",
        "потери от фуража Псков: Карл XII, Армфельт, Любекер",
        [
            "Armfeldt não está em Pskov, onde os passos foram perdidos na forragem (7.3).",
            "Carlos XII é um bloco real com força 1, e a forragem nunca tira o último",
        ],
        ("perdas de forragem", "Armfeldt"),
    ),
]


@pytest.mark.parametrize(("lang", "sent", "said", "hidden"), FORAGE_TOLD)
def test_7_3_forage_losses_entries_passed_over_are_told_with_why(
    lang: str, sent: str, said: list[str], hidden: tuple[str, str]
) -> None:
    """7.3 (D10): Pskov feeds 1 of Sweden's 3 armies: two steps are lost. The line's Karl
    XII is a royal at 1 and Armfeldt is in Livland: both are passed over; Lybecker loses its
    last step, then the default takes Upplands'."""
    state = _pskov_foraging()
    submit(state, "sweden", sent)
    events: list = []
    supply.forage_check(state, events)
    assert kinds(events, "forage_losses")[0]["blocks"] == ["swe_lybecker", "swe_upplands"]
    told = reports(state, events, lang)
    for sentence in said:
        assert sentence in told["sweden"], told["sweden"]
    assert len(kinds(events, "standing_skipped")) == 2  # each entry once
    head, name = hidden
    assert head not in told["public"] and name not in told["coalition"]


def test_7_3_a_forage_line_used_whole_tells_nothing() -> None:
    state = blank_state(
        blocks={
            "swe_lybecker": ("pskov", 2),
            "swe_stenbock": ("pskov", 3),
            "swe_lewenhaupt": ("pskov", 3),
        }
    )
    submit(state, "sweden", "forage losses any: Karl XII, Stenbock")
    events: list = []
    supply.forage_check(state, events)
    assert kinds(events, "forage_losses")[0]["blocks"] == ["swe_stenbock", "swe_stenbock"]
    assert kinds(events, "standing_skipped") == []


DISPLACED_TOLD = [
    # partly used, not used, used at once
    ("en", "displace priority: Estland, Livland", True),
    ("en", "displace priority: Estland", True),
    ("en", "displace priority: Livland, Estland", False),
    ("ru", "prioridade de deslocamento: Estônia", True),
    ("pt_BR", "prioridade de deslocamento: Estônia", True),
]
DISPLACED_WHY = {
    "en": "Estland is not one of the nearest friendly territories Lewenhaupt could go to from "
    "Polotsk (10.2h).",
    "ru": "Эстляндия не входит в число ближайших дружественных территорий, куда Левенгаупт "
    "мог быть вытеснен из Полоцка (10.2h).",
    "pt_BR": "a Estônia não está entre os territórios amigos mais próximos para onde "
    "Lewenhaupt podia ser deslocado de Polotsk (10.2h).",
}
DISPLACED_HEAD = {
    "en": "displace priority",
    "ru": "приоритет вытеснения",
    "pt_BR": "prioridade de deslocamento",
}


@pytest.mark.parametrize(("lang", "line", "told"), DISPLACED_TOLD)
def test_10_2h_displace_priority_entries_passed_over_are_told(
    lang: str, line: str, told: bool
) -> None:
    """10.2h (D11): Lewenhaupt is displaced from Polotsk to the nearest friendly territory,
    Livland; Estland is two steps away, so an Estland entry before it is passed over."""
    state = blank_state(blocks={"swe_lewenhaupt": ("polotsk", 3)})
    submit(state, "sweden", line)
    events: list = []
    politics.displace(state, ["polotsk"], events)
    assert state.blocks["swe_lewenhaupt"].at == "livland"
    said = DISPLACED_WHY[lang]
    if lang == "en":
        said = f'Your standing line "{line}" was not used: {said}'
    private = reports(state, events, lang)
    assert (said in private["sweden"]) is told, private["sweden"]
    assert DISPLACED_HEAD[lang] not in private["public"] + private["coalition"]


FLEET_RETREAT = "fleet retreat priority: Ingermanland, Nyen, Estland"
FLEET_RETREAT_TOLD = [
    (
        "en",
        [
            f'Your standing line "{FLEET_RETREAT}" was not used: Ingermanland has no harbor (1.5).',
            f'Your standing line "{FLEET_RETREAT}" was not used: Nyen is not friendly to you now '
            "(9.3e).",
        ],
        "fleet retreat priority",
    ),
    (
        "ru",
        [
            "не применена: в Ингерманландии нет гавани (1.5).",
            "не применена: Ниен сейчас не является для вас дружественной территорией (9.3e).",
        ],
        "приоритет отступления флотов",
    ),
    (
        "pt_BR",
        [
            "não foi usada: a Íngria não tem porto (1.5).",
            "não foi usada: Nyen não é um território amigo para você agora (9.3e).",
        ],
        "prioridade de retirada das frotas",
    ),
]


@pytest.mark.parametrize(("lang", "said", "head"), FLEET_RETREAT_TOLD)
def test_9_3e_fleet_retreat_priority_entries_passed_over_are_told(
    lang: str, said: list[str], head: str
) -> None:
    """9.3e (D9): Sjöblad retreats from the Gulf of Finland; the line's Ingermanland has no
    harbor and Nyen is Russian now, so it goes to Estland, the line's third entry."""
    state = blank_state(blocks={"swe_sjoblad": ("gulf_of_finland", 2)}, markers={"nyen": "RUS"})
    submit(state, "sweden", FLEET_RETREAT)
    events: list = []
    assert harbors.retreat_fleet(state, "swe_sjoblad", "gulf_of_finland", events) == "estland"
    private = reports(state, events, lang)
    for sentence in said:
        assert sentence in private["sweden"], private["sweden"]
    assert head not in private["public"] + private["coalition"]


def test_9_3e_a_fleet_retreat_priority_used_at_once_tells_nothing() -> None:
    state = blank_state(blocks={"swe_sjoblad": ("gulf_of_finland", 2)})
    submit(state, "sweden", "fleet retreat priority: Nyen, Estland")
    events: list = []
    assert harbors.retreat_fleet(state, "swe_sjoblad", "gulf_of_finland", events) == "nyen"
    assert kinds(events, "standing_skipped") == []


def test_6_3_a_hit_order_settling_no_tie_in_a_siege_is_told() -> None:
    """6.3 with 5.4 (D4): the garrison of Estland hits twice; Weyde and Bauer, both at 3,
    tie for the first hit, and the Coalition's hit order names only Golitsyn."""
    state = blank_state(
        year=1710,
        season="summer",
        first_player="coalition",
        blocks={"rus_weyde": ("ingermanland", 3), "rus_bauer": ("ingermanland", 3)},
        markers={"ingermanland": "RUS"},
    )
    submit(state, "coalition", "hit order: Golitsyn")
    dice = LoadedDice([1, 1, 6, 6, 6, 6])
    events = play(state, "coalition", "move Weyde, Bauer: Ingermanland -> Estland siege", dice)
    assert dice.used_up()
    assert [e["block"] for e in kinds(events, "hit")] == ["rus_weyde", "rus_bauer"]
    told = reports(state, events, "en")
    assert (
        'Your standing line "hit order: Golitsyn" was not used: it names none of the equally '
        "strong blocks that could take the hit in Estland: Weyde, Bauer (5.4)."
    ) in told["coalition"]
    assert "hit order" not in told["public"] + told["sweden"]
