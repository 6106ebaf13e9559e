"""The engine's own sentences (adjudicator/locale) as a GM and the players meet them, read
by a native reader of Russian and of Brazilian Portuguese (issue 20).

What the reading found: Portuguese wrote the house of the game now «Casa», now «casa»; the
Russian mail named baltic's header word «сторона» where the seed says «нация»; the
wildlings' tie-break said «разрешает ничью» (which reads as «allows a draw»).
"""

from __future__ import annotations

import re

import pytest

from adjudicator.render import environment
from adjudicator.requests import Event
from adjudicator.text import _l

HOUSE_WORD = re.compile(r"\bcasas?\b(?![:=>])")
"""«casa» in lower case; a header keyword («casa: stark», «casa=Nome») is written so."""


def test_portuguese_writes_the_house_of_the_game_with_a_capital() -> None:
    """«a Casa Stark», «uma Casa deste jogo»: the edition's capital, in every message (the
    westeros catalog always did; positions and the GM's commands wrote «casa»)."""
    from importlib import resources

    from babel.messages.pofile import read_po

    folder = resources.files("adjudicator").joinpath("locale", "pt_BR")
    faults = []
    for entry in folder.iterdir():
        with entry.open("rb") as po:
            for message in read_po(po, locale="pt_BR"):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                faults += [
                    f"{entry.name}: {s}"
                    for s in strings
                    if s and HOUSE_WORD.search(s.replace("<sua casa>", ""))
                ]
    assert faults == []


@pytest.mark.parametrize(
    ("msgid", "fields", "lang", "expected"),
    [
        (
            "%(path)s: %(value)s is not a house in this game (%(houses)s)",
            {"path": "houses[2]", "value": "targaryen", "houses": "stark, lannister"},
            "pt_BR",
            "houses[2]: targaryen não é uma Casa deste jogo (stark, lannister)",
        ),
        (
            "%(path)s: power tokens stand only on land areas",
            {"path": "power_tokens.the_narrow_sea"},
            "pt_BR",
            "power_tokens.the_narrow_sea: Fichas de Poder ficam só em áreas de terra",
        ),
        (
            "house or password not recognised; check the two header lines",
            {},
            "pt_BR",
            "Casa ou senha não reconhecida; confira as duas linhas do cabeçalho",
        ),
        (
            "every order file starts with two lines, 'house: <your house>' and"
            " 'password: <your password>'",
            {},
            "ru",
            "каждый файл приказов начинается с двух строк: «дом: <ваш дом>» (или «нация: <ваша"
            " нация>») и «пароль: <ваш пароль>»",
        ),
        ("Held by a house (its colour)", {}, "pt_BR", "Sob controle (cor da Casa)"),
        (
            "PNG needs the resvg program: pip install 'adjudicator[png]', or your system's"
            " resvg package",
            {},
            "pt_BR",
            "para gerar PNG é preciso o programa resvg: pip install 'adjudicator[png]' ou o"
            " pacote resvg do seu sistema",
        ),
        # One thing said one way: `run` said «ничего не ждём», the reports «не ожидается».
        ("nothing is awaited from the players", {}, "ru", "от игроков ничего не ожидается"),
        (
            "nothing is awaited from the players",
            {},
            "pt_BR",
            "nenhuma decisão pendente dos jogadores",
        ),
        (
            "%(path)s already exists and is not empty; choose a new folder",
            {"path": "w1"},
            "pt_BR",
            "a pasta w1 já existe e não está vazia; escolha uma pasta nova",
        ),
        (
            "this game has no public position; its reports and 'map' show what anyone may see",
            {},
            "pt_BR",
            'este jogo não tem posição pública; os relatórios e o comando "map" mostram o que'
            " todos podem ver",
        ),
    ],
)
def test_an_engine_sentence_reads_as_a_native_writes_it(
    msgid: str, fields: dict, lang: str, expected: str
) -> None:
    assert _l(msgid, **fields).say(lang, "westeros") == expected


@pytest.mark.parametrize(
    ("which", "expected"),
    [
        ("highest", "Ставки равны, и Старк (Железный Трон) решает: самой высокой считается"
                    " ставка **Ланнистера**."),
        ("lowest", "Ставки равны, и Старк (Железный Трон) решает: самой низкой считается"
                   " ставка **Ланнистера**."),
    ],
)  # fmt: skip
def test_wildlings_the_iron_throne_decides_a_tied_bid(which: str, expected: str) -> None:
    """Wildling attack (rules p. 20): ties for the highest or lowest bid are decided by the
    holder of the Iron Throne."""
    event = Event("wildling_tie", {"house": "stark", "chosen": "lannister", "which": which})
    assert environment("westeros", "md", "ru").globals["event"](event) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("ru", "---- только для Швеции ----"), ("pt_BR", "---- só para a Suécia ----")],
)
def test_a_mailed_reports_private_part_names_the_nation_with_its_article(lang, expected):
    """A player's mail holds the public report, then their own part under this line; a
    nation takes its article in Portuguese («só para a Suécia»), a house none («Stark»)."""
    from adjudicator.publish.messages import PRIVATE_PART
    from adjudicator.text import Name

    assert _l(PRIVATE_PART, player=Name("sweden", "sweden")).say(lang, "baltic") == expected


@pytest.mark.parametrize(
    ("game", "player", "expected"),
    [
        ("baltic", "sweden", 'A **Suécia** não enviou nada para "X" antes do prazo (NMR)'),
        ("westeros", "stark", '**Stark** não enviou nada para "X" antes do prazo (NMR)'),
    ],
)
def test_a_missed_deadline_names_the_player_with_its_article(game, player, expected) -> None:
    """NMR: the report says who sent nothing; a sentence starting with a nation gives it its
    article, capitalized and outside the bold («A **Suécia**»)."""
    event = Event("nmr", {"player": player, "summary": "X"})
    assert environment(game, "md", "pt_BR").globals["event"](event).startswith(expected)
