"""Every kind of standing line (13.4) is echoed in the reader's language (issue 20), with
its places, nations and blocks resolved, and the echo, pasted back, is the same line: the
same key and the same value, in English, Russian and Portuguese (the brief: whatever we
print, pasted back, means the same)."""

from __future__ import annotations

import pytest

from adjudicator.requests import Instruction
from adjudicator.rulesets.baltic import keywords
from adjudicator.rulesets.baltic.board import load_board
from adjudicator.rulesets.baltic.echo import STANDING
from adjudicator.rulesets.baltic.instructions import parse_submission
from adjudicator.rulesets.baltic.position import scenario_state
from adjudicator.rulesets.baltic.state import State

LANGS = ("en", "ru", "pt_BR")

ECHOES = [
    # side, the line as sent, its echo in en, ru, pt_BR
    (
        "sweden",
        "battle order: pskov, gulf of finland",
        "battle order: Pskov, Gulf of Finland",
        "порядок сражений: Псков, Финский залив",
        "ordem das batalhas: Pskov, Golfo da Finlândia",
    ),
    (
        "sweden",
        "battle any: fight",
        "battle any: fight",
        "в любом сражении: сражаться",
        "em qualquer batalha: lutar",
    ),
    (
        "sweden",
        "battle Pskov Karl, Livgardet: retreat round 2",
        "battle Pskov Karl XII, Livgardet: retreat round 2",
        "сражение в Пскове для Карла XII, Лейб-гвардии: отступить в раунде 2",
        "batalha em Pskov para Carlos XII, a Guarda Real: recuar na rodada 2",
    ),
    (
        "sweden",
        "battle Narva: retreat when weaker",
        "battle Ingermanland: retreat when weaker",
        "сражение в Ингерманландии: отступить, если слабее",
        "batalha na Íngria: recuar se estiver mais fraco",
    ),
    (
        "sweden",
        "battle any Stenbock: fight",
        "battle any Stenbock: fight",
        "в любом сражении для Стенбока: сражаться",
        "em qualquer batalha para Stenbock: lutar",
    ),
    (
        "sweden",
        "hit order: Upplands, Karl",
        "hit order: Upplands, Karl XII",
        "порядок потерь: Упландский полк, Карл XII",
        "ordem das perdas: Upplands, Carlos XII",
    ),
    (
        "sweden",
        "fleet retreat priority: Karlskrona, Svealand",
        "fleet retreat priority: Småland, Svealand",
        "приоритет отступления флотов: Смоланд, Свеаланд",
        "prioridade de retirada das frotas: Esmolândia, Svealand",
    ),
    (
        "sweden",
        "retreat priority Narva: Livland, sea Wachtmeister, sea",
        "retreat priority Ingermanland: Livland, sea Wachtmeister, sea",
        "приоритет отступления из Ингерманландии: Лифляндия, море с Вахтмейстером, море",
        "prioridade de retirada na Íngria: Livônia, mar com Wachtmeister, mar",
    ),
    (
        "sweden",
        "retreat priority any: sea Wachtmeister Ankarstierna",
        "retreat priority any: sea Wachtmeister Anckarstierna",
        "приоритет отступления из любой области: море с Вахтмейстером и Анкарштерной",
        "prioridade de retirada de qualquer território: mar com Wachtmeister e Anckarstierna",
    ),
    (
        "sweden",
        "regroup Narva: Karl -> Livland",
        "regroup Ingermanland: Karl XII -> Livland",
        "перегруппировка в Ингерманландии: Карл XII -> Лифляндия",
        "reagrupar na Íngria: Carlos XII -> Livônia",
    ),
    (
        "sweden",
        "withdraw fleets Svealand",
        "withdraw fleets Svealand",
        "вывести флоты из Свеаланда",
        "retirar as frotas de Svealand",
    ),
    (
        "sweden",
        "keep fleets Reval",
        "keep fleets Estland",
        "оставить флоты в Эстляндии",
        "manter as frotas na Estônia",
    ),
    (
        "sweden",
        "forage losses any: Lewenhaupt",
        "forage losses any: Lewenhaupt",
        "потери от фуража в любой области: Левенгаупт",
        "perdas de forragem em qualquer território: Lewenhaupt",
    ),
    (
        "sweden",
        "forage losses Livland: Livgardet, Karl",
        "forage losses Livland: Livgardet, Karl XII",
        "потери от фуража в Лифляндии: Лейб-гвардия, Карл XII",
        "perdas de forragem na Livônia: Guarda Real, Carlos XII",
    ),
    (
        "sweden",
        "displace priority: Livland, Estland",
        "displace priority: Livland, Estland",
        "приоритет вытеснения: Лифляндия, Эстляндия",
        "prioridade de deslocamento: Livônia, Estônia",
    ),
    (
        "sweden",
        "build priority Ottoman Empire: Moldavia",
        "build priority Ottoman Empire: Moldavia",
        "приоритет постройки Османской империи: Молдавия",
        "prioridade de construção do Império Otomano: Moldávia",
    ),
    (
        "sweden",
        "offer truce Hannover",
        "offer truce Hannover",
        "предложить перемирие Ганноверу",
        "oferecer uma trégua a Hanôver",
    ),
    (
        "sweden",
        "offer truce Denmark",
        "offer truce Denmark-Norway",
        "предложить перемирие Дании-Норвегии",
        "oferecer uma trégua à Dinamarca-Noruega",
    ),
    (
        "sweden",
        "accept truce Ottoman Empire",
        "accept truce Ottoman Empire",
        "принять перемирие Османской империи",
        "aceitar a trégua do Império Otomano",
    ),
    (
        "coalition",
        "decline truce Russia",
        "decline truce Russia",
        "отклонить перемирие России",
        "recusar a trégua da Rússia",
    ),
    (
        "sweden",
        "cede Bremen-Verden at entry",
        "cede Bremen-Verden at entry",
        "уступка Бремена-Вердена во входную фазу",
        "ceder Bremen-Verden na fase de entrada",
    ),
    (
        "sweden",
        "cede Pommern if Prussia activates",
        "cede Pommern if Prussia activates",
        "уступка Померании, если Пруссия вступит в войну",
        "ceder a Pomerânia se a Prússia entrar na guerra",
    ),
    (
        "coalition",
        "reform Menshikov in 1704",
        "reform Menshikov☆ in 1704",
        "реформировать Меншикова с незакрашенной звездой в 1704 году",
        "reformar Menshikov de estrela vazada em 1704",
    ),
    (
        "coalition",
        "reform none",
        "reform none",
        "никого не реформировать",
        "nenhuma reforma",
    ),
    (
        "sweden",
        "clear battle Pskov",
        "clear battle Pskov",
        "отменить указание о сражении в Пскове",
        "limpar a instrução de batalha em Pskov",
    ),
    (
        "sweden",
        "clear battle any",
        "clear battle any",
        "отменить указание о любом сражении",
        "limpar a instrução de qualquer batalha",
    ),
    (
        "sweden",
        "clear battle",
        "clear battle",
        "отменить все указания о сражениях",
        "limpar todas as instruções de batalha",
    ),
    (
        "sweden",
        "clear retreat any",
        "clear retreat priority any",
        "отменить приоритет отступления из любой области",
        "limpar prioridade de retirada de qualquer território",
    ),
    (
        "sweden",
        "clear forage losses Livland",
        "clear forage losses Livland",
        "отменить указание о потерях от фуража в Лифляндии",
        "limpar a instrução de perdas de forragem na Livônia",
    ),
    (
        "sweden",
        "clear forage losses any",
        "clear forage losses any",
        "отменить указание о потерях от фуража в любой области",
        "limpar a instrução de perdas de forragem em qualquer território",
    ),
    (
        "sweden",
        "clear forage losses",
        "clear forage losses",
        "отменить все указания о потерях от фуража",
        "limpar todas as instruções de perdas de forragem",
    ),
    (
        "sweden",
        "clear fleets Svealand",
        "clear withdraw fleets Svealand",
        "отменить вывод флотов из Свеаланда",
        "limpar a saída das frotas de Svealand",
    ),
    (
        "sweden",
        "clear build priority Sweden",
        "clear build priority Sweden",
        "отменить приоритет постройки Швеции",
        "limpar prioridade de construção da Suécia",
    ),
    (
        "coalition",
        "clear decline truce Russia",
        "clear accept truce Russia",
        "отменить принятие перемирия России",
        "limpar a aceitação da trégua da Rússia",
    ),
    ("sweden", "clear all", "clear all", "отменить все", "limpar todos"),
]


def state() -> State:
    """The Grand Campaign as it starts: Karl XII and the Livgardet in Pskov's neighbourhood
    do not matter; every name above is one of the side's blocks."""
    return scenario_state("grand_campaign")


def standing(side: str, text: str) -> Instruction:
    (line,) = parse_submission(state(), side, text)[1:]
    return line


@pytest.mark.parametrize(("side", "text", "en", "ru", "pt_BR"), ECHOES, ids=[e[1] for e in ECHOES])
def test_13_4_a_standing_line_is_echoed_in_the_readers_words(
    side: str, text: str, en: str, ru: str, pt_BR: str
) -> None:
    echo = standing(side, text).echo
    assert not isinstance(echo, str), "echoed as written"
    assert [echo.say(lang, "baltic") for lang in LANGS] == [en, ru, pt_BR]


@pytest.mark.parametrize(("side", "text"), [e[:2] for e in ECHOES], ids=[e[1] for e in ECHOES])
def test_13_4_a_standing_lines_echo_pasted_back_is_the_same_line(side: str, text: str) -> None:
    line = standing(side, text)
    for lang in LANGS:
        said = line.echo.say(lang, "baltic")
        again = standing(side, said)
        assert (again.key, again.value["value"]) == (line.key, line.value["value"]), (lang, said)


@pytest.mark.parametrize(
    "text",
    [
        "сражение везде: отступить, если слабее",
        "сражение везде: отступить если слабее",
        "сражение любой: отступать,  если слабее",
        "battle any: retreat, when weaker",
    ],
)
def test_13_4_a_comma_between_a_keywords_words_is_read(text: str) -> None:
    """A writer's comma before «если» (Russian needs one there) changes nothing."""
    line = standing("sweden", text)
    assert line.key == "battle|any|"
    assert line.value["value"]["mode"] == "retreat_weaker"


def test_13_4_the_table_has_a_line_of_every_kind() -> None:
    """Every key kind the parser writes has an echo and a case above."""
    kinds = {standing(side, text).key.split("|")[0] for side, text, *_ in ECHOES}
    assert kinds == set(STANDING)


@pytest.mark.parametrize("head", sorted(keywords.CLEAR_PHRASES))
def test_13_4_a_clear_of_every_kind_pasted_back_clears_the_same(head: str) -> None:
    line = standing("sweden", f"clear {keywords.ENGLISH[head][0]}")
    assert line.key == f"clear|{keywords.CLEAR_PHRASES[head]}"
    for lang in LANGS:
        assert standing("sweden", line.echo.say(lang, "baltic")).key == line.key, lang


@pytest.mark.parametrize(
    ("text", "ru", "pt_BR"),
    [
        ("clear reform", "отменить реформу", "limpar reforma"),
        ("clear cede", "отменить уступку", "limpar cessão"),
        ("clear regroup", "отменить перегруппировку", "limpar reagrupamento"),
        ("clear withdraw fleets", "отменить вывод флотов", "limpar saída das frotas"),
        ("clear keep fleets", "отменить вывод флотов", "limpar saída das frotas"),
        ("clear offer truce", "отменить предложение перемирия", "limpar oferta de trégua"),
        ("clear decline truce", "отменить принятие перемирия", "limpar aceitação da trégua"),
        ("clear hit order", "отменить порядок потерь", "limpar ordem das perdas"),
    ],
)
def test_13_4_a_clear_of_a_whole_kind_names_it_as_a_noun(text: str, ru: str, pt_BR: str) -> None:
    """«отменить реформу», «limpar saída das frotas»: the kind cleared is the verb's object,
    not its line's keyword (it said «отменить реформа», «отменить уступить», «limpar retirar
    as frotas»), and reads back as the same `clear`."""
    line = standing("sweden", text)
    assert [line.echo.say(lang, "baltic") for lang in ("ru", "pt_BR")] == [ru, pt_BR]
    for said in (ru, pt_BR):
        assert standing("sweden", said).key == line.key


@pytest.mark.parametrize("lang", LANGS)
def test_10_2j_a_truce_offered_to_each_nation_reads_back(lang: str) -> None:
    """«предложить перемирие Ганноверу»: the dative of every nation that may be offered a
    truce names it again."""
    board = load_board()
    for nation, info in board.nations.items():
        if not info.truce_offer:
            continue
        side = "coalition" if info.side == "sweden" else "sweden"
        line = standing(side, f"offer truce {board.name(nation)}")
        again = standing(side, line.echo.say(lang, "baltic"))
        assert again.value["value"] == {"nation": nation}


@pytest.mark.parametrize("verb", ["accept", "decline"])
@pytest.mark.parametrize("lang", LANGS)
def test_10_2j_a_truce_accepted_or_declined_for_each_nation_reads_back(
    lang: str, verb: str
) -> None:
    """«принять перемирие Османской империи»: the genitive of every nation names it again."""
    board = load_board()
    for nation, info in board.nations.items():
        line = standing(info.side, f"{verb} truce {board.name(nation)}")
        again = standing(info.side, line.echo.say(lang, "baltic"))
        assert (again.key, again.value["value"]) == (line.key, line.value["value"])


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("clear fleet retreat priority", "clear|fleet_retreat"),
        ("clear battle order", "clear|battle_order"),
        ("clear battle", "clear|battle"),
        ("clear fleet", "clear|fleet_retreat"),
        ("clear retreat Pskov", "clear|retreat|pskov"),
        ("очистить порядок сражений", "clear|battle_order"),
        ("limpar reagrupar Narva", "clear|regroup|ingermanland"),
    ],
)
def test_13_4_clear_reads_the_whole_head_keyword(text: str, key: str) -> None:
    """`clear fleet retreat priority` clears the fleet retreat priority (it was read as
    `clear fleet` and a place 'retreat priority'); `clear battle order` clears the battle
    order (it cleared every `battle` line), so that the echo of either reads back."""
    assert standing("sweden", text).key == key


def test_13_4_clear_battle_order_keeps_the_battle_lines() -> None:
    """Merged into the book, `clear battle order` removes the battle order line only."""
    from adjudicator.rulesets.baltic.standing import merge

    book = state()
    sent = "battle order: Pskov\nbattle any: fight\nclear battle order"
    merge(book, "sweden", [i.value for i in parse_submission(book, "sweden", sent)[1:]])
    assert list(book.standing["sweden"]) == ["battle|any|"]


def test_10_2c_a_truce_offered_to_your_own_nation_is_refused_in_the_dative() -> None:
    """«Вы не можете предложить перемирие Польше»: offered to a nation, in the dative."""
    from adjudicator.orders.errors import OrderErrors

    with pytest.raises(OrderErrors) as caught:
        standing("sweden", "offer truce Poland")
    said = caught.value.errors[0].say("ru", "baltic")
    assert "Вы не можете предложить перемирие Польше (10.2c, 10.2j)" in said


PER_PLACE = [
    "battle {place}: fight",
    "battle {place} Karl XII: retreat round 1",
    "retreat priority {place}: {territory}, sea",
    "forage losses {place}: Karl XII",
    "clear battle {place}",
    "clear retreat priority {place}",
    "clear forage losses {place}",
]
PER_TERRITORY = [
    "withdraw fleets {territory}",
    "keep fleets {territory}",
    "regroup {territory}: Karl XII -> {territory}",
    "displace priority: {territory}",
    "fleet retreat priority: {territory}",
    "build priority Sweden: {territory}",
    "clear regroup {territory}",
    "clear withdraw fleets {territory}",
    "clear cede {territory}",
]


@pytest.mark.parametrize("lang", LANGS)
def test_13_4_every_place_in_every_standing_line_reads_back(lang: str) -> None:
    """Each territory and sea zone, in the case each sentence says it in, names itself
    again: no case form of one place is another place's name."""
    board = load_board()
    wrong = []
    territories = list(board.territories)
    for place in [*territories, *board.seas]:
        territory = place if place in board.territories else territories[0]
        for line in PER_PLACE + (PER_TERRITORY if place in board.territories else []):
            text = line.format(place=board.name(place), territory=board.name(territory))
            sent = standing("sweden", text)
            said = sent.echo.say(lang, "baltic")
            again = standing("sweden", said)
            if (again.key, again.value["value"]) != (sent.key, sent.value["value"]):
                wrong.append(said)
    for cession in board.tables["cessions"]:
        ceded, to = board.name(cession["territory"]), board.name(cession["to"])
        for text in (f"cede {ceded} at entry", f"cede {ceded} if {to} activates"):
            sent = standing("sweden", text)
            said = sent.echo.say(lang, "baltic")
            if standing("sweden", said).value["value"] != sent.value["value"]:
                wrong.append(said)
    assert wrong == []


NATURAL = [
    # side, a line as a native writes it, the same line in the English syntax
    ("coalition", "recusar a trégua da Rússia", "decline truce Russia"),
    ("coalition", "rejeitar a trégua da Rússia", "decline truce Russia"),
    ("sweden", "aceitar a trégua do Império Otomano", "accept truce Ottoman Empire"),
    ("sweden", "oferecer uma trégua à Dinamarca-Noruega", "offer truce Denmark"),
    ("sweden", "oferecer uma trégua ao Hanôver", "offer truce Hannover"),
    ("sweden", "retirar as frotas de Svealand", "withdraw fleets Svealand"),
    ("sweden", "manter as frotas na Zelândia", "keep fleets Sjaelland"),
    ("sweden", "manter as frotas em Bergenhus", "keep fleets Bergenhus"),
    ("sweden", "prioridade de construção da Suécia: Svealand", "build priority Sweden: Svealand"),
    ("sweden", "batalha na Carélia: recuar na rodada 3", "battle Karelen: retreat round 3"),
    ("sweden", "batalha em qualquer lugar: lutar", "battle any: fight"),
    ("sweden", "batalha no Golfo da Finlândia: lutar", "battle Gulf of Finland: fight"),
    ("sweden", "batalha na Carélia Carlos XII: lutar", "battle Karelen Karl XII: fight"),
    ("sweden", "perdas de forragem em qualquer lugar: Lewenhaupt", "forage losses any: Lewenhaupt"),
    (
        "sweden",
        "prioridade de retirada em Bergenhus: Akershus",
        "retreat priority Bergenhus: Akershus",
    ),
    (
        "sweden",
        "prioridade de retirada de Bergenhus: Akershus",
        "retreat priority Bergenhus: Akershus",
    ),
    ("sweden", "reagrupar na Íngria: Carlos XII -> Livônia", "regroup Narva: Karl -> Livland"),
    (
        "sweden",
        "ceder a Pomerânia se a Prússia entrar na guerra",
        "cede Pommern if Prussia activates",
    ),
    ("sweden", "ceder o Bremen-Verden na fase de entrada", "cede Bremen-Verden at entry"),
    ("sweden", "limpar batalha em Pskov", "clear battle Pskov"),
    ("sweden", "сражение в Карелии: сражаться", "battle Karelen: fight"),
    ("sweden", "сражение в Бергенхусе: отступить в раунде 3", "battle Bergenhus: retreat round 3"),
    ("sweden", "сражение на Зеландии Карл XII: сражаться", "battle Sjaelland Karl XII: fight"),
    ("sweden", "сражение в Финском заливе: сражаться", "battle Gulf of Finland: fight"),
    (
        "coalition",
        "перегруппировка в Батурине: Казаки -> Киев",
        "regroup Baturyn: Cossacks -> Kiev",
    ),
    (
        "sweden",
        "приоритет отступления из Бергенхуса: Акерсхус",
        "retreat priority Bergenhus: Akershus",
    ),
    (
        "sweden",
        "приоритет отступления в Бергенхусе: Акерсхус",
        "retreat priority Bergenhus: Akershus",
    ),
    ("sweden", "приоритет отступления с Зеландии: море", "retreat priority Sjaelland: sea"),
    ("sweden", "потери от фуража в Лифляндии: Карл XII", "forage losses Livland: Karl XII"),
    ("sweden", "оставить флоты на Зеландии", "keep fleets Sjaelland"),
    ("sweden", "отменить сражение в Пскове", "clear battle Pskov"),
    ("sweden", "отменить перегруппировку в Пскове", "clear regroup Pskov"),
    ("sweden", "отменить уступку Померании", "clear cede Pommern"),
    ("sweden", "отменить предложение перемирия Дании-Норвегии", "clear offer truce Denmark"),
    ("sweden", "limpar cessão da Pomerânia", "clear cede Pommern"),
    ("sweden", "limpar oferta de trégua à Rússia", "clear offer truce Russia"),
    ("sweden", "limpar perdas de forragem em qualquer lugar", "clear forage losses any"),
    ("sweden", "сражение в Пскове для Карла XII: сражаться", "battle Pskov Karl XII: fight"),
    (
        "coalition",
        "приоритет отступления везде: море со Змаевичем",
        "retreat priority any: sea Zmaevich",
    ),
    (
        "sweden",
        "приоритет отступления везде: море Вахтмейстер",
        "retreat priority any: sea Wachtmeister",
    ),
    (
        "sweden",
        "retreat priority any: mar com Wachtmeister e Anckarstierna",
        "retreat priority any: sea Wachtmeister Anckarstierna",
    ),
    ("sweden", "batalha em Pskov para a Guarda Real: lutar", "battle Pskov Livgardet: fight"),
    ("coalition", "реформировать Меншикова в 1704 году", "reform Menshikov in 1704"),
    ("coalition", "реформа Меншиков (полый) в 1704", "reform Menshikov in 1704"),
    ("coalition", "никого не реформировать", "reform none"),
    ("coalition", "reformar Menshikov de estrela preta em 1704", "reform Menshikov in 1704"),
    ("coalition", "nenhuma reforma", "reform none"),
    ("sweden", "limpar a saída das frotas de Svealand", "clear withdraw fleets Svealand"),
    ("sweden", "limpar a aceitação da trégua da Rússia", "clear accept truce Russia"),
    (
        "sweden",
        "в любой битве для Стенбока: отступить в раунде 2",
        "battle any Stenbock: retreat round 2",
    ),
    ("sweden", "em qualquer combate: recuar se mais fraco", "battle any: retreat when weaker"),
    ("sweden", "any battle: fight", "battle any: fight"),
    ("sweden", "отменить указание для любого сражения", "clear battle any"),
    ("sweden", "limpar as instruções de batalha", "clear battle"),
    # the older spellings, nominative and without an article, still read
    ("sweden", "приоритет отступления везде: море", "retreat priority any: sea"),
    ("sweden", "потери от фуража везде: Левенгаупт", "forage losses any: Lewenhaupt"),
    ("sweden", "perdas de forragem em qualquer lugar: Lewenhaupt", "forage losses any: Lewenhaupt"),
    ("sweden", "отменить потери от фуража везде", "clear forage losses any"),
    ("sweden", "отменить потери от фуража в Лифляндии", "clear forage losses Livland"),
    ("sweden", "limpar perdas de forragem", "clear forage losses"),
    ("sweden", "сражение везде: сражаться", "battle any: fight"),
    ("sweden", "сражение везде для Стенбока: сражаться", "battle any Stenbock: fight"),
    ("sweden", "batalha em qualquer lugar para Stenbock: lutar", "battle any Stenbock: fight"),
    ("sweden", "отменить сражение", "clear battle"),
    ("sweden", "отменить сражение везде", "clear battle any"),
    ("sweden", "limpar batalha", "clear battle"),
    ("sweden", "limpar batalha em qualquer lugar", "clear battle any"),
    ("coalition", "recusar trégua Rússia", "decline truce Russia"),
    ("sweden", "retirar frotas Svealand", "withdraw fleets Svealand"),
    ("sweden", "batalha qualquer: recuar se mais fraco", "battle any: retreat when weaker"),
    (
        "sweden",
        "prioridade de construção Império Otomano: Moldávia",
        "build priority Ottoman Empire: Moldavia",
    ),
    ("sweden", "сражение Карелия: сражаться", "battle Karelen: fight"),
    ("sweden", "приоритет отступления Бергенхус: Акерсхус", "retreat priority Bergenhus: Akershus"),
    ("coalition", "перегруппировка Батурин: Казаки -> Киев", "regroup Baturyn: Cossacks -> Kiev"),
]


@pytest.mark.parametrize(("side", "text", "english"), NATURAL, ids=[n[1] for n in NATURAL])
def test_13_4_a_line_in_a_natives_words_means_the_english_one(
    side: str, text: str, english: str
) -> None:
    """A player writes a place or a nation with its preposition, its article and its case
    («recusar a trégua da Rússia», «сражение в Карелии»), as the echo does: the same line."""
    read, meant = standing(side, text), standing(side, english)
    assert (read.key, read.value["value"]) == (meant.key, meant.value["value"])


@pytest.mark.parametrize("lang", LANGS)
def test_13_4_a_clear_of_each_nations_line_reads_back(lang: str) -> None:
    """«отменить предложение перемирия Ганноверу», «limpar prioridade de construção da
    Suécia»: each nation, in the case its own line says it in, is cleared again."""
    board = load_board()
    wrong = []
    for nation in board.nations:
        for head in ("build priority", "offer truce", "accept truce", "decline truce"):
            sent = standing("sweden", f"clear {head} {board.name(nation)}")
            said = sent.echo.say(lang, "baltic")
            if standing("sweden", said).key != sent.key:
                wrong.append(said)
    assert wrong == []
