# ruff: noqa: E501  (order files: one instruction a line, as players write them)
"""A whole westeros round as order files in English, Russian and Portuguese (issue 12).

Round 1: planning, the Messenger Raven (default), raids, marches (a battle with supports,
Tyrion's ability and a replacement card, a retreat; an attack on a neutral force leaving a
power token), consolidations (a starred one musters); round 2's Westeros phase: Supply with
a chosen reduction, Clash of Kings with bids and tie orders, Wildlings Attack with bids, a
tie order and Mammoth Riders' choices. Every line of the three versions says the same.
"""

from __future__ import annotations

from tests.rulesets.westeros.harness import six_player_position

_START = six_player_position()
POSITION = six_player_position(
    units={
        **_START["units"],
        "winterfell": {"stark": ["footman", "footman", "knight"]},
        "white_harbor": {"stark": ["footman", "footman"]},
        "castle_black": {"stark": ["footman", "footman"]},
    },
    supply={**_START["supply"], "stark": 3},
    decks={
        "westeros_1": ["supply"],
        "westeros_2": ["clash-of-kings"],
        "westeros_3": ["wildlings-attack"],
        "wildlings": [
            "mammoth-riders",
            "silence-at-the-wall",
            "preemptive-raid",
            "crow-killers",
            "rattleshirts-raiders",
            "massing-on-the-milkwater",
            "a-king-beyond-the-wall",
            "the-horde-descends",
            "skinchanger-scout",
        ],
    },
)
ENGLISH = {
    "stark": """
        Winterfell: consolidate power*
        White Harbor: march +1
        The Shivering Sea: support
        Castle Black: defense
        muster Winterfell: knight from footman; ship in The Shivering Sea
        march White Harbor -> Moat Cailin: footman
        support: none
        bid iron throne: 2
        bid fiefdoms: 0
        bid king's court: all
        reduce: footman in Castle Black, ship in The Shivering Sea
        bid wildlings: 0
        mammoth riders: footman in Moat Cailin, ship in The Shivering Sea, knight in Winterfell
    """,
    "lannister": """
        Lannisport: march
        Stoney Sept: support
        The Golden Sound: raid
        Port of Lannisport: consolidate power
        march Lannisport -> Riverrun: knight; leave power
        raid The Golden Sound -> Ironman's Bay
        support Riverrun: Lannister
        card Riverrun: Tyrion Lannister
        tyrion Riverrun: yes
        retreat Riverrun: Lannisport
        consolidate Port of Lannisport: power
        bid iron throne: 3
        bid fiefdoms: 1
        bid king's court: 0
        bid wildlings: 1
        tie fiefdoms: lannister, tyrell
        tie king's court: lannister
        tie wildlings: tyrell, stark
        raven: none
        mammoth riders: footman in Stoney Sept, ship in The Golden Sound, footman in Lannisport
    """,
    "greyjoy": """
        Pyke: march
        Port of Pyke: raid
        Ironman's Bay: support
        Greywater Watch: defense
        march Pyke -> Riverrun: knight, footman
        raid Port of Pyke: none
        support Riverrun: attacker
        card: Euron Crow's Eye
        blade: no
        replace: Victarion Greyjoy
        bid iron throne: 0
        bid fiefdoms: all
        bid king's court: 0
        bid wildlings: 0
        mammoth riders: footman in Greywater Watch, ship in Port of Pyke, knight in Riverrun
    """,
    "baratheon": """
        Dragonstone: march +1
        Kingswood: march
        Shipbreaker Bay: raid
        march Dragonstone -> Storm's End: knight, footman
        march Kingswood -> King's Landing: footman; leave power
        raid Shipbreaker Bay: none
        tie iron throne: lannister, stark, baratheon
        tie king's court: stark, baratheon, lannister
        bid iron throne: 3
        bid king's court: 1
        bid fiefdoms: 0
        bid wildlings: all
        tie wildlings: baratheon, lannister, stark
        mammoth riders: ship in Shipbreaker Bay, ship in Shipbreaker Bay
    """,
    "tyrell": """
        Highgarden: defense
        Dornish Marches: defense
        Redwyne Straights: support
        bid iron throne: 0
        bid fiefdoms: 1
        bid king's court: 0
        bid wildlings: 0
        mammoth riders: footman in Dornish Marches, ship in Redwyne Straights
    """,
    "martell": """
        Sunspear: defense
        Salt Shore: defense
        Sea of Dorne: support
        bid iron throne: 1
        bid fiefdoms: 0
        bid king's court: 2
        bid wildlings: 0
        mammoth riders: footman in Salt Shore, ship in Sea of Dorne
    """,
}

RUSSIAN = {
    "stark": """
        Винтерфелл: сбор власти*
        Белая Гавань: поход +1
        Дрожащее море: поддержка
        Черный Замок: защита
        сбор войск Винтерфелл: пехотинец -> рыцарь; корабль в области Дрожащее море
        поход Белая Гавань -> Ров Кейлин: пехотинец
        подмога: никто
        ставка на Железный Трон: 2
        ставка на Вотчины: 0
        ставка на Королевский двор: всё
        сокращение: пехотинец в Черный Замок, корабль в области Дрожащее море
        ставка против одичалых: 0
        Всадники на мамонтах: пехотинец в области Ров Кейлин, корабль в Дрожащее море, рыцарь в Винтерфелл
    """,
    "lannister": """
        Ланниспорт: поход
        Каменная Септа: подмога
        Золотой пролив: набег
        Порт Ланниспорта: усиление
        поход Ланниспорт -> Риверран: рыцарь; оставить жетон власти
        набег Золотой пролив -> Залив Железных Людей
        подмога Риверран: Ланнистер
        карта Риверран: Тирион Ланнистер
        Тирион Риверран: да
        отступление Риверран: Ланниспорт
        сбор власти Порт Ланниспорта: власть
        ставка на Железный Трон: 3
        ставка на Вотчины: 1
        ставка на Королевский двор: 0
        ставка против одичалых: 1
        ничья на Вотчины: Ланнистер, Тирелл
        ничья, Королевский двор: Ланнистер
        ничья против одичалых: Тирелл, Старк
        ворон: ничего
        всадники на мамонтах: пехотинец в области Каменная Септа, корабль в области Золотой пролив, пехотинец в Ланниспорт
    """,
    "greyjoy": """
        Пайк: марш
        Порт Пайка: рейд
        Залив Железных Людей: поддержка
        Сероводье: оборона
        поход Пайк -> Риверран: рыцарь, пехотинец
        набег Порт Пайка: ничего
        подмога Риверран: атакующий
        карта в любой битве: Эурон Вороний Глаз
        меч: нет
        замена: Виктарион Грейджой
        ставка на Железный трон: 0
        ставка на вотчины: всё
        ставка на Королевский двор: 0
        ставка против одичалых: 0
        Всадники на мамонтах: пехотинец в области Сероводье, корабль в области Порт Пайка, рыцарь в Риверран
    """,
    "baratheon": """
        Драконий Камень: поход +1
        Королевский лес: поход
        Залив Разбитых Кораблей: набег
        поход Драконий Камень -> Штормовой Предел: рыцарь, пехотинец
        поход Королевский лес -> Королевская Гавань: пехотинец; оставить жетон власти
        набег Залив Разбитых Кораблей: ничего
        ничья, Железный Трон: Ланнистер, Старк, Баратеон
        ничья на Королевский двор: Старк, Баратеон, Ланнистер
        ставка на Железный Трон: 3
        ставка Королевский двор: 1
        ставка на Вотчины: 0
        ставка против одичалых: всё
        ничья в ставках против одичалых: Баратеон, Ланнистер, Старк
        Всадники на мамонтах: корабль в области Залив Разбитых Кораблей, корабль в Залив Разбитых Кораблей
    """,
    "tyrell": """
        Хайгарден: оборона
        Дорнийские Марки: оборона
        Пролив Редвинов: подмога
        ставка на железный трон: 0
        ставка на Вотчины: 1
        ставка на Королевский Двор: 0
        ставка против одичалых: 0
        Всадники на мамонтах: пехотинец в Дорнийские Марки, корабль на Пролив Редвинов
    """,
    "martell": """
        Солнечное Копьё: оборона
        Солёный Берег: защита
        Дорнийское море: поддержка
        ставка на Железный Трон: 1
        ставка Вотчины: 0
        ставлю на Королевский двор: 2
        ставка на одичалых: 0
        Всадники на мамонтах: пехотинец в области Солёный Берег, корабль в области Дорнийское море
    """,
}

PORTUGUESE = {
    "stark": """
        Winterfell: consolidar poder*
        Porto Branco: marcha +1
        Mar Tremente: suporte
        Castelo Negro: defesa
        recrutar Winterfell: Cavaleiro a partir de Infantaria; Navio em Mar Tremente
        marcha Porto Branco -> Fosso Cailin: soldado
        suporte: ninguém
        lance por Trono de Ferro: 2
        lance por Feudos: 0
        lance por Corte do Rei: tudo
        reduzir: Infantaria em Castelo Negro, Navio no Mar Tremente
        lance contra os selvagens: 0
        Cavaleiros de Mamutes: Infantaria em Fosso Cailin, Navio em Mar Tremente, Cavaleiro em Winterfell
    """,
    "lannister": """
        Lannisporto: marcha
        Septo de Pedra: suporte
        Estreito Dourado: invadir
        Porto de Lannisporto: consolidar poder
        marcha Lannisporto -> Correrrio: cavaleiro; deixar marcador de poder
        invasão Estreito Dourado -> Baía dos Homens de Ferro
        suporte Correrrio: Lannister
        carta Correrrio: Tyrion Lannister
        tyrion Correrrio: sim
        recuo Correrrio: Lannisporto
        consolidar Porto de Lannisporto: poder
        lance por Trono de Ferro: 3
        lance por Feudos: 1
        lance por Corte do Rei: 0
        lance contra os selvagens: 1
        empate em Feudos: Lannister, Tyrell
        empate na Corte do Rei: Lannister
        empate contra os selvagens: Tyrell, Stark
        corvo: nada
        cavaleiros de mamutes: infantaria em Septo de Pedra, navio em Estreito Dourado, infantaria em Lannisporto
    """,
    "greyjoy": """
        Pyke: marcha
        Porto de Pyke: invasão
        Baía dos Homens de Ferro: apoio
        Atalaia da Água Cinzenta: defesa
        marcha Pyke -> Correrrio: cavaleiro, infantaria
        invasão Porto de Pyke: nada
        suporte Correrrio: atacante
        carta em qualquer batalha: Euron Olho de Corvo
        espada: não
        substituir: Victarion Greyjoy
        lance por Trono de Ferro: 0
        lance por Feudos: tudo
        lance por Corte do Rei: 0
        lance contra os selvagens: 0
        Cavaleiros de Mamutes: Infantaria em Atalaia da Água Cinzenta, Navio em Porto de Pyke, Cavaleiro em Correrrio
    """,
    "baratheon": """
        Pedra do Dragão: marcha +1
        Mata de Rei: marcha
        Baía dos Naufrágios: invadir
        marcha Pedra do Dragão -> Ponta Tempestade: cavaleiro, infantaria
        marcha Mata de Rei -> Porto Real: infantaria; deixar marcador de poder
        invasão Baía dos Naufrágios: nada
        empate em Trono de Ferro: Lannister, Stark, Baratheon
        empate em Corte do Rei: Stark, Baratheon, Lannister
        lance por Trono de Ferro: 3
        lance por Corte do Rei: 1
        lance por Feudos: 0
        lance contra os selvagens: tudo
        empate contra os selvagens: Baratheon, Lannister, Stark
        Cavaleiros de Mamutes: 2 Navio em Baía dos Naufrágios
    """,
    "tyrell": """
        Jardim de Cima: defesa
        Marcas de Dorne: defesa
        Estreito da Árvore: suporte
        lance por Trono de Ferro: 0
        lance por Feudos: 1
        lance por Corte do Rei: 0
        lance contra os selvagens: 0
        Cavaleiros de Mamutes: soldado em Marcas de Dorne, navio no Estreito da Árvore
    """,
    "martell": """
        Lançassolar: defesa
        Costa Salgada: defesa
        Mar de Dorne: suporte
        lance por trono de ferro: 1
        lance Feudos: 0
        lance na Corte do Rei: 2
        lance nos selvagens: 0
        Cavaleiros de Mamutes: Infantaria na Costa Salgada, Navio no Mar de Dorne
    """,
}
